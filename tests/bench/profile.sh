#!/bin/sh
# make bench, profile: the kernel profile (profile.c) against perf, and
# its cost (doc/profile.md).  Root and Debian's linux-perf (perf).
#  1. the same window: perf record -a -k CLOCK_MONOTONIC -e cpu-clock
#     -F 997 runs around tests/profile-solo.bin, which profiles one
#     compile (make -jN of the built-in tree) with contest's engine;
#     perf's samples are cut to the engine's window [t0, t1], and the
#     kernel samples of both (idle tasks, PID 0, left out) compared: the
#     totals, and the shares of the engine's top 20 symbols.
#  2. cost: the engine's CPU over each window (prof_cpu, CLOCK_THREAD_
#     CPUTIME_ID around its calls) as % of one CPU; and the compile's
#     elapsed with the profile on and off, alternated (the kernel's side:
#     the sampling interrupts, charged to whatever they interrupt).
#  3. growth: the engine's CPU per record at 997, 2999 and 9973 Hz (the
#     work of a drain grows with samples a second: HZ x CPUs).
#  4. contest itself, no_load with --profile off and kernel alternated:
#     its CPU over the window (self) and the profile's (prof_cpu).
#  5. the totals of each run's profile against what its record's CPU
#     split predicts, with --profile kernel and all.
#  6. diffprofiles: an A/A (two labels of one kernel) and the known
#     difference, process_load against no_load.
# BENCH_PROFILE_PARTS (default "1 2 3 4 5 6") chooses the parts.
# BENCH_UNITS (default 120) sets the tree, BENCH_ROUNDS (default 3) the
# compiles of parts 1 and 2.  Run it under flock /work/coord/bench.lock
# on a shared box.
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
. "$top/tests/bench/lib.sh"
B=$top/tests/tmp/bench-profile
units=${BENCH_UNITS:-120}
rounds=${BENCH_ROUNDS:-3}
jobs=$((4 * $(nproc)))
SOLO=$top/tests/profile-solo.bin
[ "$(id -u)" -eq 0 ] || { echo "bench-profile: not root, skipped"; exit 0; }
command -v perf >/dev/null 2>&1 || { echo "bench-profile: no perf (linux-perf), skipped"; exit 0; }
rm -rf "$B"
mkdir -p "$B"
echo "machine: $(nproc) CPUs, $(uname -r), perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid), $(perf --version)"
"$top/contest" -d "$B/work" --units "$units" -n 1 --lead 0 --no-baseline -l "$B/warm.log" no_load \
    >/dev/null 2>&1 || { echo "bench-profile: warm-up failed"; exit 1; }
tree=$B/work/builtin
echo "tree: built-in, $units units; make -j$jobs; $rounds rounds"

# compare OUT PERFSCRIPT: contest's top 20 against perf's samples in its window
compare() {
	awk -v out="$1" '
	BEGIN {
		while ((getline l < out) > 0) {
			split(l, f, " ")
			if (f[1] == "window") for (i = 2; i in f; i++) { split(f[i], kv, "="); w[kv[1]] = kv[2] }
			if (f[1] == "total") for (i = 2; i in f; i++) { split(f[i], kv, "="); tot[kv[1]] = kv[2] }
			if (f[1] == "sym") { n = f[2]; sub(/^sym [0-9]+ /, "", l); c[l] = n; if (nc < 20) order[++nc] = l }
		}
	}
	# perf script -F time,pid,ip,sym,dso: PID TIME: IP SYM (DSO)
	{
		t = $2; sub(/:$/, "", t)
		if (t < w["t0"] || t > w["t1"] || $1 == 0 || $3 !~ /^ffff/) next
		dso = $NF; gsub(/[()]/, "", dso)
		s = ""; for (i = 4; i < NF; i++) s = s (s == "" ? "" : " ") $i
		if (dso != "[kernel.kallsyms]" && dso ~ /^\[/ && dso != "[unknown]") s = s " " dso
		p[s]++; pk++
	}
	END {
		printf "  window %.2f s: kernel samples contest %d, perf %d, ratio %.4f; lost %d\n",
		    w["window"], tot["kernel"], pk, tot["kernel"] / pk, tot["lost"]
		printf "  %-4s %-34s %9s %9s %7s\n", "rank", "symbol", "contest%", "perf%", "diff"
		for (i = 1; i <= nc; i++) {
			a = 100 * c[order[i]] / tot["kernel"]; b = 100 * p[order[i]] / pk; d = a - b
			ad = d < 0 ? -d : d
			if (ad > worst) worst = ad
			printf "  %-4d %-34.34s %9.2f %9.2f %+7.2f\n", i, order[i], a, b, d
		}
		printf "  largest |diff| over the top 20: %.2f points\n", worst
		printf "result total_ratio=%.4f worst=%.2f\n", tot["kernel"] / pk, worst
	}' "$2"
}

med() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

part1() {
	echo
	echo "1. the same window, profiled by contest's engine and by perf record -a -e cpu-clock -F 997"
	i=1
	while [ $i -le "$rounds" ]; do
		make -s -C "$tree" clean >/dev/null 2>&1
		perf record -q -a -k CLOCK_MONOTONIC -e cpu-clock -F 997 -o "$B/perf.data" -- \
		    "$SOLO" -n 100000 -- make -s -C "$tree" -j$jobs > "$B/solo.out" 2>"$B/perf.err" ||
		    { cat "$B/perf.err"; echo "bench-profile: round $i failed"; exit 1; }
		perf script -i "$B/perf.data" -F time,pid,ip,sym,dso > "$B/perf.txt" 2>/dev/null
		echo "round $i:"
		compare "$B/solo.out" "$B/perf.txt" | tee "$B/cmp.$i" | grep -v '^result'
		i=$((i + 1))
	done
	cat "$B"/cmp.* | awk '/^result/ { split($2, a, "="); split($3, b, "="); r[++n] = a[2]; w[n] = b[2] }
		END { for (i = 1; i <= n; i++) { if (w[i] > mw) mw = w[i]; if (r[i] < lo || i == 1) lo = r[i]; if (r[i] > hi) hi = r[i] }
		printf "over %d rounds: total ratio contest/perf %.4f to %.4f; largest |diff| of a top-20 share %.2f points\n", n, lo, hi, mw }'
}

part2() {
	echo
	echo "2. cost: the engine's CPU over the window, and the compile with the profile off and on (alternated)"
	printf '%-5s %9s %9s %9s %9s %10s\n' round off.s on.s on/off prof.cpu.s prof.%cpu
	i=1
	while [ $i -le "$rounds" ]; do
		make -s -C "$tree" clean >/dev/null 2>&1
		"$SOLO" -m off -- make -s -C "$tree" -j$jobs > "$B/off.out" 2>/dev/null
		make -s -C "$tree" clean >/dev/null 2>&1
		"$SOLO" -n 1 -- make -s -C "$tree" -j$jobs > "$B/on.out" 2>/dev/null
		off=$(sed -n 's/.* window=\([0-9.]*\).*/\1/p' "$B/off.out")
		on=$(sed -n 's/.* window=\([0-9.]*\).*/\1/p' "$B/on.out")
		cpu=$(sed -n 's/.* cpu=\([0-9.]*\).*/\1/p' "$B/on.out")
		awk -v i=$i -v a="$off" -v b="$on" -v c="$cpu" 'BEGIN { printf "%-5d %9.2f %9.2f %9.4f %9.4f %9.4f%%\n", i, a, b, b / a, c, 100 * c / b }'
		i=$((i + 1))
	done | tee "$B/cost.txt"
	echo "median: on/off elapsed $(awk '{ print $4 }' "$B/cost.txt" | med); the engine $(awk '{ print $6 + 0 }' "$B/cost.txt" | med)% of one CPU"
}

part3() {
	echo
	echo "3. growth: the engine's CPU per record as the samples a second grow (HZ x $(nproc) CPUs)"
	printf '%-6s %10s %9s %10s %11s %9s\n' hz samples/s records prof.cpu.s us/record prof.%cpu
	for hz in 997 2999 9973; do
		make -s -C "$tree" clean >/dev/null 2>&1
		"$SOLO" -n 1 -f $hz -r 4096 -- make -s -C "$tree" -j$jobs > "$B/hz.out" 2>/dev/null
		awk -v hz=$hz '
		$1 == "window" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
		$1 == "total" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
		END { printf "%-6d %10.0f %9d %10.4f %11.3f %8.4f%%\n", hz, (v["kernel"] + v["user"] + v["idle"]) / v["window"],
		    v["records"], v["cpu"], 1e6 * v["cpu"] / v["records"], 100 * v["cpu"] / v["window"] }' "$B/hz.out"
	done
}

part4() {
	echo
	echo "4. contest itself: no_load with --profile off and kernel, alternated; contest's CPU over the window (self, which holds the drains) and the profile's own (prof_cpu)"
	printf '%-5s %9s %9s %11s %11s %10s\n' round off.el on.el off.self% on.self% prof_cpu%
	i=1
	while [ $i -le "$rounds" ]; do
		for mode in off kernel; do
			"$top/contest" -d "$B/work" --units "$units" -n 1 --lead 0 --no-baseline --profile $mode \
			    -l "$B/ab-$mode.log" no_load >/dev/null 2>&1 || { echo "contest run failed"; exit 1; }
		done
		off=$(runrecs "$B/ab-off.log" | tail -n 1)
		on=$(runrecs "$B/ab-kernel.log" | tail -n 1)
		pc=$(grep ' prof=1 ' "$B/ab-kernel.log" | tail -n 1 | tr ' ' '\n' | sed -n 's/^prof_cpu=//p')
		echo "$off" "$on" | awk -v i=$i -v pc="$pc" '{
			for (k = 1; k <= NF; k++) { split($k, kv, "="); if (kv[1] == "elapsed") e[++ne] = kv[2]; if (kv[1] == "self") s[++ns] = kv[2] }
			printf "%-5d %9.2f %9.2f %10.4f%% %10.4f%% %9.4f%%\n", i, e[1], e[2], 100 * s[1] / e[1], 100 * s[2] / e[2], 100 * pc / e[2] }'
		i=$((i + 1))
	done | tee "$B/self.txt"
	echo "median: contest's CPU over the window $(awk '{ print $4 + 0 }' "$B/self.txt" | med)% of one CPU with --profile off, $(awk '{ print $5 + 0 }' "$B/self.txt" | med)% with kernel; the profile's own $(awk '{ print $6 + 0 }' "$B/self.txt" | med)%"
}

part5() {
	echo
	echo "5. the totals a run's record predicts: contest -n 2 no_load process_load, --profile kernel, then all"
	echo "   kernel ~ hz x ncpu x elapsed x (sys_system + sys_irq) / 100, idle ~ ... x (sys_idle + sys_iowait) / 100,"
	echo "   and with all, kernel + user + idle ~ hz x ncpu x elapsed"
	for mode in kernel all; do
		rm -f "$B/pred.log"
		"$top/contest" -d "$B/work" --units "$units" -n 2 --lead 1 --profile $mode -l "$B/pred.log" \
		    no_load process_load >/dev/null 2>&1 || { echo "contest run failed"; exit 1; }
		awk -v mode=$mode '
		{ delete v; for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); x = $i; sub(/^[^=]*=/, "", x); v[k] = x } }
		!/ prof=1 / && !/ snapshot=1 / { id = v["load"] " " v["run"]; s[id] = v["sys_system"] + v["sys_irq"]; d[id] = v["sys_idle"] + v["sys_iowait"]; n[id] = v["ncpu_online"] != "" ? v["ncpu_online"] : v["ncpu"] }
		/ prof=1 / {
			id = v["load"] " " v["run"]; c = v["prof_hz"] * n[id] * v["elapsed"]
			printf "   %-6s %-15s kernel %6d of %6.0f predicted (%.3f), idle %5d of %5.0f, all %6d of %6.0f (%.3f), lost %d\n", mode, id,
			    v["prof_kernel"], c * s[id] / 100, v["prof_kernel"] / (c * s[id] / 100), v["prof_idle"], c * d[id] / 100,
			    v["prof_kernel"] + v["prof_user"] + v["prof_idle"], c, (v["prof_kernel"] + v["prof_user"] + v["prof_idle"]) / c, v["prof_lost"]
		}' "$B/pred.log"
	done
}

part6() {
	echo
	echo "6. diffprofiles: two labels of the same kernel, $rounds runs each of no_load and process_load"
	echo "   (A/A: contest -r -c aa1 -p), and process_load against no_load of aa1 (its process_load"
	echo "   records renamed to a label aa1-process under no_load, as -c compares labels within a load)"
	rm -f "$B/diff.log"
	for label in aa1 aa2; do
		"$top/contest" -d "$B/work" --units "$units" -n "$rounds" --lead 1 -k $label -l "$B/diff.log" \
		    no_load process_load >/dev/null 2>&1 || { echo "contest run failed"; exit 1; }
	done
	"$top/contest" -r -c aa1 -p -l "$B/diff.log" > "$B/aa.txt" 2>&1
	sed -n '/diffprofile/,/marked/p' "$B/aa.txt"
	echo "   A/A: marks of any kind in the whole comparison: $(grep -cE ' (worse|better|changed) ' "$B/aa.txt")"
	sed -e '/ label=aa1 .* load=process_load /{s/ label=aa1 / label=aa1-process /; s/ load=process_load / load=no_load /; s/ unit=kmsg / unit=none /}' \
	    -e '/ label=aa2 /d' "$B/diff.log" > "$B/known.log"
	"$top/contest" -r -c aa1 -p -l "$B/known.log" > "$B/known.txt" 2>&1
	sed -n '/no_load: diffprofile/,/marked/p' "$B/known.txt"
}

for p in ${BENCH_PROFILE_PARTS:-1 2 3 4 5 6}; do
	part$p || exit 1
done
rm -rf "$B/work" "$B/perf.data" "$B/perf.txt"
