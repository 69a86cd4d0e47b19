# Issue 21, item 2: --svg FILE never replaces what FILE is.  A character
# device, a symbolic link, a FIFO and another user's file in a sticky
# directory are refused with exit 2 before any log is read, and stay as
# they were; a regular file of the user's is replaced whole.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
rec k no_load 100 150 10 0 0 > l.log
printf 'precious\n' > victim
ln -s victim link
mkfifo fifo
expect 2 "$CONTEST" -r --svg link l.log
grep -q "'link' is a symbolic link: refused" stderr || fail "link: $(cat stderr)"
[ -L link ] && [ "$(cat victim)" = precious ] || fail "the link or its target changed"
expect 2 "$CONTEST" -r --svg fifo l.log
grep -q "'fifo' is a FIFO, not a regular file: refused" stderr || fail "fifo: $(cat stderr)"
[ -p fifo ] || fail "the FIFO was replaced"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	mknod null c 1 3 || fail "mknod"
	expect 2 "$CONTEST" -r --svg null l.log
	grep -q "'null' is a character device, not a regular file: refused" stderr || fail "device: $(cat stderr)"
	[ -c null ] || fail "the device node was replaced"
	# another user's file in a sticky directory (as /tmp), where nobody
	# can reach it wherever the checkout lies
	user_dir 1777
	setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "echo theirs > $U/c.svg" ||
	    fail "setpriv"
	expect 2 "$CONTEST" -r --svg "$U/c.svg" l.log
	grep -q "belongs to another user (uid 65534)" stderr || fail "sticky: $(cat stderr)"
	[ "$(cat "$U/c.svg")" = theirs ] || fail "their file changed"
fi
[ -z "$(ls | grep tmp)" ] || fail "a temporary file was left: $(ls)"
printf 'old\n' > mine.svg
expect 0 "$CONTEST" -r --svg mine.svg l.log
grep -q '^<svg' mine.svg && [ ! -L mine.svg ] || fail "mine.svg not replaced by the chart"
