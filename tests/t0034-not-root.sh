# Not root: the page cache cannot be dropped; contest says so once and
# logs cache=kept for every run instead of pretending.
. "$(dirname "$0")/lib.sh"
command -v setpriv >/dev/null || fail "setpriv missing (util-linux)"
[ "$(id -u)" -eq 0 ] || skip "not root: nothing to drop privileges from"
# a place nobody can reach wherever the checkout lies
U=$(mktemp -d /tmp/contest-t0034.XXXXXX)
trap 'rm -rf "$T" "$U"' EXIT
cp "$CONTEST" "$U/contest"
chmod 755 "$U/contest"
chmod 777 "$U"
cd "$U" || fail "cd"
expect 0 setpriv --reuid=65534 --regid=65534 --clear-groups "$U/contest" -n 2 --units 2 --lead 0 -k user no_load
[ "$(grep -c "cannot drop the page cache" "$T/stderr")" -eq 1 ] || fail "not said once: $(cat "$T/stderr")"
[ "$(grep -c 'cache=kept' contest.log)" -eq 2 ] || fail "cache not logged as kept: $(cat contest.log)"
