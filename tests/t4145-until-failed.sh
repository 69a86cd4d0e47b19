# Issue 29, item 11: when a failed run makes --until's exit status 1,
# its last line says so, never "(exit 125)".
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\tfalse\nclean:\n\ttrue\n' > tree/Makefile
expect 1 "$CONTEST" -s tree --lead 0 --probe off -n 1 --until 5 --max-rounds 1 -k F no_load
grep -q ' status=failed ' contest.log || fail "no failed run: $(cat contest.log)"
tail -1 stderr | grep -qx 'contest: stopped after 1 round: --max-rounds reached; the answer is not clear; a run failed (exit 1)' ||
	fail "last line: $(tail -1 stderr)"
if grep -q '(exit 125)' stderr; then fail "says exit 125: $(cat stderr)"; fi
