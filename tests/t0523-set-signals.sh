# SIGINT, SIGTERM and SIGHUP of contest in the middle of a round of
# --set (the second label's compile, after the first label's run):
# contest itself (not its watchdog, which would say so) gives every file
# its value from before and removes the journal, nothing of the run is
# left (the watchdog included), no record of the run in progress, and
# contest dies by the signal.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
ulimit -c 0
fake_box
seen_make
echo 2 > "$T/gate"
thp=/sys/kernel/mm/transparent_hugepage/enabled
for case in INT:2 TERM:15 HUP:1; do
	sig=${case%:*} n=${case#*:}
	rm -rf contest.log "$T/seen" && gate_reset
	start_bg -n 2 $SET --set a:vm.dirty_ratio=30 --set "b:vm.dirty_ratio=40,$thp=never" no_load
	wait_gated "$bg"
	[ "$(sed -n 2p "$T/seen")" = "40 never" ] || fail "SIG$sig: b's settings are not in place: $(cat "$T/seen")"
	[ -s contest-work/settings.journal ] || fail "SIG$sig: no journal while b runs"
	kill -s "$sig" "$bg"
	wait "$bg"
	rc=$?
	[ $rc -eq $((128 + n)) ] || fail "SIG$sig: exit $rc, not $((128 + n)): $(cat stderr)"
	unchanged
	[ ! -e contest-work/settings.journal ] || fail "SIG$sig: the journal is left"
	[ "$(grep -c 'load=no_load' contest.log)" -eq 1 ] || fail "SIG$sig: not a's record alone: $(cat contest.log)"
	i=0
	while [ -n "$(leftovers)" ]; do
		i=$((i + 1)); [ $i -lt 100 ] || fail "SIG$sig: left behind: $(leftovers)"
		sleep 0.05
	done
	grep -q "stopped, no record written for the run in progress" stderr || fail "SIG$sig: $(cat stderr)"
	! grep -q "its watchdog gave" stderr || fail "SIG$sig: the watchdog gave them back: $(cat stderr)"
done
