/*
 * probe-unit.c: the probe's histogram, window and --probe parser.  Built
 * by make (tests/probe-unit.bin) and run by t0003-probe-unit.sh; prints
 * "not ok" lines and exits 1 on a failure.
 *
 * Percentiles are checked against the exact nearest-rank values of
 * sorted data: the reported value is never below the exact one and above
 * it by at most 1/32 of it (the width of a bucket, doc/probe.md).
 */
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../probe.h"
#include "../util.h"

#define N	10000

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* the state of a deterministic generator (util.h: xorshift64*), so a failure repeats */
static unsigned long long rng = 88172645463325252ULL;

static int
cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return (x > y) - (x < y);
}

/* the exact nearest-rank percentile of sorted v[0..n) */
static unsigned long long
exact_pct(const unsigned long long *v, size_t n, double pct)
{
	size_t rank = (size_t)ceil(pct / 100.0 * (double)n);

	return v[(rank < 1 ? 1 : rank) - 1];
}

/* reported r for exact x: never below, above by at most a bucket's width */
static int
within(unsigned long long r, unsigned long long x)
{
	return r >= x && (r - x) * PROBE_SUB <= x;
}

static struct probe_shm *
new_shm(void)
{
	struct probe_shm *shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (shm == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	return shm;
}

static void
test_buckets(void)
{
	unsigned i;
	unsigned long long v;

	for (v = 0; v < PROBE_SUB; v++) {
		CHECK(probe_bucket(v) == v);
		CHECK(probe_bucket_lo((unsigned)v) == v && probe_bucket_hi((unsigned)v) == v);
	}
	CHECK(probe_bucket(32) == 32 && probe_bucket(63) == 63);
	CHECK(probe_bucket(64) == 64 && probe_bucket(65) == 64 && probe_bucket(66) == 65);
	CHECK(probe_bucket(1000) == probe_bucket(1007) && probe_bucket(1008) == probe_bucket(1007) + 1);
	for (i = 0; i + 1 < PROBE_NBUCKET; i++) {
		unsigned long long lo = probe_bucket_lo(i), hi = probe_bucket_hi(i);
		CHECK(probe_bucket(lo) == i);
		CHECK(probe_bucket(hi) == i);
		CHECK(probe_bucket_lo(i + 1) == hi + 1);
		/* the error bound: a bucket is at most 1/32 of its values wide */
		CHECK(lo < PROBE_SUB ? hi == lo : (hi - lo + 1) * PROBE_SUB <= lo);
		if (failures > 20)
			return;
	}
	/* top of the range and the overflow bucket */
	CHECK(probe_bucket((1ULL << PROBE_TOP_BITS) - 1) == PROBE_NBUCKET - 2);
	CHECK(probe_bucket_hi(PROBE_NBUCKET - 2) == (1ULL << PROBE_TOP_BITS) - 1);
	CHECK(probe_bucket(1ULL << PROBE_TOP_BITS) == PROBE_NBUCKET - 1);
	CHECK(probe_bucket(ULLONG_MAX) == PROBE_NBUCKET - 1);
	CHECK(probe_bucket_lo(PROBE_NBUCKET - 1) == 1ULL << PROBE_TOP_BITS);
	CHECK(probe_bucket_hi(PROBE_NBUCKET - 1) == PROBE_OVER);
	CHECK(PROBE_NBUCKET == 641);
	/* 10 s and the audio and video periods lie in regular buckets */
	CHECK(probe_bucket(10000000) < PROBE_NBUCKET - 1);
}

/*
 * Feed v[0..N) (us) into a histogram directly and, as nanoseconds,
 * through probe_record and two snapshots, and check p50, p99 and max of
 * both against the sorted values.
 */
static void
check_distribution(const char *name, unsigned long long *v)
{
	static unsigned long long hist[PROBE_NBUCKET];
	static struct probe_snap a, b;
	struct probe_shm *shm = new_shm();
	struct probe_stats w;
	unsigned long long x50, x99, xmax, r50, r99;
	char why[160];
	size_t i;

	memset(hist, 0, sizeof(hist));
	CHECK(probe_snap(shm, &a) == 0);
	for (i = 0; i < N; i++) {
		hist[probe_bucket(v[i])]++;
		/* a latency of v us less a fraction: recorded as v, rounded up */
		probe_record(shm, (long long)v[i] * 1000 - (v[i] > 0 ? 417 : 0), 1, 1);
	}
	CHECK(probe_snap(shm, &b) == 0);
	qsort(v, N, sizeof(v[0]), cmp_ull);
	x50 = exact_pct(v, N, 50);
	x99 = exact_pct(v, N, 99);
	xmax = v[N - 1];
	r50 = probe_hist_pct(hist, 50);
	r99 = probe_hist_pct(hist, 99);
	if (!within(r50, x50) || !within(r99, x99) || !within(probe_hist_pct(hist, 100), xmax))
		printf("not ok: %s: p50 %llu (exact %llu), p99 %llu (exact %llu), p100 %llu (max %llu)\n",
		    name, r50, x50, r99, x99, probe_hist_pct(hist, 100), xmax), failures++;
	CHECK(probe_window(&a, &b, &w, why, sizeof(why)) == 0);
	CHECK(w.n == N && w.periods == N && w.dl_met == 100.0);
	CHECK(w.p50 == r50 || (w.p50 == xmax && r50 > xmax));
	CHECK(w.p99 == r99 || (w.p99 == xmax && r99 > xmax));
	CHECK(w.max == xmax);
	CHECK(w.p50 <= w.p99 && w.p99 <= w.max);
	printf("# %-12s p50 %llu/%llu  p99 %llu/%llu  max %llu/%llu (reported/exact)\n",
	    name, w.p50, x50, w.p99, x99, w.max, xmax);
	munmap(shm, sizeof(*shm));
}

static void
test_distributions(void)
{
	static unsigned long long v[N];
	size_t i;

	for (i = 0; i < N; i++)		/* uniform, 1 us to 100 ms */
		v[i] = 1 + (unsigned long long)(rng_unit(&rng) * 100000);
	check_distribution("uniform", v);
	for (i = 0; i < N; i++)		/* exponential, mean 300 us, from 20 us */
		v[i] = 20 + (unsigned long long)(-300.0 * log(1.0 - rng_unit(&rng)));
	check_distribution("exponential", v);
	for (i = 0; i < N; i++)		/* a spike: 0.5% at 12 ms, the rest 40..59 us */
		v[i] = i % 200 == 0 ? 12000 : 40 + i % 20;
	check_distribution("spike-0.5%", v);
	for (i = 0; i < N; i++)		/* a spike above the 99th: 2% at 12 ms */
		v[i] = i % 50 == 0 ? 12345 : 40 + i % 20;
	check_distribution("spike-2%", v);
	for (i = 0; i < N; i++)		/* log-uniform over 1 us .. 10 s */
		v[i] = (unsigned long long)exp(rng_unit(&rng) * log(1e7));
	check_distribution("log-uniform", v);
	for (i = 0; i < N; i++)		/* one value */
		v[i] = 77;
	check_distribution("constant", v);
}

static void
test_rounding_overflow(void)
{
	static struct probe_snap a, b;
	struct probe_shm *shm = new_shm();
	struct probe_stats w;
	char why[160];

	probe_record(shm, -5, 1, 1);		/* early: 0 */
	probe_record(shm, 0, 1, 1);
	CHECK(shm->hist[0] == 2);
	probe_record(shm, 1, 1, 1);		/* 1 ns to 1000 ns: 1 us */
	probe_record(shm, 1000, 1, 1);
	CHECK(shm->hist[1] == 2);
	probe_record(shm, 1001, 1, 1);		/* 1001 ns: 2 us */
	CHECK(shm->hist[2] == 1);
	CHECK(shm->max_us == 2 && shm->wakeups == 5);

	/* above the histogram: the overflow bucket; the exact max still known */
	CHECK(probe_snap(shm, &a) == 0);
	probe_record(shm, 20000000000LL, 1, 0);	/* 20 s */
	probe_record(shm, 30000000000LL, 1, 0);	/* 30 s */
	probe_record(shm, 5000000, 1, 1);	/* 5 ms */
	CHECK(shm->hist[PROBE_NBUCKET - 1] == 2);
	CHECK(probe_snap(shm, &b) == 0);
	CHECK(probe_hist_pct(b.hist, 99) == PROBE_OVER);
	CHECK(probe_window(&a, &b, &w, why, sizeof(why)) == 0);
	CHECK(w.n == 3 && w.max == 30000000);
	/* a percentile in the overflow bucket reads as the exact max */
	CHECK(w.p99 == 30000000 && w.p50 == 30000000);
	CHECK(fabs(w.dl_met - 100.0 / 3) < 1e-9);
	munmap(shm, sizeof(*shm));
}

static void
test_window(void)
{
	static struct probe_snap a, b, c;
	struct probe_shm *shm = new_shm();
	struct probe_stats w;
	char why[160];
	int i;

	shm->period_ns = 50000000;
	/* before the window: big latencies that must not show */
	for (i = 0; i < 100; i++)
		probe_record(shm, 9000000, 1, 0);
	CHECK(probe_snap(shm, &a) == 0);
	CHECK(shm->max_us == 0);	/* the snapshot cleared it */
	/* in the window: 200 wake-ups of 100..299 us; 10 with 3 periods
	 * (two skipped) and missed */
	for (i = 0; i < 200; i++)
		probe_record(shm, (100 + i) * 1000LL, i < 10 ? 3 : 1, i >= 10);
	CHECK(probe_snap(shm, &b) == 0);
	CHECK(a.index + 1 == b.index);
	CHECK(probe_window(&a, &b, &w, why, sizeof(why)) == 0);
	CHECK(w.n == 200);
	CHECK(w.max == 299);
	CHECK(within(w.p50, 199) && within(w.p99, 297));
	CHECK(w.periods == 220);
	CHECK(fabs(w.dl_met - 100.0 * 190 / 220) < 1e-9);
	CHECK(w.secs >= 0 && w.secs < 1);

	/* a snapshot in between: a to c has no exact max, refused */
	CHECK(probe_snap(shm, &c) == 0);
	CHECK(probe_window(&a, &c, &w, why, sizeof(why)) == -1);
	CHECK(strstr(why, "not consecutive") != NULL);
	/* b to c: empty and short: valid, n 0, no deadline */
	CHECK(probe_window(&b, &c, &w, why, sizeof(why)) == 0);
	CHECK(w.n == 0 && w.max == 0 && w.p99 == 0 && isnan(w.dl_met));
	/* empty although it lasted 3 periods: the probe stalled or died */
	c.t_ns = b.t_ns + 150000000;
	CHECK(probe_window(&b, &c, &w, why, sizeof(why)) == -1);
	CHECK(strstr(why, "no wake-up") != NULL);
	printf("# stalled window: %s\n", why);
	/* no live probe: no CPU figure */
	CHECK(b.cpu_ns == -1 && b.cpu_tk_ns == -1);
	munmap(shm, sizeof(*shm));
}

/*
 * One writer records latencies 1, 2, 3, ... us as fast as it can while
 * the reader takes snapshots: every window must hold exactly the values
 * a.wakeups + 1 .. b.wakeups, so its max is b.wakeups and its count and
 * histogram agree, however the snapshots fall among the updates.
 */
static void
test_concurrent(void)
{
	static struct probe_snap s[2];
	struct probe_shm *shm = new_shm();
	struct probe_stats w;
	struct timespec ts = { 0, 20000 };
	char why[160];
	int i, bad = 0, windows = 0, st;
	pid_t pid;

	if ((pid = fork()) == 0) {
		unsigned long long v;
		long long t0;
		/* about one update per microsecond: a snapshot's copy takes
		 * about as long, so many of them meet an update and retry */
		for (v = 1; v < (1ULL << PROBE_TOP_BITS); v++) {
			probe_record(shm, (long long)v * 1000, 1, (int)(v & 1));
			for (t0 = mono_ns(); mono_ns() - t0 < 1000;)
				;
		}
		_exit(0);
	}
	CHECK(probe_snap(shm, &s[0]) == 0);
	for (i = 1; i < 3000 && !bad; i++) {
		struct probe_snap *a = &s[(i - 1) & 1], *b = &s[i & 1];
		unsigned long long k, sum = 0;
		nanosleep(&ts, NULL);
		if (probe_snap(shm, b) < 0) {
			bad = 1;
			break;
		}
		if (probe_window(a, b, &w, why, sizeof(why)) < 0) {
			printf("not ok: window %d: %s\n", i, why);
			bad = 1;
			break;
		}
		for (k = 0; k < PROBE_NBUCKET; k++)
			sum += b->hist[k] - a->hist[k];
		if (sum != w.n || w.periods != w.n || w.max != (w.n ? b->wakeups : 0) ||
		    (w.n > 0 && (!within(w.p99, a->wakeups + (unsigned long long)ceil(0.99 * (double)w.n)) ||
		    !within(w.p50, a->wakeups + (unsigned long long)ceil(0.5 * (double)w.n))))) {
			printf("not ok: window %d: n %llu hist %llu max %llu (want %llu) p50 %llu p99 %llu from %llu\n",
			    i, w.n, sum, w.max, b->wakeups, w.p50, w.p99, a->wakeups);
			bad = 1;
		}
		if (w.n > 0)
			windows++;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	CHECK(!bad);
	CHECK(windows > 100);
	printf("# concurrent: %d non-empty windows exact, %llu wake-ups recorded\n", windows, s[0].wakeups > s[1].wakeups ? s[0].wakeups : s[1].wakeups);
	munmap(shm, sizeof(*shm));
}

static void
test_parse(void)
{
	static const char *good[] = { "audio", "video", "off", "50:5", "16.7:40", "1:1", "10000:100",
		"1.5:0.5", "0050:05.0", "10000.0:100.000" };
	static const struct { const char *arg, *msg; } bad[] = {
		{ "", "not audio, video, off or PERIOD_MS:PERCENT" },
		{ "Audio", "not audio" },
		{ "audio ", "not audio" },
		{ "none", "not audio" },
		{ "50", "not audio" },
		{ "50:", "not audio" },
		{ ":5", "not audio" },
		{ "50:5:5", "not audio" },
		{ "50::5", "not audio" },
		{ "50:5%", "not audio" },
		{ "50ms:5", "not audio" },
		{ " 50:5", "not audio" },
		{ "50:5 ", "not audio" },
		{ "-50:5", "not audio" },
		{ "+50:5", "not audio" },
		{ "50:-5", "not audio" },
		{ "1e3:5", "not audio" },
		{ "0x32:5", "not audio" },
		{ "nan:5", "not audio" },
		{ "inf:5", "not audio" },
		{ "5.0.0:5", "not audio" },
		{ ".:5", "not audio" },
		{ "50:.5", "not audio" },	/* num.h's grammar: a point between digits */
		{ "50.:5", "not audio" },
		{ "0:5", "period 0 ms is not within 1 to 10000 ms" },
		{ "0.5:5", "period 0.5 ms is not within 1 to 10000 ms" },
		{ "0.999:5", "period 0.999 ms" },
		{ "10000.5:5", "period 10000.5 ms is not within" },
		{ "20000:5", "period 20000 ms" },
		{ "50:0", "share 0% is not above 0 and at most 100" },
		{ "50:0.0", "share 0.0% is not above 0" },
		{ "50:100.1", "share 100.1% is not above 0 and at most 100" },
		{ "50:150", "share 150%" },
	};
	struct probe_cfg cfg;
	char err[200], want[240];
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		err[0] = '\0';
		if (probe_parse(good[i], &cfg, err, sizeof(err)) != 0)
			printf("not ok: '%s' refused: %s\n", good[i], err), failures++;
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		snprintf(want, sizeof(want), "bad probe '%s': ", bad[i].arg);
		if (probe_parse(bad[i].arg, &cfg, err, sizeof(err)) != -1)
			printf("not ok: '%s' accepted\n", bad[i].arg), failures++;
		else if (strncmp(err, want, strlen(want)) != 0 || strstr(err, bad[i].msg) == NULL)
			printf("not ok: '%s': message '%s'\n", bad[i].arg, err), failures++;
	}
	CHECK(probe_parse("audio", &cfg, err, sizeof(err)) == 0);
	CHECK(!cfg.off && cfg.period_ns == 50000000 && cfg.share == 5 && strcmp(cfg.name, "audio") == 0);
	CHECK(probe_parse("video", &cfg, err, sizeof(err)) == 0);
	CHECK(!cfg.off && cfg.period_ns == 16700000 && cfg.share == 40 && strcmp(cfg.name, "video") == 0);
	CHECK(probe_parse("off", &cfg, err, sizeof(err)) == 0);
	CHECK(cfg.off && strcmp(cfg.name, "off") == 0);
	CHECK(probe_parse("16.7:40", &cfg, err, sizeof(err)) == 0);
	CHECK(cfg.period_ns == 16700000 && cfg.share == 40 && strcmp(cfg.name, "16.7:40") == 0);
	CHECK(probe_parse("0050:05.0", &cfg, err, sizeof(err)) == 0);
	CHECK(strcmp(cfg.name, "50:5") == 0);
	CHECK(probe_parse("10000:100", &cfg, err, sizeof(err)) == 0);
	CHECK(cfg.period_ns == 10000000000LL && cfg.share == 100);
	CHECK(probe_parse("1:1", &cfg, err, sizeof(err)) == 0);
	CHECK(cfg.period_ns == 1000000 && cfg.share == 1);
	/* a message never overflows a short buffer */
	CHECK(probe_parse("50:0", &cfg, err, 8) == -1 && strlen(err) == 7);
}

static void
test_calibrate(void)
{
	struct probe_cfg cfg;
	char err[160];

	CHECK(probe_parse("audio", &cfg, err, sizeof(err)) == 0);
	CHECK(probe_calibrate(&cfg) == 0);
	CHECK(cfg.ns_per_iter > 0.01 && cfg.ns_per_iter < 1000);
	CHECK(cfg.cal_secs > 0 && cfg.cal_secs < 0.5);
	CHECK(cfg.cal_blocks >= 100);
	/* iterations: 5% of 50 ms of work */
	CHECK(fabs((double)cfg.iters * cfg.ns_per_iter - 2500000) < cfg.ns_per_iter);
	printf("# calibration: %.4f ns per iteration, %d blocks in %.3f s, %llu iterations per period\n",
	    cfg.ns_per_iter, cfg.cal_blocks, cfg.cal_secs, cfg.iters);
	CHECK(probe_parse("off", &cfg, err, sizeof(err)) == 0);
	CHECK(probe_calibrate(&cfg) == 0 && cfg.iters == 0);
}

int
main(void)
{
	test_buckets();
	test_distributions();
	test_rounding_overflow();
	test_window();
	test_concurrent();
	test_parse();
	test_calibrate();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("ok\n");
	return 0;
}
