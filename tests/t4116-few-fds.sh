# Issue 21, item 13: an open-file limit too low for a run (ulimit -n 7)
# is refused with exit 2 before anything is made, instead of a run
# measured and then lost when its record could not be opened.
. "$(dirname "$0")/lib.sh"
(ulimit -n 7 && exec "$CONTEST" -n 1 --units 1 --lead 0 no_load) > stdout 2> stderr
rc=$?
[ $rc -eq 2 ] || fail "exit $rc, not 2: $(cat stderr)"
grep -q "the open-file limit (ulimit -n) is 7: a run needs at least 32" stderr || fail "not said: $(cat stderr)"
[ ! -e contest-work ] && [ ! -e contest.log ] || fail "something was made"
