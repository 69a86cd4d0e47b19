# io_other without -o is a usage error before anything is compiled.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" -n 1 --units 2 --lead 0 --size 8M -k test io_other
grep -q 'io_other needs -o' stderr || fail "no message: $(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
[ -z "$(ls contest-work/output 2>/dev/null)" ] || fail "something was compiled"
