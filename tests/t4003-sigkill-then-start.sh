# Promise: after SIGKILL of contest mid-compile (no chance to clean up)
# nothing of the run survives it for long: the watchdog kills the
# compile's processes and removes the run directory; the next start runs.
. "$(dirname "$0")/lib.sh"
gate_make
start_bg -n 1 --units 1 --lead 0 --no-baseline -k kill9 process_load
wait_gated $bg
sleep 0.5
kill -KILL $bg
wait $bg
i=0
while [ -n "$(leftovers)" ] || [ -n "$(ls -d contest-work/contest-run.* 2>/dev/null)" ]; do
	i=$((i + 1)); [ $i -lt 50 ] || fail "left 5 s after SIGKILL: $(leftovers) $(ls -d contest-work/contest-run.* 2>/dev/null)"
	sleep 0.1
done
touch "$T/go"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k kill9 no_load
