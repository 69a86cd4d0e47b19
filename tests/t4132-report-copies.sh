# Issue 29, item 5: a run read twice (a log named twice, a log merged
# with its copy or backup) counts once, in every view and in --verdict,
# its kernel profile too; the report says how many duplicate records it
# dropped: a note in the text views, "duplicates" in JSON (the whole and
# per group) and a last CSV column.  A run is its identity (host, label,
# configuration, load, inv, date, end, run, round): two runs that differ
# in any of these both count.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	for r in 1 2 3; do
		rec A no_load $((98 + 2 * r)) 90 5 0 0 inv=a round=$r
		prof A no_load $((98 + 2 * r)) 1000 10 900 0 100 600:f,300:g inv=a round=$r
	done
	for r in 1 2 3; do rec B no_load $((102 + 2 * r)).5 90 5 0 0 inv=b round=$r; done
} > v.log
# the issue's case: the runs cannot decide, however often the log is named
expect 125 "$CONTEST" -r --verdict A -k B v.log
expect 125 "$CONTEST" -r --verdict A -k B v.log v.log v.log v.log
cat v.log v.log > merged.log
for logs in "v.log v.log" merged.log; do
	expect 0 "$CONTEST" -r -p $logs
	grep -q '^A  *3  102.0 ' stdout && grep -q '^B  *3  106.5 ' stdout || fail "$logs: $(cat stdout)"
	grep -q '^A: 3 runs, --profile kernel$' stdout || fail "$logs: profiles: $(grep runs, stdout)"
	grep -q '^note: 9 duplicate records dropped: runs read before (a log named twice, or$' stdout ||
	    fail "$logs: no note: $(tail -3 stdout)"
	[ ! -s stderr ] || fail "$logs: $(cat stderr)"
done
expect 0 "$CONTEST" -r -c A v.log v.log
grep -q 'note: 9 duplicate records dropped' stdout || fail "-c: no note"
expect 0 "$CONTEST" -r v.log
grep -q 'duplicate' stdout && fail "a note without copies: $(cat stdout)"
# JSON and CSV: the number, minimal
expect 0 "$CONTEST" -r --format json merged.log
grep -q '^  "duplicates": 9,$' stdout || fail "JSON: $(grep duplicates stdout)"
[ "$(grep -c '"runs": 3, "failed": 0, "invalid": 0, "disturbed": 0, "duplicates": 3,' stdout)" -eq 2 ] ||
    fail "JSON groups: $(grep '"runs"' stdout)"
expect 0 "$CONTEST" -r --format csv merged.log
head -n 1 stdout | grep -q ',duplicates$' && [ "$(grep -c ',3$' stdout)" -eq 2 ] ||
    fail "CSV: $(cut -c1-40 stdout) ... $(awk -F, '{ print $NF }' stdout)"
# another run of each is no copy: a record differing in run, round, inv,
# date, end or configuration counts
{
	cat v.log
	sed -n 1p v.log | sed 's/ run=[0-9]* / run=99 /'
	sed -n 1p v.log | sed 's/ round=1/ round=9/'
	sed -n 1p v.log | sed 's/ inv=a/ inv=z/'
	sed -n 1p v.log | sed 's/date=2026-12-01T10:00:00Z/date=2026-12-01T10:00:01Z/'
	sed -n 1p v.log | sed 's/ label=A / label=A end=2026-12-01T10:02:00Z /'
	sed -n 1p v.log | sed 's/ jobs=8 / jobs=4 /'
} > other.log
expect 0 "$CONTEST" -r other.log
grep -q '^A#1  *8 ' stdout && grep -q '^A#2  *1 ' stdout || fail "other runs: $(cat stdout)"
grep -q 'duplicate' stdout && fail "other runs dropped: $(cat stdout)"
true
