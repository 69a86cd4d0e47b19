/*
 * pmodel.c: the kernel profiles in the report's model (model.h).  Each
 * ok profile record (prof=1) is folded into its group's profile and
 * forgotten: per symbol (and per command name of the user samples) the
 * sums, over the group's profiled runs, of its share of the run's
 * kernel samples and of its samples a second of the window, and their
 * squares; a symbol a run did not list counts 0 in that run (it had at
 * most the run's cut: the smallest count the run listed, when its list
 * was cut).  Memory grows with the distinct names of a group, never
 * with the records.  The renderers ask here for a group's symbols in
 * order and for a row's diffprofile against the base.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* ------------------------------------------------------------- tables */

static unsigned long
name_hash(const char *s)
{
	return (unsigned long)fnv1a(FNV_INIT, s, strlen(s));
}

/* Index of name in t, or NONE. */
static size_t
ptab_find(const struct ptab *t, const char *name, unsigned long h)
{
	size_t i, pos = NONE;

	while ((i = htab_next(&t->idx, h, &pos)) != NONE)
		if (!strcmp(t->names + t->sym[i].name, name))
			return i;
	return NONE;
}

/* The entry of name, made (zero) if new; NULL when out of memory. */
static struct psym *
ptab_get(struct ptab *t, const char *name)
{
	unsigned long h = name_hash(name);
	size_t i = ptab_find(t, name, h), len = strlen(name) + 1;
	void *p;

	if (i != NONE)
		return &t->sym[i];
	if (t->nsym == t->cap) {
		size_t ncap = t->cap ? 2 * t->cap : 64;
		if ((p = realloc(t->sym, ncap * sizeof(*t->sym))) == NULL)
			return NULL;
		t->sym = p;
		t->cap = ncap;
	}
	while (t->len + len > t->capn) {
		size_t ncap = t->capn ? 2 * t->capn : 4096;
		if ((p = realloc(t->names, ncap)) == NULL)
			return NULL;
		t->names = p;
		t->capn = ncap;
	}
	memcpy(t->names + t->len, name, len);
	memset(&t->sym[t->nsym], 0, sizeof(t->sym[0]));
	t->sym[t->nsym].name = t->len;
	t->sym[t->nsym].h = h;
	t->len += len;
	if (htab_put(&t->idx, h, t->nsym) < 0)
		return NULL;
	return &t->sym[t->nsym++];
}

static void
ptab_free(struct ptab *t)
{
	free(t->sym);
	htab_free(&t->idx);
	free(t->names);
	memset(t, 0, sizeof(*t));
}

/* ------------------------------------------------------------- folding */

/*
 * One list of a record into t: each entry's share of total (%) and its
 * samples a second of elapsed.  The cut, the smallest count listed, is
 * what an entry the list left out may have had; 0 when the list is
 * whole (it holds every sample of total).
 */
static int
fold_list(struct ptab *t, const struct rec *r, int user, double total, double el)
{
	int n = user ? r->pf.nu : r->pf.nk, i;
	const struct rec_sym *e = user ? r->pf.u : r->pf.k;
	double listed = 0, least = 0, cut;

	for (i = 0; i < n; i++) {
		struct psym *s = ptab_get(t, rec_sym_name(r, user, i));
		double share = total > 0 ? e[i].n / total * 100 : 0, rate = e[i].n / el;

		if (s == NULL)
			return -1;
		s->share[0] += share;
		s->share[1] += share * share;
		s->rate[0] += rate;
		s->rate[1] += rate * rate;
		s->listed++;
		listed += e[i].n;
		if (i == 0 || e[i].n < least)
			least = e[i].n;
	}
	/* an entry left out had at most the least listed, and at most all that was not listed */
	cut = listed < total ? (n && least < total - listed ? least : total - listed) : 0;
	if (total > 0 && cut / total * 100 > t->cut_share)
		t->cut_share = cut / total * 100;
	if (cut / el > t->cut_rate)
		t->cut_rate = cut / el;
	t->runs++;
	return 0;
}

int
pmodel_fold(struct group *g, const struct rec *r)
{
	struct pgroup *p = g->prof;
	const double *n = r->num;
	double el = n[K_ELAPSED], all, k = n[K_PROF_KERNEL];
	long cpus;
	int i;

	if (!(el > 0))
		return 0;
	if (p == NULL && (p = g->prof = calloc(1, sizeof(*p))) == NULL)
		return -1;
	if (p->mode[0] == '\0')
		snprintf(p->mode, sizeof(p->mode), "%s", r->profile);
	else if (strcmp(p->mode, r->profile))
		p->mode_mixed = 1;
	p->n++;
	/* the CPUs' time in samples: hz x the online CPUs (an event on each) x the window */
	cpus = r->ncpu_online > 0 ? r->ncpu_online : r->ncpu;
	all = cpus > 0 && n[K_PROF_HZ] > 0 ? n[K_PROF_HZ] * (double)cpus * el : 0;
	stats_add(&p->kernel, k / el);
	if (all > 0) {
		stats_add(&p->kshare, k / all * 100);
		stats_add(&p->idle, n[K_PROF_IDLE] / all * 100);
	}
	for (i = 0; i < PART_N; i++)
		if (k > 0 && r->has[K_PROF_JOB + i])
			stats_add(&p->part[i], n[K_PROF_JOB + i] / k * 100);
	stats_add(&p->lost, n[K_PROF_LOST]);
	if (r->has[K_PROF_CPU])
		stats_add(&p->cpu, n[K_PROF_CPU] / el * 100);
	if (fold_list(&p->k, r, 0, k, el) < 0)
		return -1;
	if (!strcmp(r->profile, "all") && fold_list(&p->u, r, 1, n[K_PROF_USER], el) < 0)
		return -1;
	return 0;
}

void
pmodel_free(struct pgroup *p)
{
	if (p == NULL)
		return;
	ptab_free(&p->k);
	ptab_free(&p->u);
	free(p);
}

size_t
pmodel_none(char *buf, size_t len, const struct group *g)
{
	long n = g->m[M_TIME].n;
	char why[sizeof(g->prof_why) + 3], runs[48];
	int w;

	buf[0] = '\0';
	if (n == 0 || (g->prof != NULL && g->prof->n > 0))
		return 0;
	why[0] = '\0';
	if (g->prof_why[0]) {
		model_clean(why + 2, sizeof(why) - 3, g->prof_why);
		memcpy(why, " (", 2);
		strcat(why, ")");
	}
	if (n == 1)
		snprintf(runs, sizeof(runs), "its ok run");
	else
		snprintf(runs, sizeof(runs), "its %ld ok runs", n);
	if (g->prof_off == n)
		w = snprintf(buf, len, "profile=off in the record%s of %s%s", n == 1 ? "" : "s", runs, why);
	else if (g->prof_off > 0)
		w = snprintf(buf, len, "profile=off in %ld of the records of %s%s, and no profile record "
		    "of the others", g->prof_off, runs, why);
	else
		w = snprintf(buf, len, "no profile record of %s", runs);
	return w < 0 ? 0 : (size_t)w < len ? (size_t)w : len - 1;
}

/* ------------------------------------------------------------- reading */

const char *
psym_name(const struct ptab *t, const struct psym *s)
{
	return t->names + s->name;
}

/* Mean over the table's runs (absent runs count 0), and the sample variance. */
double
psym_mean(const struct ptab *t, const struct psym *s, int rate)
{
	const double *v = rate ? s->rate : s->share;

	return t->runs > 0 ? v[0] / (double)t->runs : NAN;
}

double
psym_var(const struct ptab *t, const struct psym *s, int rate)
{
	const double *v = rate ? s->rate : s->share;
	double n = (double)t->runs, m, var;

	if (t->runs < 2)
		return NAN;
	m = v[0] / n;
	var = (v[1] - n * m * m) / (n - 1);
	return var > 0 ? var : 0;
}

static const struct ptab *sort_tab;

static int
cmp_share(const void *a, const void *b)
{
	const struct psym *x = &sort_tab->sym[*(const size_t *)a], *y = &sort_tab->sym[*(const size_t *)b];

	if (x->share[0] != y->share[0])
		return x->share[0] > y->share[0] ? -1 : 1;
	return strcmp(sort_tab->names + x->name, sort_tab->names + y->name);
}

size_t *
pmodel_order(const struct ptab *t)
{
	size_t *idx = malloc((t->nsym ? t->nsym : 1) * sizeof(*idx)), i;

	if (idx == NULL)
		return NULL;
	for (i = 0; i < t->nsym; i++)
		idx[i] = i;
	sort_tab = t;
	qsort(idx, t->nsym, sizeof(*idx), cmp_share);
	return idx;
}

/* src, cleaned (model_clean), in at most cols columns: cut, PROF_CUT at its end */
void
pmodel_name(char *dst, size_t len, const char *src, size_t cols)
{
	size_t i, c = 0, keep = 0, mark = strlen(PROF_CUT);

	model_clean(dst, len, src);
	/* a column per character: a UTF-8 sequence's first byte */
	for (i = 0; dst[i]; i++)
		if (((unsigned char)dst[i] & 0xc0) != 0x80) {
			if (c == cols - mark)
				keep = i;
			c++;
		}
	if (c <= cols || cols <= mark)
		return;
	snprintf(dst + keep, len - keep, "%s", PROF_CUT);
}

/* ----------------------------------------------------------- diffprofile */

static int
cmp_change(const void *a, const void *b)
{
	const struct pdiff *x = a, *y = b;
	double dx = fabs(x->d), dy = fabs(y->d);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* One side of a symbol: mean and variance of rate and share, n runs, listed. */
static void
side(const struct ptab *t, const struct psym *s, struct pside *o)
{
	memset(o, 0, sizeof(*o));
	o->n = t->runs;
	if (s == NULL) {
		o->rate = o->share = 0;
		o->vrate = o->vshare = t->runs > 1 ? 0 : NAN;
		o->cut_rate = t->cut_rate;
		o->cut_share = t->cut_share;
		return;
	}
	o->rate = psym_mean(t, s, 1);
	o->share = psym_mean(t, s, 0);
	o->vrate = psym_var(t, s, 1);
	o->vshare = psym_var(t, s, 0);
	o->listed = s->listed;
	if (s->listed < t->runs) {
		o->cut_rate = t->cut_rate;
		o->cut_share = t->cut_share;
	}
}

double
pmodel_pct(double base, double this, const struct vd_test *t)
{
	if (t != NULL && isfinite(t->pct))
		return t->pct;
	return base > 0 ? (this - base) / base * 100 : NAN;
}

size_t
pmodel_diff(const struct pgroup *b, const struct pgroup *g, struct pdiff **out)
{
	size_t n = 0, i, k;
	struct pdiff *d;

	*out = NULL;
	if ((d = malloc((b->k.nsym + g->k.nsym + 1) * sizeof(*d))) == NULL)
		return NONE;
	for (i = 0; i < b->k.nsym; i++, n++) {
		const struct psym *s = &b->k.sym[i];
		const char *name = psym_name(&b->k, s);
		k = ptab_find(&g->k, name, s->h);
		d[n].name = name;
		side(&b->k, s, &d[n].base);
		side(&g->k, k == NONE ? NULL : &g->k.sym[k], &d[n].this);
	}
	for (i = 0; i < g->k.nsym; i++) {
		const struct psym *s = &g->k.sym[i];
		const char *name = psym_name(&g->k, s);
		if (ptab_find(&b->k, name, s->h) != NONE)
			continue;
		d[n].name = name;
		side(&b->k, NULL, &d[n].base);
		side(&g->k, s, &d[n].this);
		n++;
	}
	for (i = 0; i < n; i++) {
		d[i].d = d[i].this.rate - d[i].base.rate;
		d[i].vt = NONE;
	}
	qsort(d, n, sizeof(*d), cmp_change);
	*out = d;
	return n;
}
