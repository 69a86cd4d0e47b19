# SIGINT to contest while the compile runs beside each load: contest
# dies by SIGINT, no process of the load survives, no run directory remains
# and no record is written.
. "$(dirname "$0")/lib.sh"
mkdir other
# pids of the process groups led by children of $1 other than make
groups_of() {
	ps -eo pid=,pgid=,ppid=,comm= | awk -v p="$1" '$3 == p && $1 == $2 && $4 != "make" { print $2 }'
}
has_make() {
	ps -eo ppid=,comm= | awk -v p="$1" '$1 == p && $2 == "make" { f = 1 } END { exit !f }'
}
gate_make
for l in process_load io_load io_other read_load mem_load; do
	gate_reset
	"$CONTEST" -n 1 --units 1 --lead 0 --size 8M --no-baseline -k test -o other $l 2>"$T/stderr.$l" &
	pid=$!
	# the compile waits at its gate, beside the load
	wait_gated $pid
	pg=$(load_of $pid $l)
	[ -n "$pg" ] || { kill -INT $pid; fail "$l: no load beside the compile"; }
	sleep 0.3
	kill -INT $pid
	wait $pid; rc=$?
	[ $rc -eq 130 ] || fail "$l: contest exited $rc, not 130: $(cat "$T/stderr.$l")"
	grep -q 'no record written' "$T/stderr.$l" || fail "$l: no message: $(cat "$T/stderr.$l")"
	sleep 0.2
	left=$(ps -eo pid=,pgid= | awk -v g="$pg" '$2 == g { print $1 }')
	[ -z "$left" ] || fail "$l: processes of the load survive: $left"
	[ -z "$(ls -d contest-work/contest-run.* other/contest-run.* 2>/dev/null)" ] ||
		fail "$l: a run directory remains"
	[ ! -s contest.log ] || fail "$l: a record was written: $(cat contest.log)"
done
