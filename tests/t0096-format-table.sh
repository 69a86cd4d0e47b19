# The output formats are one table, report.h's REPORT_FORMATS (the
# checklist of adding one is at the top of report/format.h): each row's
# format is report/NAME.c defining NAME_format, built (the Makefile's
# REPORT); --help lists the table's formats in its order (and t0017 holds
# the man page's SYNOPSIS to --help), --format takes them and no other,
# each renders a log, and --bars is refused by every format that does not
# take it, the message naming them all.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
table=$(sed -n 's/^[[:space:]]*X(REPORT_[A-Z0-9_]*, *\([a-z0-9_]*\)).*/\1/p' "$top/report.h" | paste -sd '|' -)
[ -n "$table" ] || fail "no REPORT_FORMATS rows in report.h"
for f in $(printf '%s\n' "$table" | tr '|' ' '); do
	grep -q "^const struct format ${f}_format = {" "$top/report/$f.c" 2>/dev/null ||
		fail "format $f: report/$f.c does not define ${f}_format"
	grep -q "report/$f\.o" "$top/Makefile" || fail "format $f: report/$f.o is not in the Makefile"
done
"$CONTEST" --help > help || fail "contest --help failed"
listed=$(sed -n 's/.*--format \([a-z0-9_|]*\).*/\1/p' help | head -1)
[ "$listed" = "$table" ] || fail "--help lists '$listed', the format table has '$table': $(cat help)"
expect 2 "$CONTEST" -r --format '?'
taken=$(sed -n "s/^contest: --format must be \(.*\), not '?'\$/\1/p" stderr | sed 's/, /|/g; s/ or /|/')
[ "$taken" = "$listed" ] || fail "--format takes '$taken', --help lists '$listed': $(cat stderr)"
rec A no_load 100 90 5 0 0 > contest.log
rec A process_load 150 90 5 40 30 unit=kmsg >> contest.log
refusing=
for f in $(printf '%s\n' "$listed" | tr '|' ' '); do
	expect 0 "$CONTEST" -r --format "$f"
	[ -s stdout ] || fail "--format $f wrote nothing"
	"$CONTEST" -r --format "$f" --bars > out 2> err
	case $? in
	0) [ -s out ] || fail "--format $f --bars wrote nothing" ;;
	2) refusing="$refusing${refusing:+/}$f" ;;
	*) fail "--format $f --bars: $(cat err)" ;;
	esac
done
[ -n "$refusing" ] || fail "every format takes --bars"
expect 2 "$CONTEST" -r --format "${refusing%%/*}" --bars
grep -qxF "contest: --bars goes with neither --format $refusing nor -c" stderr ||
	fail "--bars refused without naming '$refusing': $(cat stderr)"
