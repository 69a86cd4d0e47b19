# The comparison engine's promises, checked by simulation with a fixed
# seed (tests/verdict-sim.c; doc/report.md, Verdicts): A/A comparisons of
# about 40 metrics under 3 loads at 3 and at 5 runs a side, 1000 of each,
# fewer than 5% of them with any mark; A/B comparisons with a true +5%
# Time at 2% CV and 5 runs, at least 80% of them calling Time worse;
# and A/A sequences of rounds, where stopping at the first p < 0.05 ends
# in a false alarm far more often than stopping on the interval's width
# (--until's rule).  The rates are printed (tests/tmp/t3400-verdict-sim.out).
. "$(dirname "$0")/lib.sh"
"$top/tests/verdict-sim.bin" 1000 > out || { cat out; fail "a rate is out of bounds"; }
cat out
grep -q '^A/A, 3 runs a side: 1000 comparisons' out || fail "no A/A rate at 3 runs"
grep -q '^A/A, 5 runs a side: 1000 comparisons' out || fail "no A/A rate at 5 runs"
grep -q '^A/B, 5 runs a side, Time 2% CV, +5% under every load: 1000 comparisons' out || fail "no A/B rate"
# the rates themselves, read back: the binary's own bounds are not taken on trust
awk '/^A\/A, [35] runs a side/ { r = $0; sub(/.* any mark, /, "", r); sub(/%.*/, "", r); if (r + 0 >= 5) exit 1; n++ }
    END { exit n != 2 }' out || fail "an A/A rate is not under 5%"
awk '/under every load/ { r = $0; sub(/.*comparisons, /, "", r); sub(/%.*/, "", r); if (r + 0 < 80) exit 1; n++ }
    END { exit n != 1 }' out || fail "the A/B rate is under 80%"
# each test alone at p < 0.05 would mark nearly every A/A comparison
awk '/the rule before/ { r = $0; sub(/.*before: /, "", r); sub(/%.*/, "", r); if (r + 0 < 50) exit 1 }' out ||
    fail "the simulation no longer shows the old rule's false alarms: is it still drawing A/A?"
# --until's reason to stop on precision: peeking at p after every round
# ends in a false alarm far more often than stopping on the interval's width
awk '/^A\/A sequences/ { a = $0; sub(/.*first p < 0.05 ends in a false alarm in /, "", a); sub(/%.*/, "", a)
    b = $0; sub(/.*\(3 rounds at least\) in /, "", b); sub(/%.*/, "", b); n++
    if (!(a + 0 > 2 * (b + 0)) || b + 0 >= 10) exit 1 } END { exit n != 1 }' out ||
    fail "stopping on precision is not far better than stopping on p"
