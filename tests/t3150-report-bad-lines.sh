# Every malformed line is named on stderr as LOG:LINE: what is wrong and
# skipped, and none of its numbers reaches a mean: not key=value, a
# required key missing, a number that does not parse, is negative, not
# finite or absurdly large, a key given twice, a bad percent escape, an
# unknown status or format version, an empty label, a NUL byte, an ok run
# of 0 s, an over-long line and a truncated last line.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
good1=$(rec k no_load 100 90 0 0 0)
good2=$(rec k no_load 110 90 0 0 0)
{
	echo "$good1"                                                   # 1
	echo "this is not a record"                                     # 2
	echo "$good1" | sed 's/ elapsed=100//'                          # 3
	echo "$good1" | sed 's/elapsed=100/elapsed=12x/'                # 4
	echo "$good1" | sed 's/user=90/user=-1/'                        # 5
	echo "$good1" | sed 's/sys=0/sys=inf/'                          # 6
	echo "$good1" | sed 's/sys=0/sys=nan/'                          # 7
	echo "$good1" | sed 's/elapsed=100/elapsed=1e300/'              # 8
	echo "$good1 elapsed=9999"                                      # 9
	echo "$good1" | sed 's/label=k/label=%zz/'                      # 10
	echo "$good1" | sed 's/status=ok/status=great/'                 # 11
	echo "$good1" | sed 's/contest=1/contest=7/'                    # 12
	echo "$good1" | sed 's/label=k/label=/'                         # 13
	printf '%s\0 units=5\n' "$(echo "$good1" | sed 's/elapsed=100/elapsed=9999/')"  # 14
	echo "$good1" | sed 's/elapsed=100/elapsed=0/; s/ run=[0-9]* / run=99 /' # 15
	printf '%s' "$good1"; head -c 9000 /dev/zero | tr '\0' x; echo  # 16
	echo "# a comment"                                              # 17
	echo ""                                                         # 18
	echo "$good2"                                                   # 19
	printf '%s' "$(echo "$good1" | sed 's/elapsed=100/elapsed=9999/')"  # 20, no newline
} > log
expect 0 "$CONTEST" -r log
grep -q '^k  *2  105.0 ' stdout || fail "good lines not (only) averaged: $(cat stdout)"
for n in 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20; do
	grep -q "^log:$n: " stderr || fail "line $n not reported: $(cat stderr)"
done
[ "$(wc -l < stderr)" -eq 16 ] || fail "other messages: $(cat stderr)"
grep -q "^log:2: 'this' is not key=value$" stderr || fail "wording 2"
grep -q "^log:3: required key 'elapsed' missing$" stderr || fail "wording 3"
grep -q "^log:5: bad number 'user=-1' (want 0 to 1e+12)$" stderr || fail "wording 5"
grep -q "^log:9: key 'elapsed' given twice$" stderr || fail "wording 9"
grep -q "^log:15: status ok with elapsed 0$" stderr || fail "wording 15"
grep -q "^log:16: line longer than 8191 bytes$" stderr || fail "wording 16"
grep -q "^log:20: truncated last line (no newline)$" stderr || fail "wording 20"
