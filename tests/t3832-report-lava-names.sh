# --format lava's NAME, ROW.LOAD.METRIC, by the man page's rule: in a row's
# name letters, digits, '.' and '-' stay, '_' is doubled and every other
# byte is '_' and its two hex digits ('+', '#' of LABEL#N, the '%' of a
# made label, each byte of UTF-8); a load contest writes ([a-z0-9_]) stays,
# another is X and its bytes the same way, '.' too.  Labels that a
# lesser rule would give one name (6.8.0+ and 6.8.0_2b) keep two.
# (a%2520b in the log is the label a%20b, which contest makes of the
# release "a b".)
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	for l in 6.8.0+ 6.8.0_2b my_kernel ядро a%2520b; do
		rec "$l" no_load 100 90 5 0 0
		rec "$l" io_load 150 90 5 10 200
	done
	rec A no_load 100 90 5 0 0 jobs=4
	rec A no_load 100 90 5 0 0 jobs=8
	rec B no_load 100 90 5 0 0
	rec B io.load 150 90 5 10 200
	rec B IO 150 90 5 10 200
} > log
expect 0 "$CONTEST" -r --format lava log
awk '{ print $1 }' stdout | sed 's/\.[a-z0-9_]*$//' | sort -u > got
sort > want <<'EOT'
6.8.0_2b.io_load
6.8.0_2b.no_load
6.8.0__2b.io_load
6.8.0__2b.no_load
A_231.no_load
A_232.no_load
B.XIO
B.Xio_2eload
B.no_load
_d1_8f_d0_b4_d1_80_d0_be.io_load
_d1_8f_d0_b4_d1_80_d0_be.no_load
a_2520b.io_load
a_2520b.no_load
my__kernel.io_load
my__kernel.no_load
EOT
cmp -s want got || fail "names (< want, > got):
$(diff want got)"
grep -qx '6.8.0_2b.io_load.time pass 150.0000 s' stdout || fail "no time line: $(head -3 stdout)"
