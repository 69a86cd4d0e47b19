# Issue 29, item 7: --until --against LABEL whose runs cannot give the
# interval of the change is refused before any run (exit 2), saying
# why: all its runs marked disturbed (--until counts none; -r
# --disturbed does), a single ok run, or none of a load measured.
# Before, every round ran to --max-rounds, then "no interval yet", 125.
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
run() { "$CONTEST" -s tree --lead 0 --probe off "$@"; }
expect 0 run -n 2 -k DIST no_load
expect 0 run -n 1 -k ONE no_load
# DIST's runs as a busy box marks them (others' CPU over the mark)
sed -i '/ label=DIST /s/ status=ok / status=ok disturbed=40.5 /' contest.log
cp contest.log before.log
expect 2 run -n 2 --until 5 --max-rounds 3 --against DIST -k NEW no_load
grep -qF "contest: --against 'DIST': all its 2 ok runs of no_load are marked disturbed (others used up to 40.5% of the CPUs), and --until counts none of them (contest -r --disturbed does)" stderr ||
	fail "disturbed: $(cat stderr)"
expect 2 run -n 2 --until 5 --max-rounds 3 --against ONE -k NEW no_load
grep -qF "contest: --against 'ONE' has 1 ok run of no_load: --until could never give the interval of the change, which needs 2" stderr ||
	fail "one run: $(cat stderr)"
expect 2 run -n 2 --until 5 --max-rounds 3 --against ONE -k NEW process_load
grep -qF "contest: --against 'ONE' has 1 ok run of no_load (the Ratio's baseline)" stderr ||
	fail "one baseline run: $(cat stderr)"
grep -q starting stderr && fail "a run started: $(cat stderr)"
cmp -s contest.log before.log || fail "the log changed"
# two runs that count: accepted; process_load it has none of
sed -i '/ label=DIST /s/ disturbed=40.5 / /' contest.log
expect 2 run -n 2 --until 5 --max-rounds 3 --against DIST -k NEW process_load
grep -qF "contest: --against 'DIST' has no ok run of process_load" stderr || fail "no process_load: $(cat stderr)"
run -n 2 --until 50 --max-rounds 2 --against DIST -k NEW no_load > stdout 2> stderr
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 125 ] || fail "DIST undisturbed: exit $rc: $(cat stderr)"
