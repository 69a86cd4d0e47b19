# The report restricted to the loads done so far (report_opts.loads), as
# the harness calls it after each section: only those sections, their
# Ratios still found from every record of the log, and cheap enough to
# call after every load: 10 calls on a 100,000-record log take seconds.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 100 90 0 0 0
	rec A io_load 200 90 0 10 5
	rec A process_load 300 90 0 10 5
} > log
expect 0 "$top/tests/report-solo.bin" --loads io_load log
[ "$(grep -c ':$' stdout)" -eq 1 ] && grep -q '^io_load:$' stdout || fail "sections: $(cat stdout)"
grep -q '^A  *1  200.0 .* 2.00$' stdout || fail "Ratio: $(cat stdout)"
expect 0 "$top/tests/report-solo.bin" --loads io_load,process_load log
[ "$(grep -c ':$' stdout)" -eq 2 ] || fail "two sections: $(cat stdout)"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "contest=1 date=2026-12-01T10:00:00Z host=box label=k%d load=%s run=1 status=ok elapsed=100 user=50 sys=5 lcpu=1 units=1 unit=MiB jobs=8 workload=builtin:4 cache=dropped ncpu=2\n", i % 5, i % 2 ? "io_load" : "no_load" }' > big.log
start=$(date +%s)
for i in 1 2 3 4 5 6 7 8 9 10; do
	"$top/tests/report-solo.bin" --loads io_load big.log > /dev/null || fail "run $i"
done
t=$(($(date +%s) - start))
echo "10 reports of 100,000 records: $t s"
[ "$t" -lt 30 ] || fail "too slow to run after each section: $t s"
