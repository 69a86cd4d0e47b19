# process_load runs a ring of 4 x CPUs processes with max(1, N/4) tokens,
# logs status=ok and counts messages and CPU in the window.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -k test process_load
line=$(grep 'load=process_load' contest.log) || fail "no process_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = kmsg ] || fail "unit: $line"
fcmp "$(val "$line" units)" '>' 0 || fail "no work: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no load CPU: $line"
n=$(nproc)
[ "$(val "$line" procs)" = $((4 * n)) ] || fail "procs not 4 x $n: $line"
m=$((4 * n / 4)); [ "$m" -ge 1 ] || m=1
[ "$(val "$line" tokens)" = "$m" ] || fail "tokens not $m: $line"
[ "$(val "$line" chunk)" = 64 ] || fail "chunk not 64: $line"
