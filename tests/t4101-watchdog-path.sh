# Issue 21, item 1: a newline in a path never makes the watchdog remove
# another directory.  contest runs io_other with -o '.../victim<newline>w'
# and is killed with SIGKILL while the load leads: the watchdog removes
# the run's own directory under that path, and leaves 'victim' (the
# path's part before the newline, which the old line protocol acted on).
. "$(dirname "$0")/lib.sh"
mkdir victim
echo keep > victim/file
W="$T/victim
w"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
mkdir "$W"
start_bg -n 1 -s tree --lead 60 --no-baseline --probe off --size 8M -o "$W" io_other
i=0
until [ -n "$(ls -d "$W"/contest-run.* 2>/dev/null)" ]; do
	kill -0 $bg 2>/dev/null || fail "contest ended: $(cat stderr)"
	i=$((i + 1)); [ $i -lt 600 ] || fail "no run directory: $(cat stderr)"
	sleep 0.05
done
kill -KILL $bg
wait $bg
i=0
while [ -n "$(ls -d "$W"/contest-run.* 2>/dev/null)" ]; do
	i=$((i + 1)); [ $i -lt 50 ] || fail "the run directory was left: $(ls "$W")"
	sleep 0.1
done
[ -f victim/file ] || fail "the watchdog removed '$T/victim'"
[ -z "$(leftovers)" ] || fail "left: $(leftovers)"
