# --format lava: every line of every golden log's report (the logs of
# t3700, alone, -c and -b against their first row, counting the disturbed
# runs) is NAME RESULT MEASUREMENT UNITS: NAME of letters, digits, '_',
# '.' and '-' only (ROW.LOAD.METRIC), RESULT pass or fail, MEASUREMENT a
# plain number with four decimals (no exponent, no nan or inf), UNITS one
# word of letters, digits and _.%/-; no NAME twice in one report.
. "$(dirname "$0")/lib.sh"
n=0
for log in "$top"/tests/golden/*.log "$top"/tests/fuzz/corpus/*.log; do
	r1=$("$CONTEST" -r --format csv "$log" 2>/dev/null | awk -F, 'NR == 2 { print $3 }')
	for opts in "" "--disturbed" ${r1:+"-c $r1" "-b $r1"}; do
		# shellcheck disable=SC2086 # opts is split on purpose
		"$CONTEST" -r --format lava $opts "$log" > out 2> err
		rc=$?
		[ "$rc" -eq 0 ] || [ ! -s out ] || fail "'$opts' $log exited $rc and printed"
		bad=$(grep -Evx '[A-Za-z0-9_.-]+\.[a-zA-Z0-9_-]+\.[a-z0-9_]+ (pass|fail) -?[0-9]+\.[0-9]{4} [A-Za-z0-9_.%/-]+' out | head -3)
		[ -z "$bad" ] || fail "'$opts' $(basename "$log"): lines not NAME RESULT MEASUREMENT UNITS: $bad"
		twice=$(awk '{ print $1 }' out | sort | uniq -d | head -3)
		[ -z "$twice" ] || fail "'$opts' $(basename "$log"): NAME twice: $twice"
		n=$((n + $(wc -l < out)))
	done
done
[ "$n" -gt 1000 ] || fail "only $n lines in all"
echo "$n lines, each NAME RESULT MEASUREMENT UNITS"
