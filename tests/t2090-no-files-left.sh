# Every load contest lists (contest --list-loads: a new load is covered
# without editing this test) runs ok once on a tiny setting, and after
# the runs the work directory and -o DIR hold no file of a load: only the
# tree and the compile outputs.  The record of every I/O load has its
# request latency keys, in order, and no other load's has them.
. "$(dirname "$0")/lib.sh"
mkdir other walk
touch walk/a walk/b
loads=$("$CONTEST" --list-loads | awk '{ print $1 }')
[ -n "$loads" ] || fail "no loads listed"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --size 8M --no-baseline -k test -o other --walk walk $loads
n=$(echo "$loads" | wc -l)
[ "$(grep -c 'status=ok' contest.log)" -eq "$n" ] || fail "not $n ok runs: $(grep -v 'status=ok' contest.log | grep -v snapshot=1)"
left=$(cd contest-work && find . -mindepth 1 -maxdepth 1 ! -name builtin ! -name output)
[ -z "$left" ] || fail "left in the work directory: $left"
[ -z "$(find contest-work/output -type f ! -name '*.txt')" ] || fail "strange outputs"
[ -z "$(ls -A other)" ] || fail "left in -o DIR: $(ls -A other)"
io=" io_load io_other read_load tarc_load tarx_load lslr_load dbench_load "
grep -v snapshot=1 contest.log | while read -r line; do
	l=$(val "$line" load)
	case $io in
	*" $l "*)
		for k in req_n req_mean req_p50 req_p99 req_max req_over1 req_over2 req_t1 req_t2; do
			[ -n "$(val "$line" $k)" ] || fail "$l: no $k: $line"
		done
		fcmp "$(val "$line" req_n)" '>' 0 || fail "$l: no request: $line"
		fcmp "$(val "$line" req_p50) <= $(val "$line" req_p99)" '&&' \
		    "$(val "$line" req_p99) <= $(val "$line" req_max)" || fail "$l: percentiles: $line"
		fcmp "$(val "$line" req_over2)" '<=' "$(val "$line" req_over1)" || fail "$l: shares: $line"
		[ "$(val "$line" req_t1)" = 100.000 ] && [ "$(val "$line" req_t2)" = 1000.000 ] ||
			fail "$l: thresholds: $line"
		;;
	*)	case $line in *" req_"*) fail "$l has request keys: $line" ;; esac ;;
	esac
done || exit 1
