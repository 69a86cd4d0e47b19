# SIGKILL of contest in the middle of a round of --set (the second
# label's compile): its watchdog kills what is left of the run, gives
# every file its value from before, says so, and removes the journal.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
seen_make
echo 2 > "$T/gate"
thp=/sys/kernel/mm/transparent_hugepage/enabled
start_bg -n 2 $SET --set a:vm.dirty_ratio=30 --set "b:vm.dirty_ratio=40,$thp=never" no_load
wait_gated "$bg"
[ "$(sed -n 2p "$T/seen")" = "40 never" ] || fail "b's settings are not in place: $(cat "$T/seen")"
kill -9 "$bg"
wait "$bg"
i=0
while [ -e contest-work/settings.journal ] || [ -n "$(leftovers)" ]; do
	i=$((i + 1)); [ $i -lt 200 ] || fail "the journal or a process is left: $(leftovers) $(cat stderr)"
	sleep 0.05
done
unchanged
grep -qxF 'contest: contest died: its watchdog gave 2 settings the values found before' stderr ||
	fail "stderr: $(cat stderr)"
