# On a kernel without /proc/pressure (a fake root's proc without it) runs
# still log, with every other system key, without psi keys, and contest
# says once why; the report renders them.
. "$(dirname "$0")/lib.sh"
fake_proc pressure
expect 0 "$CONTEST" -n 2 --units 1 --lead 0 -k np no_load
[ "$(grep -c 'no pressure stall figures' stderr)" -eq 1 ] || fail "not said once: $(cat stderr)"
grep -q "psi_" contest.log && fail "psi keys logged: $(cat contest.log)"
grep -q "load=no_load .*sys_user=.*vm_pgfault=.*disk_dev=" contest.log || fail "other keys missing: $(cat contest.log)"
grep -q "^np " stdout || fail "no report: $(cat stdout)"
