# When the disk fills up under dbench_load (another writer takes the
# space), its writes and creates fail with ENOSPC, are counted (full=N)
# and the clients go on: the load does not fail; after the run nothing
# of it is left on the disk.
. "$(dirname "$0")/lib.sh"
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir small
mount -t tmpfs -o size=24M none small 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
"$SOLO" -d small -O clients=2 -O size=4M -t 3 dbench_load > out 2>err & pid=$!
sleep 0.5
for i in 1 2 3 4 5 6 7 8 9 10; do	# take every free byte, again as the load frees some
	dd if=/dev/zero of=small/filler bs=64k conv=notrunc oflag=append 2>/dev/null
	sleep 0.1
done
wait $pid || fail "the load failed on a full disk: $(cat err out)"
rm -f small/filler
grep -q 'full=[1-9]' out || fail "no full= noted: $(cat out)"
fcmp "$(sed -n 's/.* units=\([0-9.]*\) .*/\1/p' out)" '>' 0 || fail "no work: $(cat out)"
[ -z "$(ls -A small)" ] || fail "left on the disk: $(ls -A small)"
