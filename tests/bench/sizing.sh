#!/bin/sh
# make bench, sizing: the measurements behind the sizing policy
# (sizing.c, doc/sizing.md), on this machine, with the CPUs limited by
# taskset(1):
#   1. no_load at the policy's default size for each CPU list, as contest
#      runs it (its own units and -j, page cache dropped before each run),
#      the lists alternated round by round: the median Time, its spread
#      and the plan's estimate beside it;
#   2. a compile of the tree at each size (its time and CPU per unit), then
#      the steps no job runs beside, timed alone with GNU time in the built
#      tree, the sizes alternated: the prepare (the generated headers and
#      the host tool, removed and made again) and the link (the top
#      archive and scripts/link.sh); the serial share is their sum over
#      the compile's time on one CPU;
#   3. a unit's CPU in a small and a large tree, from the same directories
#      compiled in both (autoconf.h and .config grow by a line a unit);
#   4. the whole compile's CPU a unit at several sizes (UNIT_CPU_S and
#      UNIT_CPU_GROW_S are fitted to it), and with the profile on and off.
# Environment:
#   BENCH_SIZING_PARTS   parts to run (default "1 2 3")
#   BENCH_SIZING_CPUS    taskset CPU lists of part 1 (default "0 0,1")
#   BENCH_SIZING_RUNS    rounds of part 1 (default 5)
#   BENCH_SIZING_UNITS   tree sizes of part 2 (default: the policy's for
#                        each list of part 1, and 2000)
#   BENCH_SIZING_SERIAL_RUNS  timings of each size's serial steps (default 5)
#   BENCH_SIZING_BIG     the large tree of part 3 (default 30000 units)
#   BENCH_SIZING_SIZES   the trees of part 4 (default "85 340 1340")
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
. "$top/tests/bench/lib.sh"
B=$top/tests/tmp/bench-sizing
parts=${BENCH_SIZING_PARTS:-1 2 3}
lists=${BENCH_SIZING_CPUS:-0 0,1}
runs=${BENCH_SIZING_RUNS:-5}
sruns=${BENCH_SIZING_SERIAL_RUNS:-5}
big=${BENCH_SIZING_BIG:-30000}
sizes4=${BENCH_SIZING_SIZES:-85 340 1340}
[ -x /usr/bin/time ] || { echo "bench-sizing: GNU time missing, skipped"; exit 0; }
command -v taskset >/dev/null || { echo "bench-sizing: taskset missing, skipped"; exit 0; }
rm -rf "$B"
mkdir -p "$B"
trap 'rm -rf "$B"' EXIT
export CONTEST_LOCK="$B/lock"
drop() { sync; [ -w /proc/sys/vm/drop_caches ] && echo 3 > /proc/sys/vm/drop_caches; }
# plan KEY LIST: a line of contest --plan on the CPUs of LIST
plan() { taskset -c "$2" "$top/contest" --plan no_load 2>/dev/null | sed -n "s/^$1: \([^ ]*\).*/\1/p"; }
# stats: median, min, max, spread % and mean of the numbers on stdin
stats() {
	sort -n | awk '{ v[NR] = $1; s += $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.1f %.1f %.1f %.1f %.2f\n", m, v[1], v[NR], (v[NR] - v[1]) / m * 100, s / NR }'
}

echo "machine: $(nproc) CPUs online, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -r), $(cc --version | head -1)"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"

part1() {
	echo "part 1: no_load at the policy's size, $runs rounds, CPU lists alternated: $lists"
	for r in $(seq "$runs"); do
		for l in $lists; do
			k=$(echo "$l" | tr ',-' '__')
			taskset -c "$l" "$top/contest" -d "$B/w$k" -l "$B/p1-$k.log" -n 1 --lead 0 --probe off \
			    --no-baseline no_load > /dev/null 2>&1 || echo "part 1: a run on CPUs $l failed"
		done
	done
	printf '%-8s %-6s %-6s %-5s %-9s %-8s %-8s %-8s %-8s %-6s\n' cpus usable units jobs estimate median min max spread% CPU%
	for l in $lists; do
		k=$(echo "$l" | tr ',-' '__')
		line=$(runrecs "$B/p1-$k.log" | grep 'load=no_load' | head -1)
		u=$(echo "$line" | tr ' ' '\n' | sed -n 's/^workload=builtin://p')
		j=$(echo "$line" | tr ' ' '\n' | sed -n 's/^jobs=//p')
		n=$(echo "$line" | tr ' ' '\n' | sed -n 's/^ncpu=//p')
		set -- $(runrecs "$B/p1-$k.log" | grep 'load=no_load.*status=ok' | tr ' ' '\n' | sed -n 's/^elapsed=//p' | stats)
		cpu=$(runrecs "$B/p1-$k.log" | grep 'load=no_load.*status=ok' | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "=")
			if (kv[1] == "elapsed") e += kv[2]; if (kv[1] == "user" || kv[1] == "sys") c += kv[2] } } END { printf "%.0f", c / e * 100 }')
		printf '%-8s %-6s %-6s %-5s %-9s %-8s %-8s %-8s %-8s %-6s\n' "$l" "$n" "$u" "$j" "$(plan 'no_load estimate' "$l")" \
		    "$1" "$2" "$3" "$4" "$cpu"
	done
	echo "each run: taskset -c LIST contest -n 1 --lead 0 --probe off --no-baseline no_load (the policy's units and -j)"
}

# build UNITS: write the tree of UNITS and compile it once, after a cache
# drop, on every CPU of this test; its line of the compile table
build() {
	u=$1 t=$B/s$1/builtin
	MAKE=true "$top/contest" -d "$B/s$u" --units "$u" -n 1 --lead 0 --probe off --no-baseline -l "$B/gen.log" \
	    no_load > /dev/null 2>&1 || { echo "part 2: cannot write the tree of $u units"; return 1; }
	drop
	(cd "$t" && /usr/bin/time -f '%e %U %S' -o "$B/full" make -s -j"$j" > /dev/null 2>&1) ||
	    { echo "part 2: the compile of $u units failed"; return 1; }
	awk -v u="$u" '{ printf "  %-6d %-9.1f %-9.1f %-9.4f\n", u, $1, $2 + $3, ($2 + $3) / u }' "$B/full" >> "$B/builds.txt"
	echo "$u $(du -sk "$t" | cut -f1)" >> "$B/du.txt"
}

# serial UNITS: the steps no job runs beside, timed alone in the built
# tree: the prepare (generated headers and host tool removed and made
# again) and the link (the top archive and link.sh); one line to serial.txt
serial() {
	u=$1 t=$B/s$1/builtin
	(cd "$t" && rm -rf include/generated arch/include/generated scripts/fixdep && sync &&
	    /usr/bin/time -f '%e' -o "$B/prep" make -s -j"$j" include/generated/offsets.h scripts/fixdep > /dev/null 2>&1 &&
	    rm -f built-in.a vmlinux vmlinux.o System.map vmlinux.symvers && sync &&
	    /usr/bin/time -f '%e' -o "$B/link" sh -c \
	    "ar cDPrST built-in.a init/built-in.a \$(for d in kernel mm fs drivers lib net block crypto; do [ -d \$d ] && echo \$d/built-in.a; done) &&
	    sh scripts/link.sh vmlinux built-in.a") || { echo "part 2: the serial steps of $u units failed"; return; }
	echo "$u $(cat "$B/prep") $(cat "$B/link")" >> "$B/serial.txt"
}

part2() {
	sizes=${BENCH_SIZING_UNITS:-}
	if [ -z "$sizes" ]; then
		for l in $lists; do sizes="$sizes $(plan units "$l")"; done
		sizes="$sizes 2000"
	fi
	j=$(plan jobs "$(taskset -pc $$ | sed 's/.*: //')")
	echo "part 2: the compile and its serial steps, on CPUs $(taskset -pc $$ | sed 's/.*: //'), make -j$j"
	: > "$B/builds.txt"
	: > "$B/serial.txt"
	: > "$B/du.txt"
	for u in $sizes; do build "$u" || return; done
	echo "  units  compile_s cpu_s     cpu_s/unit   (one compile of each, page cache dropped)"
	cat "$B/builds.txt"
	for r in $(seq "$sruns"); do
		for u in $sizes; do serial "$u"; done
	done
	echo "  units  prepare_s link_s    serial_s   (medians of $sruns, the sizes alternated)"
	for u in $sizes; do
		awk -v u="$u" '$1 == u { p[++n] = $2; l[n] = $3; s[n] = $2 + $3 }
		    function med(a, n,   i, k, t) { for (i = 1; i <= n; i++) for (k = i + 1; k <= n; k++) if (a[k] < a[i]) { t = a[i]; a[i] = a[k]; a[k] = t }
		        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
		    END { printf "  %-6d %-9.2f %-9.2f %-9.2f\n", u, med(p, n), med(l, n), med(s, n) }' "$B/serial.txt"
	done
	echo "  units  disk_kib  (du of the built tree)"
	awk '{ printf "  %-6d %d\n", $1, $2 }' "$B/du.txt"
	echo "prepare: rm -rf include/generated arch/include/generated scripts/fixdep; make -s -jJ include/generated/offsets.h scripts/fixdep"
	echo "link: rm the link's outputs; ar cDPrST built-in.a DIR/built-in.a...; sh scripts/link.sh vmlinux built-in.a"
	for u in $sizes; do rm -rf "$B/s$u"; done
}

# sample UNITS: CPU of compiling the same 16 directories (32 units) in a tree of UNITS
sample() {
	u=$1 w=$B/c$u
	MAKE=true "$top/contest" -d "$w" --units "$u" -n 1 --lead 0 --probe off --no-baseline -l "$B/gen.log" \
	    no_load > /dev/null 2>&1 || { echo "part 3: cannot write the tree of $u units"; return; }
	t=$w/builtin
	(cd "$t" && /usr/bin/time -f '%e' -o "$B/sp" make -s -j2 include/generated/offsets.h scripts/fixdep \
	    > /dev/null 2>&1) || { echo "part 3: the prepare of $u units failed"; return; }
	dirs=$(cd "$t" && for d in kernel mm fs drivers lib net block crypto; do ls -d $d/*/ | head -2; done | sed 's|/$||')
	: > "$B/sample.txt"
	for r in 1 2 3; do
		for d in $dirs; do (cd "$t/$d" && rm -f ./*.o .*.cmd .*.sym built-in.a); done
		drop
		# the sub-makes one after another, with what the top Makefile exports to them
		(cd "$t" && /usr/bin/time -f '%e %U %S' -o "$B/s" make -s \
		    --eval 'sample: ; @set -e; $(foreach d,$(D),$(MAKE) -C $(d) obj=$(d) built-in.a;)' sample D="$dirs" \
		    > /dev/null 2>&1) || { echo "part 3: the sample of $u units failed"; return; }
		cat "$B/s" >> "$B/sample.txt"
	done
	n=$(cd "$t" && for d in $dirs; do ls $d/u*.c; done | wc -l)
	sort -n -k2 "$B/sample.txt" | sed -n 2p | awk -v u="$u" -v n="$n" -v c="$(wc -l < "$t/include/generated/autoconf.h")" \
	    -v p="$(cat "$B/sp")" '{ printf "%-6d %-6d %-9d %-9.4f %-9.2f\n", u, n, c, ($2 + $3) / n, p }'
	rm -rf "$w"
}

part3() {
	echo "part 3: a unit's CPU in a small and a large tree: the same directories' units compiled one sub-make after another, median of 3"
	printf '%-6s %-6s %-9s %-9s %-9s\n' units sample autoconf cpu_s/unit prepare_s
	sample "$(plan units "$(echo "$lists" | awk '{ print $NF }')")"
	sample "$big"
	echo "each: rm the directories' objects, drop the cache, then make -s -C DIR obj=DIR in turn under GNU time"
}

# part 4: the whole compile's CPU a unit at several sizes, from contest's
# own record (user + sys of the compile): the sizes in turn, the middle
# one with --profile off then kernel, then the middle again both ways and
# the first again; a run others disturbed (sys_rest over 5% of the CPUs)
# is marked
part4() {
	echo "part 4: a unit's CPU at $sizes4 units, contest's record; --profile off and kernel at the middle"
	mid=$(echo "$sizes4" | awk '{ print $(int((NF + 1) / 2)) }')
	first=$(echo "$sizes4" | awk '{ print $1 }')
	order=$(for u in $sizes4; do echo "$u off"; [ "$u" = "$mid" ] && echo "$u kernel"; done
	    echo "$mid off"; echo "$mid kernel"; echo "$first off")
	printf '%-6s %-8s %-9s %-9s %-8s %-11s %s
' units profile elapsed_s user_s sys_s cpu_s/unit others%
	echo "$order" | while read -r u prof; do
		"$top/contest" -d "$B/w4" -l "$B/p4.log" --units "$u" -n 1 --lead 0 --probe off --no-baseline 		    --profile "$prof" -k "u$u-$prof" no_load > /dev/null 2>&1 || { echo "part 4: $u $prof failed"; continue; }
		runrecs "$B/p4.log" | grep " label=u$u-$prof " | tail -1 | tr ' ' '\n' |
		    awk -F= -v u="$u" -v p="$prof" '$1 == "elapsed" { e = $2 } $1 == "user" { us = $2 } $1 == "sys" { s = $2 }
			$1 == "sys_rest" { r = $2 } END { printf "%-6d %-8s %-9.1f %-9.1f %-8.1f %-11.3f %s%s\n", u, p, e, us, s,
			(us + s) / u, r, r > 5 ? " (disturbed)" : "" }'
	done
	rm -rf "$B/w4"
}

for p in $parts; do
	part$p
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
