# Issue 29, item 9: --verdict when the candidate (or BASE) has only
# failed or invalid runs has nothing to judge: exit 2, not 125, the
# message naming its runs by load with their reasons; nothing on stdout.
# A candidate with ok runs whose runs of a load both ran all failed
# cannot be judged on that load: its line says why, exit 125.  Runs left
# out as disturbed are the runs' question (125, --disturbed counts them),
# never a reason to stop.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
# stdout with the notes' wrapped lines joined
flat() { awk '/^  / { sub(/^  /, " "); printf "%s", $0; next } NR > 1 { print "" } { printf "%s", $0 } END { print "" }' stdout; }
base() {
	for t in 100 103 97; do
		rec BASE no_load 50 40 0 0 0
		rec BASE io_load "$t" 40 0 10 100
	done
}
why=reason=compile%20exited%20with%20status%202
{
	base
	for i in 1 2 3; do
		rec CAND no_load 50 40 0 0 0 date=2026-12-02T10:00:00Z status=failed $why
		rec CAND io_load 100 40 0 10 100 date=2026-12-02T10:00:00Z status=failed $why
	done
	rec CAND io_load 100 40 0 10 100 date=2026-12-02T10:00:00Z status=invalid reason=contest%20was%20stopped
} > log
expect 2 "$CONTEST" -r --verdict BASE log
grep -q "^contest: --verdict: the candidate 'CAND' has no ok run: no_load: 3 failed runs (compile exited with status 2); io_load: 3 failed runs (compile exited with status 2), 1 invalid run (contest was stopped)$" stderr ||
    fail "message: $(cat stderr)"
[ ! -s stdout ] || fail "a verdict printed: $(cat stdout)"
# BASE failed every run
{
	for t in 100 103 97; do
		rec BASE no_load 50 40 0 0 0 status=failed reason=oom
		rec BASE io_load "$t" 40 0 10 100 status=failed reason=oom
		rec CAND no_load 50 40 0 0 0 date=2026-12-02T10:00:00Z
		rec CAND io_load "$t" 40 0 10 100 date=2026-12-02T10:00:00Z
	done
} > log3
expect 2 "$CONTEST" -r --verdict BASE log3
grep -q "^contest: --verdict: BASE 'BASE' has no ok run: no_load: 3 failed runs (oom); io_load: 3 failed runs (oom)$" stderr ||
    fail "BASE's message: $(cat stderr)"
# ok no_load runs, io_load failed every time: that load cannot be judged
{
	base
	for t in 50 51 49; do
		rec CAND no_load $t 40 0 0 0 date=2026-12-02T10:00:00Z
		rec CAND io_load 100 40 0 10 100 date=2026-12-02T10:00:00Z status=failed $why
	done
} > log4
expect 125 "$CONTEST" -r --verdict BASE log4
flat | grep -q "^io_load: cannot decide: 'CAND' has no ok run counted (3 failed runs (compile exited with status 2))$" ||
    fail "io_load's line: $(cat stdout)"
# every run of the candidate disturbed: 125, saying so
{
	base
	for t in 100 103 97; do
		rec CAND no_load 50 40 0 0 0 date=2026-12-02T10:00:00Z disturbed=40
		rec CAND io_load "$t" 40 0 10 100 date=2026-12-02T10:00:00Z disturbed=40
	done
} > log5
expect 125 "$CONTEST" -r --verdict BASE log5
flat | grep -q "^io_load: cannot decide: the 3 ok runs of 'CAND' were left out as disturbed (--disturbed counts them)$" ||
    fail "disturbed: $(cat stdout)"
