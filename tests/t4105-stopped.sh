# Issue 21, item 5: a stopped run is never logged status=ok.  contest
# stopped (SIGSTOP, as ^Z stops it) while its compile runs: the run is
# invalid, saying contest was stopped; the compile's process group
# stopped (kill -STOP -PGID) for a moment: invalid, saying the compile
# was stopped.  (A run nobody stopped is ok: every other test.)
. "$(dirname "$0")/lib.sh"
# a kernel tree whose build is 'true': the stops, not a compile, take the time
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
gate_make
# run label $1 with its compile gated; $2 stops something and lets the
# compile go; the run must be invalid, its reason starting with $3
stopped_run() {
	gate_reset
	start_bg -n 1 -s tree --lead 0 --probe off -k "$1" no_load
	wait_gated $bg
	$2
	wait $bg
	rc=$?
	[ $rc -eq 1 ] || fail "$1: exit $rc, not 1: $(cat stderr)"
	line=$(grep " label=$1 .*load=no_load" contest.log)
	[ "$(val "$line" status)" = invalid ] || fail "$1: stopped, yet: $line"
	val "$line" reason | grep -q "^$3" || fail "$1: reason: $line"
}
# contest stopped; the compile goes on and ends while it is
stop_contest() {
	kill -STOP $bg
	touch "$T/go"
	sleep 0.5
	kill -CONT $bg
}
# the compile's process group stopped a moment
stop_compile() {
	pg=$(pgrep -P $bg -x mk)	# the gated make (lib.sh) leads the compile's group
	[ -n "$pg" ] || fail "no process group of the compile"
	kill -STOP -"$pg"
	sleep 0.3
	kill -CONT -"$pg"
	touch "$T/go"
}
stopped_run self stop_contest 'contest%20was%20stopped'
stopped_run job stop_compile 'the%20compile%20was%20stopped'
