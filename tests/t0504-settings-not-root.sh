# Not root: a setting that cannot be written (a fake tree of root's
# files, then this box's own /proc/sys) is refused before anything is
# written, exit 2 naming it with "(not root)", every file as it was.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
need setpriv
[ "$(id -u)" -eq 0 ] || skip "not root: nothing to drop privileges from"
user_dir 755
cp "$S" "$U/settings-unit.bin" && chmod 755 "$U/settings-unit.bin" || fail "cp"
mkdir -m 777 "$U/w" || fail "mkdir"
fake_tree "$U/k"
chmod -R a+rX "$U/k"
nobody() {
	(cd "$U/w" && setpriv --reuid=65534 --regid=65534 --clear-groups env CONTEST_ROOT="$CONTEST_ROOT" \
	    "$U/settings-unit.bin" run -v "$@") > "$T/stdout" 2> "$T/stderr"
	[ $? -eq 2 ] || fail "'$*' as nobody did not exit 2: $(cat "$T/stdout" "$T/stderr")"
}
nobody 'a:/sys/block/vda/queue/scheduler=kyber' 'b:vm.dirty_ratio=30'
grep -qxF "settings-unit: --set a: cannot write '/sys/block/vda/queue/scheduler': Permission denied (not root)" "$T/stderr" ||
	fail "message: $(cat "$T/stderr")"
unchanged
[ -z "$(ls "$U/w")" ] || fail "left in the work directory: $(ls "$U/w")"
# this box's own /proc/sys: nobody cannot write it, and nothing changes
ratio=$(cat /proc/sys/vm/dirty_ratio)
link_root "$U/real-proc" /proc "$U/k/sys"
nobody 'a:vm.dirty_ratio=30'
grep -qxF "settings-unit: --set a: cannot write 'vm.dirty_ratio': Permission denied (not root)" "$T/stderr" ||
	fail "message: $(cat "$T/stderr")"
[ "$(cat /proc/sys/vm/dirty_ratio)" = "$ratio" ] || fail "vm.dirty_ratio changed"
