# Without swap, a --size over MemAvailable is capped below it, less a
# reserve (a quarter of it, at 1 GiB) and the compile's memory (-j 1: one
# job of JOB_RSS_MIB, 64 MiB), and the log says why; the OOM killer does
# not act.  A fake root's meminfo stands in for /proc/meminfo: MemAvailable
# 1 GiB.
. "$(dirname "$0")/lib.sh"
# holds EXPR: an awk condition on numbers
holds() { awk "BEGIN { exit !($1) }"; }
fake_proc meminfo
printf 'MemTotal: 2097152 kB\nMemAvailable: 1048576 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n' > "$CONTEST_ROOT/proc/meminfo"
oom0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
expect 0 "$CONTEST" -n 1 -j 1 --units 2 --lead 0 --size 2G --no-baseline -k test mem_load
oom1=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
line=$(grep 'load=mem_load' contest.log) || fail "no mem_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" sizing)" = capped-memavailable ] || fail "not capped: $line"
s=$(val "$line" size)
holds "$s <= 1073741824 - 268435456 - 67108864" || fail "size $s not below MemAvailable less the reserve and the compile's"
fcmp "$s" '>' 0 || fail "size 0"
[ "$oom0" = "$oom1" ] || fail "oom_kill went from $oom0 to $oom1"
