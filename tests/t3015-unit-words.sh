# -v spells out every load's unit ("LOAD: Loads in MiB, mebibytes of
# 2^20 bytes"): each unit of `contest --list-loads` has its words in
# report/words.c, the fifth step of loads/load.h's recipe for a load
# (dbench_load's kops once printed as itself).
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
expect 0 "$CONTEST" --list-loads
awk 'NF >= 2 && $2 ~ /^[A-Za-z]+$/ { print $1, $2 }' "$T/stdout" > loads
[ "$(wc -l < loads)" -ge 10 ] || fail "loads not read: $(cat "$T/stdout")"
grep -q '^dbench_load kops$' loads || fail "no dbench_load in kops: $(cat loads)"
while read -r load unit; do
	rec A "$load" 100 90 0 0 1 unit="$unit"
done < loads > log
expect 0 "$CONTEST" -r -v log
while read -r load unit; do
	line=$(grep "^$load: Loads in " "$T/stdout") || fail "$load: no Loads line: $(cat "$T/stdout")"
	case $line in
	"$load: Loads in $unit, "* | "$load: Loads in $unit: "*) ;;
	*) fail "$load's unit $unit is not spelled out: $line" ;;
	esac
done < loads
