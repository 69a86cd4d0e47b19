# A work directory that cannot be made or written is an error before any
# compile starts.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --units 2 --lead 0 -n 1 -d /proc/contest-work no_load
grep -q "/proc/contest-work" stderr || fail "workdir not named: $(cat stderr)"
: > afile
expect 2 "$CONTEST" --units 2 --lead 0 -n 1 -d afile/sub no_load
grep -q "afile/sub" stderr || fail "workdir not named: $(cat stderr)"
[ ! -s contest.log ] || fail "a record was written"
