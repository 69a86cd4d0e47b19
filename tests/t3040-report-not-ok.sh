# Runs with status failed or invalid are not averaged in; a note under
# the table counts them per label with their decoded reasons.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec 2.6.0 no_load 100 90 0 0 0
	rec 2.6.0 read_load 200 90 0 20 30
	rec 2.6.0 read_load 9999 90 0 20 9999 status=invalid reason=load%20died
	rec 2.6.0 read_load 8888 90 0 20 8888 status=failed reason=compile%20exited%20with%20status%202
	rec 2.6.0 read_load 7777 90 0 20 7777 status=invalid reason=load%20died
} > log
cat > want <<'TABLE'
read_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.6.0                1  200.0   45.0    30.0    10.0    2.00
2.6.0: 2 invalid runs (load died), 1 failed run (compile exited with status 2); not counted

TABLE
expect 0 "$CONTEST" -r log
sed -n '/^read_load:/,$p' stdout > got
diff -u want got || fail "not-ok runs averaged or not noted"
# a load with no ok run at all still shows why
rec 2.6.0 tarc_load 1 1 0 0 1 status=invalid reason=no%20space%20left >> log
expect 0 "$CONTEST" -r log
grep -A2 '^tarc_load:' stdout > got
printf 'tarc_load:\nno ok run\n2.6.0: 1 invalid run (no space left); not counted\n' > want
diff -u want got || fail "failed-only load not shown"
