# Sourced by every test: a scratch directory, the binary, small helpers.
# Tests run the real binary on tiny workloads: --units small, --lead 0.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
CONTEST=$top/contest
T=$(mktemp -d "$top/tests/tmp/$(basename "$0" .sh).XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2

fail() { echo "FAIL: $*"; exit 1; }
# expect CODE CMD...: run CMD, its exit status must be CODE
expect() {
	want=$1; shift
	"$@" >"$T/stdout" 2>"$T/stderr"; got=$?
	[ "$got" -eq "$want" ] || { cat "$T/stderr"; fail "'$*' exited $got, not $want"; }
}
# the value of KEY in log line LINE
val() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# floating-point test: fcmp A OP B (awk)
fcmp() { awk -v a="$1" -v b="$3" "BEGIN { exit !(a $2 b) }"; }
