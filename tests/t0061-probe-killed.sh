# A probe that dies during the window makes the run invalid with the
# reason (never ok); SIGINT to contest leaves no probe behind.
. "$(dirname "$0")/lib.sh"
probe_of() { ps -eo pid=,ppid=,comm= | awk -v p="$1" '$2 == p && $3 == "contest-probe" { print $1; exit }'; }
gate_make
start_bg -n 1 --units 1 --lead 0 -k pk no_load
wait_gated $bg
kill -KILL "$(probe_of $bg)"
sleep 0.2
touch "$T/go"
wait $bg
grep -q "load=no_load .*status=invalid reason=probe%20killed%20by%20signal%209" contest.log ||
	fail "not invalid: $(cat contest.log)"
# SIGINT mid-compile: no probe left
gate_reset
start_bg -n 1 --units 1 --lead 0 -k pk2 no_load
wait_gated $bg
p=$(probe_of $bg)
kill -INT $bg
wait $bg
sleep 0.3
kill -0 "$p" 2>/dev/null && fail "the probe outlived contest"
exit 0
