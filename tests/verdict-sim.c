/*
 * verdict-sim.c: checks by simulation, with a fixed seed, the rates the
 * comparison engine (verdict.c) promises: A/A comparisons (both sides
 * drawn from the same distributions) of about 50 metrics under 3 loads
 * (the probe's run-queue delay and io_load's request latency among them),
 * at 3 and at 5 runs a side, fewer than 5% of which carry any mark; and
 * A/B comparisons with a true +5% Time at 2% CV and 5 runs, at least 80%
 * of which call Time worse.  The spreads are those of real records of
 * this project's box (doc/report.md, "Verdicts", gives them and the
 * rates).  Prints the rates; exits 1 when one is out of bounds.
 *
 * usage: verdict-sim.bin [COMPARISONS]   (default 1000 of each kind)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/verdict.h"

#define NLOADS	3
#define MAXN	8

/* How a metric's values are drawn. */
enum dist {
	D_LOGN,		/* lognormal: mean, cv; rho of its log with the round's drift */
	D_HEAVY,	/* lognormal, and one run in ten up to 5x: latency tails */
	D_COUNT,	/* Poisson of a gamma mean (cv): counters, overdispersed */
	D_RARE,		/* 0 in 7 runs of 10, else lognormal: PSI memory, rare stalls */
	D_ZERO,		/* always 0: counters of events that do not happen here */
	D_CONST,	/* always the mean: sys_adds, a probe's wake-ups */
	D_MET		/* 100 - a lognormal: deadlines met */
};

struct msim {
	const char *name;
	enum vd_kind kind;
	enum vd_tier tier;
	int better;
	enum dist dist;
	double mean[NLOADS], cv[NLOADS];	/* no_load, process_load, io_load */
	double rho;		/* of the log with the round's drift */
};

/* M_TIME first: the Time the Ratio and the summary are made of. */
static const struct msim ms[] = {
	{ "time", VK_TIME, VT_VERDICT, -1, D_LOGN, { 18, 26, 30 }, { .03, .05, .08 }, .7 },
	{ "cpu", VK_CPU, VT_OTHER, 0, D_LOGN, { 175, 120, 100 }, { .02, .05, .08 }, -.5 },
	{ "loads", VK_WORK, VT_VERDICT, 1, D_LOGN, { 0, 2100, 250 }, { 0, .08, .15 }, 0 },
	{ "lcpu", VK_CPU, VT_OTHER, 0, D_LOGN, { 0, 25, 10 }, { 0, .08, .2 }, 0 },
	{ "user", VK_TIME, VT_OTHER, -1, D_LOGN, { 19.7, 19.7, 19.8 }, { .01, .01, .015 }, .2 },
	{ "sys", VK_TIME, VT_OTHER, -1, D_LOGN, { 11, 10.7, 11.5 }, { .02, .03, .04 }, .2 },
	{ "majflt", VK_COUNT, VT_OTHER, -1, D_COUNT, { 80, 150, 200 }, { .3, .3, .4 }, 0 },
	{ "ctxsw", VK_COUNT, VT_OTHER, 0, D_LOGN, { 13000, 14000, 16000 }, { .05, .06, .1 }, .3 },
	{ "minflt", VK_COUNT, VT_OTHER, -1, D_LOGN, { 790000, 790300, 790500 }, { .002, .002, .003 }, 0 },
	{ "maxrss", VK_SIZE, VT_OTHER, 0, D_LOGN, { 57800, 57800, 57800 }, { .002, .002, .002 }, 0 },
	{ "self", VK_OVERHEAD, VT_OTHER, 0, D_LOGN, { .008, .013, .015 }, { .2, .2, .3 }, 0 },
	{ "compile_share", VK_CPU, VT_OTHER, 0, D_LOGN, { 87, 60, 50 }, { .02, .05, .08 }, -.5 },
	{ "load_share", VK_CPU, VT_OTHER, 0, D_LOGN, { 0, 12, 5 }, { 0, .08, .2 }, 0 },
	{ "rest_share", VK_SHARE, VT_OTHER, 0, D_LOGN, { 9, 20, 15 }, { .4, .4, .5 }, .6 },
	{ "sys_user", VK_SHARE, VT_OTHER, 0, D_LOGN, { 62, 65, 45 }, { .03, .03, .08 }, 0 },
	{ "sys_nice", VK_SHARE, VT_OTHER, 0, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "sys_system", VK_SHARE, VT_OTHER, 0, D_LOGN, { 36, 34, 40 }, { .04, .04, .08 }, 0 },
	{ "sys_irq", VK_SHARE, VT_OTHER, 0, D_LOGN, { .09, .08, .2 }, { .2, .2, .3 }, 0 },
	{ "sys_iowait", VK_SHARE, VT_OTHER, 0, D_LOGN, { .06, .03, 8 }, { .6, .6, .4 }, 0 },
	{ "sys_steal", VK_SHARE, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "sys_idle", VK_SHARE, VT_OTHER, 0, D_LOGN, { 1.5, .1, 6 }, { .8, .8, .5 }, -.3 },
	{ "sys_rest", VK_SHARE, VT_OTHER, 0, D_LOGN, { 9, 28, 15 }, { .4, .4, .5 }, .6 },
	{ "sys_adds", VK_COUNT, VT_OTHER, 0, D_CONST, { 1, 1, 1 }, { 0, 0, 0 }, 0 },
	{ "vm_pgfault", VK_COUNT, VT_OTHER, 0, D_LOGN, { 825000, 994000, 900000 }, { .02, .03, .05 }, 0 },
	{ "vm_pgmajfault", VK_COUNT, VT_OTHER, -1, D_COUNT, { 94, 190, 400 }, { .3, .3, .5 }, 0 },
	{ "vm_pswpin", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pswpout", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pgscan_kswapd", VK_COUNT, VT_OTHER, -1, D_RARE, { 0, 0, 20000 }, { 0, 0, 1 }, 0 },
	{ "vm_pgscan_direct", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pgsteal_kswapd", VK_COUNT, VT_OTHER, 0, D_RARE, { 0, 0, 19000 }, { 0, 0, 1 }, 0 },
	{ "vm_pgsteal_direct", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_allocstall", VK_COUNT, VT_OTHER, -1, D_COUNT, { 0, 0, .5 }, { 0, 0, 1 }, 0 },
	{ "vm_workingset_refault", VK_COUNT, VT_OTHER, -1, D_COUNT, { 5, 17, 300 }, { .8, .8, .8 }, 0 },
	{ "vm_oom_kill", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_compact_stall", VK_COUNT, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_thp_fault_alloc", VK_COUNT, VT_OTHER, 0, D_COUNT, { 1, 1, 2 }, { 1, 1, 1 }, 0 },
	{ "vm_nr_dirtied", VK_COUNT, VT_OTHER, 0, D_LOGN, { 1700, 5700, 65000 }, { .5, .5, .1 }, 0 },
	{ "vm_nr_written", VK_COUNT, VT_OTHER, 0, D_LOGN, { 400, 3000, 60000 }, { .6, .6, .15 }, 0 },
	{ "psi_cpu_some", VK_SHARE, VT_OTHER, -1, D_LOGN, { 94, 98, 80 }, { .02, .01, .05 }, .3 },
	{ "psi_cpu_full", VK_SHARE, VT_OTHER, -1, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "psi_mem_some", VK_SHARE, VT_OTHER, -1, D_RARE, { .05, .05, .5 }, { 1, 1, 1 }, 0 },
	{ "psi_mem_full", VK_SHARE, VT_OTHER, -1, D_RARE, { .02, .02, .2 }, { 1, 1, 1 }, 0 },
	{ "psi_io_some", VK_SHARE, VT_OTHER, -1, D_LOGN, { .4, .7, 40 }, { .6, .6, .2 }, 0 },
	{ "psi_io_full", VK_SHARE, VT_OTHER, -1, D_LOGN, { .06, .02, 25 }, { .8, .8, .25 }, 0 },
	{ "disk_read_mib", VK_SIZE, VT_OTHER, 0, D_LOGN, { 207, 320, 250 }, { .2, .2, .3 }, 0 },
	{ "disk_write_mib", VK_SIZE, VT_OTHER, 0, D_LOGN, { 1.6, 12, 256 }, { .5, .5, .1 }, 0 },
	{ "disk_busy", VK_SHARE, VT_OTHER, 0, D_LOGN, { 1.1, 1.7, 60 }, { .3, .3, .15 }, 0 },
	{ "disk_wms", VK_SIZE, VT_OTHER, 0, D_LOGN, { 385, 1300, 90000 }, { .6, .6, .3 }, 0 },
	{ "disk_qdepth", VK_SIZE, VT_OTHER, 0, D_LOGN, { .02, .05, 3 }, { .6, .6, .3 }, 0 },
	{ "lat_n", VK_COUNT, VT_OTHER, 0, D_LOGN, { 344, 500, 600 }, { .05, .05, .1 }, 1 },
	{ "lat_p50", VK_LAT, VT_OTHER, -1, D_LOGN, { 6000, 7900, 5000 }, { .15, .15, .3 }, .5 },
	{ "lat_p99", VK_TAIL, VT_VERDICT, -1, D_HEAVY, { 20000, 38000, 30000 }, { .3, .3, .4 }, .5 },
	{ "lat_max", VK_MAX, VT_OTHER, -1, D_HEAVY, { 48000, 75000, 90000 }, { .5, .5, .6 }, .3 },
	{ "dl_met", VK_MET, VT_OTHER, 1, D_MET, { .6, 4, 3 }, { .5, .5, .6 }, 0 },
	{ "probe_cpu", VK_OVERHEAD, VT_OTHER, 0, D_LOGN, { 1, 1.4, 1.3 }, { .15, .15, .2 }, .3 },
	/* the probe's run-queue delay a slice (schedstat), us: as its p50 */
	{ "lat_rq", VK_TAIL, VT_OTHER, -1, D_LOGN, { 8600, 9500, 6000 }, { .15, .15, .3 }, .5 },
	/* io_load's own requests (1 MiB writes, doc/bench-loads-c.md): count, us, % over 100 ms and 1 s */
	{ "req_n", VK_COUNT, VT_OTHER, 0, D_LOGN, { 0, 0, 260 }, { 0, 0, .15 }, 0 },
	{ "req_mean", VK_LAT, VT_OTHER, -1, D_LOGN, { 0, 0, 1100 }, { 0, 0, .4 }, .3 },
	{ "req_p50", VK_LAT, VT_OTHER, -1, D_LOGN, { 0, 0, 130 }, { 0, 0, .08 }, 0 },
	{ "req_p99", VK_TAIL, VT_OTHER, -1, D_HEAVY, { 0, 0, 6000 }, { 0, 0, .5 }, .3 },
	{ "req_max", VK_MAX, VT_OTHER, -1, D_HEAVY, { 0, 0, 150000 }, { 0, 0, .8 }, .3 },
	{ "req_over1", VK_OVER, VT_OTHER, -1, D_RARE, { 0, 0, .4 }, { 0, 0, 1 }, 0 },
	{ "req_over2", VK_OVER, VT_OTHER, -1, D_RARE, { 0, 0, .05 }, { 0, 0, 1 }, 0 },
};
#define NM ((int)(sizeof(ms) / sizeof(ms[0])))
#define NT (NLOADS * (NM + 1) + 3)	/* every metric, each load's Ratio, the summary */

/* ------------------------------------------------------- random numbers */

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static double
unif(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return ((double)((rng * 2685821657736338717ULL) >> 11) + 0.5) / 9007199254740992.0;
}

static double
gauss(void)
{
	return sqrt(-2 * log(unif())) * cos(2 * M_PI * unif());
}

/* Marsaglia and Tsang's gamma of shape k, mean k */
static double
gamma_k(double k)
{
	double d, c, x, v;

	if (k < 1)
		return gamma_k(k + 1) * pow(unif(), 1 / k);
	d = k - 1.0 / 3;
	c = 1 / sqrt(9 * d);
	for (;;) {
		do {
			x = gauss();
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		if (log(unif()) < 0.5 * x * x + d - d * v + d * log(v))
			return d * v;
	}
}

static double
poisson(double l)
{
	double p = 1, e = exp(-l);
	long k = 0;

	if (l > 500)
		return floor(l + sqrt(l) * gauss() + 0.5);
	while ((p *= unif()) > e)
		k++;
	return (double)k;
}

/* A lognormal of mean m and coefficient of variation cv; z: its standard normal. */
static double
logn(double m, double cv, double z)
{
	double s = sqrt(log1p(cv * cv));

	return m * exp(s * z - s * s / 2);
}

/* ---------------------------------------------------------------- drawing */

/* One run's value of metric k under load l; drift: the round's standard normal. */
static double
draw(const struct msim *s, int l, double drift, double shift)
{
	double m = s->mean[l] * shift, cv = s->cv[l], z;

	z = s->rho * drift + sqrt(1 - s->rho * s->rho) * gauss();
	switch (s->dist) {
	case D_LOGN:
		return logn(m, cv, z);
	case D_HEAVY:
		return logn(m, cv, z) * (unif() < 0.1 ? 1 + 4 * unif() : 1);
	case D_COUNT:
		return m > 0 ? poisson(m * gamma_k(1 / (cv * cv)) * cv * cv) : 0;
	case D_RARE:
		return unif() < 0.7 ? 0 : logn(m, cv, z);
	case D_ZERO:
		return 0;
	case D_CONST:
		return m;
	case D_MET:
		return 100 - logn(m, cv, z);
	}
	return 0;
}

/* One side: n rounds of the 3 loads; x[l][k][r], and each run's paired Ratio. */
struct side {
	double x[NLOADS][NM][MAXN];
	double pr[NLOADS][MAXN];
	double gt[MAXN], gr[MAXN], gl[MAXN];	/* per round: mean log of Time, paired Ratio, Loads */
};

/*
 * Time in round r is the load's mean x the round's drift x its own
 * noise: the drift (the box, shared by the round's runs) is what the
 * paired Ratio cancels.  tshift: Time's factor per load (the A/B's).
 */
static void
draw_side(struct side *sd, int n, const double *tshift, double tcv)
{
	int r, l, k;

	for (r = 0; r < n; r++) {
		double drift = gauss();

		for (l = 0; l < NLOADS; l++)
			for (k = 0; k < NM; k++) {
				struct msim s = ms[k];

				if (k == 0 && tcv > 0) {
					s.cv[l] = tcv;
					s.rho = 0.6;
				}
				sd->x[l][k][r] = draw(&s, l, drift, k == 0 ? tshift[l] : 1);
			}
		sd->gt[r] = sd->gr[r] = sd->gl[r] = 0;
		for (l = 0; l < NLOADS; l++) {
			sd->pr[l][r] = sd->x[l][0][r] / sd->x[0][0][r];
			sd->gt[r] += log(sd->x[l][0][r]) / NLOADS;
			if (l > 0) {
				sd->gr[r] += log(sd->pr[l][r]) / (NLOADS - 1);
				sd->gl[r] += log(sd->x[l][2][r]) / (NLOADS - 1);
			}
		}
	}
}

/* ------------------------------------------------------------ comparing */

static void
setup(struct vd_test *t, enum vd_kind kind, enum vd_tier tier, int better, double rw)
{
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->tier = tier;
	t->better = better;
	t->rweight = rw;
}

/*
 * The summary: geometric means over the loads of Time, paired Ratio and
 * Loads, each a two-sample test of the rounds' own means of logs (the
 * loads of one round share its drift: treating them as independent
 * would understate the spread).
 */
static int
summary(struct vd_test *t, const char **name, const struct side *a, const struct side *b, int n)
{
	static const char *names[3] = { "summary Time", "summary Ratio", "summary Loads" };
	const double *x[3][2] = { { b->gt, a->gt }, { b->gr, a->gr }, { b->gl, a->gl } };
	struct vd_part p[2];
	int j;

	for (j = 0; j < 3; j++) {
		setup(&t[j], j == 2 ? VK_WORK : VK_TIME, VT_SUMMARY, j == 2 ? 1 : -1, j == 0 ? 2 : 1);
		t[j].logged = 1;
		vd_sample(&p[0], 1, x[j][0], n);
		vd_sample(&p[1], -1, x[j][1], n);
		vd_parts(&t[j], p, 2, exp(p[1].mean));
		name[j] = names[j];
	}
	return 3;
}

/* Every test of one comparison of b against a; how many. */
static int
family(struct vd_test *t, const char **name, const struct side *a, const struct side *b, int n)
{
	struct vd_part p[2];
	int l, k, nt = summary(t, name, a, b, n);

	for (l = 0; l < NLOADS; l++) {
		for (k = 0; k < NM; k++) {
			if (ms[k].mean[l] == 0 && ms[k].dist != D_ZERO)
				continue;	/* no such metric under this load */
			setup(&t[nt], ms[k].kind, ms[k].tier, ms[k].better, k == 0 ? 2 : 1);
			name[nt] = ms[k].name;
			vd_sample(&p[0], 1, b->x[l][k], n);
			vd_sample(&p[1], -1, a->x[l][k], n);
			vd_parts(&t[nt++], p, 2, p[1].mean);
		}
		if (l == 0)
			continue;	/* no_load's own Ratio is 1 */
		setup(&t[nt], VK_TIME, VT_VERDICT, -1, 1);
		name[nt] = "paired Ratio";
		vd_sample(&p[0], 1, b->pr[l], n);
		vd_sample(&p[1], -1, a->pr[l], n);
		vd_parts(&t[nt++], p, 2, p[1].mean);
	}
	return nt;
}

static int
marked(const struct vd_test *t)
{
	return t->mark == VD_BETTER || t->mark == VD_WORSE || t->mark == VD_CHANGED;
}

/* Wilson's 95% interval of k in n, in %. */
static void
wilson(long k, long n, double *lo, double *hi)
{
	double p = (double)k / n, z = 1.96, c = p + z * z / (2 * n), d;

	d = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));
	*lo = 100 * (c - d) / (1 + z * z / n);
	*hi = 100 * (c + d) / (1 + z * z / n);
}

/* A/A at n runs a side: the share of comparisons with any mark, %. */
static double
aa(long ncmp, int n)
{
	static const double one[NLOADS] = { 1, 1, 1 };
	static struct side a, b;
	struct vd_test t[NT];
	const char *name[NT], *seen[NT];
	long c, any = 0, tests = 0, by[NT] = { 0 }, old = 0;
	double lo, hi;
	int i, j, nt = 0, nseen = 0;

	for (c = 0; c < ncmp; c++) {
		int hit = 0, hit_old = 0;

		draw_side(&a, n, one, 0);
		draw_side(&b, n, one, 0);
		nt = family(t, name, &a, &b, n);
		vd_family(t, (size_t)nt, VD_ALPHA);
		for (i = 0; i < nt; i++) {
			tests += t[i].tested;
			hit_old |= t[i].tested && t[i].p < 0.05;
			if (!marked(&t[i]))
				continue;
			hit = 1;
			for (j = 0; j < nseen && strcmp(seen[j], name[i]); j++)
				;
			if (j == nseen)
				seen[nseen++] = name[i];
			by[j]++;
		}
		any += hit;
		old += hit_old;
	}
	wilson(any, ncmp, &lo, &hi);
	printf("A/A, %d runs a side: %ld comparisons of %d tests (%.1f tested on average: "
	    "%d loads, the summary): %ld with any mark, %.2f%% (95%% CI %.2f-%.2f%%)\n", n, ncmp, nt,
	    (double)tests / ncmp, NLOADS, any, 100.0 * any / ncmp, lo, hi);
	for (j = 0; j < nseen; j++)
		printf("  marks on %s: %ld\n", seen[j], by[j]);
	printf("  (each test alone at p < 0.05, the rule before: %.1f%% of them)\n", 100.0 * old / ncmp);
	return 100.0 * any / ncmp;
}

/*
 * A/B at n runs a side, Time at cv, B's Time x shift under the loads in
 * mask: the share of comparisons calling Time worse (in the summary or
 * in a load), %; *perload: the share of shifted loads whose Time is
 * called worse.
 */
static double
ab(long ncmp, int n, double cv, double shift, int mask, double *perload, double *summ)
{
	static struct side a, b;
	double one[NLOADS] = { 1, 1, 1 }, sh[NLOADS];
	struct vd_test t[NT];
	const char *name[NT];
	long c, any = 0, loads = 0, nl = 0, sm = 0;
	int l;

	for (l = 0; l < NLOADS; l++)
		sh[l] = mask >> l & 1 ? shift : 1;
	for (c = 0; c < ncmp; c++) {
		int nt, hit, i;

		draw_side(&a, n, one, cv);
		draw_side(&b, n, sh, cv);
		nt = family(t, name, &a, &b, n);
		vd_family(t, (size_t)nt, VD_ALPHA);
		hit = t[0].mark == VD_WORSE;
		sm += hit;
		/* each load's Time is the first test of its block */
		for (l = 0, i = 3; l < NLOADS; l++) {
			if (mask >> l & 1) {
				nl++;
				loads += t[i].mark == VD_WORSE;
				hit |= t[i].mark == VD_WORSE;
			}
			while (++i < nt && strcmp(name[i], "time"))
				;
		}
		any += hit;
	}
	*perload = 100.0 * loads / nl;
	*summ = 100.0 * sm / ncmp;
	return 100.0 * any / ncmp;
}

/*
 * Why --until stops on precision and never on p: A/A sequences of up to
 * 20 rounds of Time alone (3% CV), one test each at p < 0.05.  Peeking
 * after every round and stopping at the first p < 0.05 against stopping
 * once the interval's half-width is 2% (after 3 rounds at least, as
 * --until's default -n) and testing then: the share of sequences that
 * end with a false alarm, %.
 */
static void
peeking(long nseq, double *first_p, double *precision)
{
	long s, fp = 0, fprec = 0;

	for (s = 0; s < nseq; s++) {
		double a[20], b[20];
		int n, hit = 0, done = 0;

		for (n = 0; n < 20; n++) {
			struct vd_part p[2];
			struct vd_test t;

			a[n] = logn(100, 0.03, gauss());
			b[n] = logn(100, 0.03, gauss());
			if (n < 1)
				continue;
			memset(&t, 0, sizeof(t));
			t.kind = VK_TIME;
			t.better = -1;
			vd_sample(&p[0], 1, b, n + 1);
			vd_sample(&p[1], -1, a, n + 1);
			vd_parts(&t, p, 2, p[1].mean);
			vd_family(&t, 1, VD_ALPHA);
			hit |= t.p < 0.05;
			if (!done && n >= 2 && ((t.hi - t.lo) / 2 <= 2 || n == 19)) {
				fprec += t.p < 0.05;
				done = 1;
			}
		}
		fp += hit;
	}
	*first_p = 100.0 * fp / nseq;
	*precision = 100.0 * fprec / nseq;
}

int
main(int argc, char **argv)
{
	long ncmp = argc > 1 ? atol(argv[1]) : 1000;
	double r3, r5, all, one, pl, pl1, s, s1, pk, pr;
	int bad = 0;

	if (ncmp < 1)
		return 2;
	r3 = aa(ncmp, 3);
	r5 = aa(ncmp, 5);
	all = ab(ncmp, 5, 0.02, 1.05, 7, &pl, &s);
	printf("A/B, 5 runs a side, Time 2%% CV, +5%% under every load: %ld comparisons, "
	    "%.1f%% call Time worse (the summary's %.1f%%, each load's %.1f%%)\n", ncmp, all, s, pl);
	one = ab(ncmp, 5, 0.02, 1.05, 4, &pl1, &s1);
	printf("A/B, 5 runs a side, Time 2%% CV, +5%% under io_load alone: "
	    "%.1f%% call Time worse (the summary's %.1f%%, io_load's %.1f%%)\n", one, s1, pl1);
	peeking(ncmp, &pk, &pr);
	printf("A/A sequences of up to 20 rounds, one test at p < 0.05: stopping at the first p < 0.05 "
	    "ends in a false alarm in %.1f%%, stopping once the interval is +-2%% wide (3 rounds at least) "
	    "in %.1f%%\n", pk, pr);
	if (r3 >= 5 || r5 >= 5) {
		printf("FAIL: an A/A rate is not under 5%%\n");
		bad = 1;
	}
	if (all < 80) {
		printf("FAIL: the A/B calls Time worse in under 80%%\n");
		bad = 1;
	}
	return bad;
}
