# no_load and cacherun end to end: four ok records with every required key
# and sane values, beside one snapshot of the box.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 2 --units 4 --lead 0 -k test no_load cacherun
[ "$(wc -l < contest.log)" -eq 5 ] || fail "log has $(wc -l < contest.log) lines, not 5"
[ "$(grep -c '^contest=1 snapshot=1 ' contest.log)" -eq 1 ] || fail "no snapshot: $(cat contest.log)"
grep -v ' snapshot=1 ' contest.log > runs
grep -q '^no_load:' stdout || fail "no no_load table"
grep -q '^cacherun:' stdout || fail "no cacherun table"
while read -r line; do
	for k in contest date host label load run status elapsed user sys lcpu units unit jobs workload cache ncpu; do
		[ -n "$(val "$line" $k)" ] || fail "key $k missing: $line"
	done
	[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
	e=$(val "$line" elapsed) u=$(val "$line" user) s=$(val "$line" sys) n=$(val "$line" ncpu)
	fcmp "$e" '>' 0 || fail "elapsed $e"
	fcmp "$u + $s" '>' 0 || fail "user+sys 0"
	fcmp "($u + $s) / $e * 100" '<=' "100 * $n" || fail "CPU% over 100 x ncpu: $line"
	case "$(val "$line" load)" in
	cacherun) [ "$(val "$line" cache)" = warm ] || fail "cacherun not warm" ;;
	no_load) [ "$(val "$line" cache)" != warm ] || fail "no_load warm" ;;
	esac
	[ "$(val "$line" workload)" = builtin:4 ] || fail "workload: $line"
done < runs
