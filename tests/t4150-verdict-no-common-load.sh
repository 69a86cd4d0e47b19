# Issue 29, item 9: --verdict when the two labels ran no load in common
# (no_load aside, the baseline of every round) has nothing to judge: exit
# 2, not 125, so that git bisect run with a wrong load list stops instead
# of skipping every commit; the message names the loads each ran, and
# nothing goes to stdout.  A load both ran is judged as before, the loads
# only one ran get a line each; a candidate that ran no_load alone is
# judged on no_load (the compile alone).
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
runs() {	# runs LABEL DATE LOAD: 3 rounds of no_load and LOAD, Times with a spread
	for t in 100 103 97; do
		rec "$1" no_load "$(awk "BEGIN { print $t / 2 }")" 40 0 0 0 date="$2"
		rec "$1" "$3" "$t" 40 0 10 100 date="$2"
	done
}
{ runs BASE 2026-12-01T10:00:00Z process_load; runs CAND 2026-12-02T10:00:00Z io_load; } > log
expect 2 "$CONTEST" -r --verdict BASE log
grep -q "^contest: --verdict: 'CAND' and 'BASE' ran no load in common (no_load aside): 'CAND' ran io_load, 'BASE' ran process_load" stderr ||
    fail "message: $(cat stderr)"
[ ! -s stdout ] || fail "a verdict printed: $(cat stdout)"
# -k names the candidate: the same
expect 2 "$CONTEST" -r --verdict CAND -k BASE log
grep -q "'BASE' and 'CAND' ran no load in common" stderr || fail "-k: $(cat stderr)"
# one load in common: judged, the others said
{ cat log; runs CAND 2026-12-02T10:00:00Z process_load; } > log2
expect 125 "$CONTEST" -r --verdict BASE log2
grep -q '^process_load: cannot decide: Time ' stdout || fail "process_load not judged: $(cat stdout)"
grep -q "^io_load: not judged: only 'CAND' ran it$" stdout || fail "io_load's line: $(cat stdout)"
# a candidate that ran no_load alone: the compile alone is compared
{ runs BASE 2026-12-01T10:00:00Z process_load; for t in 50 51.5 48.5; do rec CAND no_load $t 40 0 0 0 date=2026-12-02T10:00:00Z; done; } > log3
expect 125 "$CONTEST" -r --verdict BASE log3
grep -q '^no_load: cannot decide: Time +0.0% ' stdout || fail "no_load not judged: $(cat stdout)"
