# Promise: a load stopped (SIGSTOP) for most of the window, or at its end,
# is no result: the run is invalid with a reason saying so.
. "$(dirname "$0")/lib.sh"
gate_make
start_bg -n 1 --units 1 --lead 0 --no-baseline -k stp process_load
wait_gated $bg
# every process of the load: the ring too
pg=$(load_of $bg process_load)
[ -n "$pg" ] || fail "no load beside the compile"
env kill -STOP -- "-$pg"
sleep 2
touch "$T/go"
wait $bg
grep -q "status=invalid reason=load%20stopped" contest.log || fail "not invalid: $(cat contest.log)"
