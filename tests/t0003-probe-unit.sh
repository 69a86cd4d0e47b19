# The probe's histogram: bucket edges, the overflow bucket, p50/p99/max
# of known distributions within the bucket error; the window: subtraction,
# exact max under a concurrent writer, a stalled probe; every bad --probe
# value refused with its message; calibration under half a second.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/probe-unit.bin >/dev/null || fail "build"
"$top/tests/probe-unit.bin" || fail "probe-unit"
