/*
 * judge.c: --verdict's decision (judge.h), one function for every view
 * that gives one.  A verdict metric is worse when the family marks it
 * worse (and, with --threshold, its change is beyond it); not worse when
 * its interval's worse end is within the threshold (each metric's floor
 * without one); else the runs cannot decide.  A load answers with the
 * worst of its metrics, a row with the worst of its loads and summary.
 * Reads the model only, and says nothing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"

const struct judge_slot judge_slots[JUDGE_METRICS] = {
	{ M_TIME, "time", "Time" },
	{ F_RATIO, "ratio", "Ratio" },
	{ M_LOADS, "loads", "Loads" },
	{ M_LAT_P99, "lat_p99", "latency p99" },
};

/* The summary's, by S_*: its geometric means of Time, Ratio and Loads. */
static const struct judge_slot sum_slots[S_N] = {
	{ S_TIME, "time", "Time" },
	{ S_RATIO, "ratio", "Ratio" },
	{ S_LOADS, "loads", "Loads" },
};

enum judge_answer
judge_worst(enum judge_answer a, enum judge_answer b)
{
	return a == JUDGE_FAIL || b == JUDGE_FAIL ? JUDGE_FAIL : a == JUDGE_SKIP || b == JUDGE_SKIP ?
	    JUDGE_SKIP : JUDGE_PASS;
}

/* One verdict metric's test t, judged with threshold thr (0: its floor), into *x. */
static void
judge_test(struct judge_metric *x, const struct judge_slot *s, const struct vd_test *t, double thr)
{
	double rel, abs, worst;
	int given = thr > 0;

	vd_floor(t->kind, &rel, &abs);
	x->s = s;
	x->t = t;
	x->worse = t->mark == VD_WORSE;
	x->thr = given ? thr : rel;
	worst = t->better < 0 ? t->hi : -t->lo;	/* how much worse the interval allows */
	if (x->worse && (!given || !isfinite(t->pct) || fabs(t->pct) > x->thr)) {
		x->answer = JUDGE_FAIL;
		x->why = JW_WORSE;
	} else if (t->mark == VD_HELD) {
		x->answer = JUDGE_SKIP;
		x->why = JW_HELD;
	} else if (!t->tested || !isfinite(worst)) {
		x->answer = t->n < 2 ? JUDGE_SKIP : JUDGE_PASS;
		x->why = t->n < 2 ? JW_FEW : JW_SAME;
	} else if (worst > x->thr) {
		x->answer = JUDGE_SKIP;
		x->why = JW_MAYBE;
	} else {
		x->answer = JUDGE_PASS;
		x->why = JW_WITHIN;
	}
}

/* Add the test t of slot s to j, when there is one. */
static void
judge_add(struct judgement *j, const struct judge_slot *s, const struct vd_test *t, double thr)
{
	struct judge_metric *x = &j->m[j->n];

	if (t == NULL)
		return;
	judge_test(x, s, t, thr);
	j->answer = j->n == 0 ? x->answer : judge_worst(j->answer, x->answer);
	j->n++;
}

int
judge_load(const struct model *m, size_t row, const char *load, double thr, struct judgement *j)
{
	int i;

	memset(j, 0, sizeof(*j));
	j->g = model_find(m, row, load);
	j->b = model_find(m, m->cmp_row, load);
	j->answer = JUDGE_SKIP;
	if (j->g == NULL || j->b == NULL) {
		j->state = j->g == NULL && j->b == NULL ? JS_NEITHER : JS_ONE_SIDE;
		return -1;
	}
	if (j->g->vt == NONE) {
		j->state = JS_NO_RUNS;
		return 0;
	}
	j->state = JS_JUDGED;
	for (i = 0; i < JUDGE_METRICS; i++)
		judge_add(j, &judge_slots[i], model_test(m, j->g, judge_slots[i].slot), thr);
	return 0;
}

int
judge_summary(const struct model *m, size_t row, double thr, struct judgement *j)
{
	int s;

	memset(j, 0, sizeof(*j));
	j->answer = JUDGE_SKIP;
	j->state = JS_JUDGED;
	for (s = 0; s < S_N; s++)
		judge_add(j, &sum_slots[s], model_sum_test(m, row, s), thr);
	return j->n ? 0 : -1;
}

/* Has g ok runs, counted or left out as disturbed? */
static int
ran_ok(const struct group *g)
{
	return g != NULL && (g->m[M_TIME].n > 0 || g->disturbed > 0);
}

/* Has g runs of any status? */
static int
ran(const struct group *g)
{
	return ran_ok(g) || (g != NULL && (g->failed > 0 || g->invalid > 0));
}

/* Each load's runs of row not ok, "LOAD: 3 failed runs (REASON); ...", into buf; its length. */
static size_t
loads_not_ok(char *buf, size_t len, const struct model *m, size_t row)
{
	char ld[64], why[NWHY * 192];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < m->nsect && n < len; i++) {
		const struct group *g = model_find(m, row, m->sect[i].load);

		if (g == NULL || !model_not_ok(why, sizeof(why), g))
			continue;
		model_clean(ld, sizeof(ld), g->load);
		n += (size_t)snprintf(buf + n, len - n, "%s%s: %s", n ? "; " : "", ld, why);
	}
	return n < len ? n : len - 1;
}

/* The loads row ran, no_load aside, "a, b" ("none"), into buf; how many. */
static int
loads_ran(char *buf, size_t len, const struct model *m, size_t row)
{
	char ld[64];
	size_t i, n = 0;
	int c = 0;

	snprintf(buf, len, "none");
	for (i = 0; i < m->nsect && n < len; i++)
		if (strcmp(m->sect[i].load, "no_load") && ran(model_find(m, row, m->sect[i].load))) {
			model_clean(ld, sizeof(ld), m->sect[i].load);
			n += (size_t)snprintf(buf + n, len - n, "%s%s", c++ ? ", " : "", ld);
		}
	return c;
}

/* Did row run anything ok? */
static int
any_ok(const struct model *m, size_t row)
{
	size_t i;

	for (i = 0; i < m->nsect; i++)
		if (ran_ok(model_find(m, row, m->sect[i].load)))
			return 1;
	return 0;
}

int
judge_nothing(const struct model *m, size_t row, char *why, size_t len)
{
	const char *gn = m->rows[row].show, *bn = m->rows[m->cmp_row].show;
	char lc[512], lb[512], bad[2048];
	int nc, nb;
	size_t i;

	if (!any_ok(m, row) || !any_ok(m, m->cmp_row)) {
		int cand = !any_ok(m, row);

		loads_not_ok(bad, sizeof(bad), m, cand ? row : m->cmp_row);
		snprintf(why, len, "%s '%s' has no ok run%s%s", cand ? "the candidate" : "BASE",
		    cand ? gn : bn, bad[0] ? ": " : "", bad);
		return 1;
	}
	for (i = 0; i < m->nsect; i++)
		if (strcmp(m->sect[i].load, "no_load") && ran(model_find(m, row, m->sect[i].load)) &&
		    ran(model_find(m, m->cmp_row, m->sect[i].load)))
			return 0;
	nc = loads_ran(lc, sizeof(lc), m, row);
	nb = loads_ran(lb, sizeof(lb), m, m->cmp_row);
	if ((nc == 0 || nb == 0) && ran_ok(model_find(m, row, "no_load")) &&
	    ran_ok(model_find(m, m->cmp_row, "no_load")))
		return 0;	/* the compile alone: no_load is the comparison */
	snprintf(why, len, "'%s' and '%s' ran no load in common (no_load aside): '%s' ran %s, '%s' ran %s "
	    "(measure the candidate under BASE's loads)", gn, bn, gn, lc, bn, lb);
	return 1;
}

int
judge_row(const struct model *m, size_t row, double thr)
{
	struct judgement j;
	enum judge_answer v = JUDGE_PASS;
	char why[4096];
	size_t i;
	int any = 0;

	if (judge_nothing(m, row, why, sizeof(why)))
		return JUDGE_NOTHING;
	for (i = 0; i < m->nsect; i++) {
		if (judge_load(m, row, m->sect[i].load, thr, &j) < 0)
			continue;
		v = judge_worst(v, j.answer);
		any |= j.state == JS_JUDGED;
	}
	if (any && judge_summary(m, row, thr, &j) == 0)
		v = judge_worst(v, j.answer);
	return any ? (int)v : JUDGE_SKIP;
}
