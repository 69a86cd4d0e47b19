# Two contests in one work directory: the second refuses at once and
# writes nothing; the first goes on unharmed.
. "$(dirname "$0")/lib.sh"
start_and_wait_compile --units 8 --lead 0 -n 1 -k first no_load
"$CONTEST" --units 8 --lead 0 -n 1 -k second -l second.log no_load >out2 2>err2
rc=$?
[ $rc -eq 1 ] || fail "second contest exited $rc: $(cat err2)"
grep -q "another contest is running" err2 || fail "$(cat err2)"
[ ! -e second.log ] || fail "second contest wrote a log"
wait $bg || fail "first contest failed: $(cat "$T/stderr")"
[ "$(val "$(cat contest.log)" status)" = ok ] || fail "first run not ok"
