# lslr_load under a tiny compile, walking / by default: status=ok,
# units > 0, lcpu > 0, walk=/ noted, no run directory left.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 4 --lead 0 --no-baseline -d w -k test lslr_load
line=$(cat contest.log)
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = kentries ] || fail "unit: $line"
fcmp "$(val "$line" units)" '>' 0 || fail "no units: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no lcpu: $line"
[ "$(val "$line" walk)" = / ] || fail "no walk note: $line"
[ -z "$(ls -d w/contest-run.* 2>/dev/null)" ] || fail "run directory left"
