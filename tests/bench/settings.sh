#!/bin/sh
# make bench, settings: --set's interleaved rounds against one label after
# the other (issue 28), on this box's own vm.dirty_ratio under io_load.
# Two comparisons, each in two designs, on the same box in the same hour:
#   A/A  vm.dirty_ratio 20 against 20: nothing differs; -c should mark nothing
#   A/B  vm.dirty_ratio 20 against 2
#   interleaved  one invocation, --set a:... --set b:..., rounds a b, b a, ...
#   sequential   two invocations, -k a then -k b, the setting written by
#                hand before each (as users did before --set)
# For each: the per-round difference of io_load's Time (b - a, the runs of
# one round paired), its mean and its spread (sd), and what contest -r -c a
# marks.  Needs root; /proc/sys/vm/dirty_ratio is given its value back
# whatever happens (a trap), and contest gives back its own.
# BENCH_ROUNDS (default 5), BENCH_UNITS (default 60), BENCH_SIZE (io_load's
# --size; default its own), BENCH_LEAD (--lead, default 3), BENCH_B (the A/B
# value, default 2) set the sizes.
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
. "$top/tests/bench/lib.sh"
B=$top/tests/tmp/bench-settings
file=/proc/sys/vm/dirty_ratio
rounds=${BENCH_ROUNDS:-5}
units=${BENCH_UNITS:-60}
vb=${BENCH_B:-2}
if [ "$(id -u)" -ne 0 ] || [ ! -w "$file" ]; then
	echo "bench-settings: needs root and a writable $file; skipped"
	exit 0
fi
orig=$(cat "$file")
trap 'echo "$orig" > "$file"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
rm -rf "$B" && mkdir -p "$B" || exit 1
set -- -d "$B/work" -n "$rounds" --units "$units" --lead "${BENCH_LEAD:-3}"
[ -n "${BENCH_SIZE:-}" ] && set -- "$@" --size "$BENCH_SIZE"
echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r); vm.dirty_ratio $orig before"
echo "io_load, $rounds rounds, --units $units${BENCH_SIZE:+, --size $BENCH_SIZE}, --lead ${BENCH_LEAD:-3}; A/A: 20 and 20, A/B: 20 and $vb"

# interleaved NAME VA VB: one invocation of --set
interleaved() {
	_n=$1 _va=$2 _vb=$3
	shift 3
	"$top/contest" "$@" -l "$B/$_n.log" --set "a:vm.dirty_ratio=$_va" --set "b:vm.dirty_ratio=$_vb" io_load \
	    > "$B/$_n.out" 2> "$B/$_n.err" || echo "bench-settings: $_n: contest exited $? (see $B/$_n.err)"
}
# sequential NAME VA VB: -k a with VA written by hand, then -k b with VB
sequential() {
	_n=$1 _va=$2 _vb=$3
	shift 3
	echo "$_va" > "$file" && "$top/contest" "$@" -l "$B/$_n.log" -k a io_load > "$B/$_n.a.out" 2> "$B/$_n.a.err" ||
		echo "bench-settings: $_n a: contest exited $? (see $B/$_n.a.err)"
	echo "$_vb" > "$file" && "$top/contest" "$@" -l "$B/$_n.log" -k b io_load > "$B/$_n.b.out" 2> "$B/$_n.b.err" ||
		echo "bench-settings: $_n b: contest exited $? (see $B/$_n.b.err)"
	echo "$orig" > "$file"
}
# what NAME DESIGN COMPARISON: its line: each round's Time(b) - Time(a) of
# io_load, their mean and sd, and -c's marks of b against a
what() {
	runrecs "$B/$1.log" | grep ' load=io_load ' | grep ' status=ok ' |
	    awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		t[v["label"], v["round"]] = v["elapsed"]; if (v["round"] > n) n = v["round"] }
	    END { for (r = 1; r <= n; r++) if (((("a", r) in t)) && (("b", r) in t)) {
			d = t["b", r] - t["a", r]; s = s sprintf(" %+.2f", d); sum += d; sq += d * d; k++ }
		m = k ? sum / k : 0; sd = k > 1 ? sqrt((sq - k * m * m) / (k - 1)) : 0
		printf "%s|%d|%+.3f|%.3f", s, k, m, sd }' > "$B/$1.d"
	IFS='|' read -r diffs k mean sd < "$B/$1.d"
	marks=$("$top/contest" -r -l "$B/$1.log" -c a --format csv 2>/dev/null | awk -F, '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /_mark$/) m[i] = $i; next }
		$2 == "b" { for (i in m) if ($i == "worse" || $i == "better" || $i == "changed") {
			l = l " " $1 ":" m[i] "=" $i; n++ } }
		END { printf "%d%s", n, n ? ":" l : "" }')
	printf '%-12s %-4s %2s rounds, Time b-a per round (s):%s; mean %s s, sd %s s; -c marks %s\n' \
	    "$2" "$3" "$k" "$diffs" "$mean" "$sd" "$marks"
}
interleaved inter-aa 20 20 "$@"
sequential seq-aa 20 20 "$@"
interleaved inter-ab 20 "$vb" "$@"
sequential seq-ab 20 "$vb" "$@"
[ "$(cat "$file")" = "$orig" ] || echo "bench-settings: $file reads $(cat "$file"), not $orig (the trap writes it back)"
what inter-aa interleaved A/A
what seq-aa sequential A/A
what inter-ab interleaved A/B
what seq-ab sequential A/B
echo "logs: $B/*.log (contest -r -l LOG -c a)"
