# Sections follow the load table (no_load, cacherun, ...), then loads the
# table does not know, alphabetically; rows follow the order in which
# labels first appear in the logs; a load logged under its alias (noload)
# is the table's load.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec zz zeta_test_load 100 90 0 0 1
	rec zz cacherun 90 90 0 0 0
	rec aa alpha_test_load 100 90 0 0 1
	rec zz no_load 100 90 0 0 0
	rec aa no_load 100 90 0 0 0
	rec mm no_load 100 90 0 0 0
	rec mm noload 110 90 0 0 0 unit=none
} > log
expect 0 "$CONTEST" -r log
grep ':$' stdout | tr '\n' ' ' > got
[ "$(cat got)" = "no_load: cacherun: alpha_test_load: zeta_test_load: " ] ||
	fail "sections in order: $(cat got)"
sed -n '/^no_load:/,/^$/p' stdout | awk 'NR > 2 && NF { print $1 }' | tr '\n' ' ' > got
[ "$(cat got)" = "zz aa mm " ] || fail "rows in order: $(cat got)"
grep -q '^mm  *2  105.0 ' stdout || fail "alias not merged: $(cat stdout)"
