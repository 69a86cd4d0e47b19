# A compile stopped by --timeout (root, the profile on): the profile's
# window ends at the timeout, not after the compile's grace second
# (COMPILE_GRACE_MS), so that its rings are not left undrained through
# it.  make and the compilers ignore SIGTERM (MAKE and CC wrappers), so
# the grace runs its whole second before SIGKILL: the run's elapsed is
# about timeout + 1 s, its profile's prof_s about the timeout.
. "$(dirname "$0")/lib.sh"
unset CONTEST_PROFILE
[ "$(id -u)" -eq 0 ] || skip "not root: no CPU-wide profile"
printf '#!/bin/sh\ntrap "" TERM\nexec cc "$@"\n' > tcc
printf '#!/bin/sh\ntrap "" TERM\nexec make "$@"\n' > tmake
chmod +x tcc tmake
expect 1 env CC="$T/tcc" MAKE="$T/tmake" "$CONTEST" -n 1 --units 40 -j 2 --lead 0 --probe off --no-baseline --timeout 2 -k cut no_load
why=$(sed -n 's/.* profile=off profile_why=\([^ ]*\).*/\1/p' contest.log | head -1)
[ -z "$why" ] || skip "the profile is off on this box: $why"
run=$(grep ' label=cut ' contest.log | grep -v ' prof=1 \| snapshot=1 ')
prof=$(grep ' prof=1 ' contest.log)
echo "$run" | grep -q ' status=timeout ' || fail "no timeout: $run"
[ -n "$prof" ] || fail "no profile record of the timed-out run: $(cat contest.log)"
el=$(echo "$run" | tr ' ' '\n' | sed -n 's/^elapsed=//p')
ps=$(echo "$prof" | tr ' ' '\n' | sed -n 's/^prof_s=//p')
echo "elapsed $el s, prof_s $ps s"
awk -v e="$el" -v p="$ps" 'BEGIN { exit !(e - p >= 0.5 && p >= 1.9 && p <= 2.4) }' ||
	fail "the profile's window ($ps s) does not end at the 2 s timeout (the run's: $el s)"
[ -z "$(leftovers)" ] || fail "left behind: $(leftovers)"
