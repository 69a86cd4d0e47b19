# lava/contest.sh when contest fails: an unknown load (contest exits 2,
# nothing logged) exits 2 with nothing reported; a run that fails after
# an ok one (its compile exits 3) exits 1, contest's status, after
# reporting the lines of the run that was ok.
. "$(dirname "$0")/lib.sh"
command -v lava-test-case >/dev/null 2>&1 && skip "this box has a lava-test-case on PATH"
expect 2 sh "$top/lava/contest.sh" -n 1 -u 1 -o out no_such_load
grep -q "no_such_load" stderr || fail "contest's reason not said: $(cat stderr)"
[ -s stdout ] && fail "lines printed: $(head -3 stdout)"
[ -e out/contest.log ] && fail "a log written"
# the second timed compile fails
cat > "$T/mk" <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
[ -e "$T/once" ] && exit 3
: > "$T/once"
exec make "\$@"
EOS
chmod +x "$T/mk"
MAKE=$T/mk expect 1 sh "$top/lava/contest.sh" -n 1 -u 1 -k half -x "--lead 0 --probe off" -o out2 no_load cacherun
grep -q 'load=cacherun .*status=failed' out2/contest.log || fail "cacherun did not fail: $(cut -c1-200 out2/contest.log)"
grep -q '^half\.no_load\.time pass ' stdout || fail "no_load's lines not reported: $(head -3 stdout)"
grep -q 'cacherun' stdout && fail "lines of the failed run: $(grep cacherun stdout | head -3)"
exit 0
