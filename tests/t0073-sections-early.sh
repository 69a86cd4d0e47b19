# The tables come as the runs finish: after round 1 of 2 its tables are
# on stdout before the last run starts (with --by-load, each load's table
# once its runs are done), and the final report follows, headed.
. "$(dirname "$0")/lib.sh"
start_bg -n 2 --units 1 --lead 0 -k se no_load process_load
i=0
until grep -q "process_load 2/2: starting" stderr; do
	kill -0 $bg 2>/dev/null || fail "contest ended first: $(cat stderr)"
	i=$((i + 1)); [ $i -lt 1200 ] || fail "no last run: $(cat stderr)"; sleep 0.05
done
grep -q "^After round 1 of 2:" stdout || fail "no table after round 1: $(cat stdout)"
grep -A2 "^process_load:" stdout | grep -q "^se  *1 " || fail "round 1's table: $(cat stdout)"
wait $bg || fail "$(cat stderr)"
grep -q "^All rounds:" stdout || fail "final report not headed: $(cat stdout)"
grep -A2 "^process_load:" stdout | grep -q "^se  *2 " || fail "final table: $(cat stdout)"
rm contest.log
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --by-load -k sb no_load process_load
[ "$(sed -n '1p' stdout)" = "no_load done (1 run):" ] || fail "by-load: $(cat stdout)"
