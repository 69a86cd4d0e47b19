/*
 * compare.c: -c BASE, the comparison kernel developers read in
 * regression reports: for each load, one block per compared row, one
 * line per metric both sides have (the metric table of model.h): BASE's
 * mean and its sd as % of the mean, the %change, the row's mean and %sd,
 * a mark where Welch's t-test puts the change outside the noise, and
 * which way that is (better, worse).  Changes beyond the noise come
 * first; the others only with -v.  Then the geometric means of each row
 * against BASE.  Every line fits 80 columns.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define NUMW 9		/* columns of a mean */

/* v in at most NUMW columns: prec decimals, or 4 significant digits. */
static void
fit(char *buf, size_t len, double v, int prec)
{
	model_num(buf, len, v, prec);
	if (strlen(buf) > NUMW)
		snprintf(buf, len, "%.3g", v);
}

/* sd as % of the mean: "-" for one value or a mean of 0. */
static void
sdpct(char *buf, size_t len, const struct acc *a)
{
	double m = stats_mean(a), p;

	if (a->n < 2 || !(m > 0)) {
		snprintf(buf, len, "-");
		return;
	}
	p = stats_sd(a) / m * 100;
	if (p >= 999.5)
		snprintf(buf, len, ">999");
	else
		snprintf(buf, len, "%.0f%%", p);
}

static void
pct(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (fabs(v) < 99999.95)
		snprintf(buf, len, "%+.1f%%", v);
	else
		snprintf(buf, len, "%+.2g%%", v);
}

static void
line(FILE *out, const struct model *m, const struct group *b, const struct group *g, int k,
    const struct change *c)
{
	char bm[32], bs[16], ch[32], gm[32], gs[16], p[16] = "", unit[24], name[64];
	const char *u = model_unit(g, k), *dir;

	fit(bm, sizeof(bm), stats_mean(&b->m[k]), metrics[k].prec);
	fit(gm, sizeof(gm), stats_mean(&g->m[k]), metrics[k].prec);
	sdpct(bs, sizeof(bs), &b->m[k]);
	sdpct(gs, sizeof(gs), &g->m[k]);
	pct(ch, sizeof(ch), c->pct);
	dir = c->dir > 0 ? "better" : c->dir < 0 ? "worse" : "";
	if (m->o->verbose) {
		if (c->tested)
			snprintf(p, sizeof(p), " %-6.2g", c->p);
		else
			snprintf(p, sizeof(p), " %-6s", "-");
	}
	model_clean(unit, sizeof(unit), u);
	if (*u == '%' && metrics[k].show[strlen(metrics[k].show) - 1] == '%')
		unit[0] = '\0';	/* CPU%, LCPU% */
	snprintf(name, sizeof(name), "%s%s%s", metrics[k].show, *unit ? " " : "", unit);
	fprintf(out, "%*s %4s %9s %c %*s %4s  %-6s%s %s\n", NUMW, bm, bs, ch,
	    c->significant ? '*' : c->tested ? ' ' : '?', NUMW, gm, gs, dir, p, name);
}

/* Does metric k get a line: both sides have it, and not both means 0? */
static int
shown(const struct group *b, const struct group *g, int k)
{
	return b->m[k].n > 0 && g->m[k].n > 0 &&
	    !(stats_mean(&b->m[k]) == 0 && stats_mean(&g->m[k]) == 0);
}

/* One block: row g against base b under one load. */
static void
block(FILE *out, const struct model *m, const char *load, const struct group *b,
    const struct group *g)
{
	const char *bn = m->rows[b->row].show, *gn = m->rows[g->row].show;
	char rb[32], rg[32], ld[64];
	struct change c[M_N];
	int k, pass, quiet = 0;

	model_clean(ld, sizeof(ld), load);
	model_num(rb, sizeof(rb), model_ratio(m, b), RATIO_DECIMALS);
	model_num(rg, sizeof(rg), model_ratio(m, g), RATIO_DECIMALS);
	fprintf(out, "%s: %s -> %s: ok runs %ld -> %ld, Ratio %s -> %s\n", ld, bn, gn,
	    b->m[M_TIME].n, g->m[M_TIME].n, rb, rg);
	for (k = 0; k < M_N; k++)
		model_change(b, g, k, &c[k]);
	for (k = 0; k < M_N && !m->o->verbose; k++)
		if (shown(b, g, k) && (c[k].significant || !c[k].tested))
			break;
	if (m->o->verbose || k < M_N)	/* the heading, when a line follows */
		fprintf(out, "%*s %4s %9s %c %*s %4s  %-6s%s %s\n", NUMW, "base", "%sd", "%change",
		    ' ', NUMW, "this", "%sd", "", m->o->verbose ? " p     " : "", "metric");
	/* changes beyond the noise, then untested ones, then (-v) the rest */
	for (pass = 0; pass < 3; pass++)
		for (k = 0; k < M_N; k++) {
			if (!shown(b, g, k))
				continue;
			if ((pass == 0) != c[k].significant || (pass == 1) != !c[k].tested)
				continue;
			if (pass == 2 && !m->o->verbose) {
				quiet++;
				continue;
			}
			line(out, m, b, g, k, &c[k]);
		}
	if (quiet)
		fprintf(out, "(%d metric%s within the noise not shown; -v shows them)\n", quiet,
		    quiet == 1 ? "" : "s");
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
		pct(ch, sizeof(ch), s.nratio ? (s.ratio - s.base_ratio) / s.base_ratio * 100 : NAN);
		model_num(l, sizeof(l), s.loads, 3);
		model_pad(out, m->rows[row].show, 20);
		fprintf(out, " %8s %8s %9s %5d %10s %5d\n", r, rb, ch, s.nratio, l, s.nloads);
	}
	fputc('\n', out);
}

int
render_compare(FILE *out, const struct model *m)
{
	const char *base = m->rows[m->cmp_row].show;
	size_t i, k;

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
		}
		if (n == 0)
			fprintf(out, "%s: no other row to compare with %s\n", ld, base);
		model_notes(out, m, i, 0);
		fputc('\n', out);
	}
	summary(out, m);
	fprintf(out, "base, this: means of %s and of the row; %%sd: sample sd as %% of the mean;\n"
	    "%%change = (this - base) / base x 100; * = outside the noise: Welch's two-sided\n"
	    "t-test p < 0.05; ? = a side has fewer than 2 values, not tested; better/worse:\n"
	    "the metric's direction (doc/contest.1, REPORT)\n", base);
	return 0;
}
