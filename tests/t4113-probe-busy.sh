# Issue 21, item 13: on a busy machine the probe's calibration is tried
# again (it used to end contest with exit 1, after the tree and the
# lock's wait).  contest runs at nice 19 pinned to one CPU; while it
# waits for the machine lock (held by flock(1) under the name contest,
# which it waits for), a busy loop starts on that CPU, so that its timed
# blocks cannot fit their budget.  Once it says it tries again the loop
# ends, and the next try calibrates: the run is measured with the probe.
# (After CAL_TRIES tries it would go on without the probe, saying so.)
. "$(dirname "$0")/lib.sh"
need taskset flock
cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
taskset -c "$cpu" true 2>/dev/null || skip "cannot pin to CPU $cpu"
# a kernel tree whose build is 'true': the calibration, not a compile, is tested
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
mkdir bin
cp "$(command -v flock)" bin/contest	# a holder contest takes for one of its own
hog=
trap '[ -n "$hog" ] && kill $hog 2>/dev/null; touch "$T/free"; rm -rf "$T"' EXIT
bin/contest -x "$CONTEST_LOCK" sh -c "i=0; while [ ! -e '$T/free' ] && [ \$i -lt 1200 ]; do sleep 0.05; i=\$((i + 1)); done" &
i=0
until ! flock -n "$CONTEST_LOCK" true 2>/dev/null; do
	i=$((i + 1)); [ $i -lt 200 ] || fail "the lock was never held"; sleep 0.05
done
taskset -c "$cpu" nice -n 19 "$CONTEST" -n 1 -s tree --lead 0 -k busy no_load > stdout 2> stderr &
bg=$!
i=0
until grep -q "waiting for it to finish" stderr; do
	kill -0 $bg 2>/dev/null || fail "contest ended: $(cat stderr)"
	i=$((i + 1)); [ $i -lt 1200 ] || fail "contest never waited for the lock: $(cat stderr)"
	sleep 0.05
done
taskset -c "$cpu" sh -c 'while :; do :; done' &
hog=$!
touch "$T/free"
i=0
until grep -q "too busy to calibrate the probe" stderr; do
	kill -0 $bg 2>/dev/null || { kill $hog; wait $bg; fail "contest ended (exit $?): $(cat stderr)"; }
	i=$((i + 1)); [ $i -lt 1200 ] || fail "calibrated beside the busy loop: $(cat stderr)"
	sleep 0.05
done
kill $hog
hog=
wait $bg
rc=$?
[ $rc -eq 0 ] || fail "exit $rc, not 0: $(cat stderr)"
grep -q "trying again" stderr && grep -q "^contest: probe audio: .*calibrated in" stderr ||
    fail "not calibrated on a later try: $(cat stderr)"
grep -q ' label=busy .*status=ok .*lat_p99=' contest.log || fail "no probe in the record: $(cat contest.log)"
