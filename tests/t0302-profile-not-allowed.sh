# Where the kernel refuses a CPU-wide profile (nobody, with this box's
# perf_event_paranoid of 2 or 1), contest says once why, logs every run
# with profile=off and the reason, writes no profile record, and the
# runs and the report go on as before.
. "$(dirname "$0")/lib.sh"
unset CONTEST_PROFILE	# the default, as a user has it
par=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null) || skip "no perf_event_paranoid"
[ "$par" -ge 1 ] || skip "perf_event_paranoid is $par: nobody may profile"
as_nobody
expect 0 setpriv --reuid=65534 --regid=65534 --clear-groups "$U/contest" -n 2 --units 1 --lead 0 -k user no_load
[ "$(grep -c "no kernel profile" "$T/stderr")" -eq 1 ] || fail "not said once: $(cat "$T/stderr")"
grep "no kernel profile" "$T/stderr" | grep -q "perf_event_paranoid is $par" || fail "no reason: $(cat "$T/stderr")"
[ "$(grep -c ' profile=off profile_why=perf_event_paranoid%20is%20' contest.log)" -eq 2 ] ||
	fail "runs not logged profile=off with the reason: $(cat contest.log)"
! grep -q ' prof=1 ' contest.log || fail "a profile record without a profile"
[ "$(grep -c ' status=ok ' contest.log)" -eq 2 ] || fail "the runs did not go on: $(cat contest.log)"
grep -q 'no_load' "$T/stdout" || fail "no report: $(cat "$T/stdout")"
expect 0 "$U/contest" -r -l contest.log
