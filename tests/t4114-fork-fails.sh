# Issue 21, item 13: a compile that cannot be forked is logged as that,
# "cannot fork the compile: Resource temporarily unavailable", not as a
# compile that exited with status 127.  A user of its own (no other
# process counts against its limit) runs contest under a limit of 3
# processes (prlimit --nproc, ulimit -u):
# contest, its watchdog and the probe take the three, make clean (a
# wrapper that forks nothing) ran before the probe, and the compile's
# fork fails.
. "$(dirname "$0")/lib.sh"
need setpriv prlimit
[ "$(id -u)" -eq 0 ] || skip "not root: another user is needed"
uid=4114
[ -z "$(ps -o pid= -u $uid)" ] || skip "uid $uid has processes here"
# a place that user can reach wherever the checkout lies
user_dir 777
cp "$CONTEST" "$U/contest"
printf '#!/bin/sh\ncase "$*" in *clean*) exit 0 ;; esac\nexec make "$@"\n' > "$U/mk"
chmod 755 "$U/mk"
cd "$U" || fail "cd"
prlimit --nproc=3:3 setpriv --reuid=$uid --regid=$uid --clear-groups env MAKE="$U/mk" \
    CONTEST_LOCK="$U/lock" ./contest -n 1 --units 1 --lead 0 -k fork no_load > out 2> err
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, not 1: $(cat err)"
line=$(grep ' label=fork .*load=no_load' contest.log)
[ "$(val "$line" status)" = failed ] || fail "status: $line"
[ "$(val "$line" reason)" = 'cannot%20fork%20the%20compile:%20Resource%20temporarily%20unavailable' ] ||
    fail "reason: $(val "$line" reason); $(cat err)"
