# contest -r --verdict BASE [--threshold PCT]: the candidate (the newest
# run's label, or -k) against BASE, one line per load and a last line;
# exit 0 when no verdict metric (Time, Ratio, Loads, latency p99) of any
# load is worse beyond the threshold, 1 when one is, 125 when the runs
# cannot decide (git bisect run's skip), 2 when there is nothing to
# judge.  Hand-made logs: GOOD within 0.5% of BASE at 6 runs (each
# interval's worse end inside 3%); BAD's io_load Time +10% at 6 runs;
# FEW with 2 runs of a 10% spread (its intervals reach past any small
# threshold); HELD slower, but others' CPU 30 points higher.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
runs() {	# runs LABEL DATE TIMES...: no_load at 50 s, io_load at each time
	_l=$1 _d=$2
	shift 2
	for t in "$@"; do
		rec "$_l" no_load 50 40 0 0 0 date="$_d" sys_rest=5
		rec "$_l" io_load "$t" 40 0 10 100 date="$_d" sys_rest=5
	done
}
{
	runs BASE 2026-12-01T10:00:00Z 100 101 99 100.5 99.5 100
	runs GOOD 2026-12-02T10:00:00Z 100.2 100.6 99.8 100.1 99.9 100.4
} > good.log
{ cat good.log; runs BAD 2026-12-03T10:00:00Z 110 111 109 110.5 109.5 110; } > bad.log
{ cat good.log; runs FEW 2026-12-03T10:00:00Z 95 105; } > few.log
{ cat good.log; runs HELD 2026-12-03T10:00:00Z 110 111 109 110.5 109.5 110 | sed 's/sys_rest=5/sys_rest=35/'; } > held.log
expect 0 "$CONTEST" -r --verdict BASE --threshold 3 good.log
grep -q '^io_load: not worse: Time +0.2% \[' stdout || fail "io_load's line: $(cat stdout)"
tail -1 stdout | grep -q '^GOOD against BASE: not worse (exit 0)$' || fail "last line: $(cat stdout)"
expect 1 "$CONTEST" -r --verdict BASE bad.log
grep -q '^io_load: worse: Time +10.0% \[+[0-9.]*, +[0-9.]*\] worse, beyond 1%' stdout || fail "BAD: $(cat stdout)"
tail -1 stdout | grep -q '^BAD against BASE: worse (exit 1)$' || fail "last line: $(cat stdout)"
# -k names another candidate than the newest
expect 0 "$CONTEST" -r --verdict BASE --threshold 3 -k GOOD bad.log
expect 125 "$CONTEST" -r --verdict BASE --threshold 3 few.log
grep -q 'may be worse by over 3%' stdout || fail "FEW: $(cat stdout)"
tail -1 stdout | grep -q '^FEW against BASE: the runs cannot decide (exit 125)$' || fail "last line: $(cat stdout)"
expect 125 "$CONTEST" -r --verdict BASE held.log
grep -q "held: others' CPU 5.0% -> 35.0%" stdout || fail "HELD: $(cat stdout)"
# nothing to judge, or wrong companions
expect 2 "$CONTEST" -r --verdict NOSUCH good.log
grep -q "no label 'NOSUCH'" stderr || fail "unknown BASE: $(cat stderr)"
expect 2 "$CONTEST" -r --verdict BASE -k BASE good.log
expect 2 "$CONTEST" -r --verdict BASE nosuch.log
expect 2 "$CONTEST" -r --verdict BASE -c BASE good.log
expect 2 "$CONTEST" -r --threshold 3 good.log
expect 2 "$CONTEST" -r --verdict BASE --threshold 0 good.log
expect 2 "$CONTEST" -r -k GOOD good.log
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
