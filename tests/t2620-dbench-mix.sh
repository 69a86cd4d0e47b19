# dbench_load's mix: three clients of 2 MiB each, 20 passes of 1000
# operations each (tests/load-solo.bin, the lifecycle contest runs), logs
# ops= whose kinds add up to its work and keep the proportions of the
# man page (dbench's client.txt) within 10% of each, or 0.15 points for
# the rare ones; every operation is a timed request; each client's share
# and the fairness of the three are noted; nothing is left on the disk.
. "$(dirname "$0")/lib.sh"
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir base
"$SOLO" -d base -O clients=3 -O size=6M -p 20 dbench_load > out 2>err || fail "solo: $(cat err out)"
line=$(head -1 out)
work=$(val "$line" work)
[ "$work" = 60000 ] || fail "work $work, not 3 x 20 x 1000: $line"
notes=$(sed -n 's/.* note="\(.*\)"$/\1/p' out | head -1)
[ "$(val "$notes" clients)" = 3 ] && [ "$(val "$notes" size)" = 6291456 ] || fail "notes: $notes"
[ "$(val "$notes" files)" -ge 3 ] || fail "files: $notes"
ops=$(val "$notes" ops)
echo "$ops" | tr ',' '\n' | awk -F: -v w="$work" '
BEGIN { split("read:2715 stat:2590 close:1271 open:920 write:863 list:606 create:351 unlink:349 setattr:141 fsync:121 rename:73", e, " ")
	for (i in e) { split(e[i], kv, ":"); want[kv[1]] = kv[2] / 100 } }
{ got[$1] = $2; t += $2; n++ }
END {
	if (n != 11 || t != w) { print "kinds " n ", ops " t " of " w; exit 1 }
	for (k in want) {
		p = 100 * got[k] / t; d = p - want[k]; if (d < 0) d = -d
		if (d > want[k] / 10 && d > 0.15) { printf "%s %.2f%%, not %.2f%%\n", k, p, want[k]; bad = 1 }
	}
	exit bad }' || fail "mix: $ops"
req=$(sed -n 's/^req="\(.*\)"$/\1/p' out)
n=$(val "$req" n)
[ -n "$n" ] && fcmp "$n" '<=' "$work" && fcmp "$n" '>=' "$work * 0.9" || fail "requests $n for $work operations"
fcmp "$(val "$req" p50)" '<=' "$(val "$req" p99)" && fcmp "$(val "$req" p99)" '<=' "$(val "$req" max)" ||
	fail "percentiles: $req"
grep -q '^fairness=' out || fail "no fairness: $(cat out)"
sh=$(sed -n 's/^shares=//p' out)
[ "$(echo "$sh" | tr ',' '\n' | wc -l)" = 3 ] || fail "shares: $sh"
[ -z "$(ls -A base)" ] || fail "left: $(ls -A base)"
