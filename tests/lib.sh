# Sourced by every test: a scratch directory, the binary, small helpers.
# Tests run the real binary on tiny workloads: --units small, --lead 0.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
CONTEST=$top/contest
T=$(mktemp -d "$top/tests/tmp/$(basename "$0" .sh).XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2

fail() { echo "FAIL: $*"; exit 1; }
# the test cannot run here: counted as skipped, never as passed
skip() { echo "SKIP: $*"; exit 77; }
# need PROG...: programs the test cannot do without (python3, valgrind,
# gcc, clang): skipped, naming the first one missing, when one is
need() { for _p; do command -v "$_p" >/dev/null 2>&1 || skip "needs $_p, not installed"; done; }
# need_gnu_tar: GNU tar, which checks the loads' archives (another tar
# lists and extracts them by other rules: busybox's, bsdtar)
need_gnu_tar() {
	need tar
	tar --version 2>/dev/null | sed -n 1p | grep -q 'GNU tar' ||
		skip "needs GNU tar, not '$(tar --version 2>&1 | sed -n 1p)'"
}
# each test measures alone: its own machine-wide lock (see contest(1), FILES)
CONTEST_LOCK=$T/machine.lock
export CONTEST_LOCK
# a test's runs are never left out of its report because the machine is
# busy with other work (make check on a shared box); t0062 sets the mark
# back to test it
CONTEST_DISTURB_PCT=100
export CONTEST_DISTURB_PCT
# the kernel profile only where a test asks for it (t03xx): it reads
# /proc/kallsyms in every invocation and logs a record a run
CONTEST_PROFILE=off
export CONTEST_PROFILE
# the kernel's own files, until a test fakes some (fake_proc, settings-lib.sh)
unset CONTEST_ROOT
# fake_proc NAME...: a root for contest's kernel files in $T/root
# (CONTEST_ROOT, exported; kfile.h): its sys a link to /sys, its proc
# links to each entry of /proc but NAME..., which the test writes there
# (a process's files are always read in the real /proc)
fake_proc() {
	mkdir -p "$T/root/proc" && ln -s /sys "$T/root/sys" || fail "cannot make '$T/root'"
	for _f in /proc/*; do
		_n=${_f#/proc/}
		case $_n in [0-9]*) continue ;; esac
		for _x; do [ "$_n" = "$_x" ] && continue 2; done
		ln -s "$_f" "$T/root/proc/$_n" || fail "cannot link '$_f'"
	done
	CONTEST_ROOT=$T/root
	export CONTEST_ROOT
}
# expect CODE CMD...: run CMD, its exit status must be CODE
expect() {
	want=$1; shift
	"$@" >"$T/stdout" 2>"$T/stderr"; got=$?
	[ "$got" -eq "$want" ] || { cat "$T/stderr"; fail "'$*' exited $got, not $want"; }
}
# the value of KEY in log line LINE
val() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# floating-point test: fcmp A OP B, where A and B may be arithmetic
# expressions of numbers (awk evaluates them)
fcmp() { awk "BEGIN { exit !(($1) $2 ($3)) }" </dev/null; }
# processes whose working directory lies under $T (a compile or a load left behind)
leftovers() {
	for p in /proc/[0-9]*; do
		case "$(readlink "$p/cwd" 2>/dev/null)" in
		"$T"|"$T"/*)
			cmd=$(tr '\0' ' ' < "$p/cmdline" 2>/dev/null)
			# the test script itself and its subshells
			case "$cmd" in *"$(basename "$0")"*) continue ;; esac
			echo "${p#/proc/} $cmd" ;;
		esac
	done
}
# start contest in the background; wait until its compile (make) runs
start_and_wait_compile() {
	"$CONTEST" "$@" >"$T/stdout" 2>"$T/stderr" &
	bg=$!
	i=0
	until pgrep -P "$bg" -x make >/dev/null 2>&1 && [ -n "$(grep -l . contest-work/output/*-1.txt 2>/dev/null)" ]; do
		i=$((i + 1))
		[ $i -lt 600 ] || fail "the compile never started: $(cat "$T/stderr")"
		sleep 0.1
	done
}
# the leader of load $2 (its name is its command) beside contest $1
load_of() {
	ps -eo pid=,pgid=,ppid=,comm= | awk -v p="$1" -v l="$2" '$3 == p && $1 == $2 && $4 == l { print $1; exit }'
}
# wait until contest $1 runs a compile beside load $2; the load's pid
wait_load_compile() {
	_i=0
	while [ $_i -lt 600 ]; do
		_l=$(load_of "$1" "$2")
		if [ -n "$_l" ] && ps -eo ppid=,comm= | awk -v p="$1" '$1 == p && $2 == "make" { f = 1 } END { exit !f }'; then
			echo "$_l"
			return 0
		fi
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}
# run contest in the background; its pid in $bg, output in $T/stdout, $T/stderr
start_bg() {
	"$CONTEST" "$@" >"$T/stdout" 2>"$T/stderr" &
	bg=$!
}
# refuses LOAD OPTION TEXT VALUE...: for each VALUE, a run of LOAD with
# --OPTION VALUE exits 2 saying "contest: --OPTION TEXT, not 'VALUE'"
refuses() {
	_ld=$1 _opt=$2 _txt=$3
	shift 3
	for _v; do
		expect 2 "$CONTEST" -n 1 --units 1 --lead 0 "--$_opt" "$_v" --no-baseline -k test "$_ld"
		grep -qxF "contest: --$_opt $_txt, not '$_v'" stderr || fail "--$_opt '$_v': $(cat stderr)"
	done
}
# is the process gone within $2 tenths of a second (default 50)?
gone_within() {
	_i=0
	while kill -0 "$1" 2>/dev/null; do
		_i=$((_i + 1)); [ $_i -lt "${2:-50}" ] || return 1; sleep 0.1
	done
	return 0
}
# MAKE=$T/mk: a make whose timed compile first waits until the test
# touches $T/go (the compile lasts as long as the test needs it to,
# burning no CPU); $T/gated exists while it waits.  make clean and
# --version pass straight through.
# sleep_make: MAKE=$T/mk, a make whose timed compile is a second's sleep
# (make clean and --version pass through), for tests the compile is beside
sleep_make() {
	cat > "$T/mk" <<'EOS'
#!/bin/sh
case "$*" in *clean*|*--version*) exec make "$@" ;; esac
sleep 1
EOS
	chmod +x "$T/mk"
	MAKE=$T/mk
	export MAKE
}
gate_make() {
	cat > "$T/mk" <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
: > "$T/gated"
i=0
while [ ! -e "$T/go" ] && [ \$i -lt 1200 ]; do sleep 0.05; i=\$((i + 1)); done
rm -f "$T/gated"
exec make "\$@"
EOS
	chmod +x "$T/mk"
	MAKE=$T/mk
	export MAKE
	gate_reset
}
# close the gate again, for the next contest's compile
gate_reset() { rm -f "$T/go" "$T/gated"; }
# wait until the gated compile waits (and contest $1, writing its stderr
# to $2, default $T/stderr, still runs)
wait_gated() {
	_i=0
	until [ -e "$T/gated" ]; do
		kill -0 "$1" 2>/dev/null || fail "contest ended before its compile: $(cat "${2:-$T/stderr}" 2>/dev/null)"
		_i=$((_i + 1)); [ $_i -lt 1200 ] || fail "the compile never started"
		sleep 0.05
	done
}
# child_cgroup CONTROLLER: make a cgroup with CONTROLLER below this test's
# own (the cgroup v1 hierarchy that has it, else cgroup v2), removed at
# exit; its directory in $cg, its version in $cgv; skips the test where
# that cannot be done (not root, no such controller, no delegation).
# Run a command in it: sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" CMD...
child_cgroup() {
	[ "$(id -u)" -eq 0 ] || skip "not root: cannot make a cgroup"
	_own=$(sed -n "s/^[0-9]*:[^:]*\<$1\>[^:]*:\(.*\)/\1/p" /proc/self/cgroup | head -1)
	_mnt=$(awk -v c="$1" '$9 == "cgroup" && $NF ~ "(^|,)" c "(,|$)" { print $5; exit }' /proc/self/mountinfo)
	if [ -n "$_own" ] && [ -n "$_mnt" ]; then
		cgv=1
	else
		_own=$(sed -n 's/^0:://p' /proc/self/cgroup)
		_mnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
		[ -n "$_mnt" ] && grep -qw "$1" "$_mnt${_own%/}/cgroup.subtree_control" 2>/dev/null ||
			skip "no $1 controller for a child of this cgroup"
		cgv=2
	fi
	cg=$_mnt${_own%/}/contest-$(basename "$0" .sh).$$
	mkdir "$cg" 2>/dev/null || skip "cannot make a $1 cgroup under '$_mnt${_own%/}'"
	trap 'rmdir "$cg" 2>/dev/null; rm -rf "$T"' EXIT
}
# U: a directory under /tmp, mode $1 (default 777), that another user
# (setpriv) can reach wherever the checkout lies; removed with $T
user_dir() {
	U=$(mktemp -d "/tmp/contest-$(basename "$0" .sh).XXXXXX") || fail "mktemp"
	trap 'rm -rf "$T" "$U"' EXIT
	chmod "${1:-777}" "$U"
}
# as_nobody: a copy of contest in a user_dir that nobody (uid 65534) may
# run and write; the test is in $U
as_nobody() {
	need setpriv
	[ "$(id -u)" -eq 0 ] || skip "not root: nothing to drop privileges from"
	user_dir 777
	cp "$CONTEST" "$U/contest"
	chmod 755 "$U/contest"
	cd "$U" || fail "cd"
}
