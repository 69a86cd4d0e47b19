# Runs go in rounds: -n 2 no_load process_load logs n p n p, each with
# its round; --by-load keeps contest 0.61's order, n n p p, without.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" -n 2 --units 1 --lead 0 -k r no_load process_load
got=$(grep -v ' snapshot=1 ' contest.log | while read -r l; do printf '%s%s ' "$(val "$l" load | cut -c1)" "$(val "$l" round)"; done)
[ "$got" = "n1 p1 n2 p2 " ] || fail "order: $got"
[ "$(grep -v ' snapshot=1 ' contest.log | sed 's/.* inv=\([^ ]*\) .*/\1/' | sort -u | wc -l)" -eq 1 ] || fail "not one invocation"
rm contest.log
expect 0 "$CONTEST" -n 2 --units 1 --lead 0 --by-load -k b no_load process_load
got=$(grep -v ' snapshot=1 ' contest.log | while read -r l; do printf '%s%s ' "$(val "$l" load | cut -c1)" "$(val "$l" round)"; done)
[ "$got" = "n n p p " ] || fail "--by-load order: $got"
