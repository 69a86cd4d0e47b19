/*
 * profile-sim.c: checks by simulation, with a fixed seed, what the
 * diffprofile's marks promise, through the real pipeline: each
 * comparison is a log written with log.c's writer (two labels, N runs
 * each of no_load, each run's record and its profile record), read back
 * by the report's model, its family of tests decided (family.c, with
 * -p), and the marks counted.
 *
 * A run's profile: 400 functions with Zipf weights (1 / rank^1.1), each
 * varying from run to run (lognormal, 15% CV: the kernel's work is not
 * the same twice), kernel samples Poisson around 997 x 2 CPUs x the
 * run's Time x 40%, the list cut as contest's writer cuts it (200
 * functions, or 95% of the samples).  Time 3% CV, the other keys of the
 * record as a quiet box gives them.
 *
 *   A/A  both labels drawn alike, at 3 and 5 runs a side: fewer than 5%
 *        of the comparisons may carry any mark (profile or not).
 *   A/B  the second label's process_load-like change: pipe_read,
 *        pipe_write and anon_pipe_read new at 10%, 8% and 3% of its
 *        kernel samples, schedule 1.5 times as much: pipe_read must be
 *        called worse in at least 80% of them at 3 runs.
 *   A/B  one function of 1.6% of the samples 1.3 and 2 times as much:
 *        the share of comparisons that call it worse, printed (no bound:
 *        what the runs can and cannot see).
 *
 * usage: profile-sim.bin [COMPARISONS [bounds]]   (default 300 of each
 * kind; "bounds": only the comparisons with a bound, A/A and pipe_read at
 * 3 runs, as t3502 runs it)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../config.h"
#include "../log.h"
#include "../report/model.h"
#include "../util.h"

#define NFUN	400
#define KSHARE	0.40	/* kernel samples, share of all */

static unsigned long long rng = 0x2545F4914F6CDD1DULL;	/* the generator's state (util.h) */

static double
normal(void)
{
	double u = rng_unit(&rng), v = rng_unit(&rng);

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* Poisson(mean): by its normal approximation above 50, else by products. */
static double
poisson(double mean)
{
	double l, p = 1;
	int k = 0;

	if (mean > 50) {
		double x = floor(mean + sqrt(mean) * normal() + 0.5);
		return x > 0 ? x : 0;
	}
	l = exp(-mean);
	do {
		k++;
		p *= rng_unit(&rng);
	} while (p > l);
	return k - 1;
}

static char fname[NFUN][40];
static double zipf[NFUN];

struct fn {
	double n;
	int i;
};

static int
cmp_fn(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	return x->n > y->n ? -1 : x->n < y->n;
}

/* How the second label differs: scale[i] on function i, and new ones. */
struct shift {
	double scale[NFUN];
	double add[3];		/* pipe_read, pipe_write, anon_pipe_read: share of the kernel samples */
};

static const char *const extra[3] = { "pipe_read", "pipe_write", "anon_pipe_read" };

/* One run of label under one change: its record and profile record, appended to f. */
static void
run(FILE *f, const char *label, int no, const struct shift *c)
{
	static struct rec r, p;
	static struct fn fn[NFUN + 3];
	char line[LOG_LINE_MAX + 2];
	double el = 20 * exp(0.03 * normal()), k = 0, want, w[NFUN + 3], tot = 0, sum = 0;
	int i, n = 0;

	rec_init(&r);
	snprintf(r.date, sizeof(r.date), "2026-12-01T10:00:00Z");
	snprintf(r.host, sizeof(r.host), "box");
	snprintf(r.label, sizeof(r.label), "%s", label);
	snprintf(r.load, sizeof(r.load), "no_load");
	snprintf(r.status, sizeof(r.status), "ok");
	snprintf(r.unit, sizeof(r.unit), "none");
	snprintf(r.workload, sizeof(r.workload), "builtin:60");
	snprintf(r.cache, sizeof(r.cache), "dropped");
	snprintf(r.drop, sizeof(r.drop), "yes");
	snprintf(r.profile, sizeof(r.profile), "kernel");
	r.run = no;
	r.jobs = 8;
	r.ncpu = 2;
	rec_set(&r, K_ELAPSED, el);
	rec_set(&r, K_USER, 20 * exp(0.01 * normal()));
	rec_set(&r, K_SYS, 11 * exp(0.02 * normal()));
	rec_set(&r, K_LCPU, 0);
	rec_set(&r, K_WORK, 0);
	p = r;
	p.prof = 1;
	for (i = 0; i < NFUN; i++)
		tot += w[i] = zipf[i] * exp(0.15 * normal() - 0.01125) * (c ? c->scale[i] : 1);
	for (i = 0; i < 3; i++) {
		w[NFUN + i] = c ? c->add[i] / (1 - c->add[0] - c->add[1] - c->add[2]) * tot : 0;
		sum += w[NFUN + i];
	}
	tot += sum;
	want = 997 * 2 * el * KSHARE;
	for (i = 0; i < NFUN + 3; i++) {
		fn[n].n = poisson(want * w[i] / tot);
		fn[n].i = i;
		k += fn[n++].n;
	}
	qsort(fn, (size_t)n, sizeof(fn[0]), cmp_fn);
	rec_set(&p, K_PROF_HZ, 997);
	rec_set(&p, K_PROF_KERNEL, k);
	rec_set(&p, K_PROF_IDLE, 0);
	rec_set(&p, K_PROF_LOST, 0);
	for (i = 0, sum = 0; i < n && i < PROF_TOP && fn[i].n > 0 && !(i > 0 && sum >= PROF_COVER / 100.0 * k); i++) {
		rec_sym_add(&p, 0, fn[i].i < NFUN ? fname[fn[i].i] : extra[fn[i].i - NFUN], fn[i].n);
		sum += fn[i].n;
	}
	if (log_format(&r, line, sizeof(line)) < 0 || fputs(line, f) == EOF ||
	    log_format(&p, line, sizeof(line)) < 0 || fputs(line, f) == EOF)
		abort();
}

struct count {
	int any, prof, pipe, mid;
};

/* Is t marked (worse, better, changed)? */
static int
marked(const struct vd_test *t)
{
	return t && (t->mark == VD_WORSE || t->mark == VD_BETTER || t->mark == VD_CHANGED);
}

/* One comparison, A against B under change c; what it marked. */
static void
compare(const char *path, int n, const struct shift *c, struct count *cnt)
{
	static struct view_opts o;
	const char *logs[1] = { path };
	const struct group *g;
	struct model m;
	size_t i, base;
	FILE *f = fopen(path, "w");
	int k, any = 0, prof = 0, pipe = 0, mid = 0;

	if (f == NULL)
		abort();
	for (k = 1; k <= n; k++) {
		run(f, "A", k, NULL);
		run(f, "B", k, c);
	}
	fclose(f);
	memset(&o, 0, sizeof(o));
	o.compare = 1;
	o.profiles = 1;
	if (model_read(&m, &o, 1, logs) < 0 || model_shape(&m) < 0 ||
	    model_resolve(&m, "-c", "A", &base) < 0)
		abort();
	m.cmp_row = base;
	if (model_verdicts(&m) < 0)
		abort();
	for (i = 0; i < m.nvt; i++)
		any |= marked(&m.vt[i]);
	g = model_find(&m, base == 0 ? 1 : 0, "no_load");
	for (i = 0; g && i < g->npd; i++) {
		const struct vd_test *t = model_ptest(&m, g->pd[i].vt);
		prof |= marked(t);
		if (!strcmp(g->pd[i].name, "pipe_read"))
			pipe = t && t->mark == VD_WORSE;
		if (!strcmp(g->pd[i].name, fname[9]))
			mid = t && t->mark == VD_WORSE;
	}
	prof |= g && marked(model_ptest(&m, g->pvt));
	cnt->any += any;
	cnt->prof += prof;
	cnt->pipe += pipe;
	cnt->mid += mid;
	model_free(&m);
}

/* The 95% Wilson interval of k of n, in %. */
static void
wilson(int k, int n, double *lo, double *hi)
{
	double p = (double)k / n, z = 1.96, d = 1 + z * z / n, c = p + z * z / (2.0 * n);
	double h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));

	*lo = c > h ? 100 * (c - h) / d : 0;
	*hi = 100 * (c + h) / d;
}

int
main(int argc, char **argv)
{
	static struct shift none, pipes, one, two;
	char path[64];
	int nc = argc > 1 ? atoi(argv[1]) : 300, all = argc < 3 || strcmp(argv[2], "bounds"), i, n, bad = 0;
	double z = 0, lo, hi;

	if (nc <= 0)
		return 2;
	snprintf(path, sizeof(path), "/tmp/profile-sim-%d.log", (int)getpid());
	for (i = 0; i < NFUN; i++) {
		snprintf(fname[i], sizeof(fname[i]), "kfunc_%03d", i);
		z += zipf[i] = 1 / pow(i + 1, 1.1);
		none.scale[i] = pipes.scale[i] = one.scale[i] = two.scale[i] = 1;
	}
	/* kfunc_009 holds 1.6% of the samples: the subtle change */
	one.scale[9] = 1.3;
	two.scale[9] = 2;
	pipes.scale[3] = 1.5;	/* "schedule" */
	pipes.add[0] = 0.10;
	pipes.add[1] = 0.08;
	pipes.add[2] = 0.03;
	printf("kfunc_003 (schedule) %.1f%%, kfunc_009 %.1f%% of the kernel samples\n",
	    100 * zipf[3] / z, 100 * zipf[9] / z);
	for (n = 3; n <= 5; n += 2) {
		struct count aa = { 0, 0, 0, 0 };

		for (i = 0; i < nc; i++)
			compare(path, n, &none, &aa);
		wilson(aa.any, nc, &lo, &hi);
		printf("A/A, %d runs a side: %d comparisons, %d with any mark: %.1f%% (95%% CI %.1f-%.1f%%); "
		    "%d with a mark in the diffprofile\n", n, nc, aa.any, 100.0 * aa.any / nc, lo, hi, aa.prof);
		bad |= aa.any * 20 >= nc;
	}
	for (n = 3; n <= (all ? 5 : 3); n += 2) {
		struct count ab = { 0, 0, 0, 0 }, sub = { 0, 0, 0, 0 }, dbl = { 0, 0, 0, 0 };

		for (i = 0; i < nc; i++) {
			compare(path, n, &pipes, &ab);
			if (all) {
				compare(path, n, &one, &sub);
				compare(path, n, &two, &dbl);
			}
		}
		printf("A/B, %d runs a side: pipe_read called worse in %.1f%%", n, 100.0 * ab.pipe / nc);
		if (all)
			printf("; kfunc_009 x1.3 called worse in %.1f%%, x2 in %.1f%%", 100.0 * sub.mid / nc,
			    100.0 * dbl.mid / nc);
		putchar('\n');
		if (n == 3)
			bad |= ab.pipe * 5 < nc * 4;
	}
	unlink(path);
	return bad;
}
