# The profile's engine without the kernel's events: kallsyms read (text
# only, modules as 'sym [mod]', one name per address as perf picks it,
# hidden addresses refused), samples by mode, attribution through FORK
# records out of order and held past the drain's mark, threads, contest's
# own children, COMM, LOST and THROTTLE records, a ring that wraps, and
# the top list's sums and cut (tests/profile-unit.c).
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/profile-unit.bin >/dev/null || fail "build"
"$top/tests/profile-unit.bin" || fail "profile-unit"
