# --until with --set: rounds until each label's change against the first
# (or --against's, another of the labels, which needs no run in the log
# before) is known within the margin: a line a label after each round,
# the decision a label and load at the end, every file as it was.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
seen_make
"$CONTEST" -n 2 --until 100 --max-rounds 3 $SET --set a:vm.dirty_ratio=30 --set b:vm.dirty_ratio=40 \
	--set c:vm.dirty_ratio=50 no_load > stdout 2> stderr
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 125 ] || fail "exit $rc: $(cat stderr)"
grep -Eq "^contest: after round 2: b: Time's change against a half-width: no_load \+-[0-9.]+%; until \+-50%$" stderr ||
	fail "b's line: $(cat stderr)"
grep -Eq "^contest: after round 2: c: Time's change against a half-width: no_load" stderr || fail "c's line: $(cat stderr)"
! grep -q "after round 2: a:" stderr || fail "a against itself: $(cat stderr)"
grep -Eq "^contest: b: no_load against a: Time [-+][0-9.]+% \[[-+][0-9.]+, [-+][0-9.]+\]: " stderr ||
	fail "b's decision: $(cat stderr)"
grep -Eq "^contest: stopped after [23] rounds: " stderr || fail "the end: $(cat stderr)"
unchanged
rm -f contest.log
"$CONTEST" -n 2 --until 100 --max-rounds 2 --against b $SET --set a:vm.dirty_ratio=30 --set b:vm.dirty_ratio=40 \
	no_load > stdout 2> stderr
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 125 ] || fail "--against: exit $rc: $(cat stderr)"
grep -Eq "^contest: after round 2: a: Time's change against b half-width" stderr || fail "--against b: $(cat stderr)"
unchanged
