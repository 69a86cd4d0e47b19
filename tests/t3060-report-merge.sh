# Several logs merge into one report, the same as their concatenation
# (from standard input with '-'); a label's runs split across two logs
# are averaged together: (100 + 110) / 2 = 105.0, ratio 210 / 105 = 2.00.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec k1 no_load 100 90 0 0 0
	rec k1 lslr_load 200 90 0 10 3 unit=kentries
} > box1.log
{
	rec k1 no_load 110 90 0 0 0
	rec k1 lslr_load 220 90 0 10 5 unit=kentries
	rec k2 no_load 120 90 0 0 0 host=box2
	rec k2 lslr_load 120 90 0 10 5 unit=kentries host=box2
} > box2.log
expect 0 "$CONTEST" -r box1.log box2.log
mv stdout merged
cat box1.log box2.log | "$CONTEST" -r - > piped || fail "stdin report failed"
diff -u merged piped || fail "merge differs from cat"
grep -q '^k1  *2  105.0 ' merged || fail "no_load not merged: $(cat merged)"
grep -q '^k1  *2  210.0 .* 4.0  .* 2.00$' merged || fail "lslr_load not merged: $(cat merged)"
grep -q '^k2  *1  120.0 .* 1.00$' merged || fail "k2: $(cat merged)"
