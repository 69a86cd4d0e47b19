# Without an ok no_load for the label, contest runs no_load first (same run
# count) and says so; with one in the log it does not; --no-baseline skips.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 -k base cacherun
grep -q "running no_load" stderr || fail "not said: $(cat stderr)"
[ "$(grep -c 'load=no_load' contest.log)" -eq 1 ] || fail "no baseline run"
[ "$(grep -c 'load=cacherun' contest.log)" -eq 1 ] || fail "no cacherun run"
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 -k base cacherun
grep -q "running no_load" stderr && fail "baseline run again"
[ "$(grep -c 'load=no_load' contest.log)" -eq 1 ] || fail "baseline run again"
# another label, or another workload, has no baseline yet
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 -k other --no-baseline cacherun
grep -q "running no_load" stderr && fail "--no-baseline ignored"
[ "$(grep -c 'label=other load=no_load' contest.log)" -eq 0 ] || fail "--no-baseline ignored"
grep -q "^cacherun:" stdout || fail "no table"
