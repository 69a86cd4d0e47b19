# -c BASE: the environment first; per load, a block per row with a line
# per metric: BASE's mean, the row's, the %change with its 95% interval
# (a ratio of means: Welch on the log ratio, its variance by the delta
# method) and the family's verdict, marked lines first; '?' where a side
# has fewer than 2 ok runs; lines within the noise left out and counted
# unless -v, which adds sd, p and the adjusted p under each line; each
# block ends with the smallest changes its runs could see; the rule
# stated under the blocks.  Worked by hand (tests/t3401 checks the
# engine's sums): Time A 100 102 104, B 110 112 114: log(112/102) =
# 0.093526, se 0.015312, df 3.966, t(0.975, 3.966) = 2.7802: +9.8%
# [+5.2, +14.6], p 0.0037.  The family: B's io_load tests (Time and
# Loads in the verdict tier, CPU%, LCPU% and the shares in the rest; C's
# cannot be tested) and B's summary of Time and Loads over this one load;
# Time's weight is its tier's 0.4 x 2/3 (Time counts twice, Loads once):
# adjusted p = 0.0037 / 0.2667 = 0.014 (the summary's Time, the same
# test, goes first: the next step's 0.0037 x 0.7333 / 0.2667 is less).
# Loads A 10 20 30, B 25 35 45: +75%, p 0.19: within the noise.
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
     base      this  %change [95% interval]   verdict metric
    102.0     112.0    +9.8% [  +5.2,  +14.6] worse   Time s
     49.0      44.7    -8.9% [ -12.7,   -5.0] changed CPU%
     24.5      22.3    -8.9% [ -12.7,   -5.0] changed compile share %
(4 metrics within the noise not shown; -v shows them)
TABLE
expect 0 "$CONTEST" -r -c A log
sed -n '/^io_load: A -> B/,/^(/p' stdout > got
diff -u want got || fail "comparison differs"
head -1 stdout | grep -q '^Environment, B against A:$' || fail "the environment is not first: $(head -3 stdout)"
grep -q "box: no snapshot of B's box" stdout || fail "no word on the boxes: $(cat stdout)"
grep -q '^Time: changes below [0-9.]*% cannot be told from noise with 3 runs; [0-9]* runs would$' stdout ||
    fail "no smallest change seen: $(cat stdout)"
sed -n '/^io_load: A -> C/,/^$/p' stdout > got
grep -q '^    102.0      90.0   -11.8% ?  *Time s$' got || fail "n<2: $(cat got)"
grep -q '^     20.0      10.0   -50.0% ?  *Loads MiB$' got || fail "n<2 Loads: $(cat got)"
grep -q "one$" stdout && grep -q '^comparison in twenty at most when nothing changed' stdout || fail "rule not stated"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
expect 0 "$CONTEST" -r -v -c A log
grep -A1 '^    102.0     112.0    +9.8% \[  +5.2,  +14.6\] worse   Time s$' stdout |
    grep -q '^ *sd 2% -> 2%, p 0.0037, adjusted 0.014$' || fail "-v p-values: $(cat stdout)"
grep -q '^     20.0      35.0   +75.0% \[ -37.2,   +388\]  *Loads MiB$' stdout || fail "-v: Loads within the noise: $(cat stdout)"
awk 'length > 80 { exit 1 }' stdout || fail "a line of -v over 80 columns"
expect 1 "$CONTEST" -r -c nosuch log
grep -q "no label 'nosuch'" stderr || fail "unknown -c label not refused"
