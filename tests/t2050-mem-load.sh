# mem_load logs status=ok, picks a size below MemAvailable, and the OOM
# killer does not act during the run.
. "$(dirname "$0")/lib.sh"
oom0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
expect 0 "$CONTEST" -n 1 --units 2 --lead 0 --size 64M --no-baseline -k test mem_load
oom1=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
line=$(grep 'load=mem_load' contest.log) || fail "no mem_load record"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" unit)" = MiB ] || fail "unit: $line"
fcmp "$(val "$line" units)" '>' 0 || fail "no work: $line"
fcmp "$(val "$line" lcpu)" '>' 0 || fail "no load CPU: $line"
s=$(val "$line" size) a=$(val "$line" memavailable)
[ "$s" = 67108864 ] || fail "size not 64M: $line"
fcmp "$s" '<' "$a" || fail "size $s not below MemAvailable $a"
[ "$oom0" = "$oom1" ] || fail "oom_kill went from $oom0 to $oom1"
