#!/bin/sh
# bench-loads-a: process_load, io_load, read_load and mem_load each run
# alone (tests/load-solo.bin, the same code contest forks) for BENCH_SECONDS
# beside the real tool doing the same work on the same sizes, alternated
# BENCH_ROUNDS times; prints each one's throughput and load / tool.
#
#   process_load  vs hackbench -p (rt-tests), as many tasks: messages/s
#   io_load       vs dd bs=1M conv=fsync of a random file, rm, again: MiB/s
#   read_load     vs dd iflag=nocache count=0 (drop), dd bs=1M: MiB/s
#   mem_load      vs stress-ng --vm 1 --vm-keep --vm-method write64: MiB/s
#                 written (stress-ng 0.15: one bogo op = 1 MiB written)
#
# Run by make bench, not make check.  doc/bench-loads.md has the figures.
cd "$(dirname "$0")/../.." || exit 2
T=${BENCH_SECONDS:-10}
R=${BENCH_ROUNDS:-3}
IOSIZE=${BENCH_IOSIZE:-268435456}	# 256 MiB
MEMSIZE=${BENCH_MEMSIZE:-1073741824}	# 1 GiB
RUN=tests/load-solo.bin
[ -x $RUN ] || make -s $RUN || exit 1
mkdir -p tests/tmp
W=$(mktemp -d "$PWD/tests/tmp/bench-loads-a.XXXXXX") || exit 1
SRC=/dev/shm/bench-loads-a.$$
trap 'rm -rf "$W" "$SRC"' EXIT
ncpu=$(nproc)

now() { date +%s.%N; }
# need PROGRAM PACKAGE: 0 if PROGRAM is there or could be installed
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "   installing $2 for $1"
	apt-get install -y "$2" >/dev/null 2>&1 && command -v "$1" >/dev/null 2>&1 && return 0
	echo "   skip: $1 missing and '$2' could not be installed"
	return 1
}
# loadrate LOAD [SIZE]: the load's raw work per second over T seconds
loadrate() {
	$RUN -t "$T" -d "$W" ${2:+-O size="$2"} "$1" | sed -n 's/.* rate=\([0-9.]*\) .*/\1/p'
}
# report NAME UNIT DIV LOADRATES TOOLRATES (raw per second, one per
# round, space-separated): means in UNIT (raw / DIV), rounds, the ratio
report() {
	echo "$4|$5" | awk -v n="$1" -v u="$2" -v d="$3" -F'|' '{
		k = split($1, a, " "); m = split($2, b, " ")
		for (i = 1; i <= k; i++) { la += a[i]; rl = rl sprintf(" %.0f", a[i] / d) }
		for (i = 1; i <= m; i++) { ta += b[i]; rt = rt sprintf(" %.0f", b[i] / d) }
		la /= k; ta /= m
		printf "%-13s load %10.0f  tool %10.0f  %-6s ratio %.2f\n", n, la / d, ta / d, u, la / ta
		printf "%-13s   rounds: load%s, tool%s\n", "", rl, rt }'
}

echo "machine: $(uname -srm), $ncpu CPUs, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM,"
echo "  $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), work dir on $(df -T "$W" | awk 'NR == 2 { print $1 " (" $2 ")" }')"
echo "each figure: $R rounds of $T s, load and tool alternated"

# process_load: N = 4 x ncpu tasks each; hackbench -f F runs 2F tasks and
# passes groups x F x F x loops messages of 100 bytes
if need hackbench rt-tests; then
	F=$((2 * ncpu))
	# size hackbench's loops to about T seconds
	t=$(hackbench -p -g 1 -f $F -l 20000 | sed -n 's/^Time: //p')
	L=$(awk -v t="$t" -v T="$T" 'BEGIN { l = int(20000 * T / t); print l < 1000 ? 1000 : l }')
	lr= tr=
	for i in $(seq "$R"); do
		lr="$lr $(loadrate process_load)"
		t=$(hackbench -p -g 1 -f $F -l "$L" | sed -n 's/^Time: //p')
		tr="$tr $(awk -v t="$t" -v F=$F -v L="$L" 'BEGIN { print F * F * L / t }')"
	done
	report process_load msg/s 1 "$lr" "$tr"
fi

# io_load: passes of IOSIZE written with 1 MiB writes and fsync; dd the
# same from a random file in tmpfs (memory), conv=fsync, rm, for T seconds
head -c "$IOSIZE" /dev/urandom > "$SRC"
mb=$((IOSIZE / 1048576))
lr= tr=
for i in $(seq "$R"); do
	lr="$lr $(loadrate io_load "$IOSIZE")"
	n=0 s=$(now)
	while :; do
		dd if="$SRC" of="$W/dd.dat" bs=1M count=$mb conv=fsync status=none
		rm -f "$W/dd.dat"
		n=$((n + 1))
		awk -v s="$s" -v e="$(now)" -v T="$T" 'BEGIN { exit !(e - s >= T) }' && break
	done
	tr="$tr $(awk -v s="$s" -v e="$(now)" -v n=$n -v b="$IOSIZE" 'BEGIN { print n * b / (e - s) }')"
done
report io_load MiB/s 1048576 "$lr" "$tr"

# read_load: a file of IOSIZE read start to end, dropped from the cache
# before each pass; dd the same on the same filesystem
dd if="$SRC" of="$W/ddr.dat" bs=1M conv=fsync status=none
rm -f "$SRC"
lr= tr=
for i in $(seq "$R"); do
	lr="$lr $(loadrate read_load "$IOSIZE")"
	n=0 s=$(now)
	while :; do
		dd if="$W/ddr.dat" iflag=nocache count=0 status=none
		dd if="$W/ddr.dat" of=/dev/null bs=1M status=none
		n=$((n + 1))
		awk -v s="$s" -v e="$(now)" -v T="$T" 'BEGIN { exit !(e - s >= T) }' && break
	done
	tr="$tr $(awk -v s="$s" -v e="$(now)" -v n=$n -v b="$IOSIZE" 'BEGIN { print n * b / (e - s) }')"
done
rm -f "$W/ddr.dat"
report read_load MiB/s 1048576 "$lr" "$tr"

# mem_load: MEMSIZE written page by page; stress-ng write64 writes the
# same size again and again (--vm-keep: one mapping, as mem_load)
if need stress-ng stress-ng; then
	lr= tr=
	for i in $(seq "$R"); do
		lr="$lr $(loadrate mem_load "$MEMSIZE")"
		ops=$(stress-ng --vm 1 --vm-bytes "$MEMSIZE" --vm-keep --vm-method write64 -t "$T" \
			--metrics-brief 2>&1 | awk '$4 == "vm" { print $5 " " $6 }')
		tr="$tr $(echo "$ops" | awk '{ print $1 * 1048576 / $2 }')"
	done
	report mem_load MiB/s 1048576 "$lr" "$tr"
fi
