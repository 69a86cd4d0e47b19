# Issue 29, item 12: the reader takes a log's label only as contest
# writes labels: one -k takes, or one made of a kernel release (a byte a
# label may not hold as %XX).  A literal label A#1 (raw, or %23 in the
# log) is reported and skipped as -k refuses it, so beside label A in two
# configurations (rows A#1, A#2) no third row prints A#1, and -c 'A#1'
# compares A#2 with A#1, never A#1 with itself.  A label made of a kernel
# release with a space still reads.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 100 90 5 0 0
	rec A no_load 101 90 5 0 0 jobs=4
	rec 'A#1' no_load 200 90 5 0 0
	rec 'A%231' no_load 300 90 5 0 0
	rec '6.1+rc%2520x' no_load 400 90 5 0 0
} > log
expect 0 "$CONTEST" -r log
[ "$(grep -c '^A#1 ' stdout)" -eq 1 ] && grep -q '^A#1  *1  100.0 ' stdout && grep -q '^A#2  *1  101.0 ' stdout ||
    fail "rows: $(cat stdout)"
grep -q '^6.1+rc%20x  *1  400.0 ' stdout || fail "a label made of a release: $(cat stdout)"
for n in 3 4; do
	grep -q "^log:$n: label 'A#1' is not one contest writes (-k refuses it, and no kernel release makes it)$" stderr ||
	    fail "line $n not said: $(cat stderr)"
done
[ "$(wc -l < stderr)" -eq 2 ] || fail "other messages: $(cat stderr)"
expect 0 "$CONTEST" -r -c 'A#1' log
grep -q '^no_load: A#1 -> A#2: ok runs 1 -> 1' stdout || fail "-c A#1: $(cat stdout)"
grep -q 'A#1 against A#1\|A#1 -> A#1' stdout && fail "A#1 against itself: $(cat stdout)"
expect 2 "$CONTEST" -r -k 'A#1' --verdict A log
true
