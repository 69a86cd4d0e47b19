# The fuzzers of issue 21, briefly: the watchdog's protocol parser
# (tests/fuzz/watch-fuzz.c: any bytes keep it sane; any messages contest
# sends, split anywhere, give exactly their state) and the labels
# (tests/fuzz/label-fuzz.c: a label is kept or refused, a made label and
# a printed name read back to the string, two strings never one label),
# under libFuzzer with ASan and UBSan, FUZZ_TIME seconds each (2 by
# default: make check's share; run it longer by hand), seeded from
# tests/fuzz/watch-corpus and label-corpus.  Skipped where clang has no
# libFuzzer (asked only when a fuzzer does not build).
. "$(dirname "$0")/lib.sh"
need clang
nofuzzer() {
	echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' > probe.c
	! clang -fsanitize=fuzzer,address,undefined -o probe.bin probe.c >/dev/null 2>&1
}
for f in watch label; do
	if ! make -s -C "$top" tests/$f-fuzz.bin >build.out 2>&1; then
		nofuzzer && skip "clang has no libFuzzer"
		cat build.out
		fail "cannot build $f-fuzz"
	fi
	mkdir corpus-$f
	"$top/tests/$f-fuzz.bin" -max_total_time="${FUZZ_TIME:-2}" -timeout=10 -rss_limit_mb=1024 \
	    -print_final_stats=1 corpus-$f "$top/tests/fuzz/$f-corpus" > out 2>&1
	rc=$?
	grep -E '^(Done|stat::number_of_executed_units)' out
	[ $rc -eq 0 ] || { grep -v '^#' out | tail -40; fail "$f-fuzz found something (exit $rc)"; }
done
