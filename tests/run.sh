#!/bin/sh
# Runs every tests/t*.sh (or those named) and ends with "N passed, N failed".
# Each script checks one behaviour and exits 0 when it holds.
cd "$(dirname "$0")/.." || exit 2
mkdir -p tests/tmp
pass=0 fail=0
[ $# -gt 0 ] || set -- tests/t[0-9]*.sh
for t in "$@"; do
	name=$(basename "$t" .sh)
	out=tests/tmp/$name.out
	if timeout 300 sh "$t" >"$out" 2>&1; then
		pass=$((pass + 1))
		echo "ok $((pass + fail)) - $name"
	else
		fail=$((fail + 1))
		echo "not ok $((pass + fail)) - $name"
		tail -n 15 "$out" | sed 's/^/#   /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
