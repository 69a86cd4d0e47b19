# --plan with --set: the labels, each label's part of a round (no_load
# joined first), the order of the labels round by round (a b, b a, b a,
# a b for two; every order of three in six rounds), then which rounds
# repeat it, and the estimate of every label's runs; its checks as the
# run's (a glob with no match: exit 2), nothing written.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
expect 0 "$CONTEST" --plan -n 5 $SET --set a:vm.dirty_ratio=30 --set b:vm.dirty_ratio=40 io_load
cat > want <<EOS
labels: 2, each of every round: a b
label's part of a round: no_load io_load
round 1: a b
round 2: b a
round 3: b a
round 4: a b
round 5: as round 1
EOS
grep -E '^(label|round)' stdout > got
cmp -s want got || fail "two labels (< expected, > printed):
$(diff want got)"
grep -qE '^suite estimate: [0-9]+ s \([0-9]+ min: 5 runs of each of 2 loads under each label\)$' stdout ||
	fail "estimate: $(cat stdout)"
grep -qxF "contest: --set: the plan runs no_load in every label's part of every round, for its paired Ratio" stderr ||
	fail "no_load: $(cat stderr)"
expect 0 "$CONTEST" --plan -n 20 $SET --set x:vm.dirty_ratio=30 --set y:vm.dirty_ratio=40 \
	--set z:/sys/kernel/mm/transparent_hugepage/enabled=never no_load
cat > want <<EOS
round 1: x y z
round 2: z y x
round 3: y z x
round 4: x z y
round 5: z x y
round 6: y x z
rounds 7 to 20: as rounds 1 to 6, and so on
EOS
grep '^round' stdout > got
cmp -s want got || fail "three labels (< expected, > printed):
$(diff want got)"
expect 2 "$CONTEST" --plan $SET --set a:vm.dirty_ratio=30 --set 'b:/sys/kernel/mm/nosuch*/enabled=x' no_load
grep -qxF "contest: --set b: '/sys/kernel/mm/nosuch*/enabled' matches no file" stderr || fail "glob: $(cat stderr)"
[ ! -e contest-work ] && [ ! -e contest.log ] || fail "something was made: $(ls)"
unchanged
