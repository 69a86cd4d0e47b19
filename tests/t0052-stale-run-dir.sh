# Run directories of a contest that died (a kernel crash, SIGKILL of the
# watchdog too) are removed at the next start, in the work directory and
# in -o's, and contest says so; a live contest's are left alone.  After a
# SIGKILL of contest alone, its watchdog removes the run's directory.
. "$(dirname "$0")/lib.sh"
mkdir -p contest-work/contest-run.99999 other/contest-run.88888
head -c 1048576 /dev/zero > contest-work/contest-run.99999/big
touch other/contest-run.88888/f
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --no-baseline -k st --size 4M -o other io_other
[ ! -e contest-work/contest-run.99999 ] || fail "stale run directory left in the work directory"
[ ! -e other/contest-run.88888 ] || fail "stale run directory left in -o"
grep -q "removed '.*contest-run.99999', left by a contest that died" stderr || fail "not said: $(cat stderr)"
grep -q "removed '.*contest-run.88888'" stderr || fail "not said for -o: $(cat stderr)"
# SIGKILL in read_load's setup, which writes a 512 MiB file
"$CONTEST" -n 1 --units 1 --lead 0 --no-baseline -k st --size 512M read_load > out 2>&1 &
bg=$!
i=0
until [ -n "$(ls -d contest-work/contest-run.* 2>/dev/null)" ]; do
	i=$((i + 1)); [ $i -lt 600 ] || fail "no run directory: $(cat out)"; sleep 0.05
done
sleep 0.3
kill -KILL $bg
wait $bg
i=0
while [ -n "$(ls -d contest-work/contest-run.* 2>/dev/null)" ]; do
	i=$((i + 1)); [ $i -lt 200 ] || fail "the run directory outlived contest: $(ls -la contest-work)"; sleep 0.05
done
sleep 0.2
left=$(leftovers)
[ -z "$left" ] || fail "processes left: $left"
