# Promise: a record is written whole or not at all.  With the log's disk
# full in the middle of a record (a short write), contest cuts the log
# back, says why with the true error, exits 1; once space is freed the
# next records are whole, none glued to a fragment.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=1m none small || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
# 3 KiB of comments: the log's page has about 1 KiB of room left
awk 'BEGIN { for (i = 0; i < 30; i++) printf "# %097d\n", i }' > small/log
dd if=/dev/zero of=small/fill bs=4k 2>/dev/null
expect 1 "$CONTEST" -n 1 --units 1 --lead 0 -k full -l small/log no_load
grep -q "cannot append .*'small/log': No space left on device" stderr || fail "message: $(cat stderr)"
[ "$(tail -c 1 small/log | od -An -c | tr -d ' ')" = '\n' ] || fail "the log ends in a fragment: $(tail -c 200 small/log)"
expect 1 "$CONTEST" -r small/log	# whole lines, none of them a run yet
grep -q "no usable run" stderr && ! grep -q "small/log:[0-9]" stderr || fail "bad lines: $(cat stderr)"
rm small/fill
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k full -l small/log no_load
expect 0 "$CONTEST" -r small/log
[ ! -s stderr ] || fail "the reader found bad lines: $(cat stderr)"
grep -q "^full  *1 " stdout || fail "$(cat stdout)"
