# Issue 21, item 10: without a cgroup (not root, so process groups hold
# the run), a process the compile started in a session of its own
# (setsid) does not outlive SIGKILL of contest: the watchdog finds it by
# the mark every process of the compile inherits in its environment
# (CONTEST_CAGE=PID.START) and kills it.
. "$(dirname "$0")/lib.sh"
need setpriv
[ "$(id -u)" -eq 0 ] || skip "not root: nothing to drop privileges from"
# a place nobody can reach wherever the checkout lies
user_dir 777
cp "$CONTEST" "$U/contest"
cat > "$U/mk" <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
setsid sleep 4110.$$ < /dev/null > /dev/null 2>&1 &
: > "$U/gated"
i=0
while [ ! -e "$U/go" ] && [ \$i -lt 1200 ]; do sleep 0.05; i=\$((i + 1)); done
exec make "\$@"
EOS
chmod 755 "$U/mk"
cd "$U" || fail "cd"
setpriv --reuid=65534 --regid=65534 --clear-groups env MAKE="$U/mk" CONTEST_LOCK="$U/lock" \
    "$U/contest" -n 1 --units 1 --lead 0 --probe off -k esc no_load > out 2> err &
bg=$!
i=0
until [ -e "$U/gated" ]; do
	kill -0 $bg 2>/dev/null || fail "contest ended: $(cat err)"
	i=$((i + 1)); [ $i -lt 1200 ] || fail "the compile never started: $(cat err)"
	sleep 0.05
done
grep -q "process groups hold them" err || { touch "$U/go"; wait $bg; skip "the runs have a cgroup here"; }
sleeper() { pgrep -fx "sleep 4110\.$$"; }	# this test's own (a name made with its pid)
[ -n "$(sleeper)" ] || fail "the escaped process never ran"
kill -KILL $bg
wait $bg
i=0
while [ -n "$(sleeper)" ]; do
	i=$((i + 1))
	if [ $i -ge 50 ]; then
		p=$(sleeper)
		pp=$(ps -o ppid= -p "$p")
		kill -KILL $p
		fail "the setsid child survived SIGKILL of contest (its parent now: $pp)"
	fi
	sleep 0.1
done
