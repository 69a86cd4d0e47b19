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
# contest stopped; the compile goes on and ends while it is
start_bg -n 1 -s tree --lead 0 --probe off -k self no_load
wait_gated $bg
kill -STOP $bg
touch "$T/go"
sleep 0.5
kill -CONT $bg
wait $bg
rc=$?
[ $rc -eq 1 ] || fail "contest stopped: exit $rc, not 1: $(cat stderr)"
line=$(grep ' label=self .*load=no_load' contest.log)
[ "$(val "$line" status)" = invalid ] || fail "contest stopped, yet: $line"
val "$line" reason | grep -q '^contest%20was%20stopped' || fail "reason: $line"
# the compile's process group stopped a moment
gate_reset
start_bg -n 1 -s tree --lead 0 --probe off -k job no_load
wait_gated $bg
pg=$(pgrep -P $bg -x mk)	# the gated make (lib.sh) leads the compile's group
[ -n "$pg" ] || fail "no process group of the compile"
kill -STOP -"$pg"
sleep 0.3
kill -CONT -"$pg"
touch "$T/go"
wait $bg
rc=$?
[ $rc -eq 1 ] || fail "compile stopped: exit $rc, not 1: $(cat stderr)"
line=$(grep ' label=job .*load=no_load' contest.log)
[ "$(val "$line" status)" = invalid ] || fail "compile stopped, yet: $line"
val "$line" reason | grep -q '^the%20compile%20was%20stopped' || fail "reason: $line"
