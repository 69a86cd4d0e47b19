# Sourced by the settings tests (t05xx) after lib.sh: the driver
# ($S, tests/settings-unit.c), a fake kernel's /sys and /proc/sys, and the
# check that every file holds the value it held before.  settings.c reads
# /sys and /proc/sys below $CONTEST_ROOT (kfile.h): until a test says
# otherwise it leads nowhere, so that no test writes the real ones by
# mistake (but for proc/self, a link to the real one: the driver's
# container finds its cgroup there, as contest's does).
S=$top/tests/settings-unit.bin
[ -x "$S" ] || fail "no tests/settings-unit.bin: make check builds it"
mkdir -p "$T/no-root/proc" && ln -s /proc/self "$T/no-root/proc/self" || fail "cannot make '$T/no-root'"
CONTEST_ROOT=$T/no-root
export CONTEST_ROOT
J=$T/settings.journal
# fake_tree [DIR]: a fake kernel's files in $K (DIR, default $T/k), the
# root set to it (proc/self a link to the real one), each file's value
# kept (keep):
#   /proc/sys/vm/dirty_ratio 20, /proc/sys/vm/dirty_background_ratio 10
#   /sys/block/vda/queue/scheduler "none [mq-deadline] kyber " (choices)
#   /sys/kernel/mm/transparent_hugepage/enabled "always [madvise] never"
#   /sys/devices/system/cpu/cpu{0,1,2}/cpufreq/scaling_governor schedutil
fake_tree() {
	K=${1:-$T/k}
	mkdir -p "$K/proc/sys/vm" "$K/sys/block/vda/queue" "$K/sys/kernel/mm/transparent_hugepage" &&
		ln -sfn /proc/self "$K/proc/self" || fail "cannot make a fake tree in '$K'"
	printf '20\n' > "$K/proc/sys/vm/dirty_ratio"
	printf '10\n' > "$K/proc/sys/vm/dirty_background_ratio"
	printf 'none [mq-deadline] kyber \n' > "$K/sys/block/vda/queue/scheduler"
	printf 'always [madvise] never\n' > "$K/sys/kernel/mm/transparent_hugepage/enabled"
	for _c in 0 1 2; do
		mkdir -p "$K/sys/devices/system/cpu/cpu$_c/cpufreq"
		printf 'schedutil\n' > "$K/sys/devices/system/cpu/cpu$_c/cpufreq/scaling_governor"
	done
	CONTEST_ROOT=$K
	keep
}
# link_root DIR PROC SYS: DIR the root, its proc a link to PROC and its sys
# to SYS (this box's own /proc or /sys, a fake tree's, $T/no-root/proc)
link_root() {
	mkdir -p "$1" && ln -s "$2" "$1/proc" && ln -s "$3" "$1/sys" || fail "cannot make a root in '$1'"
	CONTEST_ROOT=$1
}
# values [FILE...]: each regular file below $K (but drop_caches, which
# contest writes as root) and each FILE, a line "FILE VALUE": its first
# line, or the word in brackets of a list of choices (an empty file is
# left out: its absence shows)
values() {
	{ find "$K" -type f ! -name drop_caches; for _f; do echo "$_f"; done; } | sort | tr '\n' '\0' |
		xargs -0 awk 'FNR == 1 { v = $0; if (match(v, /\[[^]]*\]/)) v = substr(v, RSTART + 1, RLENGTH - 2)
		    print FILENAME, v }'
}
# keep [FILE...]: the values now, for unchanged
keep() { values "$@" > "$T/before"; }
# unchanged [FILE...]: every file holds the value it held at keep
unchanged() {
	values "$@" > "$T/after"
	cmp -s "$T/before" "$T/after" || fail "files changed (< before, > now):
$(diff "$T/before" "$T/after")"
}
# value FILE: its value as values says
value() { sed 's/^.*\[\([^]]*\)\].*$/\1/' "$1"; }
# held LABELS SET...: the driver as contest in the middle of a round,
# LABELS applied in turn, the journal $J; its pid in $pid, its watchdog's
# in $wd, its output in $T/held.out and $T/held.err
held() {
	rm -f "$T/held.out"	# not the last driver's line
	"$S" run -j "$J" -H "$@" > "$T/held.out" 2> "$T/held.err" &
	# a test that fails while the driver holds: it ends, giving the files back
	trap 'kill -TERM $! 2>/dev/null; rm -rf "$T" ${U:+"$U"}' EXIT
	_i=0
	until grep -q '^held ' "$T/held.out" 2>/dev/null; do
		kill -0 $! 2>/dev/null || fail "the driver ended: $(cat "$T/held.err")"
		_i=$((_i + 1)); [ $_i -lt 400 ] || fail "the driver never held its labels"
		sleep 0.05
	done
	read -r _ pid wd < "$T/held.out"
}
# dead PID: PID is gone, or a zombie (it runs no more code)
dead() { ! kill -0 "$1" 2>/dev/null || [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" = Z ]; }
# overlay DIR REAL NAME...: DIR a directory of links to each entry of
# REAL but NAME... (and, of /proc, the processes': a process's files are
# read in the real /proc whatever the root, kfile.h)
overlay() {
	_d=$1 _r=$2
	shift 2
	mkdir -p "$_d" || fail "cannot make '$_d'"
	for _f in "$_r"/*; do
		_n=${_f##*/}
		case $_r/$_n in /proc/[0-9]*) continue ;; esac
		for _x; do [ "$_n" = "$_x" ] && continue 2; done
		ln -s "$_f" "$_d/$_n" || fail "cannot link '$_f'"
	done
}
# fake_box [DIR]: a root for contest itself in $K (DIR, default $T/box):
# this box's /proc and /sys linked entry by entry, but for a fake
# /proc/sys/vm/dirty_ratio (20), dirty_background_ratio (10) and
# drop_caches (dropping the box's page cache would slow every run), and a fake /sys/kernel/mm/transparent_hugepage/enabled
# ("always [madvise] never"), each file's value kept (keep); the root
# set to it.  A setting of vm.swappiness leads out of it (a link to this
# box's own).
fake_box() {
	K=${1:-$T/box}
	overlay "$K/proc" /proc sys
	overlay "$K/proc/sys" /proc/sys vm
	overlay "$K/proc/sys/vm" /proc/sys/vm dirty_ratio dirty_background_ratio drop_caches
	printf '20\n' > "$K/proc/sys/vm/dirty_ratio"
	printf '10\n' > "$K/proc/sys/vm/dirty_background_ratio"
	: > "$K/proc/sys/vm/drop_caches"
	overlay "$K/sys" /sys kernel
	overlay "$K/sys/kernel" /sys/kernel mm
	overlay "$K/sys/kernel/mm" /sys/kernel/mm transparent_hugepage
	mkdir -p "$K/sys/kernel/mm/transparent_hugepage" || fail "mkdir"
	printf 'always [madvise] never\n' > "$K/sys/kernel/mm/transparent_hugepage/enabled"
	CONTEST_ROOT=$K
	keep
}
# seen_make: MAKE=$T/mk, a make whose timed compile notes the fake box's
# dirty_ratio and THP, a line "RATIO THP" in $T/seen, then sleeps 0.3 s
# (make clean and --version pass through); the Nth compile and those
# after it wait at gate_make's gate first when $T/gate holds N
seen_make() {
	cat > "$T/mk" <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
echo "\$(cat '$K/proc/sys/vm/dirty_ratio') \$(sed 's/.*\[\(.*\)\].*/\1/' '$K/sys/kernel/mm/transparent_hugepage/enabled')" >> "$T/seen"
if [ -e "$T/gate" ] && [ "\$(wc -l < "$T/seen")" -ge "\$(cat "$T/gate")" ]; then
	: > "$T/gated"
	i=0
	while [ ! -e "$T/go" ] && [ \$i -lt 1200 ]; do sleep 0.05; i=\$((i + 1)); done
	rm -f "$T/gated"
fi
sleep 0.3
EOS
	chmod +x "$T/mk"
	MAKE=$T/mk
	export MAKE
}
# SET: contest's options of a run of tiny --set runs (no_load, 1 unit, no lead, no probe)
SET="--units 1 --lead 0 --probe off"
