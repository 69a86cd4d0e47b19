# Each option belongs to its mode (cli.c's option table): an option
# of a run given with -r, a load's included, and one of the report given
# without it, exit 2 naming it before anything is made; -l goes with both.
. "$(dirname "$0")/lib.sh"
printf '' > empty.log
for a in "--lead 3" "-n 2" "-o $T" "--size 8M" "--no-baseline"; do
	# shellcheck disable=SC2086
	expect 2 "$CONTEST" -r $a empty.log
	o=${a%% *}
	grep -q -- "$o is an option of a run: it does not go with -r" "$T/stderr" ||
		fail "'-r $a': $(cat "$T/stderr")"
done
for a in "-v" "-b x" "--bars" "--format csv"; do
	# shellcheck disable=SC2086
	expect 2 "$CONTEST" $a --units 1
	grep -q -- "go with -r" "$T/stderr" || fail "'$a' without -r: $(cat "$T/stderr")"
done
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "a refused command line made files"
# -l goes with a run: refused only for the load that does not exist
expect 2 "$CONTEST" -l x.log --units 1 no_such_load
grep -q "unknown load 'no_such_load'" "$T/stderr" || fail "-l in a run: $(cat "$T/stderr")"
# -l with -r is taken: the empty log is read (exit 1: no run in it), not refused
expect 1 "$CONTEST" -r -l empty.log
grep -q "no usable run" "$T/stderr" || fail "-r -l: $(cat "$T/stderr")"
