#!/bin/sh
# bench-probe: the interactivity probe's cost and truth (doc/probe.md has
# the figures and what they mean).
#
#   cost   the probe alone, audio rhythm, for BENCH_PROBE_COST (60) s:
#          its CPU time over the window as a share of one CPU, less the
#          configured 5%, must stay under 1%.
#   truth  cyclictest (rt-tests) with one SCHED_OTHER thread at the
#          probe's 50 ms interval runs beside the probe for
#          BENCH_PROBE_SECONDS (30) s, on the idle box and then under
#          process_load (tests/load-solo.bin), alternated BENCH_ROUNDS (5)
#          times.  Beside them: a second cyclictest at a random phase,
#          the control (how far two identical instruments differ on this
#          box), and a bare probe (50:0.001, no work to speak of), the
#          instrument alone without the audio work's own effect on its
#          scheduling.  Per round, medians over rounds, and pooled over
#          rounds: p50, p99 and the p99 ratios to cyclictest; the probe
#          should read within 1.5 x of cyclictest and never below it by
#          more than a bucket (1/32), as far as the control says this
#          box can tell.
#
# Installs nothing: without cyclictest the truth part says SKIP.
cd "$(dirname "$0")/../.." || exit 2
COST=${BENCH_PROBE_COST:-60}
T=${BENCH_PROBE_SECONDS:-30}
R=${BENCH_ROUNDS:-5}
PROBE=tests/probe-solo.bin
SOLO=tests/load-solo.bin
[ -x $PROBE ] || make -s $PROBE || exit 1
[ -x $SOLO ] || make -s $SOLO || exit 1
mkdir -p tests/tmp
W=$(mktemp -d "$PWD/tests/tmp/bench-probe.XXXXXX") || exit 1
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# val LINE KEY
val() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# ctstats FILE: n p50 p99 max of a cyclictest -h histogram (1 us buckets,
# the value of a bucket is its latency truncated to the us), nearest rank
# as the probe's; a percentile in the overflow reads as the histogram's end
ctstats() {
	awk '/^[0-9]+ +[0-9]+$/ { h[$1 + 0] = $2 + 0; n += $2; if ($1 + 0 > top) top = $1 + 0 }
	/Histogram Overflows/ { ov = $4 + 0 }
	/Max Latencies/ { mx = $4 + 0 }
	function pct(p,   r, c, i) {
		r = int(p * n / 100); if (r < p * n / 100) r++; if (r < 1) r = 1
		for (i = 0; i <= top; i++) { c += h[i]; if (c >= r) return i }
		return top + 1
	}
	END { n += ov; printf "%d %d %d %d\n", n, pct(50), pct(99), mx }' "$1"
}

echo "machine: $(uname -srm), $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- cost ----
out=$($PROBE -p audio -t "$COST") || { echo "cost: probe-solo failed"; exit 1; }
over=$(val "$out" over_pct)
verdict=$(awk -v o="$over" 'BEGIN { print (o < 1) ? "PASS" : "FAIL" }')
echo "cost: audio for $COST s: probe_cpu $(val "$out" probe_cpu) s = $(val "$out" cpu_pct)% of a CPU;" \
	"configured $(val "$out" share)%; over by $over% (limit 1%): $verdict"
echo "  calibration $(val "$out" cal_ns_per_iter) ns/iteration, $(val "$out" cal_blocks) blocks in $(val "$out" cal_secs) s;" \
	"lat_n $(val "$out" lat_n) p50 $(val "$out" lat_p50) p99 $(val "$out" lat_p99) max $(val "$out" lat_max) us, dl_met $(val "$out" dl_met)%"

# ---- truth ----
if ! command -v cyclictest >/dev/null 2>&1; then
	echo "truth: SKIP: cyclictest missing (apt-get install rt-tests)"
	exit 0
fi
CT="cyclictest -t1 -p0 -i 50000 --policy=other --default-system -q -h 100000 -l $((T * 20))"
echo "truth: ct = $CT"
echo "  ct2 = the same again (the control); audio = $PROBE -p audio -t $T -s 1;"
echo "  bare = $PROBE -p 50:0.001 -t $T -s 1; load = $SOLO -t $((T + 6)) process_load"
echo "  latencies in us, p50/p99; ratio: p99 / ct's p99"

# pooled FILE...: n p50 p99 of "VALUE COUNT" lines, nearest rank
pooled() {
	cat "$@" | sort -n | awk '{ v[NR] = $1; c[NR] = $2; n += $2 }
	END { r50 = int(n / 2); if (r50 < n / 2) r50++; r99 = int(n * 0.99); if (r99 < n * 0.99) r99++
		for (i = 1; i <= NR; i++) { cum += c[i]; if (!p50 && cum >= r50) p50 = v[i]; if (!p99 && cum >= r99) p99 = v[i] }
		printf "%d %d %d\n", n, p50, p99 }'
}
# cthist FILE: a cyclictest histogram as "VALUE COUNT" lines, overflows
# at the histogram's end
cthist() {
	awk '/^[0-9]+ +[0-9]+$/ { if ($2 + 0) print $1 + 0, $2 + 0; top = $1 + 1 }
	/Histogram Overflows/ { if ($4 + 0) print top, $4 + 0 }' "$1"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# round COND N: the four side by side; one line; appends "ct ct2 audio
# bare" p50s and p99s to $W/COND.p50 and $W/COND.p99, the histograms
# to $W/COND.NAME.h
round() {
	lp=
	if [ "$1" = load ]; then
		$SOLO -t $((T + 6)) -d "$W" process_load >/dev/null 2>&1 &
		lp=$!
		pids="$pids $lp"
		sleep 1.5
	fi
	# the probes first: their calibrations (0.3 s of two busy CPUs) must
	# not fall into cyclictest's time; cyclictest starts as their windows
	# open (after 0.3 s at most and a 1 s settle) and lasts T s
	$PROBE -p 50:0.001 -t "$T" -s 1 -H "$W/bare.h" >"$W/bare" 2>"$W/bare.err" &
	pb=$!
	$PROBE -p audio -t "$T" -s 1 -H "$W/audio.h" >"$W/audio" 2>"$W/audio.err" &
	pa=$!
	pids="$pids $pb $pa"
	sleep 1.3
	$CT >"$W/ct1" 2>/dev/null &
	c1=$!
	# a random phase against ct, as the probes have (their calibrations
	# last 0.1 to 0.3 s): two instruments in phase meet the same noise
	sleep "$(awk -v s="$$$2$1" 'BEGIN { srand(s); printf "%.3f", 0.005 + rand() * 0.045 }')"
	$CT >"$W/ct2" 2>/dev/null &
	c2=$!
	pids="$pids $c1 $c2"
	wait $c1 $c2 $pb $pa
	[ -z "$lp" ] || wait $lp
	pids=
	a=$(cat "$W/audio") b=$(cat "$W/bare")
	[ -n "$a" ] && [ -n "$b" ] || { echo "  $1 round $2: probe-solo failed:" $(cat "$W/audio.err" "$W/bare.err"); return; }
	cthist "$W/ct1" >"$W/ct1.h"
	cthist "$W/ct2" >"$W/ct2.h"
	for i in ct1 ct2 audio bare; do cat "$W/$i.h" >>"$W/$1.$i.h"; done
	set -- "$1" "$2" $(pooled "$W/ct1.h") $(pooled "$W/ct2.h")
	# $3..$5: ct n p50 p99; $6..$8: ct2
	ap50=$(val "$a" lat_p50) ap99=$(val "$a" lat_p99) bp50=$(val "$b" lat_p50) bp99=$(val "$b" lat_p99)
	printf '  %-4s %d: ct %3s/%-6s ct2 %3s/%-6s audio %4s/%-6s bare %3s/%-6s ratio ct2 %s audio %s bare %s\n' \
		"$1" "$2" "$4" "$5" "$7" "$8" "$ap50" "$ap99" "$bp50" "$bp99" \
		"$(ratio "$8" "$5")" "$(ratio "$ap99" "$5")" "$(ratio "$bp99" "$5")"
	echo "$4 $7 $ap50 $bp50" >>"$W/$1.p50"
	echo "$5 $8 $ap99 $bp99" >>"$W/$1.p99"
}
verdict() { awk -v r="$1" 'BEGIN { print (r <= 1.5 && r >= 1 - 1 / 32) ? "within" : "OUTSIDE" }'; }

r=1
while [ $r -le "$R" ]; do
	round idle $r
	round load $r
	r=$((r + 1))
done
for c in idle load; do
	[ -s "$W/$c.p99" ] || continue
	m() { awk "{ print $2 }" "$W/$c.$1" | median; }
	printf '  %-4s medians of %d rounds: p50 ct %s ct2 %s audio %s bare %s; p99 ct %s ct2 %s audio %s bare %s\n' \
		"$c" "$(wc -l <"$W/$c.p99")" "$(m p50 '$1')" "$(m p50 '$2')" "$(m p50 '$3')" "$(m p50 '$4')" \
		"$(m p99 '$1')" "$(m p99 '$2')" "$(m p99 '$3')" "$(m p99 '$4')"
	ra=$(m p99 '$3 / $1') rb=$(m p99 '$4 / $1')
	printf '  %-4s median p99 ratios to ct: ct2 %.2f (the control), audio %.2f (%s), bare %.2f (%s)\n' "$c" \
		"$(m p99 '$2 / $1')" "$ra" "$(verdict "$ra")" "$rb" "$(verdict "$rb")"
	set -- $(pooled "$W/$c.ct1.h") $(pooled "$W/$c.ct2.h") $(pooled "$W/$c.audio.h") $(pooled "$W/$c.bare.h")
	printf '  %-4s pooled (n %s %s %s %s): p50 ct %s ct2 %s audio %s bare %s; p99 ct %s ct2 %s audio %s bare %s\n' \
		"$c" "$1" "$4" "$7" "${10}" "$2" "$5" "$8" "${11}" "$3" "$6" "$9" "${12}"
	printf '  %-4s pooled p99 ratios to ct: ct2 %s (the control), audio %s (%s), bare %s (%s)\n' "$c" \
		"$(ratio "$6" "$3")" "$(ratio "$9" "$3")" "$(verdict "$(ratio "$9" "$3")")" \
		"$(ratio "${12}" "$3")" "$(verdict "$(ratio "${12}" "$3")")"
done
