# A value the kernel refuses, on this box's own files as root (only
# values the kernel refuses are ever written there): exit 2 naming the
# label, the file, the value and errno's text; a refusal in the second
# label of the trial gives the first label's files (a fake /sys) their
# values back; the box's files as they were.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root: the kernel's own refusal cannot be reached"
[ -w /proc/sys/vm/dirty_ratio ] || skip "/proc/sys/vm/dirty_ratio is not writable here"
fake_tree
ratio=$(cat /proc/sys/vm/dirty_ratio)
link_root "$T/real-proc" /proc "$K/sys"
expect 2 "$S" run -j "$J" -v 'a:/sys/block/vda/queue/scheduler=kyber' 'b:vm.dirty_ratio=1000'
grep -qxF "settings-unit: --set b: cannot write '1000' to 'vm.dirty_ratio': Invalid argument (the kernel refuses the value)" stderr ||
	fail "message: $(cat stderr)"
[ "$(cat /proc/sys/vm/dirty_ratio)" = "$ratio" ] || fail "vm.dirty_ratio is $(cat /proc/sys/vm/dirty_ratio), not $ratio"
unchanged
[ ! -e "$J" ] || fail "the journal is left"
# a scheduler the kernel does not have
link_root "$T/real-sys" "$K/proc" /sys
for f in /sys/block/*/queue/scheduler; do
	[ -w "$f" ] || continue
	before=$(cat "$f")
	expect 2 "$S" run -j "$J" "a:$f=no-such-scheduler"
	grep -qxF "settings-unit: --set a: cannot write 'no-such-scheduler' to '$f': Invalid argument (the kernel refuses the value)" stderr ||
		fail "message: $(cat stderr)"
	[ "$(cat "$f")" = "$before" ] || fail "'$f' reads '$(cat "$f")', not '$before'"
	break
done
