# Issue 29, item 1: an output file of the report that is one of the logs
# it reads, or the log runs append to (-l LOG, default contest.log, read
# or not), is refused with exit 2 before anything is read or written,
# whatever the spelling: --svg naming the default log (meant as "render
# contest.log"), -l LOG or an operand, standard input ('-') redirected
# from it, a symbolic or a hard link to it, an absolute against a
# relative name, a log that does not exist yet.  The log is left byte for
# byte, no temporary file stays; an SVG that is no log is still written.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 100 90 5 0 0
	rec A io_load 150 90 5 10 20
} > L
cp L keep
refused() {	# refused WHAT ARGS...: exit 2 naming the log, L untouched
	what=$1
	shift
	cp keep L
	[ -e contest.log ] && cp keep contest.log
	expect 2 "$CONTEST" -r "$@"
	grep -q "^contest: --svg: '.*' is .*: refused (it would be written over)$" stderr ||
	    fail "$what: $(cat stderr)"
	cmp -s L keep || fail "$what: the log was written: $(head -c 60 L)"
	[ ! -e contest.log ] || cmp -s contest.log keep || fail "$what: contest.log was written"
	[ -z "$(ls | grep tmp)" ] || fail "$what: a temporary file left: $(ls)"
	[ ! -s stdout ] || fail "$what: a report printed"
}
cp L contest.log
refused "the default log" --svg contest.log
grep -q "'contest.log' is the log 'contest.log'" stderr || fail "message: $(cat stderr)"
refused "the default log, not read" --svg contest.log keep
rm contest.log
refused "the default log, absent" --svg contest.log keep
[ ! -e contest.log ] || fail "contest.log made"
refused "-l" -l L --svg L
refused "-l, not read" -l L --svg L keep
refused "an operand" --svg L L
refused "one of three" --svg L keep keep L
refused "an absolute name" --svg "$T/L" ./L
refused "a relative name" --svg ../"$(basename "$T")"/L "$T/L"
ln -s L S
refused "a symbolic link read" --svg L S
refused "a symbolic link written" --svg S L
rm S
ln L H
refused "a hard link" --svg H L
rm H
cp keep L
"$CONTEST" -r --svg L - < L > stdout 2> stderr
[ $? -eq 2 ] && grep -q "'L' is standard input, a log read" stderr && cmp -s L keep || fail "stdin: $(cat stderr)"
expect 2 "$CONTEST" -r --svg new.log new.log
grep -q "'new.log' is the log 'new.log'" stderr && [ ! -e new.log ] || fail "absent log: $(cat stderr)"
# what is no log is written as before
expect 0 "$CONTEST" -r --svg chart.svg L
head -c 5 chart.svg | grep -q '<?xml' && cmp -s L keep || fail "the chart: $(head -c 40 chart.svg)"
cat L | "$CONTEST" -r --svg chart.svg - > /dev/null 2>&1 || fail "a chart of stdin from a pipe"
