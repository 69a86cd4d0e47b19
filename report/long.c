/*
 * long.c: --format long (long_format), tidy data: a CSV of one line per
 * row, load and metric (every metric of the metric table the group has,
 * then its Ratio), RFC 4180 quoting, for pandas.read_csv and R's
 * read.csv with no options.  Names as the tables print them (model_name);
 * a number that does not exist is an empty field.  Every number is the
 * JSON's, in its decimals: mean, sd, min and max of the group's metric,
 * and with -c the change against BASE's row and its family's test.
 * Reads the model only.
 */
#include <math.h>
#include <stdio.h>

#include "model.h"

static void
header(FILE *out, const struct model *m)
{
	fputs("label,host,load,metric,unit,n,mean,sd,min,max", out);
	if (m->o->compare)
		fputs(",base,change_pct,ci_low,ci_high,p,p_adjusted,mark", out);
	fputc('\n', out);
}

/* The first columns of a line of g: label (its row's name), host, load, metric, unit. */
static void
ident(FILE *out, const struct model *m, const struct group *g, const char *metric, const char *unit)
{
	const struct row *w = &m->rows[g->row];

	model_csv_str(out, w->name, 1);
	fputc(',', out);
	model_csv_str(out, w->host, 1);
	fputc(',', out);
	model_csv_str(out, g->load, 1);
	fprintf(out, ",%s,", metric);
	model_csv_str(out, unit, 1);
}

/* -c's columns: BASE's row, the change and its test t (NULL: none); p where tested. */
static void
versus(FILE *out, const struct model *m, const struct group *cb, double pct, double p,
    const struct vd_test *t)
{
	fputc(',', out);
	if (cb == NULL) {
		fputs(",,,,,,", out);
		return;
	}
	model_csv_str(out, m->rows[cb->row].name, 1);
	model_csv_num(out, "%.2f", pct);
	model_csv_num(out, "%.2f", t ? t->lo : NAN);
	model_csv_num(out, "%.2f", t ? t->hi : NAN);
	model_csv_num(out, "%.6g", p);
	model_csv_num(out, "%.6g", t ? t->padj : NAN);
	fprintf(out, ",%s", t ? word_mark(t->mark) : "");
}

/* The lines of g: each metric it has, then its Ratio. */
static void
lines(FILE *out, const struct model *m, const struct group *g)
{
	const struct group *cb = model_cmp_base(m, g);
	const struct vd_test *t;
	struct change c;
	double ratio;
	int k;

	for (k = 0; k < M_N; k++) {
		const struct acc *a = &g->m[k];

		if (a->n == 0)
			continue;
		ident(out, m, g, metrics[k].name, model_unit(g, k));
		fprintf(out, ",%ld", a->n);
		model_csv_num(out, "%.4f", stats_mean(a));
		model_csv_num(out, "%.4f", stats_sd(a));
		model_csv_num(out, "%.4f", a->min);
		model_csv_num(out, "%.4f", a->max);
		if (m->cmp_row != NONE) {
			model_change(m, g, k, &c);
			versus(out, m, cb, c.pct, c.tested ? c.p : NAN, c.t);
		}
		fputc('\n', out);
	}
	if (!isfinite(ratio = model_ratio(m, g)))
		return;
	ident(out, m, g, "ratio", "");
	fputc(',', out);
	model_csv_num(out, "%.4f", ratio);
	model_csv_num(out, "%.4f", model_ratio_sd(m, g));
	fputs(",,", out);
	if (m->cmp_row != NONE) {
		t = cb ? model_test(m, g, F_RATIO) : NULL;
		versus(out, m, cb, t ? t->pct : NAN, t ? t->p : NAN, t);
	}
	fputc('\n', out);
}

static int
render(FILE *out, const struct model *m)
{
	const struct group *g;
	size_t i, k;

	header(out, m);
	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g)
			lines(out, m, g);
	return 0;
}

/* No usable run: the header alone, a table of no observation. */
static void
empty(FILE *out, const struct model *m)
{
	header(out, m);
}

const struct format long_format = {
	.bars = 0,
	.verdict = 0,
	.render = render,
	.empty = empty,
};
