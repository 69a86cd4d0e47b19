# A compile that exits non-zero gives status=failed with a reason, prints
# the tail of its output, never counts as a result; contest exits 1.
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_X=y\n' > tree/.config
printf 'vmlinux:\n\t@echo compiling; echo the-last-words-of-make; exit 3\nclean:\n\t@true\n' > tree/Makefile
expect 1 "$CONTEST" --lead 0 -n 1 -k kfail -s tree no_load
line=$(cat contest.log)
[ "$(val "$line" status)" = failed ] || fail "status: $line"
[ "$(val "$line" reason)" = "compile%20exited%20with%20status%202" ] || fail "reason: $line"
grep -q "the-last-words-of-make" stderr || fail "no tail: $(cat stderr)"
grep -q "no usable run" stderr || fail "a failed run was reported as a result"
