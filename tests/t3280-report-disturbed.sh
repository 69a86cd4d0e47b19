# A run logged with disturbed= (others used that share of the CPUs) is
# left out of every mean and counted in a note under its row; the
# report's --disturbed counts it.  The note gives the largest share of the row's disturbed runs.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec 2.6.0 no_load 100 90 0 0 0
	rec 2.6.0 io_load 200 90 0 10 5
	rec 2.6.0 io_load 400 90 0 10 5 disturbed=23.4
	rec 2.6.0 io_load 500 90 0 10 5 disturbed=31
	rec 2.6.1 io_load 300 90 0 10 5 disturbed=12
} > log
expect 0 "$CONTEST" -r log
# notes wrap at 79 columns: read them joined
sed -i ':a;N;$!ba;s/\n  \([^ ]\)/ \1/g' stdout
grep -q '^2.6.0  *1  200.0 ' stdout || fail "disturbed runs counted: $(cat stdout)"
grep -q '^2.6.0: 2 runs disturbed (others used up to 31% of the CPUs); not counted; --disturbed counts them$' stdout ||
	fail "note: $(cat stdout)"
grep -q '^2.6.1: 1 run disturbed (others used 12% of the CPUs); not counted; --disturbed counts them$' stdout ||
	fail "note of one run: $(cat stdout)"
expect 0 "$CONTEST" -r --disturbed log
grep -q '^2.6.0  *3  366.7 ' stdout || fail "--disturbed: not counted: $(cat stdout)"
grep -q '^2.6.1  *1  300.0 ' stdout || fail "--disturbed: 2.6.1: $(cat stdout)"
! grep -q 'disturbed' stdout || fail "--disturbed: a note still"
expect 0 "$top/tests/report-solo.bin" --json log
python3 -c 'import json, sys; g = json.load(open(sys.argv[1]))["groups"]; assert [x["disturbed"] for x in g] == [0, 2, 1], g' stdout ||
	fail "json disturbed counts"
expect 2 "$CONTEST" --disturbed no_load
grep -q 'go with -r' stderr || fail "--disturbed without -r: $(cat stderr)"
