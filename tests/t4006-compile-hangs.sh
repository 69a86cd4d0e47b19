# Promise: a compile that hangs is killed at --timeout; the run is logged
# status=timeout with the tail of its output shown, and the suite goes on.
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_X=y\n' > tree/.config
cat > tree/Makefile <<EOS
vmlinux:
	@if [ -e "$T/hung" ]; then echo built; else touch "$T/hung"; echo about to hang; sleep 600.$$; fi
clean:
	@true
EOS
expect 1 "$CONTEST" -n 1 --lead 0 --timeout 3 --no-baseline -k hang -s tree no_load cacherun
grep -q "load=no_load .*status=timeout reason=compile%20still%20running%20after%203%20s" contest.log ||
	fail "no timeout record: $(cat contest.log)"
grep -q "about to hang" stderr || fail "no tail: $(cat stderr)"
grep -q "load=cacherun .*status=ok" contest.log || fail "the suite stopped: $(cat contest.log)"
sleep 0.3
left=$(leftovers)
[ -z "$left" ] || fail "processes left: $left"
# this test's own sleep (600.PID seconds), whatever other sleeps the box runs
pgrep -fx "sleep 600\.$$" >/dev/null && fail "the hung sleep survived"
exit 0
