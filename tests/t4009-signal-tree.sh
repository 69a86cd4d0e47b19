# Promise: a signal while contest writes the built-in tree ends contest
# by that signal at once (the signals are blocked then; the generator
# asks for pending ones as it goes); the half-written tree (builtin.tmp)
# is removed, no record is written and no tree is left half-made.
. "$(dirname "$0")/lib.sh"
for s in INT:2 TERM:15; do
	sig=${s%:*} n=${s#*:}
	rm -rf contest.log contest-work
	start_bg -n 1 --units 5000 --lead 0 -k gen no_load
	i=0
	until [ -d contest-work/builtin.tmp ]; do
		i=$((i + 1)); [ $i -lt 200000 ] || fail "$sig: generation never seen: $(cat stderr)"
		kill -0 $bg 2>/dev/null || fail "$sig: contest ended before the test saw the tree being written"
	done
	kill -$sig $bg
	gone_within $bg 50 || fail "$sig: contest still there 5 s later"
	wait $bg
	rc=$?
	[ $rc -eq $((128 + n)) ] || fail "$sig: exit $rc, not a death by $sig: $(cat stderr)"
	grep -q "stopped while writing the built-in tree" stderr || fail "$sig: $(cat stderr)"
	[ ! -e contest-work/builtin.tmp ] || fail "$sig: builtin.tmp left"
	# the tree is whole or absent: a tree without its stamp is a half one
	if [ -d contest-work/builtin ]; then
		[ -f contest-work/builtin/.contest-tree ] || fail "$sig: a tree without its stamp"
	fi
	[ ! -s contest.log ] || fail "$sig: a record was written"
	left=$(leftovers)
	[ -z "$left" ] || fail "$sig: processes left: $left"
done
