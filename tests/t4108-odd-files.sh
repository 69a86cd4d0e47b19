# Issue 21, item 8: a log or a .config that is not a regular file never
# hangs contest: a FIFO log (no reader), /dev/full, /dev/null and a FIFO
# .config are refused with exit 2 before anything is made, at once.
. "$(dirname "$0")/lib.sh"
mkfifo fifo
for log in fifo /dev/full /dev/null; do
	timeout 20 "$CONTEST" -n 1 --units 1 --lead 0 -l "$log" -d w no_load > stdout 2> stderr
	rc=$?
	[ $rc -eq 2 ] || fail "-l $log: exit $rc, not 2: $(cat stderr)"
	grep -q "log: '$log' is a .*, not a regular file: refused" stderr || fail "-l $log: $(cat stderr)"
done
[ ! -e w ] || fail "the work directory was made"
mkdir -p kt
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > kt/Makefile
mkfifo kt/.config
timeout 20 "$CONTEST" -n 1 --lead 0 -s kt -l k.log -d w no_load > stdout 2> stderr
rc=$?
[ $rc -eq 2 ] || fail "FIFO .config: exit $rc, not 2: $(cat stderr)"
grep -q "'kt/.config' is not a regular file: refused" stderr || fail ".config: $(cat stderr)"
[ ! -e w ] && [ ! -e k.log ] || fail "something was made"
