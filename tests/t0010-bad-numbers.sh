# Bad numbers on the command line: a clear error naming the option, exit 2,
# nothing written.
. "$(dirname "$0")/lib.sh"
for args in "-n 0" "-n x" "-n 5x" "-n 1001" "-j -1" "-j 0" "-j abc" "--units 0" \
	"--units -3" "--lead -1" "--lead 1e3" "--size 0" "--size 12Q" "--size -5M"; do
	# shellcheck disable=SC2086
	expect 2 "$CONTEST" $args no_load
	opt=${args%% *}
	grep -q -- "$opt" stderr || fail "'$args': message does not name $opt: $(cat stderr)"
done
[ ! -e contest.log ] || fail "a log was written"
[ ! -e contest-work ] || fail "a work directory was made"
