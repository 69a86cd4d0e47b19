# A missing make or cc is an error before any compile starts.
. "$(dirname "$0")/lib.sh"
mkdir bin
ln -s "$(command -v cc)" bin/cc
expect 1 env PATH="$T/bin" "$CONTEST" --units 2 --lead 0 -n 1 no_load
grep -q "cannot find 'make'" stderr || fail "make not named: $(cat stderr)"
expect 1 env CC=no-such-cc "$CONTEST" --units 2 --lead 0 -n 1 no_load
grep -q "no-such-cc" stderr || fail "cc not named: $(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
[ -z "$(ls contest-work/output 2>/dev/null)" ] || fail "a compile ran"
