# Records of one label with different jobs, workload, config (or host)
# are never averaged together: each configuration is its own row,
# LABEL#N, its Ratio divides by the no_load of the same configuration,
# and a note at the end says what each LABEL#N is.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec 2.6.0 no_load 100 90 0 0 0
	rec 2.6.0 io_load 300 90 0 30 10
	rec 2.6.0 no_load 50 45 0 0 0 jobs=16
	rec 2.6.0 io_load 75 45 0 15 20 jobs=16
	rec 2.6.0 io_load 400 90 0 40 5 workload=/usr/src/linux config=0123456789abcdef
} > log
cat > want <<'TABLE'
no_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.6.0#1              1  100.0   90.0    0.0     0.0     1.00
2.6.0#2              1  50.0    90.0    0.0     0.0     1.00

io_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.6.0#1              1  300.0   30.0    10.0    10.0    3.00
2.6.0#2              1  75.0    60.0    20.0    20.0    1.50
2.6.0#3              1  400.0   22.5    5.0     10.0    -
2.6.0#3: Ratio -: no ok no_load run in this configuration

Rows LABEL#N: one label logged with different host, kernel, jobs,
workload, kernel config or page cache dropping; never averaged together:
  2.6.0#1: host=box kernel=6.1.0 jobs=8 workload=builtin:4 config=- drop=yes
  2.6.0#2: host=box kernel=6.1.0 jobs=16 workload=builtin:4 config=- drop=yes
  2.6.0#3: host=box kernel=6.1.0 jobs=8 workload=/usr/src/linux config=0123456789abcdef drop=yes
TABLE
expect 0 "$CONTEST" -r log
diff -u want stdout || fail "configurations mixed"
# -b names a configuration; the bare label is ambiguous
expect 0 "$CONTEST" -r -b '2.6.0#2' log
grep -q '^2.6.0#1 .* 6.00$' stdout || fail "-b 2.6.0#2: $(cat stdout)"
expect 1 "$CONTEST" -r -b 2.6.0 log
grep -q "label '2.6.0' ran in 3 configurations" stderr || fail "ambiguous -b: $(cat stderr)"
