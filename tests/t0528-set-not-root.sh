# Not root: --set's settings cannot be written (a fake box's files are
# root's): exit 2 before anything is made, naming the setting with "(not
# root)"; every file as it was, no log, no work directory.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
as_nobody
fake_box "$U/box"
chmod -R a+rX "$U/box"
expect 2 setpriv --reuid=65534 --regid=65534 --clear-groups env CONTEST_ROOT="$K" "$U/contest" -n 1 $SET \
	--set a:vm.dirty_ratio=30 --set b:/sys/kernel/mm/transparent_hugepage/enabled=never no_load
grep -qxF "contest: --set a: cannot write 'vm.dirty_ratio': Permission denied (not root)" "$T/stderr" ||
	fail "message: $(cat "$T/stderr")"
unchanged
[ ! -e contest-work ] && [ ! -e contest.log ] || fail "something was made: $(ls)"
