# The sizing policy (sizing.c): the cpulist and cpu.max parsers, the
# cgroup walk for the CPU quota, the cpuset and the memory limit on a fake
# /proc and cgroup v2 and v1 hierarchies, every rule against its bounds on
# planned machines of 1 to 256 CPUs and 4 GiB to 1 TiB, and the per-CPU
# lines sys.c sums for the disturbed mark.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/sizing-unit.bin" ] || fail "no tests/sizing-unit.bin: make check builds it"
"$top/tests/sizing-unit.bin" || fail "sizing-unit"
