# Not root: the page cache cannot be dropped; contest says so once and
# logs cache=kept for every run instead of pretending.
. "$(dirname "$0")/lib.sh"
as_nobody
expect 0 setpriv --reuid=65534 --regid=65534 --clear-groups "$U/contest" -n 2 --units 2 --lead 0 -k user no_load
[ "$(grep -c "cannot drop the page cache" "$T/stderr")" -eq 1 ] || fail "not said once: $(cat "$T/stderr")"
[ "$(grep -c 'cache=kept' contest.log)" -eq 2 ] || fail "cache not logged as kept: $(cat contest.log)"
