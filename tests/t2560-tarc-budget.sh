# tarc_load keeps its archives within the disk budget (half the free
# space): on a small tmpfs it removes the oldest archives, keeps the
# newest ones in sequence, and each kept archive is whole.
. "$(dirname "$0")/lib.sh"
need_gnu_tar
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir small
mount -t tmpfs -o size=24M none small || skip "cannot mount a tmpfs (needs root)"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
free=$(df -B1 --output=avail small | tail -1)
"$SOLO" -d small -O size=1M -t 2 -k tarc_load > out || fail "solo failed: $(cat out)"
dir=$(sed -n 's/.* dir=\([^ ]*\) .*/\1/p' out)
used=$(du -sb "$dir" | cut -f1)
[ "$used" -le $((free / 2)) ] || fail "the load uses $used bytes, more than half of $free"
ls "$dir" | sed -n 's/^archive\.\([0-9]*\)\.tar$/\1/p' | sort -n > nums
first=$(head -1 nums) last=$(tail -1 nums)
[ "$first" -gt 1 ] || fail "no archive was ever removed: $(tr '\n' ' ' < nums)"
[ "$(wc -l < nums)" -eq $((last - first + 1)) ] || fail "kept archives not in sequence: $(tr '\n' ' ' < nums)"
for n in $(cat nums); do
	[ "$n" -eq "$last" ] && break	# the newest may be cut by the stop
	tar -tf "$dir/archive.$n.tar" > /dev/null 2>&1 || fail "archive.$n.tar is not whole"
done
