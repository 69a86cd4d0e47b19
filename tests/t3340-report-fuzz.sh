# The fuzzer, briefly: the log reader and every view of the report (table,
# -v, -b, -c, CSV, JSON, long, KCIDB, LAVA, bars, SVG) under libFuzzer with ASan
# and UBSan, seeded from tests/fuzz/corpus with the keys of tests/fuzz/log.dict, for
# FUZZ_TIME seconds (12 by default): no crash, no hang (10 s a run), no
# inf or nan printed; --svg naming the log refused with the log as it was,
# and the log's last line cut at a byte, then a record appended, the same
# report as without that line (issue 29).  Skipped where clang has no
# libFuzzer.
. "$(dirname "$0")/lib.sh"
need clang
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' > probe.c
clang -fsanitize=fuzzer,address,undefined -o probe.bin probe.c >/dev/null 2>&1 || skip "clang has no libFuzzer"
make -s -C "$top" tests/report-fuzz.bin >build.out 2>&1 || { cat build.out; fail "cannot build the fuzzer"; }
mkdir corpus
"$top/tests/report-fuzz.bin" -max_total_time="${FUZZ_TIME:-12}" -timeout=10 -rss_limit_mb=2048 \
    -close_fd_mask=2 -print_final_stats=1 -dict="$top/tests/fuzz/log.dict" \
    corpus "$top/tests/fuzz/corpus" > out 2>&1
rc=$?
grep -E '^(Done|stat::number_of_executed_units)' out
[ $rc -eq 0 ] || { grep -v '^#' out | tail -40; fail "the fuzzer found something (exit $rc)"; }
