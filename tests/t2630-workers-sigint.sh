# SIGINT to contest while the compile runs beside a load of several
# processes (read_load's 3 streams, dbench_load's 3 clients): contest
# dies by SIGINT, none of the load's processes survives, no run directory
# remains and no record is written.
. "$(dirname "$0")/lib.sh"
gate_make
for l in read_load dbench_load; do
	gate_reset
	"$CONTEST" -n 1 --units 1 --lead 0 --size 12M --streams 3 --clients 3 --no-baseline -k test $l \
	    2>"$T/stderr.$l" &
	pid=$!
	wait_gated $pid
	pg=$(load_of $pid $l)
	[ -n "$pg" ] || { kill -INT $pid; fail "$l: no load beside the compile"; }
	# the workers run: the leader and its three
	i=0
	until [ "$(ps -eo pgid= | awk -v g="$pg" '$1 == g' | wc -l)" -ge 4 ] || [ $i -ge 100 ]; do
		sleep 0.05; i=$((i + 1))
	done
	[ $i -lt 100 ] || { kill -INT $pid; fail "$l: no workers"; }
	kill -INT $pid
	wait $pid; rc=$?
	[ $rc -eq 130 ] || fail "$l: contest exited $rc, not 130: $(cat "$T/stderr.$l")"
	sleep 0.2
	left=$(ps -eo pid=,pgid= | awk -v g="$pg" '$2 == g { print $1 }')
	[ -z "$left" ] || fail "$l: processes of the load survive: $left"
	[ -z "$(ls -d contest-work/contest-run.* 2>/dev/null)" ] || fail "$l: a run directory remains"
	[ ! -s contest.log ] || fail "$l: a record was written: $(cat contest.log)"
done
