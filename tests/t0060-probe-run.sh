# The probe runs with every run, no_load included: its keys are in each
# record and sane (wake-ups about one per 50 ms of the window, p50 <= p99
# <= max, deadlines met a percentage, its CPU near 5% of the window, its
# run-queue wait from /proc/PID/schedstat a time within the window);
# --probe off logs none; a bad --probe is refused with exit 2.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 8 --lead 0 -k pr no_load process_load
grep -v ' snapshot=1 ' contest.log > runs
[ "$(wc -l < runs)" -eq 2 ] || fail "not two runs: $(cat runs)"
while read -r line; do
	[ "$(val "$line" probe)" = audio ] || fail "rhythm: $line"
	e=$(val "$line" elapsed) n=$(val "$line" lat_n) p50=$(val "$line" lat_p50)
	p99=$(val "$line" lat_p99) max=$(val "$line" lat_max) dl=$(val "$line" dl_met) c=$(val "$line" probe_cpu)
	for v in n p50 p99 max dl c; do
		eval "[ -n \"\$$v\" ]" || fail "no $v: $line"
	done
	# about one wake-up per period: within a quarter either way, less one
	fcmp "$n" '>=' "$e / 0.05 * 0.75 - 1" || fail "only $n wake-ups in $e s: $line"
	fcmp "$n" '<=' "$e / 0.05 * 1.25 + 1" || fail "$n wake-ups in $e s: $line"
	fcmp "$p50" '<=' "$p99" && fcmp "$p99" '<=' "$max" || fail "percentiles: $line"
	fcmp "$dl" '<=' 100 || fail "dl_met: $line"
	# 5% of a CPU of work, well under half of one on any machine
	fcmp "$c" '<' "$e * 0.5" || fail "probe CPU $c in $e s: $line"
	# the kernel's count of its run-queue waits, where it keeps one
	if [ -r /proc/self/schedstat ]; then
		rq=$(val "$line" lat_rq)
		[ -n "$rq" ] || fail "no lat_rq: $line"
		fcmp "$rq" '>=' 0 && fcmp "$rq" '<' "$e * 1000000" || fail "lat_rq $rq in $e s: $line"
	fi
done < runs
rm -f contest.log
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k off --probe off no_load
grep -q "probe=\|lat_n=" contest.log && fail "--probe off logged the probe: $(cat contest.log)"
for bad in 0.5:5 10001:5 50:0 50:101 50 :5 50: x:5 50:x fast ""; do
	expect 2 "$CONTEST" -n 1 --units 1 --probe "$bad" no_load
	grep -q "probe" stderr || fail "'$bad': no message: $(cat stderr)"
done
[ ! -e contest-work/output/off-no_load-2.txt ] || fail "a bad --probe ran something"
