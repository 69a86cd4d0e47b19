# SIGKILL of contest in the middle of a label's runs: the watchdog, which
# outlives it, kills what is left of the run first, then gives every file
# its value back (a glob's every match), says so on stderr, and removes
# the journal.  The run's load here keeps writing the label's scheduler:
# had it been alive while the 200 governors named before the scheduler
# were given back (after the scheduler: last named, first restored), it
# would have undone the scheduler's restore.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
c=3
while [ $c -lt 200 ]; do
	set -- "$@" "$K/sys/devices/system/cpu/cpu$c/cpufreq"
	c=$((c + 1))
done
mkdir -p "$@" || fail "mkdir"
for d; do printf 'schedutil\n' > "$d/scaling_governor"; done
keep
sched=$K/sys/block/vda/queue/scheduler
held ky -R "while [ -d '$K' ]; do echo kyber > '$sched'; done 2>/dev/null" 'dl:vm.dirty_ratio=30' \
	'ky:/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor=performance,/sys/block/vda/queue/scheduler=kyber'
[ "$(value "$K/sys/devices/system/cpu/cpu7/cpufreq/scaling_governor")" = performance ] || fail "ky is not held"
[ -n "$(leftovers)" ] || fail "no load runs"
kill -9 "$pid"
wait "$pid"
i=0
while [ -e "$J" ]; do
	i=$((i + 1)); [ $i -lt 100 ] || fail "the journal is still there: $(cat "$T/held.err")"
	sleep 0.05
done
i=0
until dead "$wd"; do i=$((i + 1)); [ $i -lt 100 ] || fail "the watchdog $wd is left"; sleep 0.05; done
unchanged
[ -z "$(leftovers)" ] || fail "left running: $(leftovers)"
grep -qxF 'contest: contest died: its watchdog gave 202 settings the values found before' "$T/held.err" ||
	fail "stderr: $(cat "$T/held.err")"
