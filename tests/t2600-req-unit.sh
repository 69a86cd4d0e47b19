# An I/O load's request latency and a load's workers (req-unit.c): known
# latencies give their percentiles within a bucket, exact shares over the
# two thresholds, the mean and the max; requests before the window are
# left out, one in flight at the close is counted with its age; eight
# workers timing at once lose no request and count their parts apart, and
# so do more workers than the shards of counters; a worker that fails or
# is killed fails the load with its reason.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/req-unit.bin >/dev/null || fail "build"
"$top/tests/req-unit.bin" || fail "req-unit"
