# On a filesystem too small for the requested size, tarc_load and
# tarx_load are refused before any compile, with how much they need and
# where; nothing is logged.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=16M none small || skip "cannot mount a tmpfs (needs root)"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
for l in tarc_load tarx_load; do
	expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --size 16M --no-baseline -d small/w -l log $l
	grep -q "^contest: $l: needs [0-9]* MiB on 'small\(/w\)\{0,1\}', half its free space is [0-9]* MiB" stderr ||
		fail "message: $(cat stderr)"
done
[ ! -e log ] || fail "a record was written"
[ ! -e small/w ] || fail "the work directory was made before the check"
# a size that fits is accepted there
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 2M --no-baseline -d small/w -l log tarx_load
