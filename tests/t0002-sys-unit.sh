# sys.c, the system-wide counters: shares, vmstat sums, PSI states, disks
# found by major:minor and through mountinfo, the snapshot, on fake /proc
# and /sys trees that unit-sys writes into the scratch directory; then one
# sanity check on the real /proc.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/unit-sys.bin >"$T/build" 2>&1 || { cat "$T/build"; fail "build"; }
[ -s "$T/build" ] && { cat "$T/build"; fail "build warnings"; }
"$top/tests/unit-sys.bin" || fail "unit-sys"
