# Many groups: 20,000 records that are each a new label under a new load
# (20,000 sections), and 20,000 runs of one label in as many
# configurations (LABEL#1 .. LABEL#20000), render in every output mode
# within 60 s each (well under a second each on the development VM: rows,
# labels and groups are found by hash, sections made by one sort).
. "$(dirname "$0")/lib.sh"
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "contest=1 date=2026-12-01T10:00:00Z host=box label=k%d load=l%d run=1 status=ok elapsed=100 user=50 sys=5 lcpu=1 units=1 unit=MiB jobs=8 workload=builtin:4 cache=dropped ncpu=2\n", i, i }' > labels.log
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "contest=1 date=2026-12-01T10:00:00Z host=box label=k load=no_load run=1 status=ok elapsed=100 user=50 sys=5 lcpu=1 units=0 unit=none jobs=%d workload=builtin:4 cache=dropped ncpu=2\n", i + 1 }' > configs.log
for m in "" "--format json" "--bars" "--svg out.svg"; do
	timeout 60 "$CONTEST" -r $m labels.log > out 2> err || fail "labels.log $m: exit $? $(tail -3 err)"
done
timeout 60 "$CONTEST" -r labels.log > out || fail "table"
[ "$(grep -c '^l[0-9]*:$' out)" -eq 20000 ] || fail "sections: $(grep -c '^l[0-9]*:$' out)"
timeout 60 "$CONTEST" -r configs.log > out || fail "configs.log: exit $?"
grep -q '^k#20000  *1  100.0 ' out || fail "configurations: $(tail -3 out)"
