# Issue 21, item 4: a WORKDIR/builtin that contest did not make (no
# .contest-tree stamp) is never removed: exit 2 before anything is made,
# its files kept.  Neither is a link in its place followed.
. "$(dirname "$0")/lib.sh"
mkdir -p D/builtin
echo 'int precious;' > D/builtin/precious.c
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d D no_load
grep -q "'D/builtin' exists and was not made by contest" stderr || fail "message: $(cat stderr)"
[ -f D/builtin/precious.c ] || fail "precious.c is gone"
[ ! -e D/output ] && [ ! -e contest.log ] || fail "something was made"
mkdir E elsewhere
ln -s ../elsewhere E/builtin
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d E no_load
grep -q "'E/builtin' is a symbolic link" stderr || fail "link: $(cat stderr)"
[ -L E/builtin ] || fail "the link was removed"
