# io_load logs status=ok, and its count is the bytes it really wrote:
# the note's bytes equal the kernel's wchar for the process, cover the
# window's units and at least every full pass of --size.
. "$(dirname "$0")/lib.sh"
# holds EXPR: an awk condition on numbers
holds() { awk "BEGIN { exit !($1) }"; }
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 8M --no-baseline -k test io_load
line=$(grep 'load=io_load' contest.log) || fail "no io_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = MiB ] || fail "unit: $line"
u=$(val "$line" units) b=$(val "$line" bytes) w=$(val "$line" wchar) p=$(val "$line" passes)
fcmp "$u" '>' 0 || fail "no work: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no load CPU: $line"
[ "$(val "$line" size)" = 8388608 ] || fail "size not 8M: $line"
[ -n "$b" ] && [ "$b" = "$w" ] || fail "bytes counted $b, kernel wchar $w: $line"
holds "$u * 1048576 <= $b" || fail "units $u MiB over bytes written $b"
holds "$b >= $p * 8388608" || fail "bytes $b under $p passes of 8M"
holds "$b <= ($p + 1) * 8388608" || fail "bytes $b over $p passes + 1 of 8M"
