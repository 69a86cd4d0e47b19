# Promise: a load stopped (SIGSTOP) for most of the window, or at its end,
# is no result: the run is invalid with a reason saying so.
. "$(dirname "$0")/lib.sh"
start_bg -n 1 --units 24 --lead 0 --no-baseline -k stp process_load
wait_load_compile $bg process_load > /dev/null || fail "no compile beside a load: $(cat stderr)"
# every process of the load: the ring too
pg=$(load_of $bg process_load)
env kill -STOP -- "-$pg"
wait $bg
grep -q "status=invalid reason=load%20stopped" contest.log || fail "not invalid: $(cat contest.log)"
