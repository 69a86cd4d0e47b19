# lslr_load refuses before any compile a --walk that is not a directory,
# or that lies on a virtual filesystem; nothing is logged.
. "$(dirname "$0")/lib.sh"
touch afile
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk afile lslr_load
grep -q "lslr_load: cannot walk 'afile': not a directory" stderr || fail "message: $(cat stderr)"
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk nowhere lslr_load
grep -q "cannot walk 'nowhere'" stderr || fail "message: $(cat stderr)"
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk /proc/self lslr_load
grep -q "will not walk '/proc/self'" stderr || fail "message: $(cat stderr)"
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -d w --walk /sys lslr_load
grep -q "will not walk '/sys'" stderr || fail "message: $(cat stderr)"
[ ! -e contest.log ] || fail "a record was written"
[ -z "$(ls w/output 2>/dev/null)" ] || fail "a compile ran"
