# A log that cannot be opened or read is an error (exit 1) and nothing is
# printed; a log without one usable (status=ok) run says so and exits 1.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
expect 1 "$CONTEST" -r nosuch.log
grep -q "^contest: cannot open 'nosuch.log': No such file or directory$" stderr || fail "missing: $(cat stderr)"
[ ! -s stdout ] || fail "output for a missing log"
rec A no_load 100 90 0 0 0 > good.log
expect 1 "$CONTEST" -r good.log nosuch.log
[ ! -s stdout ] || fail "output with one log missing"
mkdir adir
expect 1 "$CONTEST" -r adir
grep -q "^contest: cannot read 'adir': Is a directory$" stderr || fail "directory: $(cat stderr)"
: > empty.log
expect 1 "$CONTEST" -r empty.log
grep -q '^contest: no usable run (status=ok) in the log$' stderr || fail "empty: $(cat stderr)"
printf 'garbage\n# comment\n' > junk.log
expect 1 "$CONTEST" -r junk.log
grep -q '^junk.log:1: ' stderr && grep -q 'no usable run' stderr || fail "junk: $(cat stderr)"
rec A io_load 100 90 0 0 0 status=invalid reason=load%20died > bad.log
expect 1 "$CONTEST" -r bad.log
grep -q 'no usable run' stderr || fail "all invalid: $(cat stderr)"
grep -q '^A: 1 invalid run (load died); not counted$' stdout || fail "reasons not shown: $(cat stdout)"
