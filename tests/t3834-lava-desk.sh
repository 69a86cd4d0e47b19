# lava/contest.sh on a desk (no lava-test-case on PATH): it builds
# contest, runs it in OUTDIR with the options given (-n, -u, -k, -x) and
# prints the lines of --format lava for the log it wrote there, exactly,
# and nothing else on standard output (contest's tables go to standard
# error); the lines are kept in OUTDIR/result.txt; exit 0.
. "$(dirname "$0")/lib.sh"
command -v lava-test-case >/dev/null 2>&1 && skip "this box has a lava-test-case on PATH"
expect 0 sh "$top/lava/contest.sh" -n 1 -u 1 -k desk -x "--lead 0 --probe off" -o out no_load cacherun
[ -f out/contest.log ] || fail "no log in out/: $(ls out)"
[ "$(grep -c ' label=desk .* load=cacherun .* workload=builtin:1 ' out/contest.log)" -eq 1 ] ||
	fail "not one cacherun run of desk with --units 1: $(cut -c1-200 out/contest.log)"
grep -q ' lat_p99=' out/contest.log && fail "-x's --probe off not passed on: $(cut -c1-200 out/contest.log)"
"$CONTEST" -r --format lava out/contest.log > want || fail "no report of out/contest.log"
cmp -s want stdout || fail "printed (< the report, > printed):
$(diff want stdout | head)"
cmp -s want out/result.txt || fail "out/result.txt is not the report"
grep -q '^desk\.cacherun\.time pass ' stdout || fail "no cacherun time line: $(head -3 stdout)"
grep -q '^cacherun:' stderr || fail "contest's tables not on stderr: $(tail -5 stderr)"
