# A filesystem too small for --size is refused before any compile, with
# how much is needed and where (the work directory, or its parent when it
# is still to be made): io_other, io_load and read_load on an 8 MiB
# tmpfs, --size 32M.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=8m contest-test "$T/small" 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --size 32M --no-baseline -k test -o small io_other
grep -q "io_other: needs 32.0 MiB, may use 4.0 MiB (half the free space) in 'small'" stderr ||
	fail "message: $(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
[ ! -e contest-work ] || fail "the work directory was made before the check"
for l in io_load read_load; do
	expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --size 32M --no-baseline -k test -d small/w $l
	grep -q "$l: needs 32.0 MiB, may use .* in 'small\(/w\)\{0,1\}'" stderr || fail "message: $(cat stderr)"
done
[ ! -e contest.log ] || fail "a log was written"
