#!/bin/sh
# make bench: the report on a 1,000,000-record log against awk computing
# the same means (Time, CPU%, Loads, LCPU% per label and load) from the
# same file, and against wc -l reading it, each timed five times in turn
# (the report's table, then --format long and kcidb, which issue 27 holds
# to twice the table's time); prints the medians and their ratios, and
# checks that contest and awk agree on every mean.  The records carry what the harness writes: the
# compile's rusage, the machine's CPU split, vmstat deltas, pressure and
# the disk; each is a run of its own (run= counts up: the report reads a
# run once, and would drop a second record of one as a duplicate).
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
N=${BENCH_RECORDS:-1000000}
D=$(mktemp -d "$top/tests/tmp/bench-report.XXXXXX") || exit 2
trap 'rm -rf "$D"' EXIT
awk -v n="$N" 'BEGIN {
	srand(42)
	nl = split("no_load cacherun process_load tarc_load tarx_load io_load io_other read_load lslr_load mem_load", L, " ")
	nk = split("2.4.19 2.4.19-cc 2.5.38 2.5.39 2.5.40 2.5.40-mm1 2.6.0 2.6.1 2.6.2 2.6.3", K, " ")
	for (i = 0; i < n; i++) {
		k = K[int(i / 1000) % nk + 1]; l = L[int(i / 10) % nl + 1]
		e = 100 + rand() * 50
		printf "contest=1 date=2026-12-01T10:00:00Z end=2026-12-01T10:02:10Z host=box label=%s kernel=6.1.0 load=%s run=%d round=%d inv=20261201T095800Z-4242 status=ok elapsed=%.3f user=%.3f sys=%.3f lcpu=%.3f units=%.3f unit=MiB jobs=8 workload=builtin:100 cache=dropped drop=yes contain=cgroup ncpu=2 lead=3.000 majflt=22 minflt=27036 nvcsw=310 nivcsw=2154 maxrss=40808 self=0.0123", k, l, i + 1, i % 10 + 1, e, e * (0.6 + rand() * 0.2), e * 0.05, e * rand() * 0.2, rand() * 100
		printf " sys_user=%.2f sys_nice=0.00 sys_system=%.2f sys_irq=0.31 sys_iowait=%.2f sys_steal=0.00 sys_idle=%.2f sys_rest=%.2f sys_adds=1", 60 + rand() * 10, 8 + rand() * 4, rand() * 5, 10 + rand() * 10, rand() * 3
		printf " vm_pgfault=%d vm_pgmajfault=%d vm_pswpin=0 vm_pswpout=0 vm_pgscan_kswapd=%d vm_pgscan_direct=0 vm_pgsteal_kswapd=%d vm_pgsteal_direct=0 vm_allocstall=0 vm_workingset_refault=%d vm_oom_kill=0 vm_compact_stall=0 vm_thp_fault_alloc=%d", 4000000 + rand() * 100000, rand() * 500, rand() * 20000, rand() * 20000, rand() * 300, rand() * 50
		printf " psi_cpu_some=%.2f psi_cpu_full=0.00 psi_mem_some=%.2f psi_mem_full=%.2f psi_io_some=%.2f psi_io_full=%.2f disk_dev=vda disk_rsect=%d disk_wsect=%d disk_busy=%.1f disk_wms=%d disk_qdepth=%.2f\n", rand() * 40, rand(), rand() / 2, rand() * 20, rand() * 10, rand() * 100000, rand() * 2000000, rand() * 90, rand() * 300000, rand() * 4
	}
}' > "$D/big.log"
cat > "$D/means.awk" <<'AWK'
{
	delete f
	for (i = 1; i <= NF; i++) { p = index($i, "="); f[substr($i, 1, p - 1)] = substr($i, p + 1) }
	if (f["status"] != "ok") next
	g = f["label"] " " f["load"]
	n[g]++; e[g] += f["elapsed"]; c[g] += (f["user"] + f["sys"]) / f["elapsed"] * 100
	u[g] += f["units"]; l[g] += f["lcpu"] / f["elapsed"] * 100
}
END { for (g in n) printf "%s %d %.1f %.1f %.1f %.1f\n", g, n[g], e[g] / n[g], c[g] / n[g], u[g] / n[g], l[g] / n[g] }
AWK
# wall seconds and CPU (user + sys) seconds of one run, as "E/C"
secs() { /usr/bin/time -f '%e %U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.2f/%.2f", $1, $2 + $3 }'; }
cat "$D/big.log" > /dev/null	# all start from a warm page cache
ct= lt= kt= at= wt=
for i in 1 2 3 4 5; do
	ct="$ct $(secs ./contest -r "$D/big.log")"
	lt="$lt $(secs ./contest -r --format long "$D/big.log")"
	kt="$kt $(secs ./contest -r --format kcidb "$D/big.log")"
	at="$at $(secs awk -f "$D/means.awk" "$D/big.log")"
	wt="$wt $(secs wc -l "$D/big.log")"
done
# median of the wall times (field 1) or of the CPU times (field 2)
median() { printf '%s\n' $1 | cut -d/ -f"$2" | sort -n | sed -n 3p; }
c=$(median "$ct" 1) a=$(median "$at" 1) cc=$(median "$ct" 2) ac=$(median "$at" 2)
l=$(median "$lt" 1) lc=$(median "$lt" 2) k=$(median "$kt" 1) kc=$(median "$kt" 2)
w=$(median "$wt" 1) wc=$(median "$wt" 2)
# the best of the runs: on a shared machine the least disturbed
best() { printf '%s\n' $1 | cut -d/ -f"$2" | sort -n | head -1; }
./contest -r "$D/big.log" | awk '/:$/ { load = substr($1, 1, length($1) - 1); next }
	NF == 7 && $1 != "Kernel" { print $1, load, $2, $3, $4, $5, $6 }' | sort > "$D/c.out"
awk -f "$D/means.awk" "$D/big.log" | sort > "$D/a.out"
if cmp -s "$D/c.out" "$D/a.out"; then same="same means ($(wc -l < "$D/a.out") groups)"; else same="MEANS DIFFER"; fi
echo "machine: $(uname -srm), $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
echo "awk: $(readlink -f "$(command -v awk)")"
echo "log: $N records, $(du -m "$D/big.log" | cut -f1) MiB"
echo "contest -r: median $c s wall, $cc s CPU (wall/CPU of the runs:$ct)"
echo "  --format long:  median $l s wall, $lc s CPU (wall/CPU of the runs:$lt)"
echo "  --format kcidb: median $k s wall, $kc s CPU (wall/CPU of the runs:$kt)"
echo "awk means:  median $a s wall, $ac s CPU (wall/CPU of the runs:$at)"
echo "wc -l:      median $w s wall, $wc s CPU (wall/CPU of the runs:$wt)"
ratio() { awk -v a="$1" -v c="$2" 'BEGIN { if (c > 0) printf "%.1f", a / c; else printf "inf" }'; }
ratio2() { awk -v a="$1" -v c="$2" 'BEGIN { if (c > 0) printf "%.2f", a / c; else printf "inf" }'; }
echo "awk / contest: $(ratio "$a" "$c")x wall, $(ratio "$ac" "$cc")x CPU; $same"
# issue 27: each data format at most twice the table's time
echo "long / table: $(ratio2 "$l" "$c")x wall, $(ratio2 "$lc" "$cc")x CPU; kcidb / table: $(ratio2 "$k" "$c")x wall, $(ratio2 "$kc" "$cc")x CPU (medians; at most 2x)"
echo "contest / wc -l: $(ratio "$c" "$w")x wall, $(ratio "$cc" "$wc")x CPU (medians); best runs: contest $(best "$ct" 1)/$(best "$ct" 2), awk $(best "$at" 1)/$(best "$at" 2), wc -l $(best "$wt" 1)/$(best "$wt" 2) s wall/CPU: contest / wc -l $(ratio "$(best "$ct" 2)" "$(best "$wt" 2)")x CPU"
# run by run: each awk run against the contest run just before it
printf '%s\n' $at | cut -d/ -f1 > "$D/a.t"
printf '%s\n' $ct | cut -d/ -f1 > "$D/c.t"
echo "awk / contest, run by run (wall): $(paste -d' ' "$D/a.t" "$D/c.t" | awk '{ printf "%s%.1f", (NR > 1 ? " " : ""), ($2 > 0 ? $1 / $2 : 0) }')"
[ "$same" != "MEANS DIFFER" ]
