# Runs of one label with the page cache dropped and kept (not root) are
# never averaged together: two rows LABEL#1 and LABEL#2, and the note at
# the end says which drops (drop=yes) and which does not (drop=no), for
# old logs (cache= only) and new ones (drop=) alike.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec k no_load 100 90 0 0 0
	rec k no_load 110 90 0 0 0 | sed 's/cache=dropped/cache=kept/'
	rec k no_load 120 90 0 0 0 drop=no | sed 's/cache=dropped/cache=warm/'
} > log
expect 0 "$CONTEST" -r log
grep -q '^k#1  *1  100.0 ' stdout || fail "dropped row: $(cat stdout)"
grep -q '^k#2  *2  115.0 ' stdout || fail "kept rows (cache=kept, drop=no): $(cat stdout)"
grep -q '^  k#1: .* drop=yes$' stdout || fail "note for #1: $(cat stdout)"
grep -q '^  k#2: .* drop=no$' stdout || fail "note for #2: $(cat stdout)"
