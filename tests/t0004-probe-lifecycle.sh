# The probe alone (tests/probe-solo.bin): a short window gives every
# figure; a bad rhythm exits 2; SIGTERM ends a probe asleep in a 10 s
# period at once and the driver calls the window invalid; SIGTERM to the
# driver stops and reaps the probe; SIGKILL to the driver takes the probe
# with it (PR_SET_PDEATHSIG).  No process is left.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/probe-solo.bin >/dev/null || fail "build"
SOLO=$top/tests/probe-solo.bin

# gone PID: wait up to 2 s for PID to disappear
gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 200 ] || return 1
		sleep 0.01
	done
}
# probe_of PID: the probe forked by driver PID, once it runs
probe_of() {
	i=0
	until p=$(pgrep -P "$1") && [ -n "$p" ]; do
		i=$((i + 1))
		[ $i -lt 300 ] || fail "no probe under $1"
		sleep 0.01
	done
	echo "$p"
}

# a 1 s window at 20 ms: about 50 wake-ups, every figure there
expect 0 "$SOLO" -p 20:5 -t 1
out=$(cat "$T/stdout")
for k in lat_n lat_p50 lat_p99 lat_max dl_met probe_cpu cal_ns_per_iter; do
	[ -n "$(val "$out" $k)" ] || fail "no $k in: $out"
done
fcmp "$(val "$out" lat_n)" '>=' 40 || fail "too few wake-ups: $out"
fcmp "$(val "$out" lat_n)" '<=' 51 || fail "too many wake-ups: $out"
fcmp "$(val "$out" lat_p50)" '<=' "$(val "$out" lat_p99)" || fail "p50 above p99: $out"
fcmp "$(val "$out" lat_p99)" '<=' "$(val "$out" lat_max)" || fail "p99 above max: $out"
fcmp "$(val "$out" probe_cpu)" '>' 0 || fail "no CPU time: $out"
fcmp "$(val "$out" cal_secs)" '<' 0.5 || fail "calibration too long: $out"
echo "window: $out"

# bad rhythms: exit 2, the message names the value
for bad in 0:5 50:0 50:101 20000:5 fast 50 off; do
	expect 2 "$SOLO" -p "$bad" -t 1
	grep -q "'$bad'\|--probe off" "$T/stderr" || fail "'$bad': $(cat "$T/stderr")"
done

# a 10 s period: SIGTERM to the sleeping probe ends it at once
"$SOLO" -p 10000:1 -t 60 -s 0.1 >"$T/stdout" 2>"$T/stderr" &
bg=$!
p=$(probe_of $bg)
sleep 0.3
t0=$(date +%s%N)
kill -TERM "$p"
gone "$p" || fail "the probe ignored SIGTERM"
t1=$(date +%s%N)
echo "probe gone $(( (t1 - t0) / 1000000 )) ms after SIGTERM"
fcmp "$t1 - $t0" '<' 500000000 || fail "the probe took $(( (t1 - t0) / 1000000 )) ms to stop"
wait $bg
rc=$?
[ $rc -eq 1 ] || fail "driver exited $rc after its probe died"
grep -q "invalid: the probe exited" "$T/stderr" || fail "no reason: $(cat "$T/stderr")"

# the driver's own stop (SIGTERM, then reap) of a probe in a 10 s period
expect 0 "$SOLO" -p 10000:1 -t 0.3 -s 0.1
out=$(cat "$T/stdout")
fcmp "$(val "$out" stop_ms)" '<' 100 || fail "stop took too long: $out"

# SIGTERM to the driver: it stops and reaps the probe, dies of SIGTERM
"$SOLO" -p audio -t 60 >/dev/null 2>&1 &
bg=$!
p=$(probe_of $bg)
kill -TERM $bg
wait $bg
rc=$?
[ $rc -eq 143 ] || fail "driver exited $rc on SIGTERM, not 143"
gone "$p" || fail "probe $p left after the driver's SIGTERM"

# SIGKILL to the driver: the probe dies with it
"$SOLO" -p audio -t 60 >/dev/null 2>&1 &
bg=$!
p=$(probe_of $bg)
kill -KILL $bg
wait $bg 2>/dev/null
gone "$p" || fail "probe $p outlived its SIGKILLed driver"

sleep 0.1
left=$(leftovers)
[ -z "$left" ] || fail "processes left: $left"
