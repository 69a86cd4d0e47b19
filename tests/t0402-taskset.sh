# Under taskset -c C (one CPU of those this test may use), contest plans
# for 1 usable CPU and does what it planned: --plan says cpus 1, -j 4 (or
# fewer, if the memory holds fewer jobs) and the policy's units for one
# CPU; a run logs ncpu=1 beside ncpu_online, the plan's -j and
# process_load's 4 processes.  Holds on a box of any size.
. "$(dirname "$0")/lib.sh"
need taskset
c=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
on=$(getconf _NPROCESSORS_ONLN)
expect 0 taskset -c "$c" "$CONTEST" --plan process_load
grep -q "^cpus: 1 usable of $on online (affinity 1," stdout || fail "plan: $(cat stdout)"
jobs=$(sed -n 's/^jobs: //p' stdout)
[ "$jobs" -ge 1 ] && [ "$jobs" -le 4 ] || fail "plan's jobs: $(cat stdout)"
grep -q "^process_load size: 4 processes$" stdout || fail "plan's process_load: $(cat stdout)"
units=$(sed -n 's/^units: //p' stdout)
[ "$units" -gt 0 ] || fail "no units in the plan: $(cat stdout)"
# the plan for one CPU is the plan of --cpus 1 on this box
expect 0 "$CONTEST" --plan --cpus 1 process_load
grep -q "^units: $units$" stdout || fail "--cpus 1 plans other units than taskset: $(cat stdout)"
# the compile is beside the point: a second's sleep
sleep_make
expect 0 taskset -c "$c" "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline --probe off process_load
grep -q "usable CPU of $on online" stderr || fail "not said: $(cat stderr)"
line=$(grep 'load=process_load' contest.log) || fail "no record"
[ "$(val "$line" ncpu)" = 1 ] || fail "ncpu: $line"
[ "$(val "$line" ncpu_online)" = "$on" ] || fail "ncpu_online: $line"
[ "$(val "$line" jobs)" = "$jobs" ] || fail "jobs not the plan's $jobs: $line"
[ "$(val "$line" procs)" = 4 ] || fail "procs: $line"
