# --until PCT adds rounds until every load's Ratio (no_load alone: its
# Time) is known within PCT, or --max-rounds or --max-time runs out; a
# progress line after each round gives the half-width so far, and the
# last line says why contest stopped.  --against LABEL: the interval of
# the change against LABEL, and at the end whether it is beyond the
# margin, within it, or undecided: against a label of the same box and
# kernel it is never called different by 100%; on a log where LABEL's
# Time is known to be 500 times this box's (hand-made records in this
# configuration) it is different.  Bad companions are refused.
. "$(dirname "$0")/lib.sh"
run() { "$CONTEST" --units 1 --lead 0 --probe off "$@" no_load; }
# a margin no box meets at 2 rounds: --max-rounds stops it, and the
# answer is not clear: exit 125 (the runs are logged all the same)
expect 125 run -n 1 --until 0.1 --max-rounds 2 -k A
grep -q '^contest: after round 1: Time half-width: no_load -; until +-0.1%$' stderr ||
    fail "no progress line: $(cat stderr)"
grep -q '^contest: after round 2: Time half-width: no_load +-[0-9.]*%; until +-0.1%$' stderr ||
    fail "no half-width after round 2: $(cat stderr)"
tail -1 stderr | grep -q '^contest: stopped after 2 rounds: --max-rounds reached; the answer is not clear (exit 125)$' ||
    fail "the last line does not say why: $(cat stderr)"
[ "$(grep -c ' status=ok ' contest.log)" -eq 2 ] || fail "not 2 runs: $(cat contest.log)"
# a margin any box meets with A's runs and one more (t(0.975, 2) x sd / sqrt(3) <= 100%
# for any spread under 40%): it stops on precision
expect 0 run -n 1 --until 100 --max-rounds 2 -k A
tail -1 stderr | grep -q '^contest: stopped after 1 round: every Ratio is known within the margin$' ||
    fail "not stopped on precision: $(cat stderr)"
# against A (the same box and kernel): never different by 100%;
# equivalent exits 0, undecided 125
run -n 2 --until 100 --max-rounds 2 --against A -k C > stdout 2> stderr
rc=$?
grep -q "^contest: after round 2: Time's change against A half-width: no_load +-" stderr || fail "$(cat stderr)"
if grep -q '^contest: no_load against A: Time [-+][0-9.]*% \[[-+][0-9.]*, [-+][0-9.]*\]: equivalent, within' stderr; then
	[ $rc -eq 0 ] || fail "equivalent, exit $rc"
elif grep -q '^contest: no_load against A: Time [-+][0-9.]*% \[[-+][0-9.]*, [-+][0-9.]*\]: undecided' stderr; then
	[ $rc -eq 125 ] || fail "undecided, exit $rc"
	tail -1 stderr | grep -q 'the answer is not clear (exit 125)$' || fail "$(cat stderr)"
else
	fail "no verdict against A: $(cat stderr)"
fi
# against a label 500 times slower, in this configuration: different
line=$(grep ' label=A ' contest.log | grep -v snapshot | head -1)
e=$(val "$line" elapsed)
for i in 1 2 3; do
	printf '%s\n' "$line" | sed "s/ label=A / label=SLOW /; s/ elapsed=[0-9.]* / elapsed=$(awk "BEGIN { print $e * 500 + $i }") /; s/ inv=[^ ]* / inv=1.$i /"
done >> contest.log
expect 0 run -n 1 --until 20 --max-rounds 1 --against SLOW -k C
grep -q '^contest: no_load against SLOW: Time -[0-9.]*% \[[-+][0-9.]*, -[0-9.]*\]: different, beyond the margin$' stderr ||
    fail "SLOW not different: $(cat stderr)"
tail -1 stderr | grep -q '^contest: stopped after 1 round: ' || fail "the last line does not say why: $(cat stderr)"
# companions
expect 2 run --max-rounds 3 -k E
grep -q 'go with --until' stderr || fail "--max-rounds without --until: $(cat stderr)"
expect 2 run --until 0 -k E
expect 2 run --until 5 --against NOSUCH -k E
grep -q "no ok run of 'NOSUCH'" stderr || fail "unknown --against: $(cat stderr)"
expect 2 run --until 5 -n 5 --max-rounds 3 -k E
expect 2 "$CONTEST" -r --until 5
[ "$(grep -c ' label=E ' contest.log)" -eq 0 ] || fail "a refused command ran"
