# SIGKILL of contest and of its watchdog (as a power cut would leave
# them, the boot aside): the files keep the label's values and the
# journal lists each with its value found; the next start gives them
# back before anything else, says so, and removes the journal.  The
# undo by hand of contest(1), SETTINGS, does the same.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
dl='dl:vm.dirty_ratio=30,/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor=performance'
ky='ky:/sys/block/vda/queue/scheduler=kyber,/sys/kernel/mm/transparent_hugepage/enabled=never'
both_killed() {
	held dl,ky "$dl" "$ky"
	kill -9 "$wd"
	i=0
	until dead "$wd"; do i=$((i + 1)); [ $i -lt 100 ] || fail "the watchdog lives"; sleep 0.05; done
	kill -9 "$pid"
	wait "$pid"
	[ -s "$J" ] || fail "no journal"
	[ "$(value "$K/sys/block/vda/queue/scheduler")" = kyber ] || fail "ky is not held"
}
both_killed
tab=$(printf '\t')
for f in sys/block/vda/queue/scheduler:mq-deadline proc/sys/vm/dirty_ratio:20 \
    sys/devices/system/cpu/cpu2/cpufreq/scaling_governor:schedutil \
    sys/kernel/mm/transparent_hugepage/enabled:madvise; do
	grep -qxF "$K/${f%:*}${tab}${f#*:}" "$J" || fail "the journal lacks '$K/${f%:*}': $(cat "$J")"
done
[ "$(grep -vc '^#' "$J")" -eq 6 ] || fail "not 6 files in the journal: $(cat "$J")"
expect 0 "$S" run -j "$J" 'x:vm.dirty_background_ratio=5'
grep -qF "settings-unit: gave 6 files back the values found before contest pid $pid was killed with its watchdog (the journal '$J', now removed)" stderr ||
	fail "stderr: $(cat stderr)"
unchanged
[ ! -e "$J" ] || fail "the journal is left"

# by hand, with the man page's commands
both_killed
sed -n '/^\.\\" undo by hand$/,/^\.fi$/p' "$top/doc/contest.1" | sed '1,2d; $d; s/\\-/-/g; s/\\e/\\/g' > undo.sh
grep -q 'settings.journal' undo.sh || fail "no undo by hand in doc/contest.1: $(cat undo.sh)"
sed "s|contest-work/settings.journal|$J|" undo.sh > undo2.sh
sh undo2.sh || fail "the undo by hand failed: $(cat undo2.sh)"
unchanged
rm -f "$J"
