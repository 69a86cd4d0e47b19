#!/bin/sh
# make bench: every other tests/bench/*.sh, one after another.  Not part of
# make check: figures on a shared machine are for the docs, not for a pass.
cd "$(dirname "$0")/../.." || exit 2
mkdir -p tests/tmp
[ $# -gt 0 ] || set -- tests/bench/*.sh
for b in "$@"; do
	case $b in tests/bench/run.sh|tests/bench/lib.sh) continue ;; esac
	[ -f "$b" ] || continue
	echo "== $(basename "$b" .sh)"
	sh "$b" || echo "$(basename "$b" .sh): failed"
done
