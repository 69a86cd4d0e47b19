# A glob that matches no file, and a file that is not there, are refused
# before anything is made: exit 2 naming the setting; every file as it
# was, no work directory, no log.  A glob that matches is taken.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
expect 2 "$CONTEST" -n 1 $SET --set a:vm.dirty_ratio=30 --set 'b:/sys/kernel/mm/transparent_hugepage/nosuch*=1' no_load
grep -qxF "contest: --set b: '/sys/kernel/mm/transparent_hugepage/nosuch*' matches no file" stderr ||
	fail "glob: $(cat stderr)"
unchanged
expect 2 "$CONTEST" -n 1 $SET --set a:vm.dirty_ratio=30 --set b:vm.nosuch=1 no_load
grep -qxF "contest: --set b: cannot find 'vm.nosuch': No such file or directory" stderr || fail "file: $(cat stderr)"
unchanged
[ ! -e contest-work ] && [ ! -e contest.log ] || fail "something was made: $(ls)"
expect 0 "$CONTEST" --plan $SET --set a:vm.dirty_ratio=30 --set 'b:/sys/kernel/mm/transparent_hugepage/en*=never' no_load
