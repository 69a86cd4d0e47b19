# sys.c, the system-wide counters: shares, vmstat sums, PSI states, disks
# found by major:minor and through mountinfo, the snapshot, on fake /proc
# and /sys trees that sys-unit writes into the scratch directory; then one
# sanity check on the real /proc.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/sys-unit.bin" ] || fail "no tests/sys-unit.bin: make check builds it"
"$top/tests/sys-unit.bin" || fail "sys-unit"
