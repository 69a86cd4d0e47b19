# The diffprofile's marks by simulation, with a fixed seed, through the
# real pipeline (tests/profile-sim.c: logs written by log.c, read by the
# model, decided by the comparison's family with -p): A/A comparisons at
# 3 and 5 runs a side carry any mark in fewer than 5% of them, and a
# process_load-like change (pipe_read new at 10% of the kernel samples)
# is called worse in at least 80% at 3 runs.  The rates are printed
# (tests/tmp/t3502-profile-sim.out); doc/profile.md has them at 1000.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" tests/profile-sim.bin >/dev/null || fail "build"
"$top/tests/profile-sim.bin" 150 bounds > out || { cat out; fail "a rate is out of bounds"; }
cat out
