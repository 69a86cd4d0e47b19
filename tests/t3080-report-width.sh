# Spaces only, no tabs; a table with labels of 24 characters and large
# numbers fits in 80 columns; a longer label widens the label column
# and every row stays aligned.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
L24=abcdefghijklmnopqrstuvwx
{
	rec $L24 no_load 99999.9 99999 0 0 0
	rec $L24 process_load 99999.9 99999 0 99999 99999.999 unit=kmsg
	rec short process_load 1 0.5 0 0.5 1 unit=kmsg
} > log
expect 0 "$CONTEST" -r log
! grep -q "$(printf '\t')" stdout || fail "tab in the table"
awk 'length > 80 { print; bad = 1 } END { exit bad }' stdout || fail "wider than 80 columns"
# columns line up: every row's Time starts where the header's does
sed -n '/^process_load:/,/^$/p' stdout | awk '
	/^Kernel/ { col = index($0, "Time") }
	/^(abc[a-z]*|short) / { n = split($0, a, " +"); if (index($0, a[3]) != col) bad = 1 }
	END { exit bad || !col }' || fail "columns not aligned: $(cat stdout)"
L40=a-much-longer-label-of-forty-characters-
rec $L40 process_load 5 4 0 1 1 unit=kmsg >> log
expect 0 "$CONTEST" -r log
sed -n '/^process_load:/,/^$/p' stdout | awk '
	/^Kernel/ { col = index($0, "Time") }
	/^(abc[a-z]*|short|a-much[a-z-]*) / { n = split($0, a, " +"); if (index($0, a[3]) != col) bad = 1 }
	END { exit bad || col < 42 }' || fail "label column did not widen: $(cat stdout)"
