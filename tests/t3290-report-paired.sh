# The paired Ratio: in each round of an invocation, the loaded run's Time
# over the same round's no_load Time of the same row; -v shows its mean
# and sd beside the Ratio of the means, CSV and JSON carry it.  Runs of
# old logs (no inv or round) and rounds without their no_load have none.
# By hand: rounds 1-3: 200/100, 230/115, 300/100 = 2, 2, 3: mean 2.333,
# sd 0.577 (round 2 of i2 has no no_load); the Ratio of the means is
# 282.5 / 105 = 2.69.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec A no_load 100 90 0 0 0 inv=i1 round=1
	rec A io_load 200 90 0 10 5 inv=i1 round=1
	rec A no_load 115 90 0 0 0 inv=i1 round=2
	rec A io_load 230 90 0 10 5 inv=i1 round=2
	rec A no_load 100 90 0 0 0 inv=i2 round=1
	rec A io_load 300 90 0 10 5 inv=i2 round=1
	rec A io_load 400 90 0 10 5 inv=i2 round=2
	rec B no_load 100 90 0 0 0
	rec B io_load 200 90 0 10 5
} > log
expect 0 "$top/tests/report-solo.bin" -v log
sed -n '/^io_load/,/^per run/p' stdout > got
grep -q '^A  *4  282.5 .* 2.69  *2.33$' got || fail "paired mean: $(cat got)"
grep -q '^ *+-  .* 0.58$' got || fail "paired sd: $(cat got)"
grep -q '^B  *1  200.0 .* 2.00  *-$' got || fail "no rounds, no paired Ratio: $(cat got)"
expect 0 "$CONTEST" -r --format csv log
python3 - stdout <<'PY' || fail "csv paired"
import csv, statistics as st, sys
r = {(x["load"], x["row"]): x for x in csv.DictReader(open(sys.argv[1], newline=""))}
a = r[("io_load", "A")]
assert a["paired_ratio_n"] == "3" and float(a["paired_ratio_mean"]) == round(st.mean([2, 2, 3]), 4), a
assert abs(float(a["paired_ratio_sd"]) - st.stdev([2, 2, 3])) < 1e-4
assert r[("io_load", "B")]["paired_ratio_n"] == "0" and r[("io_load", "B")]["paired_ratio_mean"] == ""
PY
