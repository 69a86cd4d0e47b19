# Issue 21, item 3: the log is never followed through a symbolic link,
# nor appended to when it is another user's file in a directory others
# may write in, or a hard link: refused with exit 2 before anything is
# made, the file it leads to untouched.  (As root: another user plants
# the link in a sticky directory, as in /tmp, aimed at a root-only file.)
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root"
need setpriv
# a sticky directory nobody can reach wherever the checkout lies
user_dir 1777
pub=$U
printf 'secret\n' > victim
chmod 600 victim
was=$(md5sum < victim)
setpriv --reuid=65534 --regid=65534 --clear-groups ln -s "$T/victim" "$pub/contest.log" || fail "setpriv"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -l "$pub/contest.log" -d w no_load
grep -q "'$pub/contest.log' is a symbolic link: refused" stderr || fail "link: $(cat stderr)"
[ "$(md5sum < victim)" = "$was" ] || fail "the victim changed"
[ ! -e w ] || fail "the work directory was made"
# their regular file in the sticky directory
rm "$pub/contest.log"
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c ": > $pub/contest.log"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -l "$pub/contest.log" -d w no_load
grep -q "belongs to another user (uid 65534)" stderr || fail "their file: $(cat stderr)"
[ ! -s "$pub/contest.log" ] || fail "their file was written"
# a hard link to the victim (protected_hardlinks off lets anyone make one)
ln victim hard.log
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -l hard.log -d w no_load
grep -q "'hard.log' has 2 hard links: refused" stderr || fail "hard link: $(cat stderr)"
[ "$(md5sum < victim)" = "$was" ] && [ ! -e w ] || fail "written through the hard link"
