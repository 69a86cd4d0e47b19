# Promise: a signal in the lead time (the load runs, the compile has not
# started) ends contest by that signal at once, with no record, no run
# directory and no process of the run left.
. "$(dirname "$0")/lib.sh"
for sig in INT TERM HUP QUIT; do
	rm -f contest.log
	start_bg -n 1 --units 1 --lead 60 --no-baseline -k lead process_load
	i=0
	until [ -n "$(load_of $bg process_load)" ] && [ -n "$(ls -d contest-work/contest-run.* 2>/dev/null)" ]; do
		i=$((i + 1)); [ $i -lt 600 ] || fail "$sig: the load never started: $(cat stderr)"; sleep 0.05
	done
	sleep 0.5
	t0=$(date +%s)
	kill -$sig $bg
	wait $bg
	rc=$?
	[ $(($(date +%s) - t0)) -le 10 ] || fail "$sig: took $(($(date +%s) - t0)) s"
	[ $rc -gt 128 ] || fail "$sig: exit $rc"
	grep -q "no record written" stderr || fail "$sig: $(cat stderr)"
	[ ! -s contest.log ] || fail "$sig: a record was written"
	[ -z "$(ls -d contest-work/contest-run.* 2>/dev/null)" ] || fail "$sig: run directory left"
	sleep 0.3
	left=$(leftovers)
	[ -z "$left" ] || fail "$sig: processes left: $left"
done
