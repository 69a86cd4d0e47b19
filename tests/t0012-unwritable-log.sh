# A log that cannot be written is an error before any compile starts.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --units 2 --lead 0 -n 1 -l /nonexistent/dir/contest.log no_load
grep -q "/nonexistent/dir/contest.log" stderr || fail "log not named: $(cat stderr)"
[ -z "$(ls contest-work/output 2>/dev/null)" ] || fail "a compile ran"
mkdir adir
expect 2 "$CONTEST" --units 2 --lead 0 -n 1 -l adir no_load
grep -q "adir" stderr || fail "log not named: $(cat stderr)"
[ -z "$(ls contest-work/output 2>/dev/null)" ] || fail "a compile ran"
