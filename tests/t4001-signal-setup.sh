# Promise: a signal while the load sets up (read_load writing its 1 GiB
# file) ends contest by that signal within seconds; the half-written
# file, its directory and every process go.
. "$(dirname "$0")/lib.sh"
for sig in INT TERM; do
	rm -f contest.log
	start_bg -n 1 --units 1 --lead 0 --no-baseline -k setup --size 1G read_load
	i=0
	until [ -n "$(ls contest-work/contest-run.*/ 2>/dev/null)" ]; do
		i=$((i + 1)); [ $i -lt 600 ] || fail "$sig: setup never began: $(cat stderr)"; sleep 0.05
	done
	sleep 0.3
	kill -$sig $bg
	gone_within $bg 100 || fail "$sig: contest still there 10 s later"
	wait $bg
	grep -q "no record written" stderr || fail "$sig: $(cat stderr)"
	[ -z "$(ls -d contest-work/contest-run.* 2>/dev/null)" ] || fail "$sig: run directory left"
	[ ! -s contest.log ] || fail "$sig: a record was written"
	sleep 0.3
	left=$(leftovers)
	[ -z "$left" ] || fail "$sig: processes left: $left"
done
