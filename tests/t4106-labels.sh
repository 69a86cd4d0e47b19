# Issue 21, item 6: labels keep their identity.  A UTF-8 label is kept
# as given, never folded into another ('6.18-é' and '6.18-ü' stay two
# rows); a label over 63 bytes is refused with exit 2, never cut; two
# kernels under one label are two rows (LABEL#1, LABEL#2); and a name
# the table clips ends in '>', the column widening as far as it takes
# for no two rows to print the same.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -k "$(printf 'k%.0s' $(seq 70))" no_load
grep -q "it is 70 bytes, and a label is at most 63" stderr || fail "long label: $(cat stderr)"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
expect 0 "$CONTEST" -n 1 -s tree --lead 0 --probe off -k '6.18-é' no_load
grep -q ' label=6.18-%C3%A9 ' contest.log || fail "label not kept: $(cat contest.log)"
rec '6.18-%C3%BC' no_load 100 150 10 0 0 workload="$T/tree" >> contest.log
expect 0 "$CONTEST" -r contest.log
grep -q '^6.18-é  *1 ' stdout && grep -q '^6.18-ü  *1 ' stdout || fail "two labels merged: $(cat stdout)"
# two kernels, one label
{
	rec same no_load 100 150 10 0 0
	rec same no_load 100 150 10 0 0 kernel=6.2.0 | sed 's/ kernel=6.1.0//'
} > k.log
expect 0 "$CONTEST" -r k.log
grep -q '^same#1  *1 ' stdout && grep -q '^same#2  *1 ' stdout || fail "two kernels in one row: $(cat stdout)"
grep -q 'same#2: host=box kernel=6.2.0 ' stdout || fail "the kernel not named: $(cat stdout)"
# long names: two alike in their first 50 characters, one unlike them
a=$(printf 'a%.0s' $(seq 50))
b=$(printf 'b%.0s' $(seq 60))
{
	rec "${a}-x1" no_load 100 150 10 0 0
	rec "${a}-x2" no_load 100 150 10 0 0
	rec "$b" no_load 100 150 10 0 0
	rec short no_load 100 150 10 0 0
} > long.log
names() { sed -n '/^Kernel/,/^$/p' stdout | sed '1d;/^$/d' | sed 's/  *[0-9][0-9]*  .*//'; }
expect 0 "$CONTEST" -r long.log
[ "$(names | sort -u | wc -l)" -eq 4 ] || fail "two rows print the same: $(names)"
names | grep -q "^${a}-x1$" || fail "${a}-x1 not whole: $(names)"
names | grep -q "^$(printf 'b%.0s' $(seq 52))>$" || fail "no clipped name marked '>': $(names)"
# one long label in two configurations: LABEL#1 and LABEL#2 whole
l=$(printf 'l%.0s' $(seq 60))
{
	rec "$l" no_load 100 150 10 0 0
	rec "$l" no_load 100 150 10 0 0 jobs=4
} > variants.log
expect 0 "$CONTEST" -r variants.log
names | grep -q "^$l#1$" && names | grep -q "^$l#2$" || fail "$l#N not whole: $(names)"
