# Promise: a load killed during the window makes the run invalid with the
# reason, and the suite goes on to the next run.
. "$(dirname "$0")/lib.sh"
gate_make
start_bg -n 1 --units 1 --lead 0 --no-baseline -k lk --walk "$T" process_load lslr_load
wait_gated $bg
l=$(load_of $bg process_load)
[ -n "$l" ] || fail "no load beside the compile"
kill -KILL $l
sleep 0.2
touch "$T/go"
wait $bg
[ $? -eq 1 ] || fail "exit status: $(cat stderr)"
grep -q "load=process_load .*status=invalid reason=load%20killed%20by%20signal%209" contest.log ||
	fail "not invalid: $(cat contest.log)"
grep -q "load=lslr_load .*status=ok" contest.log || fail "the suite stopped: $(cat contest.log)"
