# Issue 21, item 13: the man page states the log's line limit once, and
# right: the number log.h's LOG_LINE_MAX gives (newline included) less
# one, which is also where the reader draws the line.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
max=$(sed -n 's/^#define LOG_LINE_MAX[[:space:]]*\([0-9]*\).*/\1/p' "$top/log.h")
[ -n "$max" ] || fail "no LOG_LINE_MAX in log.h"
said=$(grep -c 'A line is at most [0-9]* bytes' "$top/doc/contest.1")
[ "$said" -eq 1 ] || fail "the limit is stated $said times"
grep -q "A line is at most $((max - 1)) bytes, its newline not counted" "$top/doc/contest.1" ||
    fail "the stated limit is not $((max - 1)): $(grep 'A line is at most' "$top/doc/contest.1")"
n=$(grep -v '^\.\\"' "$top/doc/contest.1" | grep -Ec '\<(4095|4096|8191|8192|16383|16384) bytes')
[ "$n" -eq 1 ] || fail "$n line limits in the page: $(grep -En '(4095|8191|16383) bytes' "$top/doc/contest.1")"
# and the reader agrees: a line of the limit is read, one byte more is not
{
	r=$(rec k no_load 100 150 10 0 0)
	pad=$((max - 1 - ${#r} - 1))
	printf '%s %s\n' "$r" "x=$(head -c $((pad - 2)) /dev/zero | tr '\0' y)"
	printf '%s %s\n' "$r" "x=$(head -c $((pad - 1)) /dev/zero | tr '\0' y)"
} > limit.log
"$CONTEST" -r limit.log > stdout 2> stderr
grep -q "limit.log:2: line longer than $((max - 1)) bytes" stderr && ! grep -q 'limit.log:1:' stderr ||
    fail "the reader disagrees: $(cat stderr)"
