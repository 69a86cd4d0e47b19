/*
 * req-unit.c: an I/O load's request latency (loads/req.c) and the
 * workers of a load of several processes (load_workers, loads/common.c).
 * Built by make (tests/req-unit.bin) and run by t2600-req-unit.sh;
 * prints "not ok" lines and exits 1 on a failure.
 *
 * Latencies are made with a start set back by a known time, so that the
 * request's latency is that time plus the few hundred nanoseconds of the
 * call itself: the checks allow for that and no more.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../loads/load.h"
#include "../util.h"

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* one request that took ns (and the call's own few hundred ns) */
static void
request(struct load_ctx *ctx, long long ns)
{
	load_req_begin(ctx);
	load_req_end(ctx, mono_ns() - ns);
}

static struct load_ctx *
fresh(void)
{
	struct load_ctx *ctx = mmap(NULL, sizeof(*ctx), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (ctx == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	ctx->req.limit_ns[0] = 100000000;	/* 100 ms */
	ctx->req.limit_ns[1] = 1000000000;	/* 1 s */
	return ctx;
}

/* known latencies: percentiles, shares over the limits, mean, max */
static void
known(void)
{
	static struct load_req_snap a, b;
	struct load_ctx *ctx = fresh();
	struct load_req_stats st;
	int i;

	request(ctx, 7000000000LL);	/* before the window: not counted, not the max */
	load_req_take(ctx, 0, &a);
	for (i = 0; i < 900; i++)
		request(ctx, 50000);		/* 50 us */
	for (i = 0; i < 90; i++)
		request(ctx, 5000000);		/* 5 ms */
	for (i = 0; i < 9; i++)
		request(ctx, 200000000);	/* 200 ms: over the first */
	request(ctx, 2000000000LL);		/* 2 s: over both */
	load_req_take(ctx, 1, &b);
	CHECK(load_req_window(&a, &b, &st) == 0);
	CHECK(st.n == 1000);
	/* p50: 50 us, its bucket's upper bound at most 1/32 above */
	CHECK(st.p50_us >= 50 && st.p50_us <= 52);
	/* p99, rank 990: the last of the 5 ms ones */
	CHECK(st.p99_us >= 5000 && st.p99_us <= 5000 + 5000 / 32 + 1);
	CHECK(st.max_us >= 2000000 && st.max_us < 2000100);
	CHECK(fabs(st.over[0] - 1.0) < 1e-9);
	CHECK(fabs(st.over[1] - 0.1) < 1e-9);
	/* mean: (900 x 0.05 + 90 x 5 + 9 x 200 + 2000) ms / 1000, plus the calls */
	CHECK(st.mean_us >= 4295.0 && st.mean_us < 4297.0);
	munmap(ctx, sizeof(*ctx));
}

/* a window with nothing, and one with a request still in flight at its close */
static void
in_flight(void)
{
	static struct load_req_snap a, b, c;
	struct load_ctx *ctx = fresh();
	struct load_req_stats st;
	long long t;

	load_req_take(ctx, 0, &a);
	load_req_take(ctx, 1, &b);
	CHECK(load_req_window(&a, &b, &st) == -1);
	CHECK(st.n == 0);
	/* a request began 3 s ago and has not ended: counted with its age */
	t = load_req_begin(ctx);
	ctx->req.busy[0].t = t - 3000000000LL;
	load_req_take(ctx, 0, &a);
	request(ctx, 1000);
	ctx->req.busy[0].t = t - 3000000000LL;
	load_req_take(ctx, 1, &b);
	CHECK(load_req_window(&a, &b, &st) == 0);
	CHECK(st.n == 2);
	CHECK(st.max_us >= 3000000 && st.max_us < 3001000);
	CHECK(fabs(st.over[1] - 50.0) < 1e-9);
	/* when it ends in the next window, that one counts it at its full length */
	load_req_take(ctx, 0, &c);
	load_req_end(ctx, t - 3000000000LL);
	load_req_take(ctx, 1, &a);
	CHECK(load_req_window(&c, &a, &st) == 0);
	CHECK(st.n == 1);
	CHECK(st.max_us >= 3000000);
	/* timing off: nothing counted */
	load_req_timing(0);
	load_req_take(ctx, 0, &a);
	t = load_req_begin(ctx);
	load_req_end(ctx, t);
	load_req_take(ctx, 1, &b);
	CHECK(t == 0);
	CHECK(load_req_window(&a, &b, &st) == -1);
	load_req_timing(1);
	munmap(ctx, sizeof(*ctx));
}

/* the workers: each counts and times apart, all of it adds up */
#define REQS	5000

static int
busy_worker(struct load_ctx *ctx, int i, void *arg)
{
	int k;

	(void)arg;
	for (k = 0; k < REQS; k++) {
		request(ctx, 1000 * (i + 1));
		load_count(ctx, (unsigned long long)(i + 1));
	}
	return 0;	/* as a worker at its pass limit */
}

static int
failing_worker(struct load_ctx *ctx, int i, void *arg)
{
	(void)arg;
	if (i == 2)
		return load_fail(ctx, "cannot read 'stream.2': Input/output error");
	while (!load_stopping())
		pause();
	return 0;
}

static int
dying_worker(struct load_ctx *ctx, int i, void *arg)
{
	(void)ctx;
	(void)arg;
	if (i == 1)
		raise(SIGKILL);
	while (!load_stopping())
		pause();
	return 0;
}

static int
waiting_worker(struct load_ctx *ctx, int i, void *arg)
{
	(void)ctx;
	(void)i;
	(void)arg;
	while (!load_stopping())
		pause();
	return 0;
}

/* run load_workers in a child as the load's process; its rc, ctx filled */
static int
crew(struct load_ctx *ctx, int n, int (*fn)(struct load_ctx *, int, void *), double stop_after)
{
	struct sigaction sa;
	int st;
	pid_t pid;

	ctx->nparts = n;
	if ((pid = fork()) == 0) {
		setpgid(0, 0);
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = load_stop_handler;
		sigaction(SIGTERM, &sa, NULL);
		_exit(load_workers(ctx, fn, NULL) < 0 ? 1 : 0);
	}
	if (stop_after > 0) {
		struct timespec ts = { (time_t)stop_after, (long)((stop_after - (time_t)stop_after) * 1e9) };
		nanosleep(&ts, NULL);
		kill(-pid, SIGTERM);
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
workers(void)
{
	static struct load_req_snap a, b;
	struct load_ctx *ctx = fresh();
	struct load_req_stats st;
	unsigned long long sum = 0;
	int i;

	load_req_take(ctx, 0, &a);
	CHECK(crew(ctx, 8, busy_worker, 0) == 0);
	load_req_take(ctx, 1, &b);
	CHECK(load_req_window(&a, &b, &st) == 0);
	CHECK(st.n == 8 * REQS);	/* not one lost to a race */
	for (i = 0; i < 8; i++) {
		CHECK(ctx->part[i] == (unsigned long long)REQS * (unsigned long long)(i + 1));
		sum += ctx->part[i];
	}
	CHECK(ctx->work == sum);
	CHECK(st.max_us >= 8);	/* and more when a worker was preempted in the call */
	munmap(ctx, sizeof(*ctx));

	/* more workers than shards: the shared shards add atomically */
	ctx = fresh();
	load_req_take(ctx, 0, &a);
	CHECK(crew(ctx, LOAD_REQ_SHARDS + 8, busy_worker, 0) == 0);
	load_req_take(ctx, 1, &b);
	CHECK(load_req_window(&a, &b, &st) == 0);
	CHECK(st.n == (unsigned long long)(LOAD_REQ_SHARDS + 8) * REQS);
	munmap(ctx, sizeof(*ctx));

	ctx = fresh();
	CHECK(crew(ctx, 4, failing_worker, 0) == 1);
	CHECK(strcmp(ctx->reason, "cannot read 'stream.2': Input/output error") == 0);
	munmap(ctx, sizeof(*ctx));

	ctx = fresh();
	CHECK(crew(ctx, 3, dying_worker, 0) == 1);
	CHECK(strcmp(ctx->reason, "worker 1 killed by signal 9 (Killed)") == 0);
	munmap(ctx, sizeof(*ctx));

	ctx = fresh();
	CHECK(crew(ctx, 5, waiting_worker, 0.2) == 0);
	CHECK(ctx->reason[0] == '\0');
	munmap(ctx, sizeof(*ctx));
}

int
main(void)
{
	known();
	in_flight();
	workers();
	if (failures)
		return 1;
	printf("ok\n");
	return 0;
}
