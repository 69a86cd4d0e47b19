# The harness's no_load baseline (whether to run no_load, the time a
# run is estimated to take) is the report's: the mean Time of the ok
# no_load runs of the label's configuration that the report divides its
# Ratios by (log_baseline, derive.h).  A run logged as disturbed, or one
# under 1 ms, is no baseline; a run under no_load's old name (noload) is.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -j 8 -k X no_load
nl=$(grep ' load=no_load ' contest.log | grep -v ' prof=1 ')
[ -n "$nl" ] || fail "no no_load record: $(cat contest.log)"
# a record of the same configuration: run N, elapsed E, more keys
like() { printf '%s%s\n' "$(printf '%s\n' "$nl" | sed "s/ run=1 / run=$1 /; s/ elapsed=[^ ]* / elapsed=$2 /")" "${3-}"; }
plan() { expect 0 "$CONTEST" --plan --units 1 -j 8 -k X -l "$1" cacherun; }
says_none() { grep -q "no no_load baseline for 'X' in '$1'" stderr; }
like 2 100 ' disturbed=50.0' > disturbed.log
plan disturbed.log
says_none disturbed.log || fail "a disturbed no_load taken for a baseline: $(cat stderr)"
like 3 0.0004 > short.log
plan short.log
says_none short.log || fail "a no_load under 1 ms taken for a baseline: $(cat stderr)"
like 4 100 | sed 's/ load=no_load / load=noload /' > alias.log
plan alias.log
says_none alias.log && fail "no_load under its old name not taken for a baseline: $(cat stderr)"
# the number: the report's mean of no_load (600 and 1200 counted, not the
# disturbed run nor the short one), and the estimate the harness makes of it
{ like 5 600; like 6 60000 ' disturbed=50.0'; like 7 1200 | sed 's/ load=no_load / load=noload /'
  like 8 0.0005; } > mixed.log
expect 0 "$CONTEST" -r -l mixed.log
grep -q '^X  *2  *900\.0 ' stdout || fail "the report's no_load is not 900 s: $(cat stdout)"
like 9 900 > plain.log
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -j 8 -k X -l mixed.log no_load
grep 'about .* min in all' stderr > mixed.est || fail "no estimate: $(cat stderr)"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -j 8 -k X -l plain.log no_load
grep 'about .* min in all' stderr > plain.est || fail "no estimate: $(cat stderr)"
cmp -s mixed.est plain.est || fail "the harness's baseline is not the report's: $(cat mixed.est) against $(cat plain.est)"
grep -q 'about 15 min' plain.est || fail "a 900 s no_load is not about 15 min: $(cat plain.est)"
