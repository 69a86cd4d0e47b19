#!/bin/sh
# make bench, harness: contest's elapsed, user and sys for no_load beside
# GNU time's, two ways:
#  1. the same compile: contest runs make through MAKE=a wrapper that runs
#     /usr/bin/time make, so both tools time the one compile (no noise
#     between them);
#  2. alternated: contest's compile, then GNU time's of the same make -j on
#     the same tree, 5 pairs; per-pair ratios and their medians.
# Both print contest's own CPU over the compile window as a share of elapsed.  BENCH_UNITS sets the tree
# (default: contest's default), BENCH_PAIRS the pairs.
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
. "$top/tests/bench/lib.sh"
B=$top/tests/tmp/bench-harness
units=${BENCH_UNITS:-}
pairs=${BENCH_PAIRS:-5}
jobs=$((4 * $(nproc)))
[ -x /usr/bin/time ] || { apt-get install -y -qq time >/dev/null 2>&1 || { echo "bench-harness: GNU time missing, skipped"; exit 0; }; }
mkdir -p "$B"
rm -f "$B/c.log" "$B/same.log"
set -- -d "$B/work" -j $jobs --lead 0
[ -n "$units" ] && set -- "$@" --units "$units"
echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r), $(cc --version | head -1)"
echo "tree: built-in, ${units:-default} units; make -j$jobs; page cache dropped before each run"
"$top/contest" "$@" -n 1 -l "$B/warm.log" no_load >/dev/null 2>&1 || { echo "bench-harness: warm-up failed"; exit 1; }
# row N RECORD "ELAPSED USER SYS": one line of figures and ratios
row() {
	echo "$2 $3" | awk -v i="$1" '{
		for (k = 1; k <= NF - 3; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
		te = $(NF - 2); tu = $(NF - 1); ts = $NF
		printf "%-5d %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f %8.4f %8.4f %8.4f %8.4f\n", i,
		    v["elapsed"], te, v["user"], tu, v["sys"], ts,
		    v["elapsed"] / te, v["user"] / tu, (ts > 0 ? v["sys"] / ts : 0), v["self"] / v["elapsed"] * 100 }'
}

# 1. the same compile, timed by both
cat > "$B/timed-make" <<EOS
#!/bin/sh
case " \$* " in *" clean "*|*" --version "*) exec make "\$@" ;; esac
exec /usr/bin/time -f '%e %U %S' -o "$B/inner.txt" make "\$@"
EOS
chmod +x "$B/timed-make"
echo "1. the same compile: contest runs MAKE=timed-make, a wrapper that runs /usr/bin/time make"
printf '%-5s %9s %9s %9s %9s %9s %9s %8s %8s %8s %8s\n' run c.elapsed t.elapsed c.user t.user c.sys t.sys r.elap r.user r.sys self%
i=1
while [ $i -le "$pairs" ]; do
	MAKE="$B/timed-make" "$top/contest" "$@" -n 1 --no-baseline -l "$B/same.log" no_load >/dev/null 2>&1 || { echo "contest run failed"; exit 1; }
	row $i "$(runrecs "$B/same.log" | tail -n 1)" "$(cat "$B/inner.txt")"
	i=$((i + 1))
done > "$B/same.txt"
cat "$B/same.txt"
median() {
	for col in 8 9 10 11; do
		sort -n -k$col "$1" | awk -v c=$col '{ a[NR] = $c } END { printf "%s ", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
	done | awk '{ printf "median ratio contest/GNU time: elapsed %.4f user %.4f sys %.4f; contest self CPU %.4f%% of elapsed\n", $1, $2, $3, $4 }'
}
median "$B/same.txt"
echo
echo "2. alternated: contest's compile, then GNU time's, page cache dropped before each"
printf '%-5s %9s %9s %9s %9s %9s %9s %8s %8s %8s %8s\n' pair c.elapsed t.elapsed c.user t.user c.sys t.sys r.elap r.user r.sys self%
i=1
while [ $i -le "$pairs" ]; do
	"$top/contest" "$@" -n 1 --no-baseline -l "$B/c.log" no_load >/dev/null 2>&1 || { echo "contest run failed"; exit 1; }
	line=$(runrecs "$B/c.log" | tail -n 1)
	(cd "$B/work/builtin" && make -s clean >/dev/null && sync && echo 3 > /proc/sys/vm/drop_caches &&
	 /usr/bin/time -f '%e %U %S' -o "$B/t.txt" make -j$jobs >/dev/null 2>&1) || { echo "GNU time run failed"; exit 1; }
	row $i "$line" "$(cat "$B/t.txt")"
	i=$((i + 1))
done > "$B/pairs.txt"
cat "$B/pairs.txt"
median "$B/pairs.txt"
