# --bars: a text chart of Ratio, one bar per label under each load, no
# line wider than 72 columns, bar lengths proportional to Ratio (the
# largest Ratio gets the full width; the header states the scale), no_load
# left out without -b (its own Ratio is 1 by definition).
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec 2.4.19 no_load 100 90 0 0 0
	rec 2.4.19 io_load 360 90 0 0 1
	rec 2.4.19 mem_load 126 90 0 0 1
	rec 2.5.40-mm1-long-label no_load 100 90 0 0 0
	rec 2.5.40-mm1-long-label io_load 180 90 0 0 1
	rec 2.5.40-mm1-long-label mem_load 101 90 0 0 1
} > log
expect 0 "$CONTEST" -r --bars log
cat stdout
awk 'length > 72 { bad = 1 } END { exit bad }' stdout || fail "line over 72 columns"
! grep -q '^no_load' stdout || fail "no_load charted without -b"
grep -q '^io_load$' stdout && grep -q '^mem_load$' stdout || fail "sections missing"
# header: "Ratio per load, N * = MAX (...)": check each bar against it
awk '
	NR == 1 { full = $4; max = $7; next }
	/\*/ { n = gsub(/\*/, "*"); r = $NF; want = r / max * full
	       if (n < want - 0.5 || n > want + 0.5) { print "bad bar: " $0; bad = 1 } ; bars++ }
	END { exit bad || bars != 4 || max != 3.60 }' stdout || fail "bars not proportional"
grep -q '^2.4.19  *\*\** 3.60$' stdout || fail "largest bar"
expect 0 "$CONTEST" -r --bars -b 2.4.19 log
grep -q '^no_load$' stdout || fail "-b: no_load not charted"
expect 2 "$CONTEST" -r --bars --format csv log
