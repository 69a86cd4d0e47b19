# Issue 21, item 13: 'contest -r /dev/zero' (or a device on standard
# input) ends with an error at once instead of reading forever.  A pipe
# is still a log.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
timeout 20 "$CONTEST" -r /dev/zero > stdout 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "-r /dev/zero: exit $rc, not 1"
grep -q "cannot read '/dev/zero': it is a device, not a log" stderr || fail "$(cat stderr)"
timeout 20 "$CONTEST" -r - < /dev/zero > stdout 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "-r - < /dev/zero: exit $rc, not 1"
rec k no_load 100 150 10 0 0 | "$CONTEST" -r - > stdout 2> stderr || fail "a pipe: $(cat stderr)"
grep -q '^k  *1 ' stdout || fail "$(cat stdout)"
