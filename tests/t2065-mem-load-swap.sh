# Where free swap holds twice the excess over the cap, the size asked for
# is kept and the log says swap allowed it.  A fake root's meminfo stands
# in for /proc/meminfo: MemAvailable 300 MiB (no room after the reserve),
# SwapFree 8 GiB; only 64 MiB is really mapped.
. "$(dirname "$0")/lib.sh"
fake_proc meminfo
printf 'MemAvailable: 307200 kB\nSwapTotal: 8388608 kB\nSwapFree: 8388608 kB\n' > "$CONTEST_ROOT/proc/meminfo"
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 64M --no-baseline -k test mem_load
line=$(grep 'load=mem_load' contest.log) || fail "no mem_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" sizing)" = size-option-swap ] || fail "sizing: $line"
[ "$(val "$line" size)" = 67108864 ] || fail "size not 64M: $line"
[ "$(val "$line" swapfree)" = 8589934592 ] || fail "swapfree: $line"
