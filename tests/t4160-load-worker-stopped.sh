# Issue 29, item 10: one process of a load of several stopped for part
# of the window (here under half of it, which the old rule let pass as
# status=ok with the stop in fairness=) makes the run invalid, its reason
# naming the process and how long: a worker of dbench_load by its number
# and pid, a ring member of process_load (no worker) by its pid.  A
# worker slowed, not stopped, leaves the run ok, fairness= showing it.
. "$(dirname "$0")/lib.sh"
need chrt taskset
# a kernel tree whose build sleeps: the window lasts about $1 s more
# than the gate, whatever the box
tree() {
	rm -rf tree
	mkdir tree
	printf 'CONFIG_TINY=y\n' > tree/.config
	printf 'vmlinux:\n\tsleep %s\nclean:\n\ttrue\n' "$1" > tree/Makefile
}
gate_make
# the process the load's leader forked first (dbench_load's worker 0,
# process_load's first ring member), once the compile waits at the gate
started() {
	gate_reset
	start_bg -n 1 -s tree --lead 0 --probe off --no-baseline "$@"
	wait_gated $bg
	l=$(load_of $bg "$load")
	[ -n "$l" ] || fail "$load: no load beside the compile"
	w=$(ps -eo pid=,ppid= | awk -v l="$l" '$2 == l { print $1 }' | sort -n | head -1)
	[ -n "$w" ] || fail "$load: no process below the load's leader $l"
}
# the run of label $1 ended with exit $2, status $3; its record in $line
ended() {
	wait $bg
	rc=$?
	[ $rc -eq "$2" ] || fail "$1: exit $rc, not $2: $(cat stderr)"
	line=$(grep " label=$1 .*load=" contest.log)
	[ "$(val "$line" status)" = "$3" ] || fail "$1: not $3: $line"
}
# a stop of 1.8 s, a window of over 5 s: at least one once-a-second look
# sees it (0.8 s to spare), and at most two of five or more do
tree 5
for load in dbench_load process_load; do
	case $load in
	dbench_load) started -k w --clients 2 --size 8M dbench_load; who="worker [01] (pid $w)" ;;
	*) started -k r process_load; who="its process $w" ;;
	esac
	touch "$T/go"
	sleep 0.5
	kill -STOP "$w"
	sleep 1.8
	kill -CONT "$w"
	case $load in dbench_load) label=w ;; *) label=r ;; esac
	ended $label 1 invalid
	why=$(val "$line" reason | sed 's/%20/ /g; s/%28/(/g; s/%29/)/g')
	printf '%s\n' "$why" | grep -q "^load stopped (SIGSTOP, a tracer): $who [12] of [5-9] s of the window$" ||
		fail "$load: the reason does not name process $w and its stop: $line"
done
# slowed, not stopped: worker 0 at SCHED_IDLE on one CPU with a busy loop
# there does next to nothing, and the run is ok with fairness= that low
tree 3
load=dbench_load
started -k slow --clients 2 --size 8M dbench_load
cpu=$(taskset -pc "$w" | sed 's/.*: *//; s/[-,].*//')
taskset -c "$cpu" sh -c 'while :; do :; done' &
spin=$!
trap 'kill $spin 2>/dev/null; rm -rf "$T"' EXIT
chrt -i -p 0 "$w" && taskset -pc "$cpu" "$w" >/dev/null || fail "cannot slow worker $w"
touch "$T/go"
ended slow 0 ok
kill $spin
f=$(val "$line" fairness)
[ -n "$f" ] && fcmp "$f" '<' 50 || fail "a slowed worker, yet fairness=$f: $line"
exit 0
