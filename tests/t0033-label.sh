# -k labels are sanitised to characters that need no quoting; the default
# label is uname -r.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 -k 'my kernel/v2;$x' no_load
[ "$(val "$(grep -v " snapshot=1 " contest.log)" label)" = 'my_kernel_v2__x' ] || fail "label: $(cat contest.log)"
rm contest.log
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 no_load
want=$(uname -r | tr -c 'A-Za-z0-9._+\n-' '_')
[ "$(val "$(grep -v " snapshot=1 " contest.log)" label)" = "$want" ] || fail "default label: $(cat contest.log)"
