/*
 * family.c: -c's family of tests.  Every mark of the comparison (each
 * metric of each load of each compared row, each load's Ratio, each
 * row's summary) is one vd_test (verdict.h), and all of them are decided
 * in one vd_family call, so that the promise "when nothing changed, at
 * most one comparison in twenty carries any mark" covers everything -c,
 * CSV and JSON show.  Built once, after the rows are resolved; the
 * renderers read the tests through model_test and model_sum_test.  Also
 * the environment: what differs between a row's runs and BASE's (its
 * box, others' CPU, steal), which holds back the marks it can explain.
 * doc/report.md, "Verdicts", says why each choice.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define ENV_OTHERS	2.0	/* points of all CPUs' time of others' CPU that explain a change */
#define PROF_WEIGHT	5.0	/* a load's diffprofile weighs in its tier as many metrics */
#define ENV_STEAL	1.0	/* points of steal that do */
#define NSUM		64	/* loads a summary's test takes at most */

/* A new test, zeroed; its index, NONE when out of memory. */
static size_t
new_test(struct model *m)
{
	if (m->nvt == m->capvt) {
		size_t cap = m->capvt ? 2 * m->capvt : 256;
		void *p = realloc(m->vt, cap * sizeof(*m->vt));

		if (p == NULL)
			return NONE;
		m->vt = p;
		m->capvt = cap;
	}
	memset(&m->vt[m->nvt], 0, sizeof(m->vt[0]));
	return m->nvt++;
}

/* F_SLOTS new slots, all NONE; the first one's index, NONE when out of memory. */
static size_t
new_slots(struct model *m)
{
	size_t i;

	if (m->nvslot + F_SLOTS > m->capvslot) {
		size_t cap = m->capvslot ? 2 * m->capvslot : 16 * F_SLOTS;
		void *p = realloc(m->vslot, cap * sizeof(*m->vslot));

		if (p == NULL)
			return NONE;
		m->vslot = p;
		m->capvslot = cap;
	}
	for (i = 0; i < F_SLOTS; i++)
		m->vslot[m->nvslot + i] = NONE;
	m->nvslot += F_SLOTS;
	return m->nvslot / F_SLOTS - 1;
}

/* Does the environment (others' CPU, steal) bear on this kind of metric? */
static int
env_bears(enum vd_kind k)
{
	return k != VK_COUNT && k != VK_SIZE && k != VK_OVERHEAD;
}

/* Others' CPU of g, % of all CPUs' time: the harness's rest where logged. */
static double
others(const struct group *g)
{
	return g->m[M_SYS_REST].n ? stats_mean(&g->m[M_SYS_REST]) :
	    g->m[M_REST_SHARE].n ? stats_mean(&g->m[M_REST_SHARE]) : NAN;
}

/* What in g's environment against b's can explain a change, and which way. */
static void
environment(const struct model *m, struct group *g, const struct group *b)
{
	const char *box = m->rows[g->row].boxdiff;
	double og = others(g), ob = others(b), sg, sb;
	int dir = 0;

	g->explain = 0;
	g->envwhy[0] = '\0';
	if (*box) {
		g->explain = 2;
		snprintf(g->envwhy, sizeof(g->envwhy), "the boxes differ (%.70s)", box);
		return;
	}
	if (fabs(og - ob) >= ENV_OTHERS) {
		dir = og > ob ? 1 : -1;
		snprintf(g->envwhy, sizeof(g->envwhy), "others' CPU %.1f%% -> %.1f%%", ob, og);
	}
	sg = g->m[M_SYS_STEAL].n ? stats_mean(&g->m[M_SYS_STEAL]) : NAN;
	sb = b->m[M_SYS_STEAL].n ? stats_mean(&b->m[M_SYS_STEAL]) : NAN;
	if (fabs(sg - sb) >= ENV_STEAL) {
		size_t n = strlen(g->envwhy);

		dir = dir != 0 && dir != (sg > sb ? 1 : -1) ? 2 : sg > sb ? 1 : -1;
		snprintf(g->envwhy + n, sizeof(g->envwhy) - n, "%ssteal %.1f%% -> %.1f%%", n ? ", " : "",
		    sb, sg);
	}
	g->explain = dir;
}

static void
part_of(struct vd_part *p, double coef, const struct acc *a)
{
	p->coef = coef;
	p->n = a->n;
	p->mean = stats_mean(a);
	p->var = a->n > 1 ? stats_var(a) : NAN;
}

/* A test's settings from its metric k (or F_RATIO) and the environment of g. */
static void
setup(struct vd_test *t, int k, const struct group *g)
{
	t->kind = k == F_RATIO ? VK_TIME : metrics[k].kind;
	t->tier = k == F_RATIO ? VT_VERDICT : metrics[k].tier;
	t->better = k == F_RATIO ? -1 : metrics[k].better == B_LOWER ? -1 :
	    metrics[k].better == B_HIGHER ? 1 : 0;
	t->rweight = k == M_TIME ? 2 : 1;
	if (env_bears(t->kind)) {
		t->explain = g->explain;
		t->why = g->envwhy;
	}
	/* work over the compile's window: a compile slowed by others gives the
	 * load a longer window, so the environment explains more work, or less */
	if (t->kind == VK_WORK && t->explain)
		t->explain = 2;
}

/*
 * g's Ratio against b's: the paired Ratio (each run over its own round's
 * no_load) where both have it, else the Ratio of means, four of them.
 */
static int
ratio_parts(const struct model *m, const struct group *b, const struct group *g,
    struct vd_part *p, double *base)
{
	const struct group *gb = model_baseline(m, g), *bb = model_baseline(m, b);

	if (b->m[M_PAIRED].n > 0 && g->m[M_PAIRED].n > 0) {
		part_of(&p[0], 1, &g->m[M_PAIRED]);
		part_of(&p[1], -1, &b->m[M_PAIRED]);
		*base = p[1].mean;
		return 2;
	}
	if (gb == NULL || bb == NULL || gb == g || bb == b)
		return 0;
	part_of(&p[0], 1, &g->m[M_TIME]);
	part_of(&p[1], -1, &gb->m[M_TIME]);
	part_of(&p[2], -1, &b->m[M_TIME]);
	part_of(&p[3], 1, &bb->m[M_TIME]);
	*base = p[2].mean / p[3].mean;
	return 4;
}

/*
 * Is metric k of g against b left out of the family?  When one side has
 * nothing, or both nothing but 0; a setting (a threshold: chosen, not
 * measured); the shares of requests over thresholds that differ between
 * the two sides (not the same measure).
 */
static int
left_out(int k, const struct group *g, const struct group *b)
{
	if (k == M_PAIRED)
		return 1;	/* the Ratio's test, when the pairing exists */
	if (k >= M_N)
		return 0;
	if (b->m[k].n == 0 || g->m[k].n == 0 ||
	    (stats_mean(&b->m[k]) == 0 && stats_mean(&g->m[k]) == 0))
		return 1;
	if (metrics[k].kind == VK_SETTING)
		return 1;
	return metrics[k].kind == VK_OVER &&
	    (g->req_t[0] != b->req_t[0] || g->req_t[1] != b->req_t[1]);
}

/* The tests of group g against b; -1 when out of memory. */
static int
group_tests(struct model *m, struct group *g, const struct group *b)
{
	struct vd_part p[4];
	double base;
	size_t at, ti;
	int k, np;

	if ((at = new_slots(m)) == NONE)
		return -1;
	g->vt = at;
	environment(m, g, b);
	for (k = 0; k < F_SLOTS; k++) {
		if (left_out(k, g, b))
			continue;
		np = 2;
		if (k == F_RATIO)
			np = ratio_parts(m, b, g, p, &base);
		else {
			part_of(&p[0], 1, &g->m[k]);
			part_of(&p[1], -1, &b->m[k]);
			base = p[1].mean;
		}
		if (np == 0 || (ti = new_test(m)) == NONE) {
			if (np == 0)
				continue;
			return -1;
		}
		setup(&m->vt[ti], k, g);
		vd_parts(&m->vt[ti], p, np, base);
		m->vslot[at * F_SLOTS + (size_t)k] = ti;
	}
	return 0;
}

/*
 * The summary's test s of row against base over the loads both have:
 * from the rounds' own means where both rows ran those loads together
 * in rounds; else the loads taken one by one, their spreads added as if
 * perfectly correlated (an upper bound: never too many marks, only too
 * few).  *nl: how many loads; *byround: which way.
 */
static void
sum_loads(const struct model *m, size_t row, size_t base, int s, int *nl, unsigned long *sig,
    const struct group **gs, const struct group **bs)
{
	static const int key[S_N] = { M_TIME, M_PAIRED, M_LOADS };
	size_t i;

	*nl = 0;
	*sig = 0;
	for (i = 0; i < m->nsect; i++) {
		const struct group *g = model_find(m, row, m->sect[i].load);
		const struct group *b = model_find(m, base, m->sect[i].load);
		int k = key[s];

		if (g == NULL || b == NULL || g->m[M_TIME].n == 0 || b->m[M_TIME].n == 0 ||
		    g->m[k].n == 0 || b->m[k].n == 0 || !(stats_mean(&g->m[k]) > 0) ||
		    !(stats_mean(&b->m[k]) > 0))
			continue;
		if (*nl == NSUM) {
			*nl = NSUM + 1;	/* more than the summary takes: none */
			return;
		}
		*sig ^= model_load_sig(m->sect[i].load);
		gs[*nl] = g;
		bs[(*nl)++] = b;
	}
}

static const struct acc *
rounds_of(const struct row *w, int s, unsigned long sig, int nl)
{
	int i;

	for (i = 0; i < NRSETS; i++)
		if (w->rs[s][i].nloads == nl && w->rs[s][i].sig == sig && w->rs[s][i].a.n > 0)
			return &w->rs[s][i].a;
	return NULL;
}

/* The loads one by one, as if perfectly correlated: est, se, the smallest df. */
static void
sum_bound(struct vd_test *t, int s, const struct group **gs, const struct group **bs, int nl)
{
	static const int key[S_N] = { M_TIME, M_PAIRED, M_LOADS };
	double est = 0, se = 0, df = INFINITY, lb = 0;
	long n = 0;
	int i;

	for (i = 0; i < nl; i++) {
		struct vd_test one;
		struct vd_part p[2];

		memset(&one, 0, sizeof(one));
		part_of(&p[0], 1, &gs[i]->m[key[s]]);
		part_of(&p[1], -1, &bs[i]->m[key[s]]);
		vd_parts(&one, p, 2, p[1].mean);
		est += one.est / nl;
		lb += log(p[1].mean) / nl;
		n = n == 0 || one.n < n ? one.n : n;
		if (!one.tested && one.n >= 2)
			continue;	/* every value the same: no spread to add */
		se += sqrt(one.var) / nl;
		df = one.df < df ? one.df : df;
		if (!one.tested)
			se = NAN;
	}
	t->log = 1;
	t->est = est;
	t->base = exp(lb);
	t->n = n;
	t->tested = isfinite(se) && se > 0;
	t->var = se * se;
	t->df = df;
}

/*
 * What the environment explains of the summary: what it explains of the
 * row's loads, taken together (two ways if they disagree).
 */
static int
sum_explain(struct model *m, size_t row)
{
	struct row *w = &m->rows[row];
	int dir = 0, nl = 0;
	size_t i;

	for (i = 0; i < m->nsect; i++) {
		const struct group *g = model_find(m, row, m->sect[i].load);

		if (g == NULL || g->vt == NONE || g->explain == 0)
			continue;
		dir = dir == 0 ? g->explain : dir != g->explain ? 2 : dir;
		nl++;
	}
	if (w->boxdiff[0])
		snprintf(w->sumwhy, sizeof(w->sumwhy), "the boxes differ (%.70s)", w->boxdiff);
	else if (nl)
		snprintf(w->sumwhy, sizeof(w->sumwhy), "others' CPU or steal under %d load%s", nl,
		    nl == 1 ? "" : "s");
	return dir;
}

/* The summary's tests of row against base; -1 when out of memory. */
static int
sum_tests(struct model *m, size_t row, size_t base)
{
	const struct group *gs[NSUM], *bs[NSUM];
	struct vd_part p[2];
	unsigned long sig;
	int s, nl, explain = sum_explain(m, row);
	size_t ti;

	for (s = 0; s < S_N; s++) {
		const struct acc *ra, *rb;
		struct vd_test *t;

		sum_loads(m, row, base, s, &nl, &sig, gs, bs);
		if (nl == 0 || nl > NSUM)
			continue;
		if ((ti = new_test(m)) == NONE)
			return -1;
		t = &m->vt[ti];
		t->kind = s == S_LOADS ? VK_WORK : VK_TIME;
		t->tier = VT_SUMMARY;
		t->better = s == S_LOADS ? 1 : -1;
		t->rweight = s == S_TIME ? 2 : 1;
		t->explain = s == S_LOADS && explain ? 2 : explain;	/* as setup's */
		t->why = m->rows[row].sumwhy;
		m->rows[row].sloads[s] = nl;
		ra = rounds_of(&m->rows[row], s, sig, nl);
		rb = rounds_of(&m->rows[base], s, sig, nl);
		m->rows[row].sround[s] = ra && rb;
		if (ra && rb) {
			t->logged = 1;
			part_of(&p[0], 1, ra);
			part_of(&p[1], -1, rb);
			vd_parts(t, p, 2, exp(p[1].mean));
		} else
			sum_bound(t, s, gs, bs, nl);
		m->rows[row].vsn[s] = ti;
	}
	return 0;
}

/*
 * One side of a function's test: its samples a second over the side's
 * runs, those that did not list it taken at absent (0, or the most it
 * may have had there).
 */
static void
pside_part(struct vd_part *p, double coef, const struct pside *s, double absent)
{
	double n = (double)s->n, s1 = s->rate * n, s2, miss = (double)(s->n - s->listed);

	s2 = (isnan(s->vrate) ? 0 : s->vrate * (n - 1)) + n * s->rate * s->rate;
	s1 += miss * absent;
	s2 += miss * absent * absent;
	p->coef = coef;
	p->n = s->n;
	p->mean = s1 / n;
	p->var = s->n > 1 ? (s2 - n * p->mean * p->mean) / (n - 1) : NAN;
	if (p->var < 0)
		p->var = 0;
}

/* Is d tested: 2 runs a side, and its share, both sides' runs pooled, at least PROF_TESTED_PCT? */
static int
pd_tested(const struct pdiff *d)
{
	const struct pside *x = &d->this, *y = &d->base;

	return x->n >= 2 && y->n >= 2 &&
	    (x->share * (double)x->n + y->share * (double)y->n) / (double)(x->n + y->n) >= PROF_TESTED_PCT;
}

/* A test of the diffprofile: kind, tier, weight and environment. */
static void
pd_setup(struct vd_test *t, const struct group *g, double rweight)
{
	t->kind = VK_COUNT;	/* samples a second: 10% and 1 a second */
	t->tier = VT_OTHER;
	t->rweight = rweight;
	t->better = -1;		/* more of the kernel's time is worse */
	t->explain = g->explain;	/* the kernel profile is the whole machine's: others' CPU shows */
	t->why = g->envwhy;
}

/*
 * The diffprofile of g against b and its tests: each function whose
 * share of the kernel samples, pooled over both sides' runs, reaches
 * PROF_TESTED_PCT (a choice blind to which side is which, so it biases no
 * test), the whole diffprofile weighing PROF_WEIGHT metrics; and the
 * kernel samples a second.  A function a run did not list is taken, in
 * its test, at the end of its range (0, or the run's cut) that brings
 * the two sides closer.  -1 when out of memory.
 */
static int
diffprofile_tests(struct model *m, struct group *g, const struct group *b)
{
	struct vd_part p[2];
	size_t i, n, ti, tested = 0;
	struct pdiff *d;

	if (g->prof == NULL || b->prof == NULL || g->prof->n == 0 || b->prof->n == 0)
		return 0;
	if ((n = pmodel_diff(b->prof, g->prof, &d)) == NONE)
		return -1;
	g->pd = d;
	g->npd = n;
	for (i = 0; i < n; i++)
		tested += pd_tested(&d[i]);
	for (i = 0; i < n; i++) {
		int up = d[i].this.rate > d[i].base.rate;

		if (!pd_tested(&d[i]))
			continue;
		if ((ti = new_test(m)) == NONE)
			return -1;
		pside_part(&p[0], 1, &d[i].this, up ? 0 : d[i].this.cut_rate);
		pside_part(&p[1], -1, &d[i].base, up ? d[i].base.cut_rate : 0);
		pd_setup(&m->vt[ti], g, PROF_WEIGHT / (double)tested);
		vd_parts(&m->vt[ti], p, 2, p[1].mean);
		d[i].vt = ti;
	}
	if ((ti = new_test(m)) == NONE)
		return -1;
	part_of(&p[0], 1, &g->prof->kernel);
	part_of(&p[1], -1, &b->prof->kernel);
	pd_setup(&m->vt[ti], g, 1);
	vd_parts(&m->vt[ti], p, 2, p[1].mean);
	g->pvt = ti;
	return 0;
}

/* Every row against -c's, every test decided together; -1 when out of memory. */
int
model_verdicts(struct model *m)
{
	size_t i, k, base = m->cmp_row;
	struct group *g;

	if (base == NONE)
		return 0;
	for (i = 0; i < m->nrows; i++) {
		int s;

		for (s = 0; s < S_N; s++)
			m->rows[i].vsn[s] = NONE;
		if (i != base)
			model_snap_diff(m, i, base, m->rows[i].boxdiff, sizeof(m->rows[i].boxdiff));
	}
	for (i = 0; i < m->nsect; i++) {
		const struct group *b = model_find(m, base, m->sect[i].load);

		if (b == NULL || b->m[M_TIME].n == 0)
			continue;
		EACH(m, i, k, g)
			if (g != b && g->m[M_TIME].n > 0 && (m->only_row == NONE || g->row == m->only_row) &&
			    (group_tests(m, g, b) < 0 || (m->o->profiles && diffprofile_tests(m, g, b) < 0)))
				return -1;
	}
	for (i = 0; i < m->nrows; i++)
		if (i != base && (m->only_row == NONE || i == m->only_row) && sum_tests(m, i, base) < 0)
			return -1;
	vd_family(m->vt, m->nvt, VD_ALPHA);
	for (i = 0; i < m->nvt; i++)
		if (m->vt[i].tier != VT_OTHER)
			vd_mde(&m->vt[i], VD_ALPHA);
	return 0;
}

/* Metric k (F_RATIO: the Ratio) of g against -c's row, as its family's test decided it. */
void
model_change(const struct model *m, const struct group *g, int k, struct change *c)
{
	const struct vd_test *t = model_test(m, g, k);

	memset(c, 0, sizeof(*c));
	c->pct = c->p = NAN;
	if (t == NULL)
		return;
	c->t = t;
	c->pct = t->pct;
	if (!t->tested)
		return;
	c->p = t->p;
	c->tested = 1;
	c->significant = t->mark == VD_BETTER || t->mark == VD_WORSE || t->mark == VD_CHANGED;
	c->dir = t->mark == VD_BETTER ? 1 : t->mark == VD_WORSE ? -1 : 0;
}

const struct vd_test *
model_test(const struct model *m, const struct group *g, int slot)
{
	size_t ti;

	if (g->vt == NONE || slot < 0 || slot >= F_SLOTS)
		return NULL;
	if (slot == M_PAIRED)
		slot = F_RATIO;
	ti = m->vslot[g->vt * F_SLOTS + (size_t)slot];
	return ti == NONE ? NULL : &m->vt[ti];
}

const struct vd_test *
model_ptest(const struct model *m, size_t vt)
{
	return vt == NONE || vt >= m->nvt ? NULL : &m->vt[vt];
}

const struct vd_test *
model_sum_test(const struct model *m, size_t row, int s)
{
	if (row == NONE || s < 0 || s >= S_N || m->rows[row].vsn[s] == NONE)
		return NULL;
	return &m->vt[m->rows[row].vsn[s]];
}
