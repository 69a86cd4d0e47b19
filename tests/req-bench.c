/*
 * req-bench.c: what timing one request costs an I/O load (loads/req.c):
 * load_req_begin and load_req_end around nothing, in P processes at once
 * on one shared context (as a load's workers), less the same loop with
 * timing off; and the same with load_req_chain (dbench_load's: one clock
 * read a request).  For make bench (tests/bench/loads-c.sh), which
 * multiplies it by each load's requests and divides by its CPU time.
 * Not installed.
 *
 * usage: req-bench [PROCESSES]
 * prints: procs=P ns=NS chained=NS (ns a request, unchained and chained: the medians of the processes')
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../loads/load.h"

#define N	4000000		/* requests a process times */

/* this process's CPU time: processes beyond the CPUs wait, and that is not the cost */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ns per pass of the loop, timing on or off, chained or not */
static double
loop(struct load_ctx *ctx, int on, int chain)
{
	double t;
	int i;

	load_req_timing(on);
	t = now();
	for (i = 0; i < N; i++)
		load_req_end(ctx, chain ? load_req_chain(ctx) : load_req_begin(ctx));
	return (now() - t) * 1e9 / N;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One worker: its loops, in its own process and shard, as a load's. */
static int
worker(struct load_ctx *ctx, int i, void *arg)
{
	double *ns = arg, off = loop(ctx, 0, 0), on = loop(ctx, 1, 0), chained = loop(ctx, 1, 1);

	ns[i] = on - off;
	ns[64 + i] = chained - off;
	return 0;
}

int
main(int argc, char **argv)
{
	int p = argc > 1 ? atoi(argv[1]) : 1, st;
	struct load_ctx *ctx = mmap(NULL, sizeof(*ctx), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	double *ns = mmap(NULL, sizeof(double) * 128, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	if (p < 1 || p > 64 || ctx == MAP_FAILED || ns == MAP_FAILED) {
		fprintf(stderr, "usage: req-bench [PROCESSES 1-64]\n");
		return 2;
	}
	ctx->req.limit_ns[0] = 100000000;
	ctx->req.limit_ns[1] = 1000000000;
	ctx->nparts = p;
	/* the load's process: load_workers forks the workers and waits */
	if ((pid = fork()) == 0)
		_exit(load_workers(ctx, worker, ns) < 0 ? 1 : 0);
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "req-bench: the workers failed: %s\n", ctx->reason);
		return 1;
	}
	qsort(ns, (size_t)p, sizeof(ns[0]), cmp);
	qsort(ns + 64, (size_t)p, sizeof(ns[0]), cmp);
	printf("procs=%d ns=%.1f chained=%.1f\n", p, ns[p / 2], ns[64 + p / 2]);
	return 0;
}
