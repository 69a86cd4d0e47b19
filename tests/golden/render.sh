#!/bin/sh
# render.sh CONTEST LOG [SET]: every view of the report of LOG in SET, one
# after the other, each headed by its command line and followed by its
# exit status, its standard output and its standard error apart.  t3700
# compares what it prints for each golden log (tests/golden/*.log and the
# fuzzer's seed logs, tests/fuzz/corpus/*.log) with
# tests/golden/NAME.expect.gz (gzip, as the JSON and CSV views of a log
# are large), and for SET fleet with NAME.fleet.expect.gz; `make golden`
# writes those anew.  Read their difference before committing it (zdiff,
# or t3700's output): every change in them is a change of what users see.
# The views come in sets so that a format added later gets files of its
# own and leaves the expectations of the others as they were: no SET, the
# views of the first expectations; fleet, the formats of issue 27 (long,
# kcidb, lava).
#
# The rows compared are the log's first two (R1, R2), as its CSV names
# them; a log with one row is rendered without the views that need two.
set -u
set=${3:-}
contest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(mktemp -d "${TMPDIR:-/tmp}/render.XXXXXX")
trap 'rm -rf "$dir"' EXIT
# in a directory of its own, by its base name: every path printed is the same wherever it runs
log=$(basename "$2")
cp "$2" "$dir/$log" || exit 1
cd "$dir" || exit 1
rows=$("$contest" -r --format csv "$log" 2>/dev/null | awk -F, 'NR > 1 && !seen[$3]++ { print $3 }')
R1=$(printf '%s\n' "$rows" | sed -n 1p)
R2=$(printf '%s\n' "$rows" | sed -n 2p)

view() {
	echo "### contest -r $*"
	"$contest" -r "$@" "$log" >out 2>err
	echo "### exit $?"
	cat out
	echo "### stderr"
	cat err
}

# the fleet set: each format alone; lava counting the disturbed runs and
# against R1's no_load; compared with R1 (and lava with R2); judging the
# newest label, then R2, against R1
if [ "$set" = fleet ]; then
	view --format long
	view --format kcidb
	view --format kcidb --origin lab_2
	view --format lava
	view --format lava --disturbed
	[ -n "$R1" ] || exit 0
	view -c "$R1" --format long
	view -c "$R1" --format kcidb
	view --verdict "$R1" --format kcidb
	view -b "$R1" --format lava
	view -c "$R1" --format lava
	view --verdict "$R1" --format lava
	[ -n "$R2" ] || exit 0
	view --verdict "$R1" -k "$R2" --format kcidb --threshold 5
	view -c "$R2" --format lava
	view --verdict "$R1" -k "$R2" --format lava
	exit 0
fi
[ -z "$set" ] || { echo "render.sh: no set '$set'" >&2; exit 2; }

view
view -v
view --disturbed
view --bars
view -p
view --format csv
view --format csv -p
view --format json
view --format json -p
view --svg chart.svg
echo "### the SVG"
cat chart.svg 2>/dev/null
[ -n "$R1" ] || exit 0
view -b "$R1"
view -c "$R1"
view -c "$R1" -v
view -c "$R1" -p
view -c "$R1" -v -p
view -c "$R1" --disturbed
view -c "$R1" --format csv
view -c "$R1" --format csv -p
view -c "$R1" --format json
view -c "$R1" --format json -p
view --verdict "$R1"
view --verdict "$R1" --threshold 5
[ -n "$R2" ] || exit 0
view -b "$R2" -v
view -c "$R2"
view -c "$R2" -v -p
view --verdict "$R1" -k "$R2"
exit 0
