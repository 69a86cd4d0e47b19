# Issue 21, item 11: paths are checked before anything is made.  A work
# directory whose path make cannot take (a space, a newline, '#') is
# refused with exit 2, saying which byte and why, instead of every
# compile failing; -o is checked as the work directory is: a symbolic
# link, a directory anyone may write in and (not root) one contest
# cannot write in are refused with exit 2 before the tree is built.
. "$(dirname "$0")/lib.sh"
for d in 'w sp' 'w
nl' 'w#x'; do
	expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d "$d" no_load
	grep -q "the work directory's path '.*' holds '.*' at byte [0-9]*: make" stderr || fail "-d '$d': $(cat stderr)"
	[ ! -e "$d" ] && [ ! -e contest.log ] || fail "-d '$d': something was made"
done
grep -q "holds '#' at byte [0-9]*: make takes the rest of the line for a comment" stderr ||
    fail "no reason: $(cat stderr)"
mkdir real open
ln -s real link
chmod 777 open
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --size 8M -o link io_other
grep -q "io_other directory (--other) 'link' is a symbolic link: refused" stderr || fail "link: $(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --size 8M -o open io_other
grep -q "'open' is writable by everyone: refused" stderr || fail "world-writable: $(cat stderr)"
[ ! -e contest-work ] || fail "the work directory was made"
[ "$(id -u)" -eq 0 ] || exit 0
need setpriv
# not root: a directory of root's (a place nobody can reach wherever the checkout lies)
user_dir 755
cp "$CONTEST" "$U/contest"
mkdir -m 777 "$U/run"
chmod +t "$U/run"
cd "$U/run" || fail "cd"
setpriv --reuid=65534 --regid=65534 --clear-groups "$U/contest" -n 1 --units 1 --lead 0 --size 8M \
    -o "$U" io_other > "$T/stdout" 2> "$T/stderr"
rc=$?
[ $rc -eq 2 ] || fail "unwritable -o: exit $rc, not 2: $(cat "$T/stderr")"
grep -q "cannot write in the io_other directory (--other) '$U'" "$T/stderr" || fail "unwritable: $(cat "$T/stderr")"
[ ! -e "$U/run/contest-work" ] || fail "the tree was built"
