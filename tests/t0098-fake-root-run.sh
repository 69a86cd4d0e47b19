# A whole run under a fake root (CONTEST_ROOT, kfile.h) drops the page
# cache of the fake kernel: its proc/sys/vm/drop_caches, a file the test
# made, holds "3" afterwards and the log says drop=yes and cache=dropped,
# root or not (the file is the test's own).  The run's processes are
# still this box's: the compile is timed and none is left behind.
. "$(dirname "$0")/lib.sh"
fake_proc sys
mkdir -p "$CONTEST_ROOT/proc/sys/vm" && : > "$CONTEST_ROOT/proc/sys/vm/drop_caches" || fail "cannot make the fake file"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k fr no_load
[ "$(cat "$CONTEST_ROOT/proc/sys/vm/drop_caches")" = 3 ] ||
	fail "the fake drop_caches holds '$(cat "$CONTEST_ROOT/proc/sys/vm/drop_caches")', not 3"
line=$(grep 'load=no_load' contest.log) || fail "no record: $(cat contest.log)"
[ "$(val "$line" drop)" = yes ] || fail "drop: $line"
[ "$(val "$line" cache)" = dropped ] || fail "cache: $line"
fcmp "$(val "$line" elapsed)" '>' 0 || fail "no elapsed time: $line"
[ -z "$(leftovers)" ] || fail "left behind: $(leftovers)"
