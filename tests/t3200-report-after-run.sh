# After its runs contest prints the report of the loads it just measured,
# and their Ratio still divides by the label's no_load from earlier runs
# in the same log (only the sections shown are filtered, not the data).
# On a busy machine the harness may log a run as disturbed: the report
# then leaves it out and says so, and the Ratio is checked from the log
# with the disturbed runs counted.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 -k t no_load
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 -k t cacherun
[ "$(grep -c 'load=no_load' contest.log)" -eq 1 ] || fail "no_load ran again"
! grep -q '^no_load:' stdout || fail "no_load shown though not measured"
grep -q '^cacherun:' stdout || fail "no cacherun table: $(cat stdout)"
if grep -q ' disturbed=' contest.log; then
	grep -q 'disturbed' stdout || fail "a disturbed run without its note: $(cat stdout)"
	"$top/tests/report-solo.bin" --disturbed --loads cacherun contest.log > stdout ||
		fail "report of the disturbed runs"
fi
grep -q '^t  *1  [0-9.]*  .* [0-9]\.[0-9][0-9]$' stdout || fail "no Ratio: $(cat stdout)"
