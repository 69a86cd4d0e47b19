# The probe's table: when the records carry lat_p50, lat_p99, lat_max and
# dl_met, each section gets a second table per kernel (latency in us,
# deadlines met in %), the classic table keeping its five columns; -v
# adds the sd of each on a "+-" line; -c compares p99 and deadlines met.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 100 90 0 0 0
	rec A io_load 200 90 0 10 5 probe=audio lat_n=1000 lat_p50=40 lat_p99=900 lat_max=5000 dl_met=99.5
	rec A io_load 210 90 0 10 5 probe=audio lat_n=1000 lat_p50=60 lat_p99=1100 lat_max=7000 dl_met=98.5
	rec B no_load 100 90 0 0 0
	rec B io_load 200 90 0 10 5 probe=audio lat_n=1000 lat_p50=50 lat_p99=3000 lat_max=9000 dl_met=90
	rec B io_load 200 90 0 10 5 probe=audio lat_n=1000 lat_p50=50 lat_p99=3100 lat_max=9000 dl_met=91
} > log
expect 0 "$CONTEST" -r log
sed -n '/^io_load:$/,/^$/p' stdout > got
cat > want <<'TABLE'
io_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
A                    2  205.0   43.9    5.0     4.9     2.05
B                    2  200.0   45.0    5.0     5.0     2.00
io_load: interactivity probe (audio): wake-up latency, deadlines met
Kernel          [runs]  p50 us  p99 us  max us  dl met%
A                    2  50      1000    6000    99.0
B                    2  50      3050    9000    90.5

TABLE
diff -u want got || fail "probe table"
! grep -q 'probe' "$(sed -n '/^no_load:$/,/^$/p' stdout > nl; echo nl)" || fail "a probe table without probe keys"
expect 0 "$CONTEST" -r -v log
grep -A4 '^io_load: interactivity probe' stdout | grep -q '^  *+-  14  *141  *1414  *0.7$' || fail "-v sd: $(cat stdout)"
expect 0 "$CONTEST" -r -v -c A log
# 2 runs a side: +205% [-2.7, +856] cannot be told from noise (doc/report.md, Verdicts)
grep -q '^ *1000  *3050  *+205% \[  *-2.7,  *+856\]  *latency p99 us$' stdout || fail "-c p99: $(cat stdout)"
grep -q '^ *99.0  *90.5  *-8.6% \[ *-11.5,  *-5.6\]  *deadlines met %$' stdout || fail "-c deadlines met"
