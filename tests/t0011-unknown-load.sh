# An unknown load is named in the error with the list of valid ones; exit 2.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --units 2 --lead 0 no_load bogus_load
grep -q "unknown load 'bogus_load'" stderr || fail "not named: $(cat stderr)"
grep -q "no_load" stderr && grep -q "cacherun" stderr || fail "valid loads not listed"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was written"
