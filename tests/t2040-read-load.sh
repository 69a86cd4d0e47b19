# read_load logs status=ok, and its count is the bytes it really read:
# the kernel's rchar for the process matches (give or take its own read
# of /proc/self/io), and on a disk the storage layer delivered about as
# much (the file is dropped from the cache before every pass).
. "$(dirname "$0")/lib.sh"
# holds EXPR: an awk condition on numbers
holds() { awk "BEGIN { exit !($1) }"; }
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 8M --no-baseline -k test read_load
line=$(grep 'load=read_load' contest.log) || fail "no read_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = MiB ] || fail "unit: $line"
u=$(val "$line" units) b=$(val "$line" bytes) r=$(val "$line" rchar) d=$(val "$line" disk)
p=$(val "$line" passes)
fcmp "$u" '>' 0 || fail "no work: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no load CPU: $line"
[ -n "$b" ] && [ -n "$r" ] || fail "no bytes or rchar: $line"
holds "$r - $b >= 0 && $r - $b < 4096" || fail "bytes counted $b, kernel rchar $r"
holds "$u * 1048576 <= $b" || fail "units $u MiB over bytes read $b"
holds "$b >= $p * 8388608" && holds "$b <= ($p + 1) * 8388608" || fail "bytes $b, passes $p of 8M"
case $(stat -f -c %T .) in
tmpfs|ramfs) ;;
*) holds "$d >= $b * 0.9" || fail "read from disk $d of $b bytes: cache not dropped" ;;
esac
