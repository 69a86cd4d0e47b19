/*
 * verdict-unit.c: prints what the comparison engine (verdict.c) gives
 * for hand-worked cases, one "name value" a line, for
 * t3401-verdict-unit.sh to check against published quantiles of
 * Student's t and sums done by hand.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../report/verdict.h"

/* t with its estimate chosen so that its two-sided p is p (var 1, df) */
static void
with_p(struct vd_test *t, double p, double df, enum vd_tier tier)
{
	memset(t, 0, sizeof(*t));
	t->kind = VK_TIME;
	t->tier = tier;
	t->better = -1;
	t->tested = t->log = 1;
	t->var = 1e-4;
	t->df = df;
	t->est = vd_tq(p / 2, df) * 1e-2;
	t->base = 1;
	t->n = 5;
}

static void
two(const char *name, const double *a, int na, const double *b, int nb, enum vd_kind k, int explain)
{
	struct vd_part p[2];
	struct vd_test t;

	memset(&t, 0, sizeof(t));
	t.kind = k;
	t.tier = VT_VERDICT;
	t.better = -1;
	t.explain = explain;
	vd_sample(&p[0], 1, b, nb);
	vd_sample(&p[1], -1, a, na);
	vd_parts(&t, p, 2, p[1].mean);
	vd_family(&t, 1, VD_ALPHA);
	vd_mde(&t, VD_ALPHA);
	printf("%s_tested %d\n%s_log %d\n%s_est %.10g\n%s_var %.10g\n%s_df %.10g\n%s_p %.10g\n"
	    "%s_pct %.10g\n%s_lo %.10g\n%s_hi %.10g\n%s_d %.10g\n%s_mark %d\n%s_mde %.10g\n%s_runs %ld\n",
	    name, t.tested, name, t.log, name, t.est, name, t.var, name, t.df, name, t.p, name, t.pct,
	    name, t.lo, name, t.hi, name, t.d, name, (int)t.mark, name, t.mde, name, t.runs);
}

int
main(void)
{
	static const double q[][3] = {	/* upper tail, df */
		{ 0.025, 1 }, { 0.025, 2 }, { 0.025, 4 }, { 0.025, 10 }, { 0.025, 30 },
		{ 0.005, 5 }, { 0.2, 8 }, { 0.025, 1e6 }, { 0.975, 4 }, { 0.00025, 3.5 },
	};
	static const double a[] = { 100, 102, 104 }, b[] = { 110, 112, 114 };
	static const double c[] = { 100.4, 100.6, 100.5 }, z[] = { 0, 0, 0 }, one[] = { 1, 1, 1 };
	static const double s[] = { 100, 100.1, 99.9, 100, 100 }, s2[] = { 100.5, 100.6, 100.4, 100.5, 100.5 };
	static const double ps[] = { 0.01, 0.04, 0.03, 0.5 };
	struct vd_test f[4];
	size_t i;

	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++)
		printf("tq_%g_%g %.10g\n", q[i][0], q[i][1], vd_tq(q[i][0], q[i][1]));
	two("ab", a, 3, b, 3, VK_TIME, 0);	/* a clear +9.8% */
	two("held", a, 3, b, 3, VK_TIME, 1);	/* the same, the environment worse */
	two("small", s, 5, s2, 5, VK_TIME, 0);	/* +0.5%: beyond the noise, under 1% */
	two("same", one, 3, one, 3, VK_COUNT, 0);	/* nothing varies */
	two("apart", z, 3, one, 3, VK_COUNT, 0);	/* 0 0 0 against 1 1 1 */
	two("within", a, 3, c, 3, VK_TIME, 0);
	for (i = 0; i < 4; i++)
		with_p(&f[i], ps[i], 8, VT_VERDICT);
	vd_family(f, 4, VD_ALPHA);
	for (i = 0; i < 4; i++)
		printf("holm%zu_p %.10g\nholm%zu_padj %.10g\nholm%zu_w %.10g\nholm%zu_mark %d\n", i, f[i].p, i,
		    f[i].padj, i, f[i].weight, i, (int)f[i].mark);
	/* two tiers: the summary's share 0.4, the rest's 0.2, of 0.6 present */
	with_p(&f[0], 0.02, 8, VT_SUMMARY);
	with_p(&f[1], 0.02, 8, VT_OTHER);
	with_p(&f[2], 0.02, 8, VT_OTHER);
	vd_family(f, 3, VD_ALPHA);
	for (i = 0; i < 3; i++)
		printf("tier%zu_w %.10g\ntier%zu_padj %.10g\n", i, f[i].weight, i, f[i].padj);
	/* the smallest change seen: se 1% on the log scale, df 8, alone in its family */
	with_p(&f[0], 0.5, 8, VT_VERDICT);
	vd_family(f, 1, VD_ALPHA);
	vd_mde(&f[0], VD_ALPHA);
	printf("mde %.10g\nmde_runs %ld\n", f[0].mde, f[0].runs);
	return 0;
}
