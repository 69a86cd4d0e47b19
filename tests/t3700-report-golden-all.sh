# Every view of the report (each format, -v, -b, -c, -p, --bars, --svg,
# --verdict; the formats of issue 27, long, kcidb and lava, in a set of
# their own, tests/golden/NAME.fleet.expect.gz) of a set of logs, byte for
# byte as the tree printed them when tests/golden/*.expect.gz were written
# (`make golden`, tests/golden/render.sh): a change of what users see is
# made on purpose, its difference read, and the expectations written anew
# in the same commit.  The logs: a real one
# (two labels, A in two configurations, every kind of record, profiles
# cut to 12 symbols), a hand-made comparison of 5 rounds a side, a real
# interleaved run of --set (two labels, their snapshots and settings),
# and the fuzzer's seed logs.
. "$(dirname "$0")/lib.sh"
need gzip
n=0
for log in "$top"/tests/golden/*.log "$top"/tests/fuzz/corpus/*.log; do
	name=$(basename "$log" .log)
	for set in "" fleet; do
		want=$top/tests/golden/$name${set:+.$set}.expect.gz
		[ -f "$want" ] || fail "no $want for $log: run make golden"
		sh "$top/tests/golden/render.sh" "$CONTEST" "$log" $set > got
		gzip -dc "$want" > want
		if ! cmp -s want got; then
			diff -u want got | head -40
			fail "the views of $name differ from $want"
		fi
	done
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n golden logs"
echo "$n logs, every view of every set as expected"
