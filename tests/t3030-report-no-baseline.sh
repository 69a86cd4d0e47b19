# A label without an ok no_load run (here its only no_load failed) gets
# Ratio '-' and a note saying why, instead of a number made up from
# another label's baseline.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 100 90 0 0 0
	rec A mem_load 150 90 0 30 10
	rec B no_load 100 90 0 0 0 status=failed reason=compile%20exited%20with%20status%202
	rec B mem_load 120 90 0 30 20
} > log
cat > want <<'TABLE'
mem_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
A                    1  150.0   60.0    10.0    20.0    1.50
B                    1  120.0   75.0    20.0    25.0    -
B: Ratio -: no ok no_load run in this configuration

TABLE
expect 0 "$CONTEST" -r log
sed -n '/^mem_load:/,$p' stdout > got
diff -u want got || fail "no '-' or no note"
