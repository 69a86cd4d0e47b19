# --profile and CONTEST_PROFILE: a bad mode exits 2 before anything is
# made, saying which; --profile off logs every run with profile=off and
# why, and no profile record; --profile given wins over CONTEST_PROFILE.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --profile sometimes no_load
grep -q "^contest: --profile must be kernel, all or off, not 'sometimes'$" "$T/stderr" || fail "$(cat "$T/stderr")"
expect 2 env CONTEST_PROFILE=on "$CONTEST" no_load
grep -q "^contest: CONTEST_PROFILE must be kernel, all or off, not 'on'$" "$T/stderr" || fail "$(cat "$T/stderr")"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "made something before refusing"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --probe off --profile off no_load
grep -q ' profile=off profile_why=--profile%20off' contest.log || fail "off not logged: $(cat contest.log)"
! grep -q ' prof=1 ' contest.log || fail "a profile record with --profile off"
! grep -q 'no kernel profile' "$T/stderr" || fail "a notice for --profile off"
[ "$(id -u)" -eq 0 ] || skip "not root: no profile to turn on"
rm -f contest.log
expect 0 env CONTEST_PROFILE=off "$CONTEST" -n 1 --units 1 --lead 0 --probe off --profile all no_load
# root, but a box that forbids perf_event_open (a container's seccomp,
# kptr_restrict 2): contest logs profile=off with why; nothing to check here
why=$(sed -n 's/.* profile=off profile_why=\([^ ]*\).*/\1/p' contest.log | head -1)
[ -z "$why" ] || skip "the profile is off on this box: $why"
grep -q ' prof=1 .* profile=all ' contest.log || fail "--profile all did not win over CONTEST_PROFILE=off: $(cat contest.log)"
grep ' prof=1 ' contest.log | grep -q ' usym=' || fail "no user samples with --profile all: $(grep ' prof=1 ' contest.log)"
