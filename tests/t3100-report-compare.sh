# -c BASE: Time and Loads as percent changes against BASE, '*' where
# Welch's two-sided t-test gives p < 0.05, "(n<2)" where a side has fewer
# than 2 ok runs, and the rule stated under the tables.  Worked by hand:
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
io_load: change against A
Kernel          [runs]  Time          Loads
A                    3  102.0 s       20.0 (base)
B                    3  +9.8% *       +75.0%
C                    1  -11.8% (n<2)  -50.0% (n<2)

TABLE
expect 0 "$CONTEST" -r -c A log
sed -n '/^io_load:/,/^$/p' stdout > got
diff -u want got || fail "comparison differs"
grep -q "^\* = Welch's two-sided\|Welch's two-sided" stdout || fail "rule not stated"
grep -q 'p < 0.05' stdout || fail "threshold not stated"
expect 0 "$CONTEST" -r -v -c A log
grep -q '^B  *3  +9.8% \* p=0.0036  *+75.0% p=0.14$' stdout || fail "-v p-values: $(cat stdout)"
expect 1 "$CONTEST" -r -c nosuch log
grep -q "no label 'nosuch'" stderr || fail "unknown -c label not refused"
