# The plain table from a hand-made log, numbers worked out by hand:
# 2.6.0 no_load: Time (100 + 110) / 2 = 105.0; CPU% is the mean of each
#   run's (user + sys) / elapsed x 100: (90/100 = 90 % + 99.5/110 =
#   90.4545 %) / 2 = 90.2 (not the ratio of the sums);
# 2.6.0 process_load: Time 200.0, CPU% (50 + 40) / 2 = 45.0, Loads
#   (123.456 + 200) / 2 = 161.728 -> 161.7, LCPU% (60/150 = 40 + 50/250 =
#   20) / 2 = 30.0, Ratio 200 / 105 = 1.905 -> 1.90;
# the long label widens its column; its Ratio 99.99 / 90 = 1.111 -> 1.11.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
L=2.6.1-rc2-with-a-long-name
{
	rec 2.6.0 no_load 100 80 10 0 0
	rec 2.6.0 process_load 150 60 15 60 123.456 unit=kmsg
	rec $L no_load 90 81 0 0 0
	rec 2.6.0 no_load 110 90 9.5 0 0
	rec 2.6.0 process_load 250 80 20 50 200 unit=kmsg
	rec $L process_load 99.99 50 0 33.33 0.001 unit=kmsg
} > log
cat > want <<'TABLE'
no_load:
Kernel                     [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.6.0                           2  105.0   90.2    0.0     0.0     1.00
2.6.1-rc2-with-a-long-name      1  90.0    90.0    0.0     0.0     1.00

process_load:
Kernel                     [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.6.0                           2  200.0   45.0    161.7   30.0    1.90
2.6.1-rc2-with-a-long-name      1  100.0   50.0    0.0     33.3    1.11

TABLE
expect 0 "$CONTEST" -r log
diff -u want stdout || fail "table differs"
