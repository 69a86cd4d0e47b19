# The comparison engine's promises, checked by simulation with a fixed
# seed through the report's own code (tests/verdict-sim.c; doc/report.md,
# Verdicts): logs of two labels, 3 loads and some 60 keys a run, read by
# the model, decided by -c's family and judged by --verdict.  A/A at 3
# and at 5 runs a side, 300 of each: fewer than 5% with any mark of -c,
# fewer than 5% where --verdict exits 1; A/B with a true +5% Time at 2%
# CV and 5 runs under every load: at least 80% called worse by -c and by
# --verdict; in every comparison --verdict exits 1 exactly when -c marks
# a verdict metric or the summary's Time, Ratio or Loads worse (beyond 3%
# with --threshold 3); and A/A sequences of rounds, where stopping at the
# first p < 0.05 ends in a false alarm far more often than stopping on
# the interval's width (--until's rule).  The rates are printed
# (tests/tmp/t3400-verdict-sim.out); `tests/verdict-sim.bin 4000` gives
# the figures of doc/report.md.
. "$(dirname "$0")/lib.sh"
"$top/tests/verdict-sim.bin" 300 sim.log > out || { cat out; fail "a rate is out of bounds"; }
cat out
grep -q '^A/A, 3 runs a side: 300 comparisons' out || fail "no A/A rate at 3 runs"
grep -q '^A/A, 5 runs a side: 300 comparisons' out || fail "no A/A rate at 5 runs"
grep -q '^A/B, 5 runs a side, Time 2% CV, +5% under every load: 300 comparisons' out || fail "no A/B rate"
# the rates themselves, read back: the binary's own bounds are not taken on trust
awk '/^A\/A, [35] runs a side/ { r = $0; sub(/.* any mark of -c, /, "", r); sub(/%.*/, "", r); if (r + 0 >= 5) exit 1; n++ }
    END { exit n != 2 }' out || fail "an A/A rate of -c is not under 5%"
awk '/^A\/A/ { aa = 1 } /^A\/B/ { aa = 0 }
    aa && /^  --verdict/ { r = $0; sub(/.*exit 1 /, "", r); sub(/%.*/, "", r); if (r + 0 >= 5) exit 1; n++ }
    END { exit n != 4 }' out || fail "an A/A rate of --verdict's exit 1 is not under 5%"
awk '/under every load/ { r = $0; sub(/.*-c calls Time worse in /, "", r); sub(/%.*/, "", r); if (r + 0 < 80) exit 1
    getline; v = $0; sub(/.*exit 1 /, "", v); sub(/%.*/, "", v); if (v + 0 < 80) exit 1; n++ }
    END { exit n != 1 }' out || fail "the A/B is called worse in under 80%"
# -c and --verdict agree in every comparison, by the floors and with --threshold 3
[ "$(grep -c '^  --verdict.*; they disagree in 0;' out)" -eq 8 ] || fail "-c and --verdict disagree"
# each test alone at p < 0.05 would mark nearly every A/A comparison
awk '/the rule before/ { r = $0; sub(/.*before: /, "", r); sub(/%.*/, "", r); if (r + 0 < 50) exit 1 }' out ||
    fail "the simulation no longer shows the old rule's false alarms: is it still drawing A/A?"
# --until's reason to stop on precision: peeking at p after every round
# ends in a false alarm far more often than stopping on the interval's width
awk '/^A\/A sequences/ { a = $0; sub(/.*first p < 0.05 ends in a false alarm in /, "", a); sub(/%.*/, "", a)
    b = $0; sub(/.*\(3 rounds at least\) in /, "", b); sub(/%.*/, "", b); n++
    if (!(a + 0 > 2 * (b + 0)) || b + 0 >= 10) exit 1 } END { exit n != 1 }' out ||
    fail "stopping on precision is not far better than stopping on p"
[ -s sim.log ] || fail "no scratch log: did it simulate through the log?"
