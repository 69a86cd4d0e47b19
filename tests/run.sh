#!/bin/sh
# Runs every tests/t*.sh (or those named), each with its wall seconds,
# and ends with the suite's total and the slowest tests, then the line
# "N passed, N failed, N skipped".  Each script checks one behaviour and
# exits 0 when it holds, 77 when it cannot run here (saying why on a line
# "SKIP: reason"), anything else when it fails.  tests/README says more.
cd "$(dirname "$0")/.." || exit 2
mkdir -p tests/tmp
pass=0 fail=0 skip=0
times=tests/tmp/times
: > "$times"
now() { date +%s.%N; }
[ $# -gt 0 ] || set -- tests/t[0-9]*.sh
start=$(now)
for t in "$@"; do
	name=$(basename "$t" .sh)
	out=tests/tmp/$name.out
	t0=$(now)
	timeout 300 sh "$t" >"$out" 2>&1
	rc=$?
	secs=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
	echo "$secs $name" >> "$times"
	n=$((pass + fail + skip + 1))
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $name ($secs s)"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1))
		echo "ok $n - $name ($secs s) # SKIP $(sed -n 's/^SKIP: //p' "$out" | head -1)"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name ($secs s)"
		tail -n 15 "$out" | sed 's/^/#   /'
	fi
done
total=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }')
echo "# $total s in all; the slowest: $(sort -rn "$times" | head -5 | awk '{ printf "%s%s %s s", (NR > 1 ? ", " : ""), $2, $1 }')"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
