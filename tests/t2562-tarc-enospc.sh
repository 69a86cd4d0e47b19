# When the disk fills up under tarc_load (another writer takes the
# space), the pass ends, its partial archive is removed and the load goes
# on: it does not fail, it logs enospc=N, and what it leaves is whole.
. "$(dirname "$0")/lib.sh"
need_gnu_tar
SOLO=$top/tests/load-solo.bin
load=${ENOSPC_LOAD:-tarc_load}
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir small
mount -t tmpfs -o size=24M none small || skip "cannot mount a tmpfs (needs root)"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
fill() {	# take every free byte, again as the load frees some
	for i in 1 2 3 4 5 6 7 8; do
		dd if=/dev/zero of=small/filler bs=64k conv=notrunc oflag=append 2>/dev/null
		sleep 0.1
	done
}
# the disk fills, then frees: the load must go on and say so
"$SOLO" -d small -O size=1M -t 3 $load > out & pid=$!
sleep 0.5; fill; rm -f small/filler
wait $pid || fail "the load failed on a full disk: $(cat out)"
grep -q 'enospc=[1-9]' out || fail "no enospc noted: $(cat out)"
# the disk stays full to the end: no partial file is left behind
"$SOLO" -d small -O size=1M -t 2 -k $load > out & pid=$!
sleep 0.5; fill
wait $pid || fail "the load failed on a full disk: $(cat out)"
rm -f small/filler
dir=$(sed -n 's/.* dir=\([^ ]*\) .*/\1/p' out)
if [ $load = tarc_load ]; then
	last=$(ls "$dir" | sed -n 's/^archive\.\([0-9]*\)\.tar$/\1/p' | sort -n | tail -1)
	for a in "$dir"/archive.*.tar; do
		[ -e "$a" ] || continue
		[ "$a" = "$dir/archive.$last.tar" ] && continue	# may be cut by the stop
		tar -tf "$a" > /dev/null 2>&1 || fail "$(basename "$a") is partial"
	done
else
	mkdir ref && tar -xf "$dir/archive.tar" -C ref || fail "tar -xf"
	last=$(ls "$dir" | sed -n 's/^x\.\([0-9]*\)$/\1/p' | sort -n | tail -1)
	for c in "$dir"/x.*; do
		[ -e "$c" ] || continue
		[ "$c" = "$dir/x.$last" ] && continue	# may be cut by the stop
		diff -r --no-dereference ref/data "$c/data" > /dev/null || fail "$(basename "$c") is partial"
	done
fi
exit 0
