# A run during which another session burns a CPU is logged disturbed=
# (others' share of all CPUs' time), a quiet run is not; the hog is
# outside contest's process tree, in a session of its own; the mark's
# level comes from CONTEST_DISTURB_PCT.
. "$(dirname "$0")/lib.sh"
# the default mark (10%), not the suite's 100
unset CONTEST_DISTURB_PCT
expect 2 env CONTEST_DISTURB_PCT=ten "$CONTEST" -n 1 --units 1 no_load
grep -q "CONTEST_DISTURB_PCT must be a percentage" stderr || fail "bad CONTEST_DISTURB_PCT: $(cat stderr)"
[ ! -e contest.log ] || fail "a bad CONTEST_DISTURB_PCT ran something"
# others' busy share of the machine over a second, in percent
busy() {
	a=$(head -1 /proc/stat); sleep 1; b=$(head -1 /proc/stat)
	echo "$a" "$b" | awk '{ for (i = 2; i <= 11; i++) { x = $(i + 11) - $i; t += x; if (i != 5 && i != 6) u += x }
		print int(u / t * 100) }'
}
quiet=1
[ "$(busy)" -lt 5 ] || quiet=0
expect 0 "$CONTEST" -n 1 --units 8 --lead 0 -k dq no_load
if [ $quiet -eq 1 ] && [ "$(busy)" -lt 5 ]; then
	grep -q "label=dq .*disturbed=" contest.log && fail "a quiet run marked disturbed: $(grep label=dq contest.log)"
else
	echo "the machine is busy: the quiet half is not checked"
fi
setsid sh -c 'while :; do :; done' < /dev/null > /dev/null 2>&1 &
hog=$!
trap 'kill $hog 2>/dev/null; rm -rf "$T"' EXIT
expect 0 "$CONTEST" -n 1 --units 8 --lead 0 -k dh no_load
# with the mark at 100%, the same hog marks nothing
expect 0 env CONTEST_DISTURB_PCT=100 "$CONTEST" -n 1 --units 8 --lead 0 -k dn no_load
kill $hog
grep -q "label=dn .*disturbed=" contest.log && fail "marked at CONTEST_DISTURB_PCT=100: $(grep label=dn contest.log)"
line=$(grep ' label=dh .*load=no_load' contest.log)
d=$(val "$line" disturbed)
[ -n "$d" ] || fail "not marked disturbed: $line"
fcmp "$d" ">=" 10 || fail "disturbed=$d: a hog of one of $(nproc) CPUs is under the mark"
