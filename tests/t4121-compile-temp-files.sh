# A compile cut short, at --timeout or by ^C, gets SIGTERM before
# SIGKILL (COMPILE_GRACE_MS), so that cc removes its temporary files from
# TMPDIR (/tmp by default: SIGKILL left a cc*.s of every compiler running)
# and make the target it was writing.  The built-in tree at -j2, 40
# units: 5 s of compiling or more on any box, cut at 2 s.
. "$(dirname "$0")/lib.sh"
mkdir tmp
export TMPDIR="$T/tmp"
expect 1 "$CONTEST" -n 1 --units 40 -j 2 --lead 0 --probe off --no-baseline --profile off --timeout 2 -k cut no_load
grep ' label=cut ' contest.log | grep -q ' status=timeout ' || fail "no timeout: $(grep ' label=cut ' contest.log)"
[ -z "$(ls -A tmp)" ] || fail "cc's files left in TMPDIR at the timeout: $(ls -A tmp)"
# ^C in the middle of the compile
"$CONTEST" -n 1 --units 40 -j 2 --lead 0 --probe off --no-baseline --profile off -k int no_load > out 2> err &
pid=$!
i=0
while [ $i -lt 100 ] && ! ls tmp/cc* >/dev/null 2>&1; do sleep 0.1; i=$((i + 1)); done
[ $i -lt 100 ] || fail "no compiler's file in TMPDIR in 10 s: $(cat err)"
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "contest exited $rc after SIGINT: $(cat err)"
[ -z "$(ls -A tmp)" ] || fail "cc's files left in TMPDIR at ^C: $(ls -A tmp)"
[ -z "$(leftovers)" ] || fail "processes left: $(leftovers)"
exit 0
