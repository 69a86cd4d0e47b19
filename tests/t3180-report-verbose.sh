# -v, the long form within 80 columns: the classic columns and the
# paired Ratio, each mean's sample standard deviation on a "+-" line
# under it, then per row min-max of Time, user and sys seconds, major
# faults and context switches (nvcsw + nivcsw) per run, wrapped; and the
# load's unit spelled out.  By hand: Time 100, 104 -> 102.0 +- 2.8
# (sqrt 8), 100.0-104.0; Loads 10, 14 -> 12.0 +- 2.8; Ratio 102 / 50 =
# 2.04 +- 2.04 x 2.8 / 102 = 0.06 (no_load has one run: no spread);
# majflt 3, 5 -> 4.0 +- 1.4; context switches 100 + 20, 200 + 40 ->
# 180.0 +- 84.9.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec 2.6.0 no_load 50 45 0 0 0
	rec 2.6.0 io_load 100 40 10 10 10 majflt=3 nvcsw=100 nivcsw=20
	rec 2.6.0 io_load 104 41.6 10.4 10.4 14 majflt=5 nvcsw=200 nivcsw=40
} > log
cat > want <<'TABLE'
io_load: Loads in MiB, mebibytes of 2^20 bytes
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio   Paired
2.6.0                2  102.0   50.0    12.0    10.0    2.04    -
                    +-  2.8     0.0     2.8     0.0     0.06    -
per run (mean +- sd):
  2.6.0: Time 100.0-104.0 s, user 40.8 +- 1.1 s, sys 10.2 +- 0.3 s,
     major faults 4.0 +- 1.4, context switches 180.0 +- 84.9

TABLE
expect 0 "$CONTEST" -r -v log
sed -n '/^io_load/,$p' stdout > got
diff -u want got || fail "long form differs"
grep -q '^no_load: Loads in none: the load counts no work$' stdout || fail "no_load unit"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
