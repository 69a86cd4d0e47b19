# io_other writes under -o DIR, logs status=ok, and leaves DIR as it was.
. "$(dirname "$0")/lib.sh"
mkdir other
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 8M --no-baseline -k test -o other io_other
line=$(grep 'load=io_other' contest.log) || fail "no io_other record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
fcmp "$(val "$line" units)" '>' 0 || fail "no work: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no load CPU: $line"
[ "$(val "$line" bytes)" = "$(val "$line" wchar)" ] || fail "bytes and wchar differ: $line"
[ -z "$(ls -A other)" ] || fail "left in -o DIR: $(ls -A other)"
