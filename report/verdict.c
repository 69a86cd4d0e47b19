/*
 * verdict.c: the comparison engine (verdict.h).  Welch's t on the log
 * ratio of two means (or on their difference when a mean is 0), with the
 * delta method's variance and the Welch-Satterthwaite degrees of
 * freedom; weighted Holm over the whole comparison; the materiality
 * floors of each kind of metric; the smallest change the runs could see.
 * Why each choice, and the simulation that checks the rates it promises
 * (tests/verdict-sim.c), are in doc/report.md, "Verdicts".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "verdict.h"

/* The floors: rel (% of the base) and abs (unit of the metric). */
static const struct {
	const char *name;
	double rel, abs;
} kinds[VK_N] = {
	[VK_TIME] = { "time", 1, 0 },
	[VK_WORK] = { "work", 2, 0 },
	[VK_CPU] = { "CPU share", 2, 1 },
	[VK_SHARE] = { "machine share", 10, 1 },
	[VK_MET] = { "deadlines", 0, 1 },
	[VK_LAT] = { "latency", 10, 10 },
	[VK_TAIL] = { "latency tail", 25, 10 },
	[VK_MAX] = { "latency max", 100, 100 },
	[VK_COUNT] = { "counter", 10, 1 },
	[VK_SIZE] = { "size", 5, 1 },
	[VK_OVERHEAD] = { "overhead", 10, 0 },
	[VK_OVER] = { "share over a threshold", 100, 0.01 },
	[VK_FAIR] = { "fairness", 2, 1 },
	[VK_SETTING] = { "setting", 0, 0 },
};

/*
 * The tiers' shares of alpha.  The summary and the verdict metrics are
 * what a kernel developer reads first and what --verdict decides on;
 * they get most of it, so that a 5% slower compile is seen at 5 runs
 * (doc/report.md gives the rates this buys and costs).
 */
static const double tier_share[VT_N] = { 0.4, 0.4, 0.2 };

void
vd_floor(enum vd_kind k, double *rel, double *abs)
{
	*rel = kinds[k].rel;
	*abs = kinds[k].abs;
}

const char *
vd_kind_name(enum vd_kind k)
{
	return kinds[k].name;
}

/* The density of Student's t with df degrees of freedom at x. */
static double
t_pdf(double x, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
	    (df + 1) / 2 * log1p(x * x / df));
}

/* A start for the quantile: the normal's (Abramowitz & Stegun 26.2.23), Cornish-Fisher'd. */
static double
t_guess(double a, double df)
{
	double s = sqrt(-2 * log(a)), z;

	z = s - (2.515517 + 0.802853 * s + 0.010328 * s * s) /
	    (1 + 1.432788 * s + 0.189269 * s * s + 0.001308 * s * s * s);
	return z + (z * z * z + z) / (4 * df) + (5 * pow(z, 5) + 16 * pow(z, 3) + 3 * z) / (96 * df * df);
}

double
vd_tq(double a, double df)
{
	double lo = 0, hi, t;
	int i;

	if (!(a > 0 && a < 1) || !(df > 0))
		return NAN;
	if (a > 0.5)
		return -vd_tq(1 - a, df);
	if (a == 0.5)
		return 0;
	/* Newton on P(T > t) = a, kept inside a bracket that bisection shrinks */
	for (hi = 1; stats_t_p2(hi, df) / 2 > a; hi *= 2)
		if (hi > 1e12)
			return INFINITY;
	t = t_guess(a, df);
	if (!(t > lo && t < hi))
		t = (lo + hi) / 2;
	for (i = 0; i < 200; i++) {
		double g = stats_t_p2(t, df) / 2 - a, nt;

		if (g > 0)
			lo = t;
		else
			hi = t;
		nt = t + g / t_pdf(t, df);
		if (!(nt > lo && nt < hi))
			nt = (lo + hi) / 2;
		if (fabs(nt - t) <= 1e-12 * t || hi - lo <= 1e-12 * hi)
			return nt;
		t = nt;
	}
	return t;
}

/* 2 / C(a + b, a): the two-sided p of two samples apart with no spread on either. */
static double
apart_p(long a, long b)
{
	double c = 1;
	long i;

	for (i = 1; i <= a; i++)
		c = c * (double)(b + i) / (double)i;
	return c > 2 ? 2 / c : 1;
}

void
vd_sample(struct vd_part *p, double coef, const double *x, long n)
{
	struct acc a = { 0 };
	long i;

	for (i = 0; i < n; i++)
		stats_add(&a, x[i]);
	p->coef = coef;
	p->n = n;
	p->mean = stats_mean(&a);
	p->var = stats_var(&a);
}

void
vd_parts(struct vd_test *t, const struct vd_part *p, int np, double base)
{
	double est = 0, var = 0, dd = 0, first = p[0].mean;
	int i, log_ok = 1, same = 1, few = 0;

	t->tested = t->log = 0;
	t->est = t->var = t->df = NAN;
	t->base = base;
	t->n = 0;
	t->p = NAN;
	if (t->kind == VK_SETTING)
		return;		/* chosen, not measured: nothing to test */
	for (i = 0; i < np; i++) {
		if (p[i].n < 1 || !isfinite(p[i].mean))
			return;
		few |= p[i].n < 2 || !isfinite(p[i].var);
		log_ok &= p[i].mean > 0 || t->logged;
		same &= p[i].n > 1 && p[i].var == 0 && p[i].mean == first;
		if (t->n == 0 || p[i].n < t->n)
			t->n = p[i].n;
	}
	for (i = 0; i < np; i++) {
		/* each part's share of the variance: the delta method on log(mean) */
		double c = few ? 0 : p[i].coef * p[i].coef * p[i].var / (double)p[i].n;

		if (log_ok && !t->logged)
			c /= p[i].mean * p[i].mean;
		est += p[i].coef * (log_ok && !t->logged ? log(p[i].mean) : p[i].mean);
		var += c;
		dd += few ? 0 : c * c / (double)(p[i].n - 1);
	}
	t->log = log_ok;
	t->est = est;	/* the point change, shown even when it cannot be tested */
	if (few || same)
		return;		/* too few values, or nothing varies: no test, no share of alpha */
	t->tested = 1;
	t->var = var;
	t->df = dd > 0 ? var * var / dd : (double)(p[0].n + (np > 1 ? p[1].n : 0) - 2);
	if (!(var > 0))		/* each side constant: how far apart, counted, not estimated */
		t->p = apart_p(p[0].n, np > 1 ? p[1].n : p[0].n);
}

/* est (and its bounds, q standard errors away) as % of the base and as a difference. */
static void
express(struct vd_test *t, double q)
{
	double se = t->tested ? sqrt(t->var) : NAN, lo = t->est - q * se, hi = t->est + q * se;

	if (t->log) {
		t->pct = 100 * expm1(t->est);
		t->lo = 100 * expm1(lo);
		t->hi = 100 * expm1(hi);
		t->d = t->base * expm1(t->est);
		t->dlo = t->base * expm1(lo);
		t->dhi = t->base * expm1(hi);
		return;
	}
	t->d = t->est;
	t->dlo = lo;
	t->dhi = hi;
	t->pct = t->lo = t->hi = NAN;
	if (t->base > 0) {
		t->pct = 100 * t->est / t->base;
		t->lo = 100 * lo / t->base;
		t->hi = 100 * hi / t->base;
	}
}

/* Each tested test's share of alpha: its tier's share (shared out among the tiers present), split by rweight. */
static void
weigh(struct vd_test *t, size_t n)
{
	double tw[VT_N] = { 0 }, shares = 0;
	size_t i;
	int k;

	for (i = 0; i < n; i++)
		if (t[i].tested)
			tw[t[i].tier] += t[i].rweight > 0 ? t[i].rweight : 1;
	for (k = 0; k < VT_N; k++)
		if (tw[k] > 0)
			shares += tier_share[k];
	for (i = 0; i < n; i++)
		t[i].weight = t[i].tested ? tier_share[t[i].tier] / shares *
		    (t[i].rweight > 0 ? t[i].rweight : 1) / tw[t[i].tier] : 0;
}

static const struct vd_test *sort_t;

static int
by_pw(const void *a, const void *b)
{
	const struct vd_test *x = &sort_t[*(const size_t *)a], *y = &sort_t[*(const size_t *)b];
	double u = x->p / x->weight, v = y->p / y->weight;

	return u < v ? -1 : u > v;
}

/*
 * Weighted Holm (Holm 1979): in order of p / weight, each test is
 * rejected at alpha x its weight / the weight of the tests not yet
 * rejected; the adjusted p is the smallest alpha that rejects it.  It
 * holds the family-wise rate at alpha whatever the tests' dependence.
 */
static int
holm(struct vd_test *t, size_t n)
{
	size_t *ix = malloc((n + 1) * sizeof(*ix)), m = 0, i;
	double left = 0, run = 0;

	if (ix == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (t[i].tested) {
			ix[m++] = i;
			left += t[i].weight;
		}
	sort_t = t;
	qsort(ix, m, sizeof(*ix), by_pw);
	for (i = 0; i < m; i++) {
		struct vd_test *x = &t[ix[i]];
		double a = x->p * left / x->weight;

		run = a > run ? a : run;
		x->padj = run < 1 ? run : 1;
		left -= x->weight;
		if (left < 0)
			left = 0;
	}
	free(ix);
	return 0;
}

/* Does the change reach the floor of its kind? */
static int
material(const struct vd_test *t)
{
	double rel, abs;

	vd_floor(t->kind, &rel, &abs);
	if (fabs(t->d) < abs)
		return 0;
	return isnan(t->pct) ? rel == 0 || t->base == 0 : fabs(t->pct) >= rel;
}

static enum vd_mark
mark(const struct vd_test *t, double alpha)
{
	int dir;

	if (!t->tested)
		return VD_UNTESTED;
	if (!(t->padj <= alpha) || t->est == 0)
		return VD_NOISE;
	if (!material(t))
		return VD_SMALL;
	dir = t->better == 0 ? 0 : (t->est > 0) == (t->better > 0) ? -1 : 1;	/* -1 better, +1 worse */
	if (t->explain == 2 || (dir != 0 && t->explain == dir))
		return VD_HELD;
	return dir == 0 ? VD_CHANGED : dir < 0 ? VD_BETTER : VD_WORSE;
}

void
vd_family(struct vd_test *t, size_t n, double alpha)
{
	double q;
	size_t i;

	for (i = 0; i < n; i++) {
		struct vd_test *x = &t[i];

		x->pct = x->lo = x->hi = x->d = x->dlo = x->dhi = NAN;
		x->padj = x->mde = NAN;
		x->runs = 0;
		if (!x->tested) {
			x->p = NAN;
			if (isfinite(x->est))
				express(x, NAN);	/* the point change alone */
			continue;
		}
		if (x->var > 0)
			x->p = stats_t_p2(x->est / sqrt(x->var), x->df);
		q = x->var > 0 ? vd_tq((1 - VD_LEVEL) / 2, x->df) : 0;
		express(x, q);
	}
	weigh(t, n);
	if (holm(t, n) < 0)	/* out of memory: no mark rather than an unchecked one */
		for (i = 0; i < n; i++)
			t[i].padj = t[i].tested ? 1 : NAN;
	for (i = 0; i < n; i++)
		t[i].mark = mark(&t[i], alpha);
}

/* The smallest change seen with power VD_POWER at n runs a side, % of base; t's spread scaled. */
static double
mde_at(const struct vd_test *t, double alpha, double n)
{
	double se = sqrt(t->var * (double)t->n / n), df = t->df * (n - 1) / (double)(t->n - 1), m;

	m = (vd_tq(alpha * t->weight / 2, df) + vd_tq(1 - VD_POWER, df)) * se;
	if (t->log)
		return 100 * expm1(m);
	return t->base > 0 ? 100 * m / t->base : NAN;
}

void
vd_mde(struct vd_test *t, double alpha)
{
	double rel, abs, floor, target;
	long lo, hi;

	t->mde = NAN;
	t->runs = 0;
	if (!t->tested || !(t->weight > 0) || !(t->var >= 0) || !(t->df > 0))
		return;
	vd_floor(t->kind, &rel, &abs);
	floor = t->base > 0 && 100 * abs / t->base > rel ? 100 * abs / t->base : rel;
	t->mde = mde_at(t, alpha, (double)t->n);
	if (isnan(t->mde))
		return;
	if (t->mde < floor)
		t->mde = floor;	/* below it nothing is marked, however many runs */
	target = floor > VD_TARGET_PCT ? floor : VD_TARGET_PCT;
	if (t->mde <= target) {
		t->runs = t->n;
		return;
	}
	if (mde_at(t, alpha, VD_MAX_RUNS) > target) {
		t->runs = VD_MAX_RUNS + 1;
		return;
	}
	/* mde_at falls as n grows: the first n at or under the target */
	for (lo = t->n, hi = VD_MAX_RUNS; hi - lo > 1; ) {
		long mid = (lo + hi) / 2;

		if (mde_at(t, alpha, (double)mid) > target)
			lo = mid;
		else
			hi = mid;
	}
	t->runs = hi;
}
