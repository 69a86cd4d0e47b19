# The io_load table of seed 000 (Paolo Ciarrocchi, contest 0.50, Oct 2002)
# from a hand-made log: three runs a kernel whose means are the seed's
# Time, CPU%, Loads and LCPU%, and -b ref, a reference no_load of mean
# 128.0 s, gives its Ratios (461.0 / 128.0 = 3.6016 -> 3.60, 235.4 / 128.0
# = 1.8391 -> 1.84, 293.6 / 128.0 = 2.2938 -> 2.29, 269.4 / 128.0 = 2.1047
# -> 2.10).  CPU% of a run is (user + sys) / elapsed x 100 (28% of 460 s
# is 128.8 s); LCPU% is lcpu / elapsed x 100.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec ref no_load 127.000 118.190 5.000 0 0
	rec ref no_load 128.000 119.160 5.000 0 0
	rec ref no_load 129.000 120.130 5.000 0 0
	rec 2.4.19 io_load 460.000 120.800 8.000 36.800 45
	rec 2.4.19 io_load 461.000 121.080 8.000 36.880 46
	rec 2.4.19 io_load 462.000 121.360 8.000 36.960 47
	rec 2.4.19-0.24pre4 io_load 235.000 119.250 10.000 23.500 25
	rec 2.4.19-0.24pre4 io_load 235.400 119.470 10.000 23.540 26
	rec 2.4.19-0.24pre4 io_load 235.800 119.690 10.000 23.580 27
	rec 2.5.40 io_load 293.000 121.850 10.000 23.440 24
	rec 2.5.40 io_load 293.600 122.120 10.000 23.488 25
	rec 2.5.40 io_load 294.200 122.390 10.000 23.536 26
	rec 2.5.40-nopree io_load 269.000 124.500 10.000 18.830 19
	rec 2.5.40-nopree io_load 269.400 124.700 10.000 18.858 20
	rec 2.5.40-nopree io_load 269.800 124.900 10.000 18.886 21
} > seed.log
cat > want <<'TABLE'
no_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
ref                  3  128.0   97.0    0.0     0.0     1.00

io_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
2.4.19               3  461.0   28.0    46.0    8.0     3.60
2.4.19-0.24pre4      3  235.4   55.0    26.0    10.0    1.84
2.5.40               3  293.6   45.0    25.0    8.0     2.29
2.5.40-nopree        3  269.4   50.0    20.0    7.0     2.10

TABLE
expect 0 "$CONTEST" -r -b ref seed.log
diff -u want stdout || fail "table differs from the seed's"
[ ! -s stderr ] || fail "unexpected messages: $(cat stderr)"
