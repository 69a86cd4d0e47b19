# -c BASE: per load, a block per row with a line per metric: BASE's mean
# and %sd, the %change, the row's mean and %sd, '*' where Welch's
# two-sided t-test gives p < 0.05 (with its direction: Time up is worse),
# '?' where a side has fewer than 2 ok runs; changes within the noise
# left out and counted unless -v; the rule stated under the blocks.
# Worked by hand:
# Time A 100 102 104 (mean 102, s^2 4), B 110 112 114 (mean 112, s^2 4):
# +9.8 %, t = 10 / sqrt(4/3 + 4/3) = 6.124, df = 4, and with df = 4 the
# closed form p = 1 - x (3 - x^2) / 2, x = t / sqrt(t^2 + 4), gives
# 0.0036: significant.  Loads A 10 20 30, B 25 35 45: +75.0 %, t = 1.837,
# df = 4, p = 0.140: not significant.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	for e in 100 102 104; do rec A no_load 50 40 0 0 0; done
	rec A io_load 100 50 0 10 10
	rec A io_load 102 50 0 10 20
	rec A io_load 104 50 0 10 30
	rec B io_load 110 50 0 10 25
	rec B io_load 112 50 0 10 35
	rec B io_load 114 50 0 10 45
	rec C io_load 90 50 0 10 10
} > log
cat > want <<'TABLE'
io_load: A -> B: ok runs 3 -> 3, Ratio 2.04 -> -
     base  %sd   %change        this  %sd         metric
    102.0   2%     +9.8% *     112.0   2%  worse  Time s
     49.0   2%     -8.9% *      44.7   2%         CPU%
      9.8   2%     -8.9% *       8.9   2%         LCPU%
     24.5   2%     -8.9% *      22.3   2%         compile share %
      4.9   2%     -8.9% *       4.5   2%         load share %
(2 metrics within the noise not shown; -v shows them)

TABLE
expect 0 "$CONTEST" -r -c A log
sed -n '/^io_load: A -> B/,/^$/p' stdout > got
diff -u want got || fail "comparison differs"
sed -n '/^io_load: A -> C/,/^$/p' stdout > got
grep -q '^    102.0   2%    -11.8% ?      90.0    -         Time s$' got || fail "n<2: $(cat got)"
grep -q '^     20.0  50%    -50.0% ?      10.0    -         Loads MiB$' got || fail "n<2 Loads: $(cat got)"
grep -q "Welch's two-sided" stdout || fail "rule not stated"
grep -q 'p < 0.05' stdout || fail "threshold not stated"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
expect 0 "$CONTEST" -r -v -c A log
grep -q '^    102.0   2%     +9.8% \*     112.0   2%  worse  0.0036 Time s$' stdout || fail "-v p-values: $(cat stdout)"
grep -q '^     20.0  50%    +75.0%        35.0  29%         0.14   Loads MiB$' stdout || fail "-v: Loads within the noise: $(cat stdout)"
awk 'length > 80 { exit 1 }' stdout || fail "a line of -v over 80 columns"
expect 1 "$CONTEST" -r -c nosuch log
grep -q "no label 'nosuch'" stderr || fail "unknown -c label not refused"
