# Promise: two contests appending to one log at once (two work
# directories, each its own machine lock) never interleave: every line
# is a whole record.
. "$(dirname "$0")/lib.sh"
CONTEST_LOCK=$T/a.lock "$CONTEST" -n 3 --units 1 --lead 0 -k a -d wa no_load > /dev/null 2> a.err &
a=$!
CONTEST_LOCK=$T/b.lock "$CONTEST" -n 3 --units 1 --lead 0 -k b -d wb no_load > /dev/null 2> b.err
wait $a || fail "a: $(cat a.err)"
[ "$(grep -c ' status=ok ' contest.log)" -eq 6 ] || fail "not 6 ok records: $(cat contest.log)"
[ "$(grep -c ' snapshot=1 ' contest.log)" -eq 2 ] || fail "not 2 snapshots"
expect 0 "$CONTEST" -r
[ ! -s stderr ] || fail "bad lines: $(cat stderr)"
