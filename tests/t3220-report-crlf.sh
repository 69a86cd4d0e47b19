# A log that went through a DOS editor or mail (CR LF line ends) reads
# the same as the original: the CR before each newline is dropped.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec k no_load 100 90 0 0 0
	rec k io_load 150 90 0 10 12.5
} > unix.log
sed 's/$/\r/' unix.log > dos.log
expect 0 "$CONTEST" -r unix.log
mv stdout want
expect 0 "$CONTEST" -r dos.log
[ ! -s stderr ] || fail "complaints: $(cat stderr)"
diff -u want stdout || fail "CR LF log reads differently"
