# Issue 21, item 7: the file size limit (ulimit -f, SIGXFSZ) never kills
# contest mid-write.  A log too close to the limit for this invocation's
# records is refused before anything is made; writing the built-in tree
# past the limit ends with a message that names the limit and no
# builtin.tmp left; a record that still meets the limit is cut back off
# (unit-log checks that), the log as it was.
. "$(dirname "$0")/lib.sh"
awk 'BEGIN { for (i = 0; i < 20; i++) printf "# %097d\n", i }' > full.log
cp full.log was.log
# 8 KiB: under what one run needs (a record and a snapshot, at most 8 KiB each)
(ulimit -f 16; exec "$CONTEST" -n 1 --units 1 --lead 0 -l full.log -d w no_load) > stdout 2> stderr
rc=$?
[ $rc -eq 2 ] || fail "exit $rc, not 2: $(cat stderr)"
grep -q "file size limit (ulimit -f: 8192 bytes)" stderr || fail "message: $(cat stderr)"
cmp -s full.log was.log && [ ! -e w ] || fail "something was written"
# 100 KiB: room for the log, not for the tree's init/main.c of 3000 units (160 KiB)
(ulimit -f 200; exec "$CONTEST" -n 1 --units 3000 --lead 0 -l t.log -d w no_load) > stdout 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, not 1: $(cat stderr)"
grep -q "File too large (the file size limit, ulimit -f, is 102400 bytes" stderr || fail "message: $(cat stderr)"
[ ! -e w/builtin.tmp ] && [ ! -e w/builtin ] || fail "a partial tree was left: $(ls w)"
[ ! -e t.log ] || fail "a log was written"
