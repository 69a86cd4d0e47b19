# read_load --streams 4 --size 64M: four readers of 16 MiB files; the
# record has each one's share of the window (shares=, four that add up
# to 100) and the slowest against the fastest (fairness= agrees with
# them), the request latency keys, and the count is what the four read:
# the kernel's rchar for them matches, give or take each one's read of
# /proc/self/io; the report's request table shows the fairness as
# slow/fast%.  The thresholds are --req-t1 and --req-t2: at 1 us every
# read of 1 MiB is over the first.  No file or process of the load is
# left.
. "$(dirname "$0")/lib.sh"
holds() { awk "BEGIN { exit !($1) }"; }
# the compile is beside the point here: a make whose timed compile is two
# seconds' sleep (make clean and --version pass through)
cat > mk <<'EOS'
#!/bin/sh
case "$*" in *clean*|*--version*) exec make "$@" ;; esac
sleep 2
EOS
chmod +x mk
expect 0 env MAKE="$T/mk" "$CONTEST" -n 1 --units 1 --lead 0 --size 64M --streams 4 \
    --req-t1 0.001 --req-t2 2.5 --no-baseline -k test read_load
line=$(grep 'load=read_load' contest.log) || fail "no read_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" streams)" = 4 ] || fail "streams: $line"
[ "$(val "$line" size)" = 67108864 ] || fail "size: $line"
sh=$(val "$line" shares) f=$(val "$line" fairness)
[ -n "$sh" ] && [ -n "$f" ] || fail "no shares or fairness: $line"
echo "$sh" | awk -F, -v f="$f" '{
	if (NF != 4) exit 1
	for (i = 1; i <= NF; i++) { s += $i; if (i == 1 || $i < lo) lo = $i; if ($i > hi) hi = $i }
	if (s < 99.7 || s > 100.3) exit 1
	# shares have one decimal: fairness within their rounding of lo / hi
	if (f < 100 * (lo - 0.05) / (hi + 0.05) - 0.1 || f > 100 * (lo + 0.05) / (hi - 0.05) + 0.1) exit 1
}' || fail "shares $sh and fairness $f disagree"
b=$(val "$line" bytes) r=$(val "$line" rchar)
holds "$r - $b >= 0 && $r - $b < 4 * 4096" || fail "bytes counted $b, kernel rchar $r"
holds "$(val "$line" passes) >= 0" || fail "passes: $line"
for k in req_n req_mean req_p50 req_p99 req_max req_over1 req_over2 req_t1 req_t2; do
	[ -n "$(val "$line" $k)" ] || fail "no $k: $line"
done
holds "$(val "$line" req_p50) <= $(val "$line" req_p99) && $(val "$line" req_p99) <= $(val "$line" req_max)" ||
	fail "percentiles out of order: $line"
[ "$(val "$line" req_t1)" = 0.001 ] && [ "$(val "$line" req_t2)" = 2.500 ] || fail "thresholds: $line"
[ "$(val "$line" req_over1)" = 100.0000 ] || fail "reads of 1 MiB under 1 us: $line"
holds "$(val "$line" req_over2) <= 100" || fail "over2: $line"
# one request a MiB read in the window, give or take those cut at its edges
holds "$(val "$line" req_n) >= $(val "$line" units) && $(val "$line" req_n) <= $(val "$line" units) + 8" ||
	fail "requests $(val "$line" req_n) for $(val "$line" units) MiB"
# the report's request table gives the slowest stream against the fastest
expect 0 "$CONTEST" -r contest.log
sed -n "/^read_load: the load's own requests/,/^\$/p" stdout > req
grep -q 'slow/fast%$' req || fail "no slow/fast% column: $(cat stdout)"
grep -q "^test  .* $f\$" req || fail "slow/fast% not the logged $f: $(cat req)"
left=$(cd contest-work && find . -mindepth 1 -maxdepth 1 ! -name builtin ! -name output)
[ -z "$left" ] || fail "left in the work directory: $left"
[ -z "$(leftovers)" ] || fail "processes left: $(leftovers)"
