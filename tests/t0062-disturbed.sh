# A run during which another session burns a CPU the run could use is
# logged disturbed= (others' share of those CPUs' time), a quiet run is
# not, and neither is a run beside a hog on a CPU it could not use; the
# hog is outside contest's process tree, in a session of its own; the
# mark's level comes from CONTEST_DISTURB_PCT.  contest and the hog are
# pinned to one CPU with taskset, so that one hog is all but the whole
# of what the run could use on a box of any size (the compile only sleeps).
. "$(dirname "$0")/lib.sh"
need taskset
# the default mark (10%), not the suite's 100
unset CONTEST_DISTURB_PCT
expect 2 env CONTEST_DISTURB_PCT=ten "$CONTEST" -n 1 --units 1 no_load
grep -q "CONTEST_DISTURB_PCT must be a percentage" stderr || fail "bad CONTEST_DISTURB_PCT: $(cat stderr)"
[ ! -e contest.log ] || fail "a bad CONTEST_DISTURB_PCT ran something"
# the CPUs this test may use: the first for the runs, another for the far hog
cpus=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | awk -F- '{ for (i = $1; i <= ($2 == "" ? $1 : $2); i++) print i }')
c=$(echo "$cpus" | head -1) far=$(echo "$cpus" | sed -n 2p)
# others' busy share of CPU $1 over a second, in percent
busy() {
	a=$(grep "^cpu$1 " /proc/stat); sleep 1; b=$(grep "^cpu$1 " /proc/stat)
	echo "$a" "$b" | awk '{ for (i = 2; i <= 11; i++) { x = $(i + 11) - $i; t += x; if (i != 5 && i != 6) u += x }
		print int(u / t * 100) }'
}
# run LABEL [VAR=VALUE...]: one no_load run on CPU $c
run() { l=$1; shift; expect 0 env "$@" taskset -c "$c" "$CONTEST" -n 1 --units 2 --lead 0 --probe off -k "$l" no_load; }
# the mark counts others' CPU, not the compile's: a second's sleep will do
sleep_make
quiet=1
[ "$(busy "$c")" -lt 5 ] || quiet=0
run dq
grep -q "label=dq .*ncpu=1 " contest.log || fail "not 1 usable CPU under taskset: $(grep label=dq contest.log)"
if [ $quiet -eq 1 ] && [ "$(busy "$c")" -lt 5 ]; then
	grep -q "label=dq .*disturbed=" contest.log && fail "a quiet run marked disturbed: $(grep label=dq contest.log)"
else
	echo "CPU $c is busy: the quiet half is not checked"
fi
if [ -n "$far" ]; then
	setsid taskset -c "$far" sh -c 'while :; do :; done' < /dev/null > /dev/null 2>&1 &
	hog=$!
	trap 'kill $hog 2>/dev/null; rm -rf "$T"' EXIT
	quiet=1
	[ "$(busy "$c")" -lt 5 ] || quiet=0
	run df
	kill $hog
	if [ $quiet -eq 1 ] && [ "$(busy "$c")" -lt 5 ]; then
		grep -q "label=df .*disturbed=" contest.log &&
			fail "a hog on CPU $far marked a run on CPU $c: $(grep label=df contest.log)"
	else
		echo "CPU $c is busy: the far hog is not checked"
	fi
fi
setsid taskset -c "$c" sh -c 'while :; do :; done' < /dev/null > /dev/null 2>&1 &
hog=$!
trap 'kill $hog 2>/dev/null; rm -rf "$T"' EXIT
run dh
# with the mark at 100%, the same hog marks nothing
run dn CONTEST_DISTURB_PCT=100
kill $hog
grep -q "label=dn .*disturbed=" contest.log && fail "marked at CONTEST_DISTURB_PCT=100: $(grep label=dn contest.log)"
line=$(grep ' label=dh .*load=no_load' contest.log)
d=$(val "$line" disturbed)
[ -n "$d" ] || fail "not marked disturbed: $line"
fcmp "$d" ">=" 10 || fail "disturbed=$d: a hog on the one CPU of the run is under the mark"
