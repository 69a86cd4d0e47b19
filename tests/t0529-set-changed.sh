# A setting another program changes while a label's run goes on makes
# that run invalid, its reason naming the file, what it reads and what
# contest wrote; the next label's run is ok, and at the end the file
# holds its value from before again.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
seen_make
echo 1 > "$T/gate"
start_bg -n 1 $SET --set a:vm.dirty_ratio=30 --set b:vm.dirty_ratio=40 no_load
wait_gated "$bg"
printf '25\n' > "$K/proc/sys/vm/dirty_ratio"
touch "$T/go"
wait "$bg"
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, not 1: $(cat stderr)"
a=$(grep ' label=a .* load=' contest.log) && b=$(grep ' label=b .* load=' contest.log) || fail "records: $(cat contest.log)"
[ "$(val "$a" status)" = invalid ] || fail "a: $a"
[ "$(val "$a" reason)" = "--set%20a:%20%27vm.dirty_ratio%27%20reads%20%2725%27,%20not%20%2730%27%20as%20contest%20wrote%20it:%20another%20changed%20it" ] ||
	fail "a's reason: $(val "$a" reason)"
[ "$(val "$b" status)" = ok ] || fail "b: $b"
unchanged
