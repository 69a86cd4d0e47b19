# Promise: a work directory that others may write in (a planted link
# could redirect root's writes) is refused with a clear message and exit
# 2: another user's with group or other write, or anyone's world-writable
# without the sticky bit.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root"
mkdir theirs open
chown nobody theirs
chmod 0775 theirs
chmod 0777 open
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d theirs no_load
grep -q "belongs to another user and others may write in it: refused" stderr || fail "$(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d open no_load
grep -q "writable by everyone: refused" stderr || fail "$(cat stderr)"
[ -z "$(find theirs open -mindepth 1)" ] || fail "something was made: $(find theirs open -mindepth 1)"
