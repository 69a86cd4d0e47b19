# SIGINT to contest while tarc_load runs beside the compile: contest
# exits 130, no process of the run survives, no run directory remains,
# no record is written.
. "$(dirname "$0")/lib.sh"
load=${SIGINT_LOAD:-tarc_load}
gate_make
"$CONTEST" -n 1 --units 1 --lead 0 --size 8M --no-baseline -d "$T/w" -k test $load 2> err &
pid=$!
wait_gated $pid
sleep 1
kill -INT $pid
wait $pid; rc=$?
[ "$rc" -eq 130 ] || fail "contest exited $rc, not 130: $(cat err)"
grep -q "no record written" err || fail "message: $(cat err)"
sleep 0.3
for p in /proc/[0-9]*; do
	case "$(readlink "$p/cwd" 2>/dev/null)" in "$T/w"*) fail "process ${p#/proc/} survives in $T/w";; esac
	tr '\0' ' ' < "$p/cmdline" 2>/dev/null | grep -q -- "$T/w" && fail "process ${p#/proc/} survives: $(tr '\0' ' ' < "$p/cmdline")"
done
[ -z "$(ls -d "$T"/w/contest-run.* 2>/dev/null)" ] || fail "run directory left: $(ls -d "$T"/w/contest-run.*)"
[ ! -s contest.log ] || fail "a record was written: $(cat contest.log)"
exit 0
