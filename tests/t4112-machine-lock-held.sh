# Issue 21, item 12: the machine lock cannot stall contest forever.  Any
# user may flock a file he can read: another user holding the lock (a
# root-made 0644 file opened read-only, or his own file in a sticky
# directory) with flock(1) is named from /proc/locks and not waited for,
# and nothing the lock file holds reaches the terminal (its bytes are
# never read).  t0072 has a real contest, which is waited for.
. "$(dirname "$0")/lib.sh"
need setpriv flock
[ "$(id -u)" -eq 0 ] || skip "not root: another user is needed"
# a sticky place nobody can reach wherever the checkout lies
user_dir 1777
holder=
trap '[ -n "$holder" ] && kill $holder 2>/dev/null; rm -rf "$T" "$U"' EXIT
# a kernel tree whose build is 'true': the lock, not a compile, is tested
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
# hold $1 as nobody (flock -s: a read-only open) until the test makes $U/go (60 s at most)
hold() {
	rm -f "$U/go"
	nobody flock -s "$1" sh -c "i=0; while [ ! -e '$U/go' ] && [ \$i -lt 600 ]; do sleep 0.1; i=\$((i + 1)); done" &
	holder=$!
	i=0
	until ! flock -n -x "$1" true 2>/dev/null; do
		i=$((i + 1)); [ $i -lt 100 ] || fail "nobody never held '$1'"; sleep 0.05
	done
}
: > "$U/root.lock"
chmod 644 "$U/root.lock"
hold "$U/root.lock"
CONTEST_LOCK="$U/root.lock" timeout 30 "$CONTEST" -n 1 -s tree --lead 0 --probe off no_load > stdout 2> stderr
rc=$?
touch "$U/go"
wait $holder
[ $rc -eq 0 ] || fail "root's lock held by nobody: exit $rc, not 0: $(cat stderr)"
grep -q "the machine lock '$U/root.lock' is held by pid [0-9]* ('flock'), which is not a contest: not waiting" stderr ||
    fail "not said: $(cat stderr)"
# nobody's own lock file, with an escape sequence in it
nobody sh -c "printf '\033]0;pwned\007\n' > '$U/contest.lock'"
hold "$U/contest.lock"
CONTEST_LOCK="$U/contest.lock" timeout 30 "$CONTEST" -n 1 -s tree --lead 0 --probe off no_load > stdout 2> stderr
rc=$?
touch "$U/go"
wait $holder
holder=
[ $rc -eq 0 ] || fail "nobody's lock: exit $rc, not 0: $(cat stderr)"
! LC_ALL=C grep -q "$(printf '[\033\007]')" stderr || fail "the lock's bytes reached stderr: $(od -c stderr | head)"
