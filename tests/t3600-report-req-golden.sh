# The load-latency table, on a hand-made log: under the probe's table of
# each I/O load, per kernel the mean, p99 and max of its requests in ms
# (the logs' us / 1000), the shares over the two thresholds (headed with
# them), and for a load of several processes the slowest against the
# fastest; within 80 columns; -v adds each one's sd; a run timed against
# other thresholds is left out of the shares and said so; a load without
# the keys (process_load) gets no such table.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
r="req_t1=100 req_t2=1000"
{
	rec A no_load 100 90 0 0 0
	rec B no_load 100 90 0 0 0
	rec A read_load 150 90 0 10 500 req_n=600 req_mean=1200.5 req_p50=60 req_p99=20000 req_max=150000 req_over1=0.05 req_over2=0 $r fairness=80 streams=4
	rec A read_load 160 90 0 10 520 req_n=620 req_mean=1400.5 req_p50=70 req_p99=30000 req_max=250000 req_over1=0.15 req_over2=0 $r fairness=90 streams=4
	rec B read_load 170 90 0 10 400 req_n=500 req_mean=2500 req_p50=80 req_p99=90000 req_max=2500000 req_over1=0.9 req_over2=0.2 $r fairness=50 streams=4
	rec B read_load 170 90 0 10 400 req_n=500 req_mean=2600 req_p50=80 req_p99=95000 req_max=1900000 req_over1=1.1 req_over2=0.4 $r fairness=40 streams=4
	rec B read_load 170 90 0 10 400 req_n=500 req_mean=2600 req_p50=80 req_p99=95000 req_max=1900000 req_over1=50 req_over2=10 req_t1=10 req_t2=100 fairness=40 streams=4
	rec A io_load 200 90 0 10 900 req_n=900 req_mean=900 req_p50=100 req_p99=5000 req_max=800000 req_over1=0.1 req_over2=0 $r
	rec B io_load 200 90 0 10 900 req_n=900 req_mean=950 req_p50=110 req_p99=6000 req_max=1200000 req_over1=0.2 req_over2=0.1 $r
	rec A process_load 120 90 0 10 900 unit=kmsg
} > log
expect 0 "$CONTEST" -r log
sed -n '/^read_load:$/,/^$/p' stdout > got
cat > want <<'TABLE'
read_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
A                    2  155.0   58.1    510.0   6.5     1.55
B                    3  170.0   52.9    400.0   5.9     1.70
read_load: the load's own requests (latency in ms, slowest/fastest process)
Kernel          [runs]  mean ms p99 ms  max ms  %>100ms %>1s    slow/fast%
A                    2  1.30    25.00   200.00  0.100   0.000   85.0
B                    3  2.57    93.33   2100.00 1.000   0.300   43.3
B: 1 run timed requests against other thresholds than 100 and 1000 ms; its
  shares over them not counted

TABLE
diff -u want got || fail "read_load's request table"
sed -n '/^io_load: the load/,/^$/p' stdout > got
cat > want <<'TABLE'
io_load: the load's own requests (latency in ms)
Kernel          [runs]  mean ms p99 ms  max ms  %>100ms %>1s
A                    1  0.90    5.00    800.00  0.100   0.000
B                    1  0.95    6.00    1200.00 0.200   0.100

TABLE
diff -u want got || fail "io_load's request table"
awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' stdout || fail "over 80 columns"
! sed -n '/^process_load:$/,/^$/p' stdout | grep -q 'own requests' || fail "process_load has a request table"
! sed -n '/^no_load:$/,/^$/p' stdout | grep -q 'own requests' || fail "no_load has a request table"
expect 0 "$CONTEST" -r -v log
grep -A3 '^read_load: the load' stdout | grep -q '^  *+-  0.14  *7.07  *70.71  *0.071  *0.000  *7.1$' ||
	fail "-v sd: $(grep -A6 '^read_load: the load' stdout)"
