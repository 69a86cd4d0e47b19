# --set's rounds: every label once a round, in the order a b, b a, b a
# (t0521 has the rest of the order), each label's settings in place while its compile runs (a make
# that notes them says so) and every file given back at the end, no
# journal left.  The log holds the order (label and round of each
# record), each record its label's set=, and each label a snapshot of
# its own, written with its first record: its set=, the values found
# (set_found=) and THP as the label had it.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
seen_make
thp=/sys/kernel/mm/transparent_hugepage/enabled
expect 0 "$CONTEST" -n 3 $SET --set a:vm.dirty_ratio=30 --set "b:vm.dirty_ratio=40,$thp=never" no_load
printf '%s\n' "30 madvise" "40 never" "40 never" "30 madvise" "40 never" "30 madvise" > want
cmp -s want "$T/seen" || fail "the settings each compile ran under (< expected, > seen):
$(diff want "$T/seen")"
unchanged
[ ! -e contest-work/settings.journal ] || fail "the journal is left: $(cat contest-work/settings.journal)"
while read -r l; do
	if [ "$(val "$l" snapshot)" = 1 ]; then
		echo "snapshot $(val "$l" label) $(val "$l" set) $(val "$l" set_found) $(val "$l" thp)"
	else
		echo "$(val "$l" label) $(val "$l" round) $(val "$l" status) $(val "$l" set)"
	fi
done < contest.log > got
cat > want <<EOS
snapshot a vm.dirty_ratio%3D30 vm.dirty_ratio%3D20,$thp%3Dmadvise madvise
a 1 ok vm.dirty_ratio%3D30
snapshot b vm.dirty_ratio%3D40,$thp%3Dnever vm.dirty_ratio%3D20,$thp%3Dmadvise never
b 1 ok vm.dirty_ratio%3D40,$thp%3Dnever
b 2 ok vm.dirty_ratio%3D40,$thp%3Dnever
a 2 ok vm.dirty_ratio%3D30
b 3 ok vm.dirty_ratio%3D40,$thp%3Dnever
a 3 ok vm.dirty_ratio%3D30
EOS
cmp -s want got || fail "the log (< expected, > logged):
$(diff want got)"
grep -qxF "contest: --set: 2 files of 2 labels tried and given back; the journal 'contest-work/settings.journal' keeps their values found" stderr ||
	fail "stderr: $(cat stderr)"
