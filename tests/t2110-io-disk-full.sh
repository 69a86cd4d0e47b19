# A disk that fills up under io_other ends the pass (ENOSPC), the load
# goes on and the run stays ok; the note counts the passes cut short and
# no file of the load remains.  The disk is a 40 MiB tmpfs filled by the
# test while the compile runs.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=40m contest-test "$T/small" 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
"$CONTEST" -n 1 --units 4 --lead 0 --size 16M --no-baseline -k test -o small io_other >stdout 2>stderr &
pid=$!
i=0
while [ $i -lt 200 ] && [ ! -e small/contest-run.$pid/io_load.dat ]; do sleep 0.05; i=$((i + 1)); done
[ -e small/contest-run.$pid/io_load.dat ] || { kill -INT $pid; fail "the load never wrote"; }
# keep taking whatever space the load frees, for a second
i=0
while [ $i -lt 20 ]; do
	head -c 64M /dev/zero >> small/filler 2>/dev/null
	sleep 0.05; i=$((i + 1))
done
wait $pid; rc=$?
rm -f small/filler
[ $rc -eq 0 ] || { cat stderr; fail "contest exited $rc"; }
line=$(grep 'load=io_other' contest.log) || fail "no io_other record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
fcmp "$(val "$line" full)" '>' 0 || fail "no pass ended by a full disk: $line"
[ "$(val "$line" bytes)" = "$(val "$line" wchar)" ] || fail "bytes and wchar differ: $line"
[ -z "$(ls -A small)" ] || fail "left on the disk: $(ls -A small)"
