#!/bin/sh
# lava/contest.sh: contest as a LAVA test (lava/contest.yaml runs it), and
# the same on a desk.  Builds contest in this tree, runs it in OUTDIR
# (its log OUTDIR/contest.log, its work directory under it), renders the
# log with --format lava into OUTDIR/result.txt, and reports every line,
# NAME RESULT MEASUREMENT UNITS: through lava-test-case where LAVA put it
# on PATH, else printed on standard output.  contest's own output (the
# tables, the progress) goes to standard error.  Exits with contest's
# status when it failed (the lines of the runs it logged are reported
# first), else 1 when the report or a lava-test-case failed, else 0.
#
# usage: lava/contest.sh [-n RUNS] [-u UNITS] [-k LABEL] [-o OUTDIR]
#                        [-x OPTIONS] [LOAD...]
# -n, -u and -k are contest's -n, --units and -k; empty (or not given),
# contest's default.  -x: more options for contest, split at spaces
# (--lead 0 --size 256M).  OUTDIR: default ./output.
usage() {
	echo "usage: $0 [-n RUNS] [-u UNITS] [-k LABEL] [-o OUTDIR] [-x OPTIONS] [LOAD...]" >&2
	exit 2
}

set -f	# -x is split at spaces, never globbed
runs='' units='' label='' out=output extra=''
while getopts n:u:k:o:x: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	u) units=$OPTARG ;;
	k) label=$OPTARG ;;
	o) out=$OPTARG ;;
	x) extra=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))

top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
make -C "$top" contest >&2 || { echo "$0: cannot build contest in '$top'" >&2; exit 2; }
mkdir -p "$out" || { echo "$0: cannot make '$out'" >&2; exit 2; }
out=$(cd "$out" && pwd) || exit 2

# contest's command line: the options given, then the loads
# shellcheck disable=SC2086 # -x is split at spaces on purpose
set -- ${runs:+-n "$runs"} ${units:+--units "$units"} ${label:+-k "$label"} $extra "$@"
(cd "$out" && "$top/contest" -l contest.log "$@") >&2
rc=$?
[ -f "$out/contest.log" ] || { echo "$0: contest exited $rc and logged nothing" >&2; exit "$rc"; }
"$top/contest" -r --format lava "$out/contest.log" > "$out/result.txt"
report=$?
[ "$rc" -ne 0 ] || rc=$report

if command -v lava-test-case >/dev/null 2>&1; then
	while read -r name result measurement units; do
		lava-test-case "$name" --result "$result" --measurement "$measurement" \
		    --units "$units" < /dev/null || { [ "$rc" -ne 0 ] || rc=1; }
	done < "$out/result.txt"
else
	cat "$out/result.txt"
fi
exit "$rc"
