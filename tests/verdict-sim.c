/*
 * verdict-sim.c: checks by simulation, with a fixed seed, what the
 * comparison engine promises, through the report's own code: each
 * comparison is a log that log.c's writer makes (two labels, A the base
 * and B the candidate, n rounds each of no_load, process_load and
 * io_load, some 60 keys a run), which the model reads (report/model.c),
 * -c's family decides (report/family.c, report/verdict.c) and --verdict
 * judges (report_verdict, report/compare.c), as contest -r does (with
 * --threshold 3, render_verdict on -c's own model).  It
 * measures: A/A comparisons (both sides drawn alike) at 3 and 5 runs a
 * side, fewer than 5% of which may carry any mark of -c; the share of
 * them where --verdict exits 1 (under 5%), 125 or 0; A/B comparisons
 * with Time +5% at 2% CV and 5 runs, under every load (the case of issue
 * 29) and under io_load alone; and in every comparison whether -c and
 * --verdict agree: --verdict exits 1 exactly when -c marks a verdict
 * metric of a load (Time, Ratio, Loads, latency p99: the tests of tier
 * VT_VERDICT, as the metric table and the family give it) or the summary's
 * Time, Ratio or Loads worse (and, with --threshold 3, by over 3%).  The
 * spreads are those of real records of this project's box (doc/report.md,
 * "Verdicts"); the others' CPU is a quiet box's, so that no mark is held
 * back by the environment and no rate leans on it.  Prints the rates;
 * exits 1 when one is out of bounds or -c and --verdict disagree once.
 *
 * usage: verdict-sim.bin [COMPARISONS [LOG]]   (default 1000 of each
 * kind; LOG, the scratch log rewritten for each comparison, default a
 * temporary file)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../log.h"
#include "../report.h"
#include "../report/model.h"
#include "../util.h"

#define NLOADS	3
#define MAXN	8
#define THR	3.0	/* the --threshold checked beside the default */

static const char *const loads[NLOADS] = { "no_load", "process_load", "io_load" };
static const char *const units[NLOADS] = { "none", "kmsg", "MiB" };

/* How a key's values are drawn. */
enum dist {
	D_LOGN,		/* lognormal: mean, cv; rho of its log with the round's drift */
	D_HEAVY,	/* lognormal, and one run in ten up to 5x: latency tails */
	D_COUNT,	/* Poisson of a gamma mean (cv): counters, overdispersed */
	D_RARE,		/* 0 in 7 runs of 10, else lognormal: PSI memory, rare stalls */
	D_ZERO,		/* always 0: counters of events that do not happen here */
	D_CONST,	/* always the mean: sys_adds, settings */
	D_MET		/* 100 - a lognormal: deadlines met */
};

/* How a drawn value becomes the key's: as it is, or converted. */
enum put { P_KEY, P_SHARE, P_CTXSW, P_MIB };

struct msim {
	const char *key;	/* the log's key (P_CTXSW: nvcsw and nivcsw) */
	enum put put;		/* P_SHARE: drawn as % of the elapsed; P_MIB: drawn in MiB, logged in sectors */
	enum dist dist;
	double mean[NLOADS], cv[NLOADS];	/* no_load, process_load, io_load; mean 0: not logged */
	double rho;		/* of the log with the round's drift */
};

/*
 * elapsed first: the Time the Ratio and the summary are made of.  CPU%,
 * the compile's and the load's shares and the rest share are the model's
 * own functions of these (report/model.h), as in a real log.
 */
static const struct msim ms[] = {
	{ "elapsed", P_KEY, D_LOGN, { 18, 26, 30 }, { .03, .05, .08 }, .7 },
	{ "units", P_KEY, D_LOGN, { 0, 2100, 250 }, { 0, .08, .15 }, 0 },	/* the load's work */
	{ "lcpu", P_SHARE, D_LOGN, { 0, 25, 10 }, { 0, .08, .2 }, 0 },
	{ "user", P_KEY, D_LOGN, { 19.7, 19.7, 19.8 }, { .01, .01, .015 }, .2 },
	{ "sys", P_KEY, D_LOGN, { 11, 10.7, 11.5 }, { .02, .03, .04 }, .2 },
	{ "majflt", P_KEY, D_COUNT, { 80, 150, 200 }, { .3, .3, .4 }, 0 },
	{ "nvcsw", P_CTXSW, D_LOGN, { 13000, 14000, 16000 }, { .05, .06, .1 }, .3 },
	{ "minflt", P_KEY, D_LOGN, { 790000, 790300, 790500 }, { .002, .002, .003 }, 0 },
	{ "maxrss", P_KEY, D_LOGN, { 57800, 57800, 57800 }, { .002, .002, .002 }, 0 },
	{ "self", P_KEY, D_LOGN, { .008, .013, .015 }, { .2, .2, .3 }, 0 },
	{ "sys_user", P_KEY, D_LOGN, { 62, 65, 45 }, { .03, .03, .08 }, 0 },
	{ "sys_nice", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "sys_system", P_KEY, D_LOGN, { 36, 34, 40 }, { .04, .04, .08 }, 0 },
	{ "sys_irq", P_KEY, D_LOGN, { .09, .08, .2 }, { .2, .2, .3 }, 0 },
	{ "sys_iowait", P_KEY, D_LOGN, { .06, .03, 8 }, { .6, .6, .4 }, 0 },
	{ "sys_steal", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "sys_idle", P_KEY, D_LOGN, { 1.5, .1, 6 }, { .8, .8, .5 }, -.3 },
	/* others' CPU: a quiet box's, never 2 points apart between the sides */
	{ "sys_rest", P_KEY, D_LOGN, { 2, 2, 2 }, { .3, .3, .3 }, 0 },
	{ "sys_adds", P_KEY, D_CONST, { 1, 1, 1 }, { 0, 0, 0 }, 0 },
	{ "vm_pgfault", P_KEY, D_LOGN, { 825000, 994000, 900000 }, { .02, .03, .05 }, 0 },
	{ "vm_pgmajfault", P_KEY, D_COUNT, { 94, 190, 400 }, { .3, .3, .5 }, 0 },
	{ "vm_pswpin", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pswpout", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pgscan_kswapd", P_KEY, D_RARE, { 0, 0, 20000 }, { 0, 0, 1 }, 0 },
	{ "vm_pgscan_direct", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_pgsteal_kswapd", P_KEY, D_RARE, { 0, 0, 19000 }, { 0, 0, 1 }, 0 },
	{ "vm_pgsteal_direct", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_allocstall", P_KEY, D_COUNT, { 0, 0, .5 }, { 0, 0, 1 }, 0 },
	{ "vm_workingset_refault", P_KEY, D_COUNT, { 5, 17, 300 }, { .8, .8, .8 }, 0 },
	{ "vm_oom_kill", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_compact_stall", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "vm_thp_fault_alloc", P_KEY, D_COUNT, { 1, 1, 2 }, { 1, 1, 1 }, 0 },
	{ "vm_nr_dirtied", P_KEY, D_LOGN, { 1700, 5700, 65000 }, { .5, .5, .1 }, 0 },
	{ "vm_nr_written", P_KEY, D_LOGN, { 400, 3000, 60000 }, { .6, .6, .15 }, 0 },
	{ "psi_cpu_some", P_KEY, D_LOGN, { 94, 98, 80 }, { .02, .01, .05 }, .3 },
	{ "psi_cpu_full", P_KEY, D_ZERO, { 0, 0, 0 }, { 0, 0, 0 }, 0 },
	{ "psi_mem_some", P_KEY, D_RARE, { .05, .05, .5 }, { 1, 1, 1 }, 0 },
	{ "psi_mem_full", P_KEY, D_RARE, { .02, .02, .2 }, { 1, 1, 1 }, 0 },
	{ "psi_io_some", P_KEY, D_LOGN, { .4, .7, 40 }, { .6, .6, .2 }, 0 },
	{ "psi_io_full", P_KEY, D_LOGN, { .06, .02, 25 }, { .8, .8, .25 }, 0 },
	{ "disk_rsect", P_MIB, D_LOGN, { 207, 320, 250 }, { .2, .2, .3 }, 0 },
	{ "disk_wsect", P_MIB, D_LOGN, { 1.6, 12, 256 }, { .5, .5, .1 }, 0 },
	{ "disk_busy", P_KEY, D_LOGN, { 1.1, 1.7, 60 }, { .3, .3, .15 }, 0 },
	{ "disk_wms", P_KEY, D_LOGN, { 385, 1300, 90000 }, { .6, .6, .3 }, 0 },
	{ "disk_qdepth", P_KEY, D_LOGN, { .02, .05, 3 }, { .6, .6, .3 }, 0 },
	{ "lat_n", P_KEY, D_LOGN, { 344, 500, 600 }, { .05, .05, .1 }, 1 },
	{ "lat_p50", P_KEY, D_LOGN, { 6000, 7900, 5000 }, { .15, .15, .3 }, .5 },
	{ "lat_p99", P_KEY, D_HEAVY, { 20000, 38000, 30000 }, { .3, .3, .4 }, .5 },
	{ "lat_max", P_KEY, D_HEAVY, { 48000, 75000, 90000 }, { .5, .5, .6 }, .3 },
	{ "dl_met", P_KEY, D_MET, { .6, 4, 3 }, { .5, .5, .6 }, 0 },
	{ "probe_cpu", P_KEY, D_LOGN, { 1, 1.4, 1.3 }, { .15, .15, .2 }, .3 },
	/* the probe's run-queue delay a slice (schedstat), us: as its p50 */
	{ "lat_rq", P_KEY, D_LOGN, { 8600, 9500, 6000 }, { .15, .15, .3 }, .5 },
	/* io_load's own requests (1 MiB writes, doc/bench-loads-c.md): count, us, % over 100 ms and 1 s */
	{ "req_n", P_KEY, D_LOGN, { 0, 0, 260 }, { 0, 0, .15 }, 0 },
	{ "req_mean", P_KEY, D_LOGN, { 0, 0, 1100 }, { 0, 0, .4 }, .3 },
	{ "req_p50", P_KEY, D_LOGN, { 0, 0, 130 }, { 0, 0, .08 }, 0 },
	{ "req_p99", P_KEY, D_HEAVY, { 0, 0, 6000 }, { 0, 0, .5 }, .3 },
	{ "req_max", P_KEY, D_HEAVY, { 0, 0, 150000 }, { 0, 0, .8 }, .3 },
	{ "req_over1", P_KEY, D_RARE, { 0, 0, .4 }, { 0, 0, 1 }, 0 },
	{ "req_over2", P_KEY, D_RARE, { 0, 0, .05 }, { 0, 0, 1 }, 0 },
	{ "req_t1", P_KEY, D_CONST, { 0, 0, 100 }, { 0, 0, 0 }, 0 },
	{ "req_t2", P_KEY, D_CONST, { 0, 0, 1000 }, { 0, 0, 0 }, 0 },
};
#define NM ((int)(sizeof(ms) / sizeof(ms[0])))

/* ------------------------------------------------------- random numbers */

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static double
unif(void)
{
	return ((double)(rng_next(&rng) >> 11) + 0.5) / 9007199254740992.0;	/* in (0, 1): a log of it is finite */
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

/* One run's value of s under load l; drift: the round's standard normal; shift: a factor. */
static double
draw(const struct msim *s, int l, double cv, double rho, double drift, double shift)
{
	double m = s->mean[l] * shift, z;

	z = rho * drift + sqrt(1 - rho * rho) * gauss();
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

/* The key named name, K_*; the simulation's table is wrong when it is not one. */
static int
key(const char *name)
{
	int k = log_numkey(name, strlen(name));

	if (k < 0) {
		fprintf(stderr, "verdict-sim: no log key '%s'\n", name);
		exit(2);
	}
	return k;
}

/*
 * One run's record of label under load l, round r of invocation inv.
 * Time is the load's mean x the round's drift x its own noise: the drift
 * (the box, shared by the round's runs) is what the paired Ratio
 * cancels.  tshift: Time's factor (the A/B's); tcv > 0: Time's CV.
 */
static void
run_rec(struct rec *rc, const char *label, const char *inv, const char *date, int l, int r,
    double drift, double tshift, double tcv)
{
	double el = 0, v;
	int i;

	rec_init(rc);
	snprintf(rc->date, sizeof(rc->date), "%s", date);
	snprintf(rc->host, sizeof(rc->host), "box");
	snprintf(rc->label, sizeof(rc->label), "%s", label);
	snprintf(rc->kernel, sizeof(rc->kernel), "6.1.0");
	snprintf(rc->load, sizeof(rc->load), "%s", loads[l]);
	snprintf(rc->inv, sizeof(rc->inv), "%s", inv);
	snprintf(rc->status, sizeof(rc->status), "ok");
	snprintf(rc->unit, sizeof(rc->unit), "%s", units[l]);
	snprintf(rc->workload, sizeof(rc->workload), "builtin:320");
	snprintf(rc->cache, sizeof(rc->cache), "dropped");
	snprintf(rc->drop, sizeof(rc->drop), "yes");
	snprintf(rc->profile, sizeof(rc->profile), "off");
	rc->run = r;
	rc->round = r;
	rc->jobs = 8;
	rc->ncpu = rc->ncpu_online = 2;
	for (i = 0; i < NM; i++) {
		const struct msim *s = &ms[i];
		int time = i == 0;

		if (s->mean[l] == 0 && s->dist != D_ZERO) {
			if (i < 5)	/* a run's required keys: 0 (no_load's work) */
				rec_set(rc, key(s->key), 0);
			continue;
		}
		v = draw(s, l, time && tcv > 0 ? tcv : s->cv[l], time && tcv > 0 ? 0.6 : s->rho, drift,
		    time ? tshift : 1);
		if (time)
			el = v;
		switch (s->put) {
		case P_KEY:
			rec_set(rc, key(s->key), v);
			break;
		case P_SHARE:
			rec_set(rc, key(s->key), v * el / 100);
			break;
		case P_CTXSW:
			rec_set(rc, key("nvcsw"), floor(0.8 * v));
			rec_set(rc, key("nivcsw"), floor(0.2 * v));
			break;
		case P_MIB:
			rec_set(rc, key(s->key), floor(v * 2048));
			break;
		}
	}
}

/* The log of one comparison: A's n rounds, then B's (Time x tshift[l]); -1 if it cannot be written. */
static int
write_log(const char *path, int n, const double *tshift, double tcv)
{
	static struct rec rc;
	static const char *const side[2] = { "A", "B" };
	char line[LOG_LINE_MAX], inv[32], date[32];
	FILE *f = fopen(path, "w");
	int s, r, l;

	if (f == NULL)
		return -1;
	for (s = 0; s < 2; s++) {
		snprintf(inv, sizeof(inv), "178000000%d.%d", s, 4242 + s);
		for (r = 1; r <= n; r++) {
			double drift = gauss();

			for (l = 0; l < NLOADS; l++) {
				snprintf(date, sizeof(date), "2026-12-0%dT10:%02d:%02dZ", s + 1, r, l);
				run_rec(&rc, side[s], inv, date, l, r, drift, s ? tshift[l] : 1, tcv);
				if (log_format(&rc, line, sizeof(line)) < 0 || fputs(line, f) == EOF) {
					fclose(f);
					return -1;
				}
			}
		}
	}
	return fclose(f) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------ comparing */

/* What -c and --verdict said of one log. */
struct outcome {
	int any;		/* -c: any mark (better, worse, changed) on any test */
	int old;		/* any test alone at p < 0.05 (the rule before the family) */
	int cworse[2];		/* -c: a verdict metric or the summary marked worse; [1]: by over THR % */
	int sum_time;		/* -c: the summary's Time marked worse */
	int time[NLOADS];	/* -c: each load's Time marked worse */
	int exit[2];		/* --verdict's exit: by the floors, and with --threshold THR */
};

#define NNAMES (F_SLOTS + S_N)
static long by_name[NNAMES];	/* marks of the A/A by test: F_SLOTS of the loads, then the summary's */

/* A test's mark of -c's verdict: worse, by over thr % when thr > 0. */
static int
worse(const struct vd_test *t, double thr)
{
	return t != NULL && t->mark == VD_WORSE && (!(thr > 0) || !isfinite(t->pct) || fabs(t->pct) > thr);
}

static int
marked(const struct vd_test *t)
{
	return t != NULL && (t->mark == VD_BETTER || t->mark == VD_WORSE || t->mark == VD_CHANGED);
}

/*
 * -c A on the log, as report() builds it: every mark of B against A; and
 * --threshold THR's verdict, render_verdict on this same model (with two
 * labels -c's family is --verdict's).
 */
static int
compare(const char *path, struct outcome *o, int count, FILE *devnull)
{
	static const char *const order[] = { "no_load", "process_load", "io_load", NULL };
	const char *logs[1] = { path };
	struct view_opts ro;
	struct model m;
	size_t a, b, i;
	int l, k, j, rc = -1;

	memset(&ro, 0, sizeof(ro));
	ro.order = order;
	ro.compare = 1;
	if (model_read(&m, &ro, 1, logs) < 0 || model_shape(&m) < 0 ||
	    model_resolve(&m, "-c", "A", &a) < 0 || model_resolve(&m, "-c", "B", &b) < 0)
		goto out;
	m.cmp_row = a;
	if (model_verdicts(&m) < 0)
		goto out;
	for (i = 0; i < m.nvt; i++) {
		o->any |= marked(&m.vt[i]);
		o->old |= m.vt[i].tested && m.vt[i].p < 0.05;
	}
	for (l = 0; l < NLOADS; l++) {
		const struct group *g = model_find(&m, b, loads[l]);

		if (g == NULL)
			goto out;
		o->time[l] = worse(model_test(&m, g, M_TIME), 0);
		/*
		 * The load's verdict metrics as the engine has them: each
		 * test slot whose test the family gave tier VT_VERDICT (the
		 * metric table's tier, and the Ratio's); M_PAIRED has no slot
		 * of its own (model_test gives the Ratio's test for it).
		 */
		for (k = 0; k < F_SLOTS; k++) {
			const struct vd_test *t = k == M_PAIRED ? NULL : model_test(&m, g, k);

			if (t != NULL && t->tier == VT_VERDICT)
				for (j = 0; j < 2; j++)
					o->cworse[j] |= worse(t, j ? THR : 0);
			by_name[k] += count && marked(t);
		}
	}
	for (k = 0; k < S_N; k++) {
		const struct vd_test *t = model_sum_test(&m, b, k);

		for (j = 0; j < 2; j++)
			o->cworse[j] |= worse(t, j ? THR : 0);
		by_name[F_SLOTS + k] += count && marked(t);
	}
	o->sum_time = worse(model_sum_test(&m, b, S_TIME), 0);
	o->exit[1] = render_verdict(devnull, &m, b, THR);
	rc = 0;
out:
	model_free(&m);
	return rc;
}

/* --verdict A (the candidate: the newest label, B) on the log, by the floors; its exit. */
static int
verdict(const char *path, FILE *devnull)
{
	static const char *const order[] = { "no_load", "process_load", "io_load", NULL };
	const char *logs[1] = { path };
	struct report_opts ro;

	memset(&ro, 0, sizeof(ro));
	ro.order = order;
	ro.verdict = "A";
	return report_verdict(&ro, 1, logs, devnull);
}

/* Tallies of a kind of comparison. */
struct tally {
	long n, any, old, sum_time, time_any, time_loads, shifted;
	long cworse[2], exit[2][3];	/* exits 0, 1, 125 */
	long disagree[2];		/* -c's worse and --verdict's 1 not together */
	long v_unmarked[2][3];		/* --verdict's exits where -c marks nothing worse */
};

static int
ix(int e)
{
	return e == 0 ? 0 : e == 1 ? 1 : 2;
}

/* ncmp comparisons of n runs a side, B's Time x shift under the loads of mask (0: A/A). */
static int
kind(const char *path, FILE *devnull, long ncmp, int n, double tcv, double shift, int mask,
    struct tally *t)
{
	double sh[NLOADS];
	long c;
	int l, j;

	memset(t, 0, sizeof(*t));
	for (l = 0; l < NLOADS; l++)
		sh[l] = mask >> l & 1 ? shift : 1;
	for (c = 0; c < ncmp; c++) {
		struct outcome o;

		memset(&o, 0, sizeof(o));
		if (write_log(path, n, sh, tcv) < 0 || compare(path, &o, mask == 0, devnull) < 0) {
			fprintf(stderr, "verdict-sim: cannot write or read '%s'\n", path);
			return -1;
		}
		o.exit[0] = verdict(path, devnull);
		for (j = 0; j < 2; j++) {
			if (o.exit[j] != 0 && o.exit[j] != 1 && o.exit[j] != 125) {
				fprintf(stderr, "verdict-sim: --verdict exited %d\n", o.exit[j]);
				return -1;
			}
			t->exit[j][ix(o.exit[j])]++;
			t->cworse[j] += o.cworse[j];
			t->disagree[j] += o.cworse[j] != (o.exit[j] == 1);
			if (!o.cworse[j])
				t->v_unmarked[j][ix(o.exit[j])]++;
		}
		t->n++;
		t->any += o.any;
		t->old += o.old;
		t->sum_time += o.sum_time;
		for (l = 0, j = 0; l < NLOADS; l++)
			if (mask >> l & 1) {
				t->shifted++;
				t->time_loads += o.time[l];
				j |= o.time[l];
			}
		t->time_any += j || o.sum_time;
	}
	return 0;
}

static double
pc(long k, long n)
{
	return n ? 100.0 * (double)k / (double)n : NAN;
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

/* What --verdict said, by the floors ([0]) and with --threshold THR ([1]), and the agreement. */
static void
print_verdicts(const struct tally *t)
{
	int j;

	for (j = 0; j < 2; j++) {
		const long *e = t->exit[j], *u = t->v_unmarked[j];
		long nu = u[0] + u[1] + u[2];

		printf("  --verdict%s: exit 1 %.2f%%, 125 %.2f%%, 0 %.2f%%; -c marks a verdict metric or "
		    "the summary worse%s in %.2f%%; they disagree in %ld; where -c marks nothing worse "
		    "(%ld), --verdict exits 0 in %.1f%%, 125 in %.1f%%\n", j ? " --threshold 3" : "",
		    pc(e[1], t->n), pc(e[2], t->n), pc(e[0], t->n), j ? " by over 3%" : "",
		    pc(t->cworse[j], t->n), t->disagree[j], nu, pc(u[0], nu), pc(u[2], nu));
	}
}

/* A/A at n runs a side: the share of comparisons with any mark, %. */
static double
aa(const char *path, FILE *devnull, long ncmp, int n, struct tally *t)
{
	static const char *const sum[S_N] = { "summary Time", "summary Ratio", "summary Loads" };
	double lo, hi;
	int k;

	memset(by_name, 0, sizeof(by_name));
	if (kind(path, devnull, ncmp, n, 0, 1, 0, t) < 0)
		exit(2);
	wilson(t->any, t->n, &lo, &hi);
	printf("A/A, %d runs a side: %ld comparisons (%d loads, the summary): %ld with any mark of -c, "
	    "%.2f%% (95%% CI %.2f-%.2f%%)\n", n, t->n, NLOADS, t->any, pc(t->any, t->n), lo, hi);
	for (k = 0; k < NNAMES; k++)
		if (by_name[k])
			printf("  marks on %s: %ld\n", k < F_SLOTS ? k == F_RATIO ? "Ratio" : metrics[k].name :
			    sum[k - F_SLOTS], by_name[k]);
	printf("  (each test alone at p < 0.05, the rule before: %.1f%% of them)\n", pc(t->old, t->n));
	print_verdicts(t);
	return pc(t->any, t->n);
}

/* A/B at 5 runs a side, Time at 2% CV x 1.05 under the loads of mask. */
static void
ab(const char *path, FILE *devnull, long ncmp, int mask, const char *what, struct tally *t)
{
	if (kind(path, devnull, ncmp, 5, 0.02, 1.05, mask, t) < 0)
		exit(2);
	printf("A/B, 5 runs a side, Time 2%% CV, +5%% under %s: %ld comparisons, -c calls Time worse in "
	    "%.1f%% (the summary's %.1f%%, each load's %.1f%%)\n", what, t->n, pc(t->time_any, t->n),
	    pc(t->sum_time, t->n), pc(t->time_loads, t->shifted));
	print_verdicts(t);
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
	char tmp[] = "/tmp/verdict-sim.XXXXXX";
	const char *path = argc > 2 ? argv[2] : tmp;
	struct tally a3, a5, all, one;
	FILE *devnull = fopen("/dev/null", "w");
	double r3, r5, pk, pr;
	int bad = 0, fd, j;

	if (ncmp < 1 || devnull == NULL)
		return 2;
	if (argc <= 2) {
		if ((fd = mkstemp(tmp)) < 0)
			return 2;
		close(fd);
	}
	r3 = aa(path, devnull, ncmp, 3, &a3);
	r5 = aa(path, devnull, ncmp, 5, &a5);
	ab(path, devnull, ncmp, 7, "every load", &all);
	ab(path, devnull, ncmp, 4, "io_load alone", &one);
	if (argc <= 2)
		unlink(tmp);
	peeking(ncmp, &pk, &pr);
	printf("A/A sequences of up to 20 rounds, one test at p < 0.05: stopping at the first p < 0.05 "
	    "ends in a false alarm in %.1f%%, stopping once the interval is +-2%% wide (3 rounds at least) "
	    "in %.1f%%\n", pk, pr);
	if (r3 >= 5 || r5 >= 5) {
		printf("FAIL: an A/A rate of -c is not under 5%%\n");
		bad = 1;
	}
	for (j = 0; j < 2; j++)
		if (pc(a3.exit[j][1], a3.n) >= 5 || pc(a5.exit[j][1], a5.n) >= 5) {
			printf("FAIL: an A/A rate of --verdict's exit 1 is not under 5%%\n");
			bad = 1;
		}
	if (pc(all.time_any, all.n) < 80 || pc(all.exit[0][1], all.n) < 80) {
		printf("FAIL: the A/B +5%% under every load is called worse in under 80%%\n");
		bad = 1;
	}
	for (j = 0; j < 2; j++)
		if (a3.disagree[j] + a5.disagree[j] + all.disagree[j] + one.disagree[j]) {
			printf("FAIL: -c and --verdict disagree\n");
			bad = 1;
		}
	return bad;
}
