# Issue 29, item 3: --until --against names a row as -c does.  A label
# the log holds in two configurations (BASE run with -j 1 and -j 2) is
# ambiguous: exit 2 before any run, the message listing its rows and what
# sets them apart; BASE#1 is taken, and the rounds measure against it;
# BASE#3 (no such row) and a row of the label being measured are refused.
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
run() { "$CONTEST" -s tree --lead 0 --probe off "$@"; }
expect 0 run -n 2 -j 1 -k BASE no_load
expect 0 run -n 2 -j 2 -k BASE no_load
cp contest.log base.log
expect 2 run -n 2 --until 5 --max-rounds 3 --against BASE -k NEW no_load
grep -q "^contest: --against: label 'BASE' ran in 2 configurations: name one of them, BASE#1 to BASE#2:$" stderr ||
	fail "not refused as ambiguous: $(cat stderr)"
grep -q '^  BASE#1: host=.* jobs=1 workload=' stderr && grep -q '^  BASE#2: host=.* jobs=2 workload=' stderr ||
	fail "the rows are not listed: $(cat stderr)"
grep -q 'starting' stderr && fail "a run started: $(cat stderr)"
cmp -s contest.log base.log || fail "the log changed"
# a row name: accepted, measured against (the answer, 0 or 125, is the runs')
run -n 2 --until 0.1 --max-rounds 2 --against 'BASE#1' -k NEW no_load > stdout 2> stderr
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 125 ] || fail "--against BASE#1: exit $rc: $(cat stderr)"
grep -q "^contest: after round 2: Time's change against BASE#1 half-width: no_load +-" stderr ||
	fail "no progress against BASE#1: $(cat stderr)"
grep -q '^contest: no_load against BASE#1: Time ' stderr || fail "no answer against BASE#1: $(cat stderr)"
[ "$(grep -c ' label=NEW .* status=ok' contest.log)" -eq 2 ] || fail "not 2 runs of NEW"
cp base.log contest.log
expect 2 run -n 2 --until 5 --against 'BASE#3' -k NEW no_load
grep -q "no ok run of 'BASE#3'" stderr || fail "BASE#3: $(cat stderr)"
expect 2 run -n 2 --until 5 --against 'BASE#1' -k BASE no_load
grep -q "'BASE#1' is the label being measured" stderr || fail "BASE#1 of BASE: $(cat stderr)"
cmp -s contest.log base.log || fail "a refused command ran"
