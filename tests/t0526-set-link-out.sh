# A setting whose path leads out of /sys through a symbolic link (a
# file, or a glob one match of which does) is refused before anything is
# made: exit 2 naming it and where it leads; every file, the one outside
# included, as it was; no work directory, no log.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
mkdir -p "$T/outside" && printf 'keep\n' > "$T/outside/enabled" || fail "mkdir"
ln -s "$T/outside" "$K/sys/kernel/mm/evil" || fail "ln"
keep "$T/outside/enabled"
expect 2 "$CONTEST" -n 1 $SET --set a:vm.dirty_ratio=30 --set b:/sys/kernel/mm/evil/enabled=never no_load
grep -qxF "contest: --set b: '/sys/kernel/mm/evil/enabled' leads to '$T/outside/enabled', outside /sys and /proc/sys: refused" stderr ||
	fail "message: $(cat stderr)"
unchanged "$T/outside/enabled"
expect 2 "$CONTEST" -n 1 $SET --set a:vm.dirty_ratio=30 --set 'b:/sys/kernel/mm/*/enabled=never' no_load
grep -qxF "contest: --set b: '/sys/kernel/mm/evil/enabled' leads to '$T/outside/enabled', outside /sys and /proc/sys: refused" stderr ||
	fail "glob: $(cat stderr)"
unchanged "$T/outside/enabled"
[ ! -e contest-work ] && [ ! -e contest.log ] || fail "something was made: $(ls)"
