#!/bin/sh
# Runs every tests/t*.sh (or those named) and ends with
# "N passed, N failed, N skipped".  Each script checks one behaviour and
# exits 0 when it holds, 77 when it cannot run here (saying why on a line
# "SKIP: reason"), anything else when it fails.
cd "$(dirname "$0")/.." || exit 2
mkdir -p tests/tmp
pass=0 fail=0 skip=0
[ $# -gt 0 ] || set -- tests/t[0-9]*.sh
for t in "$@"; do
	name=$(basename "$t" .sh)
	out=tests/tmp/$name.out
	timeout 300 sh "$t" >"$out" 2>&1
	rc=$?
	n=$((pass + fail + skip + 1))
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $name"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1))
		echo "ok $n - $name # SKIP $(sed -n 's/^SKIP: //p' "$out" | head -1)"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name"
		tail -n 15 "$out" | sed 's/^/#   /'
	fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
