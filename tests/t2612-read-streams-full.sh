# A disk that fills while read_load writes its streams' files (a tmpfs
# with room for three files, not four): the setup fails with the file and
# the cause, the run is invalid (tests/load-solo.bin, contest's lifecycle),
# and nothing of the load is left on the disk.
. "$(dirname "$0")/lib.sh"
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir small
mount -t tmpfs -o size=64m,nr_inodes=5 none small 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
"$SOLO" -d small -O size=16M -O streams=4 -t 1 read_load > out 2> err && fail "the run was ok: $(cat out)"
grep -q "read_load: invalid: cannot create '.*/read_load\.3\.dat': No space left on device" err ||
	fail "reason: $(cat err)"
[ -z "$(ls -A small)" ] || fail "left on the disk: $(ls -A small)"
