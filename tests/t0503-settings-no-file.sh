# A glob that matches no file, a file that is not there, a directory, a
# file one label names twice with two values: each refused before
# anything is written, exit 2 naming it, every file as it was.  In a
# glob only '*' is magic: '[01]' names a file called so.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
refused() {
	expect 2 "$S" run -j "$J" 'a:vm.dirty_ratio=30,/sys/block/vda/queue/scheduler=kyber' "$1"
	grep -qxF "settings-unit: $2" stderr || fail "'$1': $(cat stderr)"
	unchanged
	[ ! -e "$J" ] || fail "'$1': a journal was written"
}
refused 'b:/sys/devices/system/cpu/cpu*/cpufreq/nosuch=1' \
	"--set b: '/sys/devices/system/cpu/cpu*/cpufreq/nosuch' matches no file"
refused 'b:vm.nosuch=1' "--set b: cannot find 'vm.nosuch': No such file or directory"
refused 'b:/sys/devices/system/cpu/cpu[01]/cpufreq/scaling_governor=x' \
	"--set b: cannot find '/sys/devices/system/cpu/cpu[01]/cpufreq/scaling_governor': No such file or directory"
refused 'b:/sys/devices/system/cpu/cpu*=x' \
	"--set b: '/sys/devices/system/cpu/cpu0' is a directory, not a regular file: refused"
refused 'b:/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor=performance,/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor=powersave' \
	"--set b: '/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor' is named twice, with 'performance' and 'powersave'"
