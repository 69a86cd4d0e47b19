# --set's command line: given once, with -k, --by-load or --no-baseline,
# with -r, a label given twice, a setting given twice in a label, a text its rules refuse, a setting past
# what the log keeps: exit 2 before anything is made, saying why; no
# log, no work directory, every file as it was.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
a=a:vm.dirty_ratio=30 b=b:vm.dirty_ratio=40
refused() {
	_want=$1
	shift
	expect 2 "$CONTEST" -n 1 $SET "$@" no_load
	grep -qxF "contest: $_want" stderr || fail "'$*': $(cat stderr)"
	[ ! -e contest.log ] && [ ! -e contest-work ] || fail "'$*': something was made: $(ls)"
	unchanged
}
refused "--set is given once a label, two or more times: its one label has nothing to be compared with" \
	--set "$a"
refused "-k does not go with --set: the labels are --set's" -k x --set "$a" --set "$b"
refused "--by-load does not go with --set: its rounds run every label once each" --by-load --set "$a" --set "$b"
refused "--no-baseline does not go with --set: each label's part of a round has its own no_load, for the paired Ratio" \
	--no-baseline --set "$a" --set "$b"
refused "--set a: the label is given twice (give all its settings in one --set, separated by ',')" \
	--set "$a" --set "$b" --set a:vm.dirty_background_ratio=5
refused "--set b: '/etc/passwd' is not under /sys or /proc/sys" --set "$a" --set b:/etc/passwd=x
refused "--set LABEL 'a b': byte 2 (' ') is a space: a label is letters, digits, '.', '-', '_', '+', '~' and UTF-8 characters that print (no space, control or invisible character)" \
	--set "a b:vm.dirty_ratio=30" --set "$b"
refused "--set b: vm.dirty_ratio is given twice: a setting once a label" \
	--set "$a" --set b:vm.dirty_ratio=40,vm.dirty_ratio=40
long=$(awk 'BEGIN { while (n++ < 600) printf "x" }')
refused "--set b: its settings take more than the 1023 bytes the log keeps of them" \
	--set "$a" --set "b:vm.dirty_ratio=40,vm.dirty_background_ratio=$long,vm.swappiness=$long"
expect 2 "$CONTEST" -r --set "$a" --set "$b"
grep -qxF "contest: --set is an option of a run: it does not go with -r" stderr || fail "-r: $(cat stderr)"
unchanged
