/*
 * req.c: an I/O load's own request latency (see load.h): each request
 * (a read, a write, an fsync, a create...) timed with clock_gettime(2)
 * on CLOCK_MONOTONIC (the vDSO: no system call) into the probe's
 * log-scale histogram (probe.h: probe_bucket, probe_hist_pct), in the
 * context the load shares with contest.  Many writers: every count is an
 * add, the maximum a compare-and-swap; a load's workers add to shards
 * of their own (worker i to shard i % LOAD_REQ_SHARDS), so that they do
 * not fight over cache lines, and a shard's only writer adds without a
 * lock; the harness alone reads, summing the shards at the window's
 * edges, and clears the maximum as it takes it.
 *
 * Why the figures hold: a snapshot copies counters that only grow, so
 * the window's histogram is the difference of two snapshots; a request
 * ending while a snapshot is copied may show in its bucket and not yet
 * in the sum, an error of one request in the mean.  A request in flight
 * at the close is counted there with its age: a lower bound of its
 * latency, never a request lost because it outlasted the compile.
 */
#include <string.h>

#include "load.h"
#include "../util.h"

static int timing = 1;
static long long last_end;	/* when this process's last request ended: load_req_chain */

/* this process's cell of busy[]: its worker number, 0 for a lone process */
static int
slot(void)
{
	int w = load_worker();

	return w > 0 && w < LOAD_PROCS ? w : 0;
}

long long
load_req_chain(struct load_ctx *ctx)
{
	long long t;

	if (!timing || ctx == NULL)
		return 0;
	t = last_end ? last_end : mono_ns();
	atomic_store_explicit(&ctx->req.busy[slot()].t, t, memory_order_relaxed);
	return t;
}

void
load_req_timing(int on)
{
	timing = on;
}

long long
load_req_begin(struct load_ctx *ctx)
{
	long long t;

	if (!timing || ctx == NULL)
		return 0;
	t = mono_ns();
	atomic_store_explicit(&ctx->req.busy[slot()].t, t, memory_order_relaxed);
	return t;
}

/*
 * Add v to a shard's counter.  A shard with one writer (a load of at most
 * LOAD_REQ_SHARDS processes) needs no locked add: the writer's load and
 * store, each whole, are all the reader can see; that saves a third of
 * a request's cost.  A shard shared by several adds atomically.
 */
static void
add(_Atomic unsigned long long *c, unsigned long long v, int nparts)
{
	if (nparts <= LOAD_REQ_SHARDS)
		atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + v,
		    memory_order_relaxed);
	else
		atomic_fetch_add_explicit(c, v, memory_order_relaxed);
}

/* add one request of ns to the counters (or to a snapshot's copy) */
static void
count(unsigned long long *hist, unsigned long long *sum, unsigned long long *over,
    unsigned long long *max, const long long *limit, long long ns)
{
	unsigned long long us = ns > 0 ? ((unsigned long long)ns + 999) / 1000 : 0;

	hist[probe_bucket(us)]++;
	*sum += (unsigned long long)ns;
	over[0] += ns > limit[0];
	over[1] += ns > limit[1];
	if ((unsigned long long)ns > *max)
		*max = (unsigned long long)ns;
}

void
load_req_end(struct load_ctx *ctx, long long start)
{
	struct load_req *q;
	unsigned long long us, cur;
	long long ns;
	int w;

	if (start == 0 || ctx == NULL)
		return;
	last_end = mono_ns();
	ns = last_end - start;
	if (ns < 0)
		ns = 0;
	q = &ctx->req;
	w = slot();
	/* out of flight first: the close may count it either way, never twice */
	atomic_store_explicit(&q->busy[w].t, 0, memory_order_relaxed);
	us = ((unsigned long long)ns + 999) / 1000;
	add(&q->shard[w % LOAD_REQ_SHARDS].hist[probe_bucket(us)], 1, ctx->nparts);
	add(&q->shard[w % LOAD_REQ_SHARDS].sum_ns, (unsigned long long)ns, ctx->nparts);
	if (ns > q->limit_ns[0])
		add(&q->shard[w % LOAD_REQ_SHARDS].over[0], 1, ctx->nparts);
	if (ns > q->limit_ns[1])
		add(&q->shard[w % LOAD_REQ_SHARDS].over[1], 1, ctx->nparts);
	cur = atomic_load_explicit(&q->max_ns, memory_order_relaxed);
	while ((unsigned long long)ns > cur &&
	    !atomic_compare_exchange_weak(&q->max_ns, &cur, (unsigned long long)ns))
		;
}

void
load_req_take(struct load_ctx *ctx, int close, struct load_req_snap *s)
{
	struct load_req *q = &ctx->req;
	int n = ctx->nparts > 0 ? ctx->nparts : 1, k, h;
	unsigned i;
	long long t;

	memset(s, 0, sizeof(*s));
	for (h = 0; h < LOAD_REQ_SHARDS && h < n; h++) {
		for (i = 0; i < PROBE_NBUCKET; i++)
			s->hist[i] += atomic_load_explicit(&q->shard[h].hist[i], memory_order_relaxed);
		s->sum_ns += atomic_load(&q->shard[h].sum_ns);
		s->over[0] += atomic_load(&q->shard[h].over[0]);
		s->over[1] += atomic_load(&q->shard[h].over[1]);
	}
	s->max_ns = atomic_exchange(&q->max_ns, 0);
	if (!close)
		return;
	t = mono_ns();
	for (k = 0; k < n && k < LOAD_PROCS; k++) {
		long long b = atomic_load_explicit(&q->busy[k].t, memory_order_relaxed);
		if (b > 0 && t > b)
			count(s->hist, &s->sum_ns, s->over, &s->max_ns, q->limit_ns, t - b);
	}
}

int
load_req_window(const struct load_req_snap *a, const struct load_req_snap *b, struct load_req_stats *out)
{
	unsigned long long h[PROBE_NBUCKET];
	unsigned i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < PROBE_NBUCKET; i++) {
		h[i] = b->hist[i] >= a->hist[i] ? b->hist[i] - a->hist[i] : 0;
		out->n += h[i];
	}
	if (out->n == 0)
		return -1;
	out->mean_us = (double)(b->sum_ns - a->sum_ns) / (double)out->n / 1000.0;
	out->max_us = (b->max_ns + 999) / 1000;
	out->p50_us = probe_pct_max(h, 50, out->max_us);
	out->p99_us = probe_pct_max(h, 99, out->max_us);
	for (i = 0; i < 2; i++)
		out->over[i] = 100.0 * (double)(b->over[i] - a->over[i]) / (double)out->n;
	return 0;
}
