# Issue 29, item 6: --req-t1 and --req-t2 are refused (exit 2, nothing
# made) unless the log can hold them as given, in 3 decimals of a ms
# from 0.001: 1e-300 was logged as req_t1=0.000, 0.0001 and 0.0002 as
# two equal thresholds.  And the report takes a record's thresholds from
# its keys, never 0 for "none": a run logged with req_t1=0.000 (older
# contest) keeps its request table, and its shares are never averaged
# with those of runs timed against 100 and 1000 ms.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
for v in 1e-300 0.0001 0.0015 100.0001 0x10 .5; do
	expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --req-t1 "$v" --req-t2 600000 --no-baseline -k t io_load
	grep -qxF "contest: --req-t1 MS must be milliseconds from 0.001 to 600000 in at most 3 decimals (the log keeps them to a microsecond), not '$v'" stderr ||
		fail "--req-t1 $v: $(cat stderr)"
done
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --req-t1 0.0001 --req-t2 0.0002 --no-baseline -k t io_load
expect 2 "$CONTEST" --plan --req-t1 1e-300 io_load
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
# what the log can hold is taken as given
expect 0 "$CONTEST" --plan --req-t1 0.001 --req-t2 1.500 io_load
q="req_n=600 req_mean=1200 req_p50=60 req_p99=20000 req_max=48000"
{
	rec A no_load 100 90 0 0 0
	rec A io_load 150 90 0 10 500 $q req_over1=100 req_over2=100 req_t1=0.000 req_t2=0.000 date=2026-12-01T10:00:01Z
} > zero.log
expect 0 "$CONTEST" -r zero.log
grep -q "^io_load: the load's own requests" stdout || fail "the request table vanished: $(cat stdout)"
grep -q '^A  *1  1.20  *20.00  *48.00  *100.000 100.000$' stdout || fail "zero.log: $(cat stdout)"
{
	cat zero.log
	rec A io_load 150 90 0 10 500 $q req_over1=0 req_over2=0 req_t1=100 req_t2=1000 date=2026-12-01T10:00:02Z
	rec A io_load 150 90 0 10 500 $q req_over1=0 req_over2=0 req_t1=100 req_t2=1000 date=2026-12-01T10:00:03Z
} > mixed.log
expect 0 "$CONTEST" -r mixed.log
grep -q '33\.3' stdout && fail "shares over two sets of thresholds averaged: $(cat stdout)"
grep -q '^A: 2 runs timed requests against other thresholds than 0 and 0 ms' stdout ||
	fail "mixed.log: $(cat stdout)"
