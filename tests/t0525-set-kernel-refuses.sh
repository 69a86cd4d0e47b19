# A value the kernel refuses (vm.dirty_ratio=1000, on this box's own
# /proc/sys, as root: the kernel takes nothing) stops contest in its trial,
# before any run: exit 2 naming the label, the file and the value; the
# first label's file (a fake THP) given its value back by contest (not
# left to its watchdog), the box's
# dirty_ratio as it was, no journal, no record.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root: the kernel's own refusal cannot be reached"
[ -w /proc/sys/vm/dirty_ratio ] || skip "/proc/sys/vm/dirty_ratio is not writable here"
fake_box
rm -rf "$K/proc/sys" && ln -s /proc/sys "$K/proc/sys" || fail "cannot link /proc/sys"
ratio=$(cat /proc/sys/vm/dirty_ratio)
keep
seen_make
expect 2 "$CONTEST" -n 1 $SET --set a:/sys/kernel/mm/transparent_hugepage/enabled=never \
	--set b:vm.dirty_ratio=1000 no_load
grep -qxF "contest: --set b: cannot write '1000' to 'vm.dirty_ratio': Invalid argument (the kernel refuses the value)" stderr ||
	fail "message: $(cat stderr)"
[ "$(cat /proc/sys/vm/dirty_ratio)" = "$ratio" ] || fail "vm.dirty_ratio is $(cat /proc/sys/vm/dirty_ratio), not $ratio"
unchanged
! grep -q "its watchdog gave" stderr || fail "contest left them to its watchdog: $(cat stderr)"
[ ! -e contest-work/settings.journal ] || fail "the journal is left"
[ ! -e "$T/seen" ] && ! grep -q 'load=' contest.log 2>/dev/null || fail "a run was done"
