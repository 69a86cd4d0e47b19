# Without --size, io_other's file (twice the dirty limit) is capped to half the free
# space of its filesystem and the log says so: a 64 MiB tmpfs as -o.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=64m contest-test "$T/small" 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -k test -o small io_other
line=$(grep 'load=io_other' contest.log) || fail "no io_other record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" sizing)" = capped-disk ] || fail "sizing: $line"
[ "$(val "$line" size)" = 33554432 ] || fail "size not half of 64 MiB: $line"
[ -z "$(ls -A small)" ] || fail "left on the disk: $(ls -A small)"
