# A signal while the profile samples the window (root): contest stops the
# run as ever, dies by the signal, logs nothing of the run cut short (no
# record, no profile record) and leaves no process behind.
. "$(dirname "$0")/lib.sh"
unset CONTEST_PROFILE
[ "$(id -u)" -eq 0 ] || skip "not root: no CPU-wide profile"
gate_make
start_bg -n 1 --units 1 --lead 0 --probe off -k sig no_load
wait_gated "$bg"
kill -INT "$bg"
wait "$bg"
rc=$?
[ $rc -eq 130 ] || fail "contest exited $rc, not by SIGINT (130): $(cat "$T/stderr")"
! grep -q ' status=' contest.log 2>/dev/null || fail "a record of the run cut short: $(cat contest.log)"
touch "$T/go"
[ -z "$(leftovers)" ] || fail "left behind: $(leftovers)"
