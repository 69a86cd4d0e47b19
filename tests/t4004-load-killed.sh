# Promise: a load killed during the window makes the run invalid with the
# reason, and the suite goes on to the next run.
. "$(dirname "$0")/lib.sh"
start_bg -n 1 --units 24 --lead 0 --no-baseline -k lk process_load no_load
l=$(wait_load_compile $bg process_load) || fail "no compile beside a load: $(cat stderr)"
kill -KILL $l
wait $bg
[ $? -eq 1 ] || fail "exit status: $(cat stderr)"
grep -q "load=process_load .*status=invalid reason=load%20killed%20by%20signal%209" contest.log ||
	fail "not invalid: $(cat contest.log)"
grep -q "load=no_load .*status=ok" contest.log || fail "the suite stopped: $(cat contest.log)"
