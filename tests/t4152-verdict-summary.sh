# Issue 29, item 15: --verdict and -c agree.  A candidate 5% slower under
# every load, each load's Time spread so that no load's Time alone is
# marked (its interval reaches past 1%), but the rounds' geometric mean
# known within a fraction of a percent: -c marks the summary's Time worse
# ("over 3 loads, per round"), and --verdict, which judges the summary's
# Time, Ratio and Loads as -c tests them beside each load's verdict
# metrics, says worse (exit 1, where it said "cannot decide", 125).  With
# --threshold 3 still worse (+5.0% is beyond 3%); with --threshold 6 the
# summary's mark is not beyond the threshold, and its line says so.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
# the Time of each load in each round, x the base (50, 100, 120 s): the
# rounds' products nearly equal, each load's spread about 3.5%
side() {	# side LABEL DATE FACTOR
	awk -v f="$3" 'BEGIN {
		split("0.95 1.05 1.00 0.97 1.03", a); split("1.05 0.97 0.95 1.03 1.00", b)
		split("1.00 0.98 1.05 1.00 0.97", c)
		for (r = 1; r <= 5; r++)
			printf "%d no_load %.4f\n%d process_load %.4f\n%d io_load %.4f\n", r, 50 * a[r] * f,
			    r, 100 * b[r] * f, r, 120 * c[r] * f }' |
	while read -r r ld t; do
		if [ "$ld" = no_load ]; then u=0; else u=100; fi
		rec "$1" "$ld" "$t" 40 0 10 "$u" date="$2" inv=1.$1 round="$r"
	done
}
{ side BASE 2026-12-01T10:00:00Z 1; side CAND 2026-12-02T10:00:00Z 1.05; } > log
# flat: stdout with the notes' wrapped lines joined
flat() { awk '/^  / { sub(/^  /, " "); printf "%s", $0; next } NR > 1 { print "" } { printf "%s", $0 } END { print "" }' stdout; }
expect 0 "$CONTEST" -r -c BASE log
grep -q '^  Time      +5.0% \[ *+[0-9.]*, *+[0-9.]*\] worse   over 3 loads, per round$' stdout ||
    fail "-c does not mark the summary's Time worse: $(cat stdout)"
for l in no_load process_load io_load; do
	sed -n "/^$l: BASE -> CAND/,/^\$/p" stdout | grep -q ' worse ' && fail "-c marks $l: $(cat stdout)"
done
expect 1 "$CONTEST" -r --verdict BASE log
flat | grep -q '^geometric means over the loads: worse: Time +5.0% \[+[0-9.]*, +[0-9.]*\] worse, beyond 1%' ||
    fail "no summary line: $(cat stdout)"
flat | grep -q '^io_load: cannot decide: Time +5.0% \[+[0-9.]*, +[0-9.]*\] may be worse by over 1%' ||
    fail "io_load's line: $(cat stdout)"
tail -1 stdout | grep -q '^CAND against BASE: worse (exit 1)$' || fail "last line: $(cat stdout)"
expect 1 "$CONTEST" -r --verdict BASE --threshold 3 log
flat | grep -q '^geometric means over the loads: worse: Time +5.0% \[+[0-9.]*, +[0-9.]*\] worse, beyond 3%' ||
    fail "--threshold 3: $(cat stdout)"
expect 125 "$CONTEST" -r --verdict BASE --threshold 6 log
flat | grep -q 'Time +5.0% \[+[0-9.]*, +[0-9.]*\] worse, within 6%' || fail "--threshold 6: $(cat stdout)"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
