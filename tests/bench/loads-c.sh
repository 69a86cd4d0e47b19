#!/bin/sh
# make bench: the loads of issue 19 beside the real tools, each run
# alone (tests/load-solo.bin, the lifecycle contest runs) and alternated with
# the tool BENCH_ROUNDS times (load first in odd rounds, tool first in
# even ones), BENCH_SECONDS each; the medians of the rounds' ratios.
#
#   streams  read_load --streams N vs fio --numjobs=N --rw=read --bs=1M
#            on the same files, dropped from the cache (fio invalidates
#            them each loop): MiB/s, the slowest job against the fastest,
#            and the reads' latency against fio's completion latency
#            (clat p50, p99, mean), for N = 1 and BENCH_STREAMS
#   write    io_load's request latency vs fio --rw=write --bs=1M
#            --fallocate=none --fsync=N --unlink_each_loop=1 (no blocks
#            reserved ahead, as io_load; N: the MiB of a pass, so one
#            fsync a pass, as io_load; fio's own --fsync_on_close and
#            --end_fsync did not reach the disk for every pass here),
#            p50, p99; passes of 1 GiB so that a pass's create, fsync and
#            unlink are under 1% of io_load's requests
#   dbench   dbench_load vs dbench (Debian's, client.txt) with the same
#            clients in the same directory: operations per second (dbench:
#            the operations of its table over its time limit, after its
#            warm-up)
#   cost     what timing the requests costs: tests/req-bench.bin's ns per
#            request times each I/O load's requests over its CPU time on
#            the disk, and each load with and without timing (solo -L) on
#            BENCH_COSTDIR (a tmpfs: the load bound by its CPU, the worst
#            case), alternated, the median ratio of work per CPU second
#
# BENCH_PARTS picks some (default all).  fio, dbench (and python3, which
# reads fio's json+) are installed with apt-get when missing; a part
# without its tool is skipped.  Run by
# make bench, not make check.  doc/bench-loads-c.md has the figures.
cd "$(dirname "$0")/../.." || exit 2
T=${BENCH_SECONDS:-5}
R=${BENCH_ROUNDS:-5}
SIZE=${BENCH_SIZE:-1G}
STREAMS=${BENCH_STREAMS:-4}
CLIENTS=${BENCH_CLIENTS:-4}
PARTS=${BENCH_PARTS:-streams write dbench cost}
SOLO=$PWD/tests/load-solo.bin
COST=$PWD/tests/req-bench.bin
for b in "$SOLO" "$COST"; do
	[ -x "$b" ] || make -s "${b#$PWD/}" || exit 1
done
mkdir -p tests/tmp
B=$(mktemp -d "${BENCH_DIR:-$PWD/tests/tmp}/bench-loads-c.XXXXXX") || exit 1
C=$(mktemp -d "${BENCH_COSTDIR:-/dev/shm}/bench-loads-c.XXXXXX") || exit 1
trap 'rm -rf "$B" "$C"' EXIT

need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	apt-get install -y "$1" >/dev/null 2>&1 && command -v "$1" >/dev/null 2>&1 && return 0
	echo "   skip: no $1, and apt-get could not install it"
	return 1
}
bytes() { numfmt --from=iec "$1"; }
# field KEY: the value of KEY=... in solo's output
field() { sed -n "s/.*[ \"]$1=\([^ \"]*\).*/\1/p" | head -1; }
# reqkey KEY: KEY of solo's req="..." line (n, mean, p50, p99, max)
reqkey() { sed -n 's/^req="\(.*\)"/\1/p' | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# what solo printed of a load of several workers: fairness, 100 for one
fair() { f=$(sed -n 's/^fairness=//p'); echo "${f:-100}"; }
# median of the numbers on stdin, one a line
median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# fio's json+ on stdin, reads (read) or writes (write): all jobs' bytes/s,
# their completions' latency p50, p99 (nearest rank, from the merged
# bins) and mean in us, and the slowest job's bytes/s over the fastest's
fioread() {
	python3 -c '
import json, math, sys
j = json.load(sys.stdin)
rw = sys.argv[1]
bins, bw, n, tot = {}, [], 0, 0.0
for job in j["jobs"]:
    d = job[rw]
    bw.append(d["bw_bytes"])
    c = d["clat_ns"]
    n += c["N"]
    tot += c["mean"] * c["N"]
    for k, v in c.get("bins", {}).items():
        bins[int(k)] = bins.get(int(k), 0) + v
def pct(p):
    rank, cum = max(1, math.ceil(p / 100 * n)), 0
    for k in sorted(bins):
        cum += bins[k]
        if cum >= rank:
            return k / 1000
print("%d %.0f %.0f %.1f %.1f" % (sum(bw), pct(50), pct(99), tot / n / 1000, 100 * min(bw) / max(bw)))
' "$1"
}
settle() { sync; }
# the order of round I: the load first in odd rounds, the tool first in even ones
order() { if [ $(($1 % 2)) -eq 1 ]; then echo load tool; else echo tool load; fi; }
# alternate LOAD TOOL ROW: $R rounds into $B/rounds, each running the
# functions LOAD and TOOL in the round's order, each after a sync, then
# appending the line ROW prints
alternate() {
	: > "$B/rounds"
	for i in $(seq "$R"); do
		for who in $(order "$i"); do
			settle
			if [ $who = load ]; then $1; else $2; fi
		done
		$3 >> "$B/rounds"
	done
}

echo "machine: $(uname -srm), $(nproc) CPUs, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM"
echo "disk: $B on $(df --output=source,fstype "$B" | tail -1); cost dir $C on $(df --output=fstype "$C" | tail -1)"
echo "each figure: the median of $R rounds of $T s, load and tool alternated"

streams_load() { "$SOLO" -d "$B" -O size="$SIZE" -O streams="$n" -t "$T" read_load > "$B/load.out"; }
streams_fio() {
	fio --name=read_load --directory="$kept" --filename_format='read_load.$jobnum.dat' \
	    --numjobs="$n" --rw=read --bs=1M --size="$per" --ioengine=psync --invalidate=1 \
	    --fadvise_hint=sequential --time_based --runtime="$T" --output-format=json+ \
	    > "$B/fio.out" 2>/dev/null
}
# rate B/s, fairness, mean, p50, p99; fio: B/s, p50, p99, mean, fairness
streams_row() {
	echo "$(field rate < "$B/load.out") $(fair < "$B/load.out") $(reqkey mean < "$B/load.out")" \
	    "$(reqkey p50 < "$B/load.out") $(reqkey p99 < "$B/load.out") $(fioread read < "$B/fio.out")"
}
# read_load --streams N against fio numjobs=N on the same files
streams() {
	n=$1 per=$(( $(bytes "$SIZE") / $1 / 4096 * 4096 ))
	"$SOLO" -d "$B" -O size="$SIZE" -O streams="$n" -p 1 -k read_load > "$B/keep.out" || return 1
	kept=$(field dir < "$B/keep.out")
	alternate streams_load streams_fio streams_row
	rm -rf "$kept"
	echo "read_load --streams $n (files of $((per >> 20)) MiB) vs fio --numjobs=$n --rw=read --bs=1M:"
	awk '{ printf "   round %d: MiB/s %.0f / %.0f, slowest/fastest %.1f%% / %.1f%%, p50 %d / %d us, p99 %d / %d us, mean %.0f / %.0f us\n",
		NR, $1 / 1048576, $6 / 1048576, $2, $10, $4, $7, $5, $8, $3, $9 }' "$B/rounds"
	printf "   median load / fio: throughput %.2f, p50 %.2f, p99 %.2f, mean %.2f\n" \
	    "$(awk '$6 > 0 { print $1 / $6 }' "$B/rounds" | median)" \
	    "$(awk '$7 > 0 { print $4 / $7 }' "$B/rounds" | median)" \
	    "$(awk '$8 > 0 { print $5 / $8 }' "$B/rounds" | median)" \
	    "$(awk '$9 > 0 { print $3 / $9 }' "$B/rounds" | median)"
	printf "   median slowest/fastest: load %.1f%%, fio %.1f%%\n" \
	    "$(awk '{ print $2 }' "$B/rounds" | median)" "$(awk '{ print $10 }' "$B/rounds" | median)"
}

write_load() { "$SOLO" -d "$B" -O size="$SIZE" -t "$T" io_load > "$B/load.out"; }
write_fio() {
	fio --name=io_load --directory="$B" --rw=write --bs=1M --size="$SIZE" \
	    --ioengine=psync --fallocate=none --fsync=$(($(bytes "$SIZE") >> 20)) \
	    --unlink_each_loop=1 --time_based --runtime="$T" --output-format=json+ \
	    > "$B/fio.out" 2>/dev/null
	rm -f "$B"/io_load.*
}
# rate B/s, p50, p99; fio: B/s, p50, p99, mean, fairness
write_row() {
	echo "$(field rate < "$B/load.out") $(reqkey p50 < "$B/load.out") $(reqkey p99 < "$B/load.out")" \
	    "$(fioread write < "$B/fio.out")"
}
# io_load's request latency against fio's writes of 1 MiB
write() {
	alternate write_load write_fio write_row
	echo "io_load ($SIZE passes) vs fio --rw=write --bs=1M --fallocate=none --fsync=$(($(bytes "$SIZE") >> 20)) --unlink_each_loop=1:"
	awk '{ printf "   round %d: MiB/s %.0f / %.0f, p50 %d / %d us, p99 %d / %d us\n",
		NR, $1 / 1048576, $4 / 1048576, $2, $5, $3, $6 }' "$B/rounds"
	printf "   median load / fio: throughput %.2f, p50 %.2f, p99 %.2f\n" \
	    "$(awk '$4 > 0 { print $1 / $4 }' "$B/rounds" | median)" \
	    "$(awk '$5 > 0 { print $2 / $5 }' "$B/rounds" | median)" \
	    "$(awk '$6 > 0 { print $3 / $6 }' "$B/rounds" | median)"
}

dbench_load() { "$SOLO" -d "$B/db" -O clients="$CLIENTS" -t "$T" dbench_load > "$B/load.out"; }
dbench_tool() {
	dbench -D "$B/db" -t "$T" "$CLIENTS" > "$B/dbench.out" 2>&1
	rm -rf "$B/db/clients"
}
# ops/s of the load, of dbench (its table's operations over its time limit); the load's fairness
dbench_row() {
	echo "$(field rate < "$B/load.out")" \
	    "$(awk -v t="$T" '/^ ---/ { on = 1; next } on && NF == 4 { n += $2 } on && NF == 0 { on = 0 }
	        END { printf "%.1f", n / t }' "$B/dbench.out") $(fair < "$B/load.out")"
}
# dbench_load against dbench, same clients, same directory
dbench_part() {
	mkdir -p "$B/db"
	alternate dbench_load dbench_tool dbench_row
	echo "dbench_load vs dbench, $CLIENTS clients:"
	awk '{ printf "   round %d: ops/s %.0f / %.0f (load slowest/fastest client %s%%)\n", NR, $1, $2, $3 }' "$B/rounds"
	printf "   median load / dbench: %.2f\n" "$(awk '$2 > 0 { print $1 / $2 }' "$B/rounds" | median)"
}

# what timing costs: per request (req-bench), and with and without it
cost() {
	c1=$("$COST" 1) c4=$("$COST" 4)
	ns1=$(echo "$c1" | field ns) ns4=$(echo "$c4" | field ns) ch4=$(echo "$c4" | field chained)
	echo "timing one request: $ns1 ns alone, $ns4 ns in each of 4 processes at once," \
	    "$ch4 ns chained (dbench_load's) in each of 4 (CPU time)"
	for l in io_load read_load read_load:4 tarc_load tarx_load lslr_load dbench_load; do
		name=${l%:*} opts=
		case $l in
		io_load|read_load) opts="-O size=256M" ;;
		read_load:4) opts="-O size=256M -O streams=4" ;;
		tarc_load|tarx_load) opts="-O size=64M" ;;
		lslr_load) opts="-O walk=/usr" ;;
		esac
		ns=$ns1
		case $l in read_load:4) ns=$ns4 ;; dbench_load) ns=$ch4 ;; esac
		# on the disk: requests x cost over the load's CPU
		"$SOLO" -d "$B" $opts -t "$T" "$name" > "$B/load.out"
		n=$(reqkey n < "$B/load.out") cpu=$(field lcpu < "$B/load.out")
		pct=$(awk -v n="$n" -v ns="$ns" -v c="$cpu" 'BEGIN { printf "%.3f", (c > 0 ? 100 * n * ns / 1e9 / c : -1) }')
		# on the tmpfs (lslr_load: /usr, in the page cache after its first pass,
		# as bound by its CPU): work per CPU second with timing over without
		# (per CPU second: the others on a shared box take CPU from both alike)
		: > "$B/ab"
		for i in $(seq "$R"); do
			for who in $(order "$i"); do	# the load timed, the "tool" without timing
				on=$( [ $who = load ] && echo 1 || echo 0 )
				"$SOLO" -d "$C" $opts -t "$T" $( [ $on = 0 ] && echo -L ) "$name" > "$B/ab.out"
				awk -v w="$(field work < "$B/ab.out")" -v c="$(field lcpu < "$B/ab.out")" \
				    'BEGIN { print (c > 0 ? w / c : 0) }' > "$B/rate.$on"
			done
			echo "$(cat "$B/rate.1") $(cat "$B/rate.0")" >> "$B/ab"
		done
		printf "   %-12s %7d requests/s, CPU %.2f s/s: timing %s%% of the CPU; tmpfs work/CPU with/without timing %.3f (rounds %s)\n" \
		    "$l" "$(awk -v n="$n" -v t="$T" 'BEGIN { printf "%d", n / t }')" "$(awk -v c="$cpu" -v t="$T" 'BEGIN { print c / t }')" \
		    "$pct" "$(awk '$2 > 0 { print $1 / $2 }' "$B/ab" | median)" \
		    "$(awk '$2 > 0 { printf "%s%.3f", (NR > 1 ? " " : ""), $1 / $2 }' "$B/ab")"
	done
}

for p in $PARTS; do
	case $p in
	streams) need fio && need python3 && { streams 1; streams "$STREAMS"; } ;;
	write) need fio && need python3 && write ;;
	dbench) need dbench && dbench_part ;;
	cost) cost ;;
	esac
done
