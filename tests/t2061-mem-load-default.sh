# Without --size and without swap, mem_load's 110% of RAM is capped below
# MemAvailable less the reserve (a quarter of it here) and the compile's
# memory (-j 1: 64 MiB), and the log says so; the OOM killer does not act.
# A fake root's meminfo stands in for /proc/meminfo: MemAvailable 1 GiB, so no
# more than 704 MiB is really mapped.
. "$(dirname "$0")/lib.sh"
# holds EXPR: an awk condition on numbers
holds() { awk "BEGIN { exit !($1) }"; }
fake_proc meminfo
printf 'MemAvailable: 1048576 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n' > "$CONTEST_ROOT/proc/meminfo"
oom0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
expect 0 "$CONTEST" -n 1 -j 1 --units 2 --lead 0 --no-baseline -k test mem_load
oom1=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
line=$(grep 'load=mem_load' contest.log) || fail "no mem_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" sizing)" = capped-memavailable ] || fail "not capped: $line"
s=$(val "$line" size) a=$(val "$line" memavailable)
[ "$a" = 1073741824 ] || fail "memavailable not from the fake root's meminfo: $line"
holds "$s > 0 && $s <= $a - 268435456 - 67108864" || fail "size $s not below MemAvailable $a less the reserve and the compile's"
[ "$oom0" = "$oom1" ] || fail "oom_kill went from $oom0 to $oom1"
