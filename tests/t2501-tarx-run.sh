# tarx_load under a tiny compile: status=ok, units > 0, lcpu > 0, its
# log notes, and no file of it left in the work directory.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 4 --lead 0 --size 8M --no-baseline -d w -k test tarx_load
line=$(cat contest.log)
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = MiB ] || fail "unit: $line"
fcmp "$(val "$line" units)" '>' 0 || fail "no units: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no lcpu: $line"
[ "$(val "$line" tree)" = generated ] || fail "no tree note: $line"
[ -n "$(val "$line" archive)" ] || fail "no archive note: $line"
[ -z "$(ls -d w/contest-run.* 2>/dev/null)" ] || fail "run directory left: $(ls -d w/contest-run.*)"
