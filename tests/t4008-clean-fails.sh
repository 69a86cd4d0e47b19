# Promise: when make clean fails the run is logged failed with that
# reason (the log exists and the report says so), and the suite goes on.
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_X=y\n' > tree/.config
printf 'vmlinux:\n\t@echo built\nclean:\n\t@echo cannot-clean; exit 4\n' > tree/Makefile
expect 1 "$CONTEST" --lead 0 -n 2 -k kc -s tree no_load
[ "$(grep -c 'status=failed reason=make%20clean%20exited%20with%20status%202' contest.log)" -eq 2 ] ||
	fail "not two failed records: $(cat contest.log)"
grep -q "cannot-clean" stderr || fail "no tail: $(cat stderr)"
grep -q "results appended to 'contest.log'" stderr || fail "$(cat stderr)"
grep -q "does not exist\|cannot open" stderr && fail "contradicts itself: $(cat stderr)"
exit 0
