# Issue 29, item 14: -p with --verdict is refused (exit 2, saying why and
# where the profiles are), not ignored: the verdict judges Time, Ratio,
# Loads and latency p99, never the kernel's functions.  Nothing is
# printed on stdout.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
for t in 100 101 99; do
	rec BASE io_load "$t" 40 0 10 100
	rec CAND io_load "$t" 40 0 10 100 date=2026-12-02T10:00:00Z
done > log
expect 2 "$CONTEST" -r -p --verdict BASE log
grep -q '^contest: -p does not go with --verdict: the verdict judges Time, Ratio, Loads and latency p99, never the profiles (-r -c BASE -p shows the diffprofiles)$' stderr ||
    fail "message: $(cat stderr)"
[ ! -s stdout ] || fail "stdout: $(cat stdout)"
expect 2 "$CONTEST" -r --verdict BASE --profiles log
grep -q '^contest: -p does not go with --verdict' stderr || fail "--profiles: $(cat stderr)"
