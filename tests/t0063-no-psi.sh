# On a kernel without /proc/pressure (a fake proc root without it) runs
# still log, with every other system key, without psi keys, and contest
# says once why; the report renders them.
. "$(dirname "$0")/lib.sh"
mkdir fake
for f in /proc/*; do
	case ${f#/proc/} in pressure|self|thread-self|[0-9]*) continue ;; esac
	ln -s "$f" "fake/${f#/proc/}"
done
ln -s /proc/self fake/self
expect 0 env CONTEST_PROC="$T/fake" "$CONTEST" -n 2 --units 1 --lead 0 -k np no_load
[ "$(grep -c 'no pressure stall figures' stderr)" -eq 1 ] || fail "not said once: $(cat stderr)"
grep -q "psi_" contest.log && fail "psi keys logged: $(cat contest.log)"
grep -q "load=no_load .*sys_user=.*vm_pgfault=.*disk_dev=" contest.log || fail "other keys missing: $(cat contest.log)"
grep -q "^np " stdout || fail "no report: $(cat stdout)"
