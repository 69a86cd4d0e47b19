#!/bin/sh
# make bench: tarc_load, tarx_load and lslr_load alone (tests/load-solo.bin,
# no compile) beside the real tool doing the same work on the same tree,
# alternated, and the ratio load / tool of their throughputs.
#   tarc_load vs tar -cf      archive bytes written per second
#   tarx_load vs tar -xf      archive bytes extracted per second
#   lslr_load vs ls -lRa      entries listed per second
# The tar tree is the generated data tree of BENCH_SIZE bytes; the
# listing tree is BENCH_WALK.  Each run lasts BENCH_SECONDS; BENCH_ROUNDS
# rounds, load first in odd rounds and the tool first in even ones, so
# neither always inherits the other's writeback.  The caches are warm for
# both (the same tree is read again and again, and the tool makes one
# untimed pass before each load's rounds); written data is removed and
# synced between runs.
# BENCH_LOADS: which of the three to run (default all).
# BENCH_DIR: where the tree and the outputs go (default tests/tmp, the
# work disk; a tmpfs such as /dev/shm takes the disk out of the figures).
cd "$(dirname "$0")/../.." || exit 2
SIZE=${BENCH_SIZE:-256M}
SECS=${BENCH_SECONDS:-5}
ROUNDS=${BENCH_ROUNDS:-3}
WALK=${BENCH_WALK:-/usr}
SOLO=$PWD/tests/load-solo.bin
B=${BENCH_DIR:-$PWD/tests/tmp}/bench-loads-b.$$
for t in tar ls; do
	command -v $t > /dev/null || { echo "bench-loads-b: no $t, skipped"; exit 0; }
done
[ -x "$SOLO" ] || { echo "bench-loads-b: no $SOLO (make tests/load-solo.bin)"; exit 1; }
rm -rf "$B"
mkdir -p "$B/out"
trap 'rm -rf "$B"' EXIT

now() { date +%s.%N; }
# value of KEY=... in solo's output line
field() { sed -n "s/.* $1=\([^ ]*\) .*/\1/p"; }

# the tree: solo writes the generated tree and keeps it
"$SOLO" -d "$B" -O size="$SIZE" -p 1 -k tarc_load > "$B/gen.out" || { cat "$B/gen.out"; exit 1; }
gen=$(field dir < "$B/gen.out")
mv "$gen/data" "$B/data"
rm -rf "$gen"
tar -cf "$B/ref.tar" -C "$B" data
entries=$(find "$WALK" -xdev | wc -l)
echo "dir: $B ($(df --output=fstype "$B" | tail -1)); tree: $SIZE generated ($(find "$B/data" | wc -l) entries, archive $(stat -c %s "$B/ref.tar") bytes); walk: $WALK ($entries entries); $SECS s per run, $ROUNDS rounds"

# tool LOAD-NAME [SECONDS]: run the real tool for SECONDS (default SECS)
# in whole passes, at least one; prints bytes/s or entries/s
tool() {
	n=0 work=0 t0=$(now) secs=${2:-$SECS}
	while :; do
		case $1 in
		tarc_load)
			tar -cf "$B/out/a.$n.tar" -C "$B" data
			work=$((work + $(stat -c %s "$B/out/a.$n.tar")));;
		tarx_load)
			mkdir "$B/out/x.$n" && tar -xf "$B/ref.tar" -C "$B/out/x.$n"
			work=$((work + $(stat -c %s "$B/ref.tar")));;
		lslr_load)
			ls -lRa "$WALK" > /dev/null 2>&1
			work=$((work + entries));;
		esac
		n=$((n + 1))
		t=$(now)
		awk -v a="$t0" -v b="$t" -v s="$secs" 'BEGIN { exit !(b - a >= s) }' && break
	done
	awk -v w="$work" -v a="$t0" -v b="$t" 'BEGIN { printf "%.1f\n", w / (b - a) }'
}

load() {
	case $1 in
	tarc_load|tarx_load) "$SOLO" -d "$B/out" -s "$B/data" -t "$SECS" $1;;
	lslr_load) "$SOLO" -d "$B/out" -O walk="$WALK" -t "$SECS" $1;;
	esac | field rate
}

settle() { rm -rf "$B/out"; mkdir "$B/out"; sync; }

export LC_ALL=C
for l in ${BENCH_LOADS:-tarc_load tarx_load lslr_load}; do
	case $l in
	tarc_load) name="tar -cf";; tarx_load) name="tar -xf";; lslr_load) name="ls -lRa";;
	esac
	unit="MB/s"; div=1000000
	[ $l = lslr_load ] && { unit="kentries/s"; div=1000; }
	ratios=""
	# one untimed pass of the tool first: the tree back in the caches
	# after the previous load's writing may have pushed it out
	tool $l 0 > /dev/null
	for r in $(seq "$ROUNDS"); do
		if [ $((r % 2)) -eq 1 ]; then
			settle; a=$(load $l)
			settle; b=$(tool $l)
		else
			settle; b=$(tool $l)
			settle; a=$(load $l)
		fi
		ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
		ratios="$ratios $ratio"
		awk -v l=$l -v n="$name" -v r=$r -v a="$a" -v b="$b" -v d=$div -v u="$unit" -v q="$ratio" \
		    'BEGIN { printf "%-10s round %d: load %9.1f %s, %-8s %9.1f %s, ratio %s\n", l, r, a / d, u, n, b / d, u, q }'
	done
	echo "$ratios" | tr ' ' '\n' | sed '/^$/d' | sort -n |
	    awk -v l=$l -v n="$name" '{ v[NR] = $1 } END { printf "%-10s vs %-8s median ratio %.2f (min %.2f, max %.2f)\n", l, n, v[int((NR + 1) / 2)], v[1], v[NR] }'
done
settle
