# lslr_load refuses before anything is made a --walk that is not a
# directory, or that lies on a virtual filesystem: exit 2 (bad input),
# nothing logged, no work directory.
. "$(dirname "$0")/lib.sh"
touch afile
expect 2 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk afile lslr_load
grep -q -- "--walk: 'afile' is not a directory" stderr || fail "message: $(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk nowhere lslr_load
grep -q -- "--walk: cannot use 'nowhere'" stderr || fail "message: $(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk /proc/self lslr_load
grep -q "will not walk '/proc/self'" stderr || fail "message: $(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk /sys lslr_load
grep -q "will not walk '/sys'" stderr || fail "message: $(cat stderr)"
[ ! -e contest.log ] || fail "a record was written"
[ ! -e w ] || fail "the work directory was made before the check: $(ls -R w)"
