#!/bin/sh
# make bench, tree: does the built-in tree work the kernel the way a kernel
# build does?  Its fingerprint beside a real kernel's: the system share of
# CPU, minor faults per CPU-second, voluntary and involuntary context
# switches per second, processes exec'd per second, CPU% and the largest
# process's RSS.  Every compile is timed with GNU time after make clean and
# a page cache drop; kernel and built-in compiles alternate, since the
# shared machine drifts by 10-20% within minutes; medians are quoted.
# Execs come from one more compile of each, untimed, under strace.
#   BENCH_KERNEL=DIR   a configured Linux tree (make tinyconfig), compiled
#                      with make -jN vmlinux; unset: the built-in column only
#   BENCH_UNITS        the built-in tree's units (default: contest's default)
#   BENCH_TREE_RUNS    timed compiles of each tree (default 3)
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
B=$top/tests/tmp/bench-tree
kernel=${BENCH_KERNEL:-}
runs=${BENCH_TREE_RUNS:-3}
jobs=$((4 * $(nproc)))
[ -x /usr/bin/time ] || { echo "bench-tree: GNU time missing, skipped"; exit 0; }
if [ -n "$kernel" ] && [ ! -f "$kernel/.config" ]; then
	echo "bench-tree: '$kernel' has no .config (make tinyconfig there first)"
	exit 1
fi
mkdir -p "$B"
rm -f "$B/runs.txt" "$B/execs.txt" "$B/progs.txt"

# contest writes the built-in tree and compiles it once: the warm-up
set -- -d "$B/work" -j $jobs --lead 0
[ -n "${BENCH_UNITS:-}" ] && set -- "$@" --units "$BENCH_UNITS"
"$top/contest" "$@" -n 1 --no-baseline -l "$B/warm.log" no_load >/dev/null 2>&1 ||
	{ echo "bench-tree: the warm-up compile failed"; exit 1; }
tree=$B/work/builtin
units=$(awk '{ print $3 }' "$tree/.contest-tree")
if [ -w /proc/sys/vm/drop_caches ]; then cache="page cache dropped before each"; else cache="page cache NOT dropped (not root)"; fi

drop() { sync; [ -w /proc/sys/vm/drop_caches ] && echo 3 > /proc/sys/vm/drop_caches; }
# timed NAME DIR [TARGET]: one compile after make clean and a cache drop,
# one line "NAME elapsed user sys minflt nvcsw nivcsw maxrss-KiB" to runs.txt
timed() {
	name=$1 dir=$2
	shift 2
	(cd "$dir" && make -s clean >/dev/null 2>&1) || return 1
	drop
	(cd "$dir" && /usr/bin/time -f "$name %e %U %S %R %w %c %M" -o "$B/t.txt" \
	    make -j$jobs "$@" >"$B/$name.out" 2>&1) || return 1
	cat "$B/t.txt" >> "$B/runs.txt"
}
# execs NAME DIR [TARGET]: processes exec'd by one compile, untimed: the
# execve calls that succeeded, under strace -f; without strace, the forks
# of the whole machine from /proc/stat, which other users inflate
how="successful execve under strace -f"
command -v strace >/dev/null || how="forks from /proc/stat (no strace: the whole machine's)"
execs() {
	name=$1 dir=$2
	shift 2
	(cd "$dir" && make -s clean >/dev/null 2>&1) || return 1
	if command -v strace >/dev/null; then
		(cd "$dir" && strace -f -qq -e trace=execve -o "$B/$name.strace" \
		    make -j$jobs "$@" >/dev/null 2>&1) || return 1
		n=$(grep -cE 'execve.*= 0$' "$B/$name.strace")
		# the programs, by the name of the last execve a process began
		awk '/execve\("/ { s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); k = split(s, a, "/"); prog[$1] = a[k] }
		    /execve.*= 0$/ { c[prog[$1]]++ }
		    END { for (p in c) print c[p], p }' "$B/$name.strace" | sort -rn | head -12 |
		    awk -v t="$name" '{ l = l sep $2 " " $1; sep = ", " } END { print t ": " l }' >> "$B/progs.txt"
		rm -f "$B/$name.strace"
	else
		p0=$(awk '$1 == "processes" { print $2 }' /proc/stat)
		(cd "$dir" && make -j$jobs "$@" >/dev/null 2>&1) || return 1
		n=$(($(awk '$1 == "processes" { print $2 }' /proc/stat) - p0))
	fi
	echo "$name $n" >> "$B/execs.txt"
}

echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r), $(cc --version | head -1)"
echo "built-in: $units units, make -j$jobs; ${kernel:+kernel: $kernel, make -j$jobs vmlinux; }$cache; $runs timed compiles each, alternated"
[ -n "$kernel" ] || echo "kernel column skipped: BENCH_KERNEL is not set (a configured Linux tree, e.g. after make tinyconfig)"
if [ -n "$kernel" ]; then
	# the kernel's host tools and generated files are made once, untimed
	(cd "$kernel" && make -j$jobs vmlinux >/dev/null 2>&1) || { echo "bench-tree: kernel warm-up failed"; exit 1; }
fi
i=1
while [ $i -le "$runs" ]; do
	if [ -n "$kernel" ]; then
		timed kernel "$kernel" vmlinux || { echo "bench-tree: kernel compile failed"; exit 1; }
	fi
	timed builtin "$tree" || { echo "bench-tree: built-in compile failed"; exit 1; }
	i=$((i + 1))
done
[ -z "$kernel" ] || execs kernel "$kernel" vmlinux || { echo "bench-tree: kernel strace compile failed"; exit 1; }
execs builtin "$tree" || { echo "bench-tree: built-in strace compile failed"; exit 1; }

echo
printf '%-8s %4s %8s %8s %7s %9s %7s %7s %8s\n' tree run elapsed user sys minflt nvcsw nivcsw maxrss
awk '{ n[$1]++; printf "%-8s %4d %8.2f %8.2f %7.2f %9d %7d %7d %8d\n", $1, n[$1], $2, $3, $4, $5, $6, $7, $8 }' "$B/runs.txt"
echo "processes exec'd ($how): $(tr '\n' ' ' < "$B/execs.txt")"
[ -f "$B/progs.txt" ] && sed 's/^/  /' "$B/progs.txt"
echo
# each figure per run, then its median over the runs; execs per second
# are the one strace count over the median elapsed.  The rows in brackets
# divide by CPU time instead of wall time: the figures a busy machine
# changes least, since other users' processes stretch the wall time.
awk -v kernel="$kernel" '
function median(t, m,    a, i, j, k, x) {
	k = 0
	for (i = 1; i <= cnt[t]; i++)
		a[++k] = v[t, m, i]
	for (i = 2; i <= k; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
		}
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
FILENAME ~ /execs/ { ex[$1] = $2; next }
{
	t = $1; i = ++cnt[t]; cpu = $3 + $4
	v[t, "el", i] = $2
	v[t, "sys", i] = 100 * $4 / cpu
	v[t, "flt", i] = $5 / cpu
	v[t, "vcs", i] = $6 / $2
	v[t, "ivcs", i] = $7 / $2
	v[t, "vcsc", i] = $6 / cpu
	v[t, "cpus", i] = cpu
	v[t, "cpu", i] = 100 * cpu / $2
	v[t, "rss", i] = $8 / 1024
}
END {
	nm = split("el sys flt vcs ivcs exec cpu rss vcsc execc", ms, " ")
	name["el"] = "elapsed, s"
	name["sys"] = "system share of CPU, %"
	name["flt"] = "minor faults per CPU-second"
	name["vcs"] = "voluntary context switches per second"
	name["ivcs"] = "involuntary context switches per second"
	name["exec"] = "processes exec'\''d per second"
	name["cpu"] = "CPU%"
	name["rss"] = "max RSS of one process, MiB"
	name["vcsc"] = "(voluntary context switches per CPU-second)"
	name["execc"] = "(processes exec'\''d per CPU-second)"
	if (kernel != "")
		printf "%-42s %10s %10s %10s\n", "median", "kernel", "built-in", "ratio"
	else
		printf "%-42s %10s\n", "median", "built-in"
	for (j = 1; j <= nm; j++) {
		m = ms[j]
		b = m == "exec" ? ex["builtin"] / median("builtin", "el") : \
		    m == "execc" ? ex["builtin"] / median("builtin", "cpus") : median("builtin", m)
		if (kernel == "") {
			printf "%-42s %10.1f\n", name[m], b
			continue
		}
		k = m == "exec" ? ex["kernel"] / median("kernel", "el") : \
		    m == "execc" ? ex["kernel"] / median("kernel", "cpus") : median("kernel", m)
		printf "%-42s %10.1f %10.1f %10.2f\n", name[m], k, b, k ? b / k : 0
	}
}' "$B/execs.txt" "$B/runs.txt"
