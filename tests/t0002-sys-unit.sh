# sys.c, the system-wide counters: shares, vmstat sums, PSI states, disks
# found by major:minor and through mountinfo, the snapshot, on fake /proc
# and /sys trees that unit-sys writes into the scratch directory; then one
# sanity check on the real /proc.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/unit-sys.bin" ] || fail "no tests/unit-sys.bin: make check builds it"
"$top/tests/unit-sys.bin" || fail "unit-sys"
