# The report streams: its peak memory grows with the number of label x
# configuration x load groups and, by 16 to 32 bytes a run (the set that
# reads each run once), with the runs, never with the records' size.
# 20,000 and 200,000 runs over the same 30 groups peak within 1 MiB and
# 32 bytes a run more of each other.
. "$(dirname "$0")/lib.sh"
[ -x /usr/bin/time ] || skip "no /usr/bin/time"
gen() {
	awk -v n="$1" 'BEGIN {
		split("no_load io_load mem_load", L, " ")
		for (i = 0; i < n; i++)
			printf "contest=1 date=2026-12-01T10:00:00Z host=box label=k%d load=%s run=%d status=ok elapsed=%.3f user=50.000 sys=5.000 lcpu=1.000 units=%.3f unit=MiB jobs=8 workload=builtin:4 cache=dropped ncpu=2\n", i % 10, L[int(i / 10) % 3 + 1], i + 1, 100 + i % 7, i % 13
	}'
}
gen 20000 > small.log
gen 200000 > big.log
peak() { /usr/bin/time -f %M "$CONTEST" -r "$1" 2>&1 >/dev/null | tail -1; }
s=$(peak small.log) b=$(peak big.log)
echo "peak RSS: $s KiB for 20,000 records, $b KiB for 200,000"
[ "$b" -le $((s + 1024 + 180000 * 32 / 1024)) ] || fail "memory grows with records: $s KiB -> $b KiB"
"$CONTEST" -r big.log | grep -q '^k9  *6666 ' || fail "wrong counts in the big log"
