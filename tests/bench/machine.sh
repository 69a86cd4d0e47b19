#!/bin/sh
# make bench, the machine over the window (doc/machine.md has the
# figures and what they mean):
#  1. cost: what reading the window's edges takes (tests/window-bench.c),
#     beside the compile's elapsed and the self= contest logs;
#  2. agreement: sys_* of a no_load run against vmstat(8) over the same
#     seconds;
#  3. pressure: mem_load at a --size near its cap against no_load: memory
#     PSI, pages scanned and stolen;
#  4. the disk: io_load's sectors written against its MiB written;
#  5. mem_load at its default size (7/8 of MemAvailable without swap)
#     alone for BENCH_MEM_SECONDS (60) s: MemAvailable's minimum and
#     oom_kill before and after;
#  6. pressure with a full page cache: no_load and mem_load as nobody (no
#     cache drop) after a clean file of half the RAM is read, mem_load
#     with a lead of BENCH_PRESS_LEAD (25) s, so that it runs out of free
#     memory during the window.
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
. "$top/tests/bench/lib.sh"
B=$top/tests/tmp/bench-machine
rm -rf "$B"
mkdir -p "$B"
units=${BENCH_UNITS:-24}
C="$top/contest -d $B/work --lead 0 --units $units"
# BENCH_PARTS: the parts to run (default all), e.g. "2 6"
part() { case " ${BENCH_PARTS:-1 2 3 4 5 6} " in *" $1 "*) return 0 ;; esac; return 1; }
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r)"

if part 1; then
echo "== 1. cost of the window's edges"
make -s tests/window-bench.bin || exit 1
(cd "$B" && "$top/tests/window-bench.bin")

fi

if part 2; then
echo "== 2. sys_* of no_load against vmstat 1 over the same compile"
TZ=UTC vmstat -n -t 1 > "$B/vmstat.txt" &
vm=$!
$C -n 1 -k agree -l "$B/agree.log" no_load > /dev/null 2> "$B/agree.err"
kill $vm
line=$(runrecs "$B/agree.log" | grep load=no_load)
e=$(field "$line" elapsed)
# vmstat's lines stamped inside the run (its date and end, whole seconds),
# less the first: the make clean before the compile
d0=$(field "$line" date | tr 'TZ' '  ') d1=$(field "$line" end | tr 'TZ' '  ')
awk -v a="$d0" -v b="$d1" 'NF >= 19 { t = $18 " " $19 } t > a && t <= b' "$B/vmstat.txt" | sed 1d |
	awk '{ us += $13; sy += $14; id += $15; wa += $16; st += $17; k++ }
	END { printf "vmstat over %d s: us %.1f sy %.1f id %.1f wa %.1f st %.1f\n", k, us / k, sy / k, id / k, wa / k, st / k }'
printf 'contest over %.1f s: user+nice %.1f system+irq %.1f idle %.1f iowait %.1f steal %.1f self %s s\n' "$e" \
	"$(echo "$(field "$line" sys_user) + $(field "$line" sys_nice)" | bc)" \
	"$(echo "$(field "$line" sys_system) + $(field "$line" sys_irq)" | bc)" \
	"$(field "$line" sys_idle)" "$(field "$line" sys_iowait)" "$(field "$line" sys_steal)" "$(field "$line" self)"

fi

if part 3; then
echo "== 3. memory pressure: mem_load near its cap, read_load at its default size, against no_load"
size=$(awk '/MemAvailable/ { printf "%dM", $2 / 1024 * 7 / 8 }' /proc/meminfo)
$C -n 1 -k press -l "$B/press.log" --size "$size" no_load mem_load > /dev/null 2> "$B/press.err"
$C -n 1 -k press -l "$B/press.log" --no-baseline read_load > /dev/null 2>> "$B/press.err"
for l in no_load mem_load read_load; do
	line=$(runrecs "$B/press.log" | grep "load=$l ")
	echo "$l: elapsed $(field "$line" elapsed) s, psi_mem_some $(field "$line" psi_mem_some)%, psi_mem_full $(field "$line" psi_mem_full)%, pgscan $(field "$line" vm_pgscan_kswapd)+$(field "$line" vm_pgscan_direct), pgsteal $(field "$line" vm_pgsteal_kswapd)+$(field "$line" vm_pgsteal_direct), allocstall $(field "$line" vm_allocstall), majflt $(field "$line" vm_pgmajfault), refault $(field "$line" vm_workingset_refault), oom_kill $(field "$line" vm_oom_kill)"
done

fi

if part 4; then
echo "== 4. io_load: sectors written against MiB written"
$C -n 1 -k disk -l "$B/disk.log" --size 1G io_load > /dev/null 2> "$B/disk.err"
line=$(runrecs "$B/disk.log" | grep "load=io_load ")
w=$(field "$line" disk_wsect) u=$(field "$line" units)
pg=$(getconf PAGESIZE)
dd=$(field "$line" vm_nr_dirtied) dw=$(field "$line" vm_nr_written)
echo "io_load: $u MiB written by the load, $(echo "scale=1; $w * 512 / 1048576" | bc) MiB to $(field "$line" disk_dev) (ratio $(echo "scale=3; $w * 512 / 1048576 / $u" | bc)), busy $(field "$line" disk_busy)%, queue $(field "$line" disk_qdepth)"
echo "page cache: $(echo "scale=1; $dd * $pg / 1048576" | bc) MiB dirtied, $(echo "scale=1; $dw * $pg / 1048576" | bc) MiB written back (machine-wide)"
echo "the load's MiB less the dirty cache's growth: $(echo "scale=1; $u - ($dd - $dw) * $pg / 1048576" | bc) MiB, against the disk's $(echo "scale=1; $w * 512 / 1048576" | bc) MiB (ratio $(echo "scale=3; $w * 512 / 1048576 / ($u - ($dd - $dw) * $pg / 1048576)" | bc))"

fi

if part 5; then
echo "== 5. mem_load at its default size, alone for ${BENCH_MEM_SECONDS:-60} s"
oom0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
min=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
start=$min
tests/load-solo.bin -d "$B" -t "${BENCH_MEM_SECONDS:-60}" mem_load > "$B/mem.out" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
	m=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)
	[ "$m" -lt "$min" ] && min=$m
	sleep 0.2
done
wait $pid; rc=$?
oom1=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
echo "mem_load: exit $rc; $(sed -n 's/.*units=\([^ ]*\) .*note="\(.*\)"/\1 MiB written; \2/p' "$B/mem.out")"
echo "MemAvailable: $((start / 1024)) MiB before, $((min / 1024)) MiB at least during; oom_kill $oom0 before, $oom1 after"

fi

if part 6; then
echo "== 6. memory pressure with a full page cache: mem_load must reclaim it"
# Without swap, mem_load's cap (7/8 of MemAvailable) leaves the compile
# room, and a root run drops the page cache first: part 3 shows no
# reclaim.  Here the cache is full of a clean file of half the RAM, the
# runs go as an unprivileged user (no drop), and mem_load's area, sized
# from MemAvailable (which counts that cache), can only be had by
# evicting it: kswapd scans, the compile's own pages are evicted and
# refault.  Skipped when not root (setpriv is needed to become nobody).
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	P=$(mktemp -d /tmp/contest-press.XXXXXX)
	chmod 755 "$P"
	cp "$top/contest" "$P/"
	chown 65534:65534 "$P"
	half=$(awk '/MemTotal/ { printf "%d", $2 / 1024 / 2 }' /proc/meminfo)
	as_nobody() { (cd "$P" && setpriv --reuid=65534 --regid=65534 --clear-groups "$@"); }
	as_nobody dd if=/dev/zero of="$P/cache" bs=1M count="$half" status=none
	as_nobody cat "$P/cache" > /dev/null
	echo "page cache: $(awk '/^Cached/ { printf "%d MiB", $2 / 1024 }' /proc/meminfo) cached, MemAvailable $(awk '/MemAvailable/ { printf "%d MiB", $2 / 1024 }' /proc/meminfo)"
	# a lead that leaves mem_load's first pass short of the free memory's
	# end at the window's start, so that the eviction of the cache falls
	# inside the window: here the first pass beside a compile used up
	# 11.7 GiB free in about 38 s; a lead of 100 s evicted the cache
	# before the window opened, one of 15 s began to at its very end
	lead=${BENCH_PRESS_LEAD:-25}
	as_nobody ./contest -d "$P/w" --units "$units" --lead 0 -n 1 -k cached -l "$P/press.log" no_load > /dev/null 2> "$B/press6.err"
	as_nobody ./contest -d "$P/w" --units "$units" --lead "$lead" -n 1 -k cached -l "$P/press.log" --no-baseline mem_load > /dev/null 2>> "$B/press6.err"
	for l in no_load mem_load; do
		line=$(runrecs "$P/press.log" | grep "load=$l ")
		echo "$l: elapsed $(field "$line" elapsed) s, cache=$(field "$line" cache), psi_mem_some $(field "$line" psi_mem_some)%, psi_mem_full $(field "$line" psi_mem_full)%, pgscan $(field "$line" vm_pgscan_kswapd)+$(field "$line" vm_pgscan_direct), pgsteal $(field "$line" vm_pgsteal_kswapd)+$(field "$line" vm_pgsteal_direct), allocstall $(field "$line" vm_allocstall), majflt $(field "$line" vm_pgmajfault), refault $(field "$line" vm_workingset_refault), oom_kill $(field "$line" vm_oom_kill)"
	done
	rm -rf "$P"
else
	echo "skipped: needs root (to run as nobody without a cache drop)"
fi
fi
