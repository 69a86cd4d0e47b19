# -b LABEL: every row's Ratio divides by LABEL's no_load (contest 0.50's
# reference kernel) instead of its own; LABEL's own no_load row is 1.00;
# an unknown LABEL is an error.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec ref no_load 80 70 0 0 0
	rec new no_load 100 90 0 0 0
	rec new io_load 200 90 0 10 1
} > log
expect 0 "$CONTEST" -r log
grep -q '^new .* 2.00$' stdout || fail "own baseline: $(cat stdout)"
expect 0 "$CONTEST" -r -b ref log
grep -q '^ref  *1  80.0 .* 1.00$' stdout || fail "ref row: $(cat stdout)"
grep -q '^new  *1  100.0 .* 1.25$' stdout || fail "new no_load vs ref: $(cat stdout)"
grep -q '^new  *1  200.0 .* 2.50$' stdout || fail "new io_load vs ref: $(cat stdout)"
expect 1 "$CONTEST" -r -b nosuch log
grep -q "^contest: -b: no label 'nosuch' in the logs$" stderr || fail "unknown -b: $(cat stderr)"
# a base without an ok no_load: '-' everywhere and one note per section
rec nobase io_load 100 90 0 10 1 >> log
expect 0 "$CONTEST" -r -b nobase log
grep -q '^new  *1  200.0 .* -$' stdout || fail "Ratio not '-': $(cat stdout)"
[ "$(grep -c "^Ratio -: no ok no_load run of base 'nobase'$" stdout)" -eq 2 ] ||
	fail "note not once per section: $(cat stdout)"
