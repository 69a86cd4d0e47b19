/*
 * compare.c: -c BASE, the comparison kernel developers read in
 * regression reports.  First what differs between each row's runs and
 * BASE's (the box, others' CPU, steal): what could explain a change.
 * Then for each load, one block per compared row, one line per metric
 * both sides have: BASE's mean, the row's, the change with its 95%
 * interval, and the verdict of the comparison's family of tests
 * (family.c, verdict.h): worse, better, changed, held back by the
 * environment, or nothing; marked lines first, the others only with -v.
 * Each block ends with the smallest changes its runs could have seen.
 * Then the summary of each row against BASE.  Every line fits 80
 * columns.  --verdict (render_verdict) words for a script what judge.c
 * (judge.h) decides from the same marks: each load's verdict metrics and
 * the summary's, worse as -c prints them.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

#define NUMW 9		/* columns of a mean */

/* v in at most NUMW columns: prec decimals, or 4 significant digits. */
static void
fit(char *buf, size_t len, double v, int prec)
{
	model_num(buf, len, v, prec);
	if (strlen(buf) > NUMW)
		snprintf(buf, len, "%.3g", v);
}

/* sd as % of the mean of n values: "-" for one value or a mean of 0. */
static void
sd_of(char *buf, size_t len, long n, double mean, double sd)
{
	double p;

	if (n < 2 || !(mean > 0) || !(sd >= 0)) {
		snprintf(buf, len, "-");
		return;
	}
	p = sd / mean * 100;
	if (p >= 999.5)
		snprintf(buf, len, ">999%%");
	else
		snprintf(buf, len, "%.0f%%", p);
}

static void
sdpct(char *buf, size_t len, const struct acc *a)
{
	sd_of(buf, len, a->n, stats_mean(a), stats_sd(a));
}

/* A signed number in at most 7 columns. */
static void
sgn(char *buf, size_t len, double v, const char *suffix)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (fabs(v) < 99.95)
		snprintf(buf, len, "%+.1f%s", v, suffix);
	else if (fabs(v) < 99999.5)
		snprintf(buf, len, "%+.0f%s", v, suffix);
	else
		snprintf(buf, len, "%+.0e%s", v, suffix);
}


/* The change and its interval: in % of BASE, else (BASE 0) in the unit. */
static void
change_text(char *ch, char *iv, size_t len, const struct vd_test *t, int tight)
{
	char lo[16], hi[16];
	int pct = isfinite(t->pct);

	sgn(ch, len, pct ? t->pct : t->d, pct ? "%" : "");
	if (!t->tested || !isfinite(pct ? t->lo : t->dlo)) {
		snprintf(iv, len, "%s", !t->tested && t->n < 2 ? "?" : "");
		return;
	}
	sgn(lo, sizeof(lo), pct ? t->lo : t->dlo, "");
	sgn(hi, sizeof(hi), pct ? t->hi : t->dhi, "");
	snprintf(iv, len, tight ? "[%s, %s]" : "[%6s, %6s]", lo, hi);
}

static const char *
verdict_word(const struct vd_test *t, int verbose)
{
	switch (t->mark) {
	case VD_WORSE:
	case VD_BETTER:
	case VD_CHANGED:
	case VD_HELD:
		return word_mark(t->mark);
	case VD_SMALL:
		return verbose ? word_mark(t->mark) : "";
	default:
		return "";
	}
}

/* The name of slot k as printed, with its unit. */
static void
slot_name(char *name, size_t len, const struct group *g, int k, const struct vd_test *t)
{
	char unit[24];
	const char *u;

	if (k == F_RATIO) {
		snprintf(name, len, "%s", t->kind == VK_TIME && g->m[M_PAIRED].n ? "Ratio (paired)" : "Ratio");
		return;
	}
	u = model_unit(g, k);
	model_clean(unit, sizeof(unit), u);
	if (*u == '%' && metrics[k].show[strlen(metrics[k].show) - 1] == '%')
		unit[0] = '\0';	/* CPU%, LCPU% */
	snprintf(name, len, "%s%s%s", metrics[k].show, *unit ? " " : "", unit);
}

/* The means of slot k of each side, as printed. */
static void
means(char *bm, char *gm, size_t len, const struct model *m, const struct group *b,
    const struct group *g, int k)
{
	if (k == F_RATIO) {
		int paired = b->m[M_PAIRED].n && g->m[M_PAIRED].n;

		fit(bm, len, paired ? stats_mean(&b->m[M_PAIRED]) : model_ratio(m, b), 3);
		fit(gm, len, paired ? stats_mean(&g->m[M_PAIRED]) : model_ratio(m, g), 3);
		return;
	}
	fit(bm, len, stats_mean(&b->m[k]), metrics[k].prec);
	fit(gm, len, stats_mean(&g->m[k]), metrics[k].prec);
}

static void
line(FILE *out, const struct model *m, const struct group *b, const struct group *g, int k,
    const struct vd_test *t)
{
	char bm[32], gm[32], ch[48], iv[48], name[64], bs[16], gs[16], p[16], pa[16];
	int kk = k == F_RATIO ? M_PAIRED : k;

	means(bm, gm, sizeof(bm), m, b, g, k);
	change_text(ch, iv, sizeof(ch), t, 0);
	slot_name(name, sizeof(name), g, k, t);
	fprintf(out, "%*s %*s %8s %-16s %-7s %s\n", NUMW, bm, NUMW, gm, ch, iv,
	    verdict_word(t, m->o->verbose), name);
	if (!m->o->verbose || !t->tested)
		return;
	sdpct(bs, sizeof(bs), &b->m[kk]);
	sdpct(gs, sizeof(gs), &g->m[kk]);
	snprintf(p, sizeof(p), "%.2g", t->p);
	snprintf(pa, sizeof(pa), "%.2g", t->padj);
	fprintf(out, "%*s sd %s -> %s, p %s, adjusted %s%s%s\n", NUMW, "", bs, gs, p, pa,
	    t->mark == VD_HELD ? ", held: " : "", t->mark == VD_HELD && t->why ? t->why : "");
}

/* Which pass prints test t: marks, held, untested, then (-v) the rest. */
static int
pass_of(const struct vd_test *t)
{
	if (t->mark == VD_WORSE || t->mark == VD_BETTER || t->mark == VD_CHANGED)
		return 0;
	if (t->mark == VD_HELD)
		return 1;
	return t->mark == VD_UNTESTED && t->n < 2 ? 2 : 3;	/* nothing varies: with the noise */
}

/* The smallest change of t seen, as a sentence's clause. */
static int
mde_clause(char *buf, size_t len, const char *what, const struct vd_test *t)
{
	double rel, abs, target;

	if (t == NULL || !isfinite(t->mde) || t->runs == 0)
		return 0;
	vd_floor(t->kind, &rel, &abs);
	target = rel > VD_TARGET_PCT ? rel : VD_TARGET_PCT;
	if (t->mde >= 1000)
		return snprintf(buf, len, "%s: no change under 10x can be told from noise with %ld "
		    "runs", what, t->n);
	if (t->runs <= t->n)
		return snprintf(buf, len, "%s: changes below %.*f%% cannot be told from noise "
		    "with %ld runs", what, t->mde < 100 ? 1 : 0, t->mde, t->n);
	if (t->runs > VD_MAX_RUNS)
		return snprintf(buf, len, "%s: changes below %.*f%% cannot be told from noise "
		    "with %ld runs; over %d runs would see %.0f%%", what, t->mde < 100 ? 1 : 0, t->mde,
		    t->n, VD_MAX_RUNS, target);
	return snprintf(buf, len, "%s: changes below %.*f%% cannot be told from noise with %ld "
	    "runs; %ld runs would see %.0f%%", what, t->mde < 100 ? 1 : 0, t->mde, t->n, t->runs, target);
}

/* The block's smallest changes seen, for its verdict metrics. */
static void
block_mde(FILE *out, const struct model *m, const struct group *g)
{
	char buf[1024];
	size_t n = 0, i;

	for (i = 0; i < JUDGE_METRICS; i++) {
		const struct vd_test *t = model_test(m, g, judge_slots[i].slot);

		if (n + 2 < sizeof(buf) && mde_clause(buf + n + (n ? 2 : 0), sizeof(buf) - n - 2,
		    judge_slots[i].show, t)) {
			if (n)
				memcpy(buf + n, "; ", 2);
			n += strlen(buf + n);
		}
	}
	if (n)
		model_note(out, "%s.", buf);
}

/* One block: row g against base b under one load. */
static void
block(FILE *out, const struct model *m, const char *load, const struct group *b,
    const struct group *g)
{
	const char *bn = m->rows[b->row].show, *gn = m->rows[g->row].show;
	char rb[32], rg[32], ld[64];
	int k, pass, quiet = 0, held = 0, head = 0;

	model_clean(ld, sizeof(ld), load);
	model_num(rb, sizeof(rb), model_ratio(m, b), RATIO_DECIMALS);
	model_num(rg, sizeof(rg), model_ratio(m, g), RATIO_DECIMALS);
	fprintf(out, "%s: %s -> %s: ok runs %ld -> %ld, Ratio %s -> %s\n", ld, bn, gn,
	    b->m[M_TIME].n, g->m[M_TIME].n, rb, rg);
	for (pass = 0; pass < 4; pass++)
		for (k = 0; k < F_SLOTS; k++) {
			const struct vd_test *t = k == M_PAIRED ? NULL : model_test(m, g, k);

			if (t == NULL || pass_of(t) != pass)
				continue;
			if (pass == 3 && !m->o->verbose) {
				quiet++;
				continue;
			}
			held += t->mark == VD_HELD;
			if (!head++)
				fprintf(out, "%*s %*s %8s %-16s %-7s %s\n", NUMW, "base", NUMW, "this",
				    "%change", "[95% interval]", "verdict", "metric");
			line(out, m, b, g, k, t);
		}
	if (quiet)
		fprintf(out, "(%d metric%s within the noise not shown; -v shows them)\n", quiet,
		    quiet == 1 ? "" : "s");
	if (held)
		model_note(out, "held: beyond the noise, but %s explains it: not called worse "
		    "or better", g->envwhy);
	if (g->req_t_set && b->req_t_set &&
	    (g->req_t[0] != b->req_t[0] || g->req_t[1] != b->req_t[1]))
		model_note(out, "requests > t1, > t2: not compared: %s timed its requests "
		    "against %g and %g ms, %s against %g and %g ms", gn, g->req_t[0], g->req_t[1],
		    bn, b->req_t[0], b->req_t[1]);
	block_mde(out, m, g);
}

/* ---------------------------------------------------------- diffprofile */

#define PD_SHOWN 20	/* the largest changes shown without -v */
#define PD_NAMEW (79 - 43)	/* columns of a function's name */

/* Is the mark of t one to show whatever its rank: a verdict, or held? */
static int
pd_marked(const struct vd_test *t)
{
	return t && (t->mark == VD_WORSE || t->mark == VD_BETTER || t->mark == VD_CHANGED ||
	    t->mark == VD_HELD);
}

/* One line: the change in samples a second, base, this, %change, verdict, name. */
static void
pd_line(FILE *out, const struct model *m, double base, double this, const struct vd_test *t,
    const char *name)
{
	char ch[32], bm[32], gm[32], pc[32], nm[256];

	snprintf(ch, sizeof(ch), "%+.1f", this - base);
	if (strlen(ch) > 8)
		snprintf(ch, sizeof(ch), "%+.2g", this - base);
	fit(bm, sizeof(bm), base, 1);
	fit(gm, sizeof(gm), this, 1);
	if (base > 0)
		sgn(pc, sizeof(pc), pmodel_pct(base, this, t), "%");
	else
		snprintf(pc, sizeof(pc), "%s", this > 0 ? "new" : "-");
	pmodel_name(nm, sizeof(nm), name, PD_NAMEW);
	fprintf(out, "%8s %8s %8s %7s %-7s %s\n", ch, bm, gm, pc, t ? verdict_word(t, m->o->verbose) : "",
	    nm);
}

/*
 * -v: under a tested line, the runs' spread each side, the test's p and
 * the family's adjusted p, and the %change's 95% interval.
 */
static void
pd_more(FILE *out, const struct vd_test *t, const char *bs, const char *gs)
{
	char iv[48] = "";

	if (t == NULL || !t->tested)
		return;
	if (isfinite(t->lo) && isfinite(t->hi))
		snprintf(iv, sizeof(iv), ", 95%% [%+.1f, %+.1f]", t->lo, t->hi);
	fprintf(out, "%17s sd %s -> %s, p %.2g, adjusted %.2g%s%s%s\n", "", bs, gs, t->p, t->padj, iv,
	    t->mark == VD_HELD ? ", held: " : "", t->mark == VD_HELD && t->why ? t->why : "");
}

/*
 * The diffprofile of row g against base b under one load, in the manner
 * of Bligh's kernbench diffprofile (seed 001): each function's change
 * in kernel samples a second of the window, + more time (worse), - less
 * (better), the largest change first, and the marks of the comparison's
 * family; the largest PD_SHOWN and every one marked, or all with -v;
 * then the total.
 */
static void
diffprofile(FILE *out, const struct model *m, const char *load, const struct group *b,
    const struct group *g)
{
	const char *bn = m->rows[b->row].show, *gn = m->rows[g->row].show;
	const struct vd_test *t;
	char ld[64], bs[16], gs[16], wb[512], wg[512];
	size_t i, shown = 0, tested = 0, marked = 0;

	model_clean(ld, sizeof(ld), load);
	if (pmodel_none(wb, sizeof(wb), b) + pmodel_none(wg, sizeof(wg), g) > 0) {
		model_note(out, "%s: no diffprofile: %s%s%s%s%s%s%s", ld, wb[0] ? bn : "", wb[0] ? ": " : "",
		    wb, wb[0] && wg[0] ? "; " : "", wg[0] ? gn : "", wg[0] ? ": " : "", wg);
		return;
	}
	if (g->prof == NULL || b->prof == NULL || g->pd == NULL)
		return;
	fprintf(out, "%s: diffprofile %s -> %s: kernel samples a second of the window,\n"
	    "+ more time (worse), - less (better); profiled runs %ld -> %ld\n", ld, bn, gn,
	    b->prof->n, g->prof->n);
	fprintf(out, "%8s %8s %8s %7s %-7s %s\n", "change", "base", "this", "%change", "verdict",
	    "function");
	for (i = 0; i < g->npd; i++) {
		const struct pdiff *d = &g->pd[i];

		t = model_ptest(m, d->vt);
		tested += t != NULL;
		marked += pd_marked(t);
		if (i >= PD_SHOWN && !m->o->verbose && !pd_marked(t))
			continue;
		pd_line(out, m, d->base.rate, d->this.rate, t, d->name);
		if (m->o->verbose) {
			sd_of(bs, sizeof(bs), d->base.n, d->base.rate, sqrt(d->base.vrate));
			sd_of(gs, sizeof(gs), d->this.n, d->this.rate, sqrt(d->this.vrate));
			pd_more(out, t, bs, gs);
		}
		shown++;
	}
	t = model_ptest(m, g->pvt);
	pd_line(out, m, stats_mean(&b->prof->kernel), stats_mean(&g->prof->kernel), t, "total");
	if (m->o->verbose) {
		sdpct(bs, sizeof(bs), &b->prof->kernel);
		sdpct(gs, sizeof(gs), &g->prof->kernel);
		pd_more(out, t, bs, gs);
	}
	model_note(out, "(%zu function%s, %zu shown; %zu tested (%.2g%% of the kernel samples or more), "
	    "%zu marked%s)", g->npd, g->npd == 1 ? "" : "s", shown, tested, PROF_TESTED_PCT, marked,
	    shown < g->npd ? "; -v shows all" : "");
}

/* Others' CPU of g, % of all CPUs' time, as the family reads it. */
static double
others(const struct group *g)
{
	return g->m[M_SYS_REST].n ? stats_mean(&g->m[M_SYS_REST]) :
	    g->m[M_REST_SHARE].n ? stats_mean(&g->m[M_REST_SHARE]) : NAN;
}

/* One of the environment's figures under every load both have: "LOAD A -> B, ...". */
static size_t
env_figure(char *buf, size_t len, const struct model *m, size_t row, int steal)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < m->nsect && n < len; i++) {
		const struct group *g = model_find(m, row, m->sect[i].load);
		const struct group *b = model_find(m, m->cmp_row, m->sect[i].load);
		double x, y;
		char ld[64];

		if (g == NULL || b == NULL || g->vt == NONE)
			continue;
		x = steal ? (b->m[M_SYS_STEAL].n ? stats_mean(&b->m[M_SYS_STEAL]) : NAN) : others(b);
		y = steal ? (g->m[M_SYS_STEAL].n ? stats_mean(&g->m[M_SYS_STEAL]) : NAN) : others(g);
		if (!isfinite(x) || !isfinite(y))
			continue;
		model_clean(ld, sizeof(ld), g->load);
		n += (size_t)snprintf(buf + n, len - n, "%s%s %.1f -> %.1f%s", n ? ", " : "", ld, x, y,
		    fabs(y - x) >= (steal ? 1.0 : 2.0) && !m->rows[row].boxdiff[0] ? " (held)" : "");
	}
	return n;
}

/* What differs between row's runs and BASE's, before any verdict. */
static void
environment(FILE *out, const struct model *m, size_t row)
{
	const struct row *w = &m->rows[row], *b = &m->rows[m->cmp_row];
	const char *gn = w->show, *bn = b->show;
	char buf[1024];
	long dg = 0, db = 0;
	size_t i;

	fprintf(out, "Environment, %s against %s:\n", gn, bn);
	if (w->snap == NONE || b->snap == NONE)
		model_note(out, "  box: no snapshot of %s's box: cannot tell whether it differs",
		    w->snap == NONE ? gn : bn);
	else if (w->boxdiff[0])
		model_note(out, "  box: differs in %s (-v shows both): every mark held back", w->boxdiff);
	else
		model_note(out, "  box: the same (command line, CPU, RAM, governor, THP, filesystem, "
		    "compilers), the kernel aside");
	if (env_figure(buf, sizeof(buf), m, row, 0))
		model_note(out, "  others' CPU, %% of all CPUs: %s", buf);
	if (env_figure(buf, sizeof(buf), m, row, 1))
		model_note(out, "  steal, %%: %s", buf);
	for (i = 0; i < m->nsect; i++) {
		const struct group *g = model_find(m, row, m->sect[i].load);
		const struct group *x = model_find(m, m->cmp_row, m->sect[i].load);

		dg += g ? g->disturbed : 0;
		db += x ? x->disturbed : 0;
	}
	if (dg || db)
		model_note(out, "  runs left out as disturbed (others' CPU over the mark): %s %ld, %s %ld",
		    bn, db, gn, dg);
}

static void
sum_line(FILE *out, const struct model *m, size_t row, int s)
{
	static const char *what[S_N] = { "Time", "Ratio", "Loads" };
	const struct vd_test *t = model_sum_test(m, row, s);
	const struct row *w = &m->rows[row];
	char ch[48], iv[48];

	if (t == NULL)
		return;
	change_text(ch, iv, sizeof(ch), t, 0);
	fprintf(out, "  %-6s %8s %-16s %-7s over %d load%s%s\n", what[s], ch, iv,
	    verdict_word(t, m->o->verbose), w->sloads[s], w->sloads[s] == 1 ? "" : "s",
	    w->sround[s] ? ", per round" : "");
}

/* The summary's tests of each row: geometric means over the loads, per round. */
static void
sum_tests(FILE *out, const struct model *m, size_t row)
{
	static const char *what[S_N] = { "Time", "Ratio", "Loads" };
	const char *gn = m->rows[row].show;
	char buf[1024];
	size_t n = 0;
	int s;

	if (model_sum_test(m, row, S_TIME) == NULL && model_sum_test(m, row, S_RATIO) == NULL &&
	    model_sum_test(m, row, S_LOADS) == NULL)
		return;
	fprintf(out, "%s: geometric means %8s %-16s %-7s\n", gn, "%change", "[95% interval]", "verdict");
	for (s = 0; s < S_N; s++)
		sum_line(out, m, row, s);
	for (s = 0; s < S_N; s++)
		if (model_sum_test(m, row, s) && model_sum_test(m, row, s)->mark == VD_HELD) {
			model_note(out, "held: beyond the noise, but %s explains it: not called worse "
			    "or better", m->rows[row].sumwhy);
			break;
		}
	for (s = 0; s < S_N; s++)
		if (n + 2 < sizeof(buf) && mde_clause(buf + n + (n ? 2 : 0), sizeof(buf) - n - 2, what[s],
		    model_sum_test(m, row, s))) {
			if (n)
				memcpy(buf + n, "; ", 2);
			n += strlen(buf + n);
		}
	if (n)
		model_note(out, "%s.", buf);
}

static void
summary(FILE *out, const struct model *m)
{
	const char *bn = m->rows[m->cmp_row].show;
	char r[32], rb[32], ch[32], l[32];
	struct summary s;
	size_t i;

	fprintf(out, "Summary against %s: geometric means over the loads both have\n", bn);
	fprintf(out, "%-20s %8s %8s %9s %5s %10s %5s\n", "Kernel", "Ratio", "base's", "%change",
	    "loads", "Loads/base", "loads");
	for (i = 0; i < m->nrows; i++) {
		size_t row = m->order[i];

		if (row == m->cmp_row)
			continue;
		model_summary(m, row, m->cmp_row, &s);
		if (s.nratio == 0 && s.nloads == 0)
			continue;

		model_num(r, sizeof(r), s.ratio, 3);
		model_num(rb, sizeof(rb), s.base_ratio, 3);
		sgn(ch, sizeof(ch), s.nratio ? (s.ratio - s.base_ratio) / s.base_ratio * 100 : NAN, "%");
		model_num(l, sizeof(l), s.loads, 3);
		model_pad(out, m->rows[row].show, 20);
		fprintf(out, " %8s %8s %9s %5d %10s %5d\n", r, rb, ch, s.nratio, l, s.nloads);
	}
	for (i = 0; i < m->nrows; i++)
		if (m->order[i] != m->cmp_row)
			sum_tests(out, m, m->order[i]);
	fputc('\n', out);
}

int
render_compare(FILE *out, const struct model *m)
{
	const char *base = m->rows[m->cmp_row].show;
	size_t i, k;

	for (i = 0; i < m->nrows; i++)
		if (m->order[i] != m->cmp_row)
			environment(out, m, m->order[i]);
	fputc('\n', out);
	for (i = 0; i < m->nsect; i++) {
		const char *load = m->sect[i].load;
		const struct group *b = model_find(m, m->cmp_row, load), *g;
		char ld[64];
		int n = 0;

		model_clean(ld, sizeof(ld), load);
		if (b == NULL || b->m[M_TIME].n == 0) {
			fprintf(out, "%s: no ok run of '%s': nothing to compare with\n", ld, base);
			model_notes(out, m, i, 0);
			fputc('\n', out);
			continue;
		}
		EACH(m, i, k, g) {
			if (model_cmp_base(m, g) == NULL)
				continue;
			if (n++)
				fputc('\n', out);
			block(out, m, load, b, g);
			if (m->o->profiles)
				diffprofile(out, m, load, b, g);
		}
		if (n == 0)
			fprintf(out, "%s: no other row to compare with %s\n", ld, base);
		model_notes(out, m, i, 0);
		fputc('\n', out);
	}
	summary(out, m);
	fprintf(out, "base, this: means of %s and of the row; %%change = (this - base) / base x\n"
	    "100 (without %%: the difference in the unit, where base is 0), with its 95%%\n"
	    "interval; worse, better, changed: beyond the noise by the rule that marks one\n"
	    "comparison in twenty at most when nothing changed, and beyond the metric's\n"
	    "floor; held: the environment explains it; ?: under 2 runs a side\n"
	    "(doc/contest.1, REPORT, Verdicts)\n", base);
	return 0;
}

/* ------------------------------------------------------------- --verdict */

/* One verdict metric's clause, as judge.c judged it, in buf. */
static void
clause(char *buf, size_t len, const struct judge_metric *x)
{
	const struct vd_test *t = x->t;
	const char *what = x->s->show;
	char ch[48], iv[48];

	change_text(ch, iv, sizeof(ch), t, 1);
	switch (x->why) {
	case JW_WORSE:
		snprintf(buf, len, "%s %s %s worse, beyond %g%%", what, ch, iv, x->thr);
		break;
	case JW_HELD:
		snprintf(buf, len, "%s %s %s held: %s", what, ch, iv, t->why ? t->why : "the environment");
		break;
	case JW_FEW:
	case JW_SAME:
		snprintf(buf, len, "%s %s %s", what, ch, x->why == JW_FEW ? "not tested: under 2 runs a side" :
		    "the same in every run");
		break;
	case JW_MAYBE:
		snprintf(buf, len, "%s %s %s %smay be worse by over %g%%", what, ch, iv,
		    x->worse ? "worse, not beyond the threshold, but " : "", x->thr);
		break;
	case JW_WITHIN:
		snprintf(buf, len, "%s %s %s %swithin %g%%", what, ch, iv, x->worse ? "worse, " : "", x->thr);
		break;
	}
}

/* The line of a judgement: its metrics' clauses, headed head. */
static void
judge_line(FILE *out, const char *head, const struct judgement *j)
{
	char buf[1024], one[256];
	int i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < j->n; i++) {
		clause(one, sizeof(one), &j->m[i]);
		len += snprintf(buf + len, sizeof(buf) - (size_t)len, "%s%s", len ? "; " : "", one);
		if (len >= (int)sizeof(buf))
			len = sizeof(buf) - 1;
	}
	model_note(out, "%s: %s: %s", head, j->answer == JUDGE_FAIL ? "worse" : j->answer == JUDGE_SKIP ?
	    "cannot decide" : "not worse", j->n ? buf : "no verdict metric to judge");
}

/*
 * A load only one side ran is not judged; one both ran but a side has
 * no run counted (each failed, or left out as disturbed) cannot be: its
 * line says why.
 */
static void
not_judged(FILE *out, const struct model *m, size_t row, const struct judgement *j)
{
	const struct group *x = j->g != NULL && j->g->m[M_TIME].n > 0 ? j->b : j->g;
	char ld[64], why[NWHY * 192];

	if (j->state == JS_NEITHER)
		return;		/* another row's load */
	model_clean(ld, sizeof(ld), (j->g ? j->g : j->b)->load);
	if (j->state == JS_ONE_SIDE) {
		model_note(out, "%s: not judged: only '%s' ran it", ld, m->rows[j->g ? row : m->cmp_row].show);
		return;
	}
	if (x->disturbed > 0 && x->m[M_TIME].n == 0 && !model_not_ok(why, sizeof(why), x))
		model_note(out, "%s: cannot decide: the %ld ok run%s of '%s' %s left out as disturbed "
		    "(--disturbed counts them)", ld, x->disturbed, x->disturbed == 1 ? "" : "s",
		    m->rows[x->row].show, x->disturbed == 1 ? "was" : "were");
	else {
		model_not_ok(why, sizeof(why), x);
		model_note(out, "%s: cannot decide: '%s' has no ok run counted%s%s%s", ld,
		    m->rows[x->row].show, why[0] ? " (" : "", why, why[0] ? ")" : "");
	}
}

int
render_verdict(FILE *out, const struct model *m, size_t row, double thr)
{
	const char *gn = m->rows[row].show, *bn = m->rows[m->cmp_row].show;
	struct judgement j;
	char ld[64];
	size_t i;
	int v, any = 0;

	if ((v = judge_row(m, row, thr)) == JUDGE_NOTHING)
		return v;	/* report_verdict says why */
	for (i = 0; i < m->nsect; i++) {
		judge_load(m, row, m->sect[i].load, thr, &j);
		if (j.state != JS_JUDGED) {
			not_judged(out, m, row, &j);
			continue;
		}
		any = 1;
		model_clean(ld, sizeof(ld), j.g->load);
		judge_line(out, ld, &j);
	}
	if (any && judge_summary(m, row, thr, &j) == 0)
		judge_line(out, "geometric means over the loads", &j);
	model_note(out, "%s against %s: %s (exit %d)", gn, bn, v == JUDGE_FAIL ? "worse" :
	    v == JUDGE_SKIP ? "the runs cannot decide" : "not worse", v);
	return v;
}
