# Issue 29, item 4: with -r, -k names --verdict's candidate as -c names
# a row: BASE#2 is taken (it is not a label to log), a bare label of two
# configurations is refused with its rows listed (exit 2); with no -k
# the candidate is the newest run's label, and when that one is
# ambiguous the message says so, never blaming a -k that was not given.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	for i in 1 2 3; do
		rec NEW no_load 10$i 90 0 0 0 inv=$i.1 round=1 date=2026-12-01T10:00:0${i}Z
		rec BASE no_load 10$i 90 0 0 0 inv=$i.2 round=1 date=2026-12-01T11:00:0${i}Z
		rec BASE no_load 5$i 90 0 0 0 jobs=16 inv=$i.3 round=1 date=2026-12-01T12:00:0${i}Z
	done
} > log
"$CONTEST" -r --verdict NEW -k 'BASE#2' log > stdout 2> stderr
rc=$?
[ $rc -ne 2 ] || fail "-k BASE#2 refused: $(cat stderr)"
grep -q '^BASE#2 against NEW: ' stdout || fail "-k BASE#2 not judged: $(cat stdout stderr)"
expect 2 "$CONTEST" -r --verdict NEW -k BASE log
grep -q "^contest: -k: label 'BASE' ran in 2 configurations: name one of them, BASE#1 to BASE#2:$" stderr ||
	fail "ambiguous -k: $(cat stderr)"
grep -q '^  BASE#2: host=box kernel=6.1.0 jobs=16 ' stderr || fail "rows not listed: $(cat stderr)"
expect 2 "$CONTEST" -r --verdict 'BASE#1' -k 'BASE#3' log
grep -q "^contest: -k: no label 'BASE#3' in the logs$" stderr || fail "-k BASE#3: $(cat stderr)"
# no -k: the newest run's label, BASE, is ambiguous
expect 2 "$CONTEST" -r --verdict NEW log
grep -q "^contest: --verdict: the newest run's label, the candidate when no -k is given: label 'BASE' ran in 2 configurations" stderr ||
	fail "no -k: $(cat stderr)"
grep -q '^contest: -k' stderr && fail "blames -k: $(cat stderr)"
# -k in a run still names the label written: no '#'
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -k 'BASE#2' no_load
grep -q "^contest: -k LABEL 'BASE#2': " stderr || fail "run -k BASE#2: $(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
