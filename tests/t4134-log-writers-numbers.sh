# Issue 29, item 14 (the reader's part): the log's reader takes a number
# only as writers write one (digits, perhaps a '.' and digits; '-' only
# in printf's -0.000): hex (elapsed=0x10 was 16 s), hex floats (0x1p3 was
# 8 s), exponents, '+', a leading tab are bad numbers, and a record that
# starts with a space is refused; each is reported and skipped.  A
# profile record whose listed kernel samples (ksym, prof_unknown) or
# parts (prof_job .. prof_rest) exceed prof_kernel, or usym prof_user, is
# malformed: no share of 19417% is printed.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
tab=$(printf '\t')
{
	rec A no_load 100 90 5 0 0
	rec A io_load 0x10 90 5 0 0
	rec A io_load 0x1p3 90 5 0 0
	rec A io_load 1e2 90 5 0 0
	rec A io_load +100 90 5 0 0
	rec A io_load "${tab}100" 90 5 0 0
	rec A io_load 150 90 5 0 0 lat_p99=0x10
	printf ' %s\n' "$(rec A io_load 150 90 5 0 0)"
	rec A io_load 150.000 90 5 0 -0.000
	prof A no_load 100 1000 10 900 0 100 194170:f,300:g
	prof A no_load 100 1000 10 900 500 100 600:f
	prof A no_load 100 1000 10 900 0 100 600:f prof_unknown=500
	prof A no_load 100 1000 10 900 0 100 600:f usym=6:cc1 | sed 's/ prof_user=0 / prof_user=5 /'
	prof A no_load 100 1000 10 800 0 100 500:f,300:g prof_unknown=100
} > log
expect 0 "$CONTEST" -r -p log
for n in 2 3 4 5 7; do
	grep -q "^log:$n: bad number '[a-z_0-9]*=[^']*' (want 0 to 1e+12)$" stderr || fail "line $n: $(cat stderr)"
done
grep -q "^log:6: a tab at byte " stderr || fail "the tab: $(cat stderr)"
grep -q "^log:8: record starts with a space$" stderr || fail "line 8: $(cat stderr)"
grep -q "^log:10: ksym and prof_unknown count 194470 kernel samples, over prof_kernel=1000$" stderr ||
    fail "line 10: $(cat stderr)"
grep -q "^log:11: prof_job, prof_load, prof_probe and prof_rest add up to 1500, over prof_kernel=1000$" stderr ||
    fail "line 11: $(cat stderr)"
grep -q "^log:12: ksym and prof_unknown count 1100 kernel samples" stderr || fail "line 12: $(cat stderr)"
grep -q "^log:13: usym counts 6 user samples, over prof_user=5$" stderr || fail "line 13: $(cat stderr)"
[ "$(wc -l < stderr)" -eq 11 ] || fail "other messages: $(cat stderr)"
grep -q '^A  *1  150.0 ' stdout || fail "io_load: $(cat stdout)"
grep -q '^A: 1 runs, --profile kernel$\|^A: 1 run, --profile kernel$' stdout || fail "profiles: $(cat stdout)"
grep -q '  50.00%  *- .* f$' stdout || fail "f's share: $(grep ' f$' stdout)"
