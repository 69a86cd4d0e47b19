/*
 * bars.c: --bars, Ratio as text bars of at most 72 columns, to paste
 * into mail: one line per row under each load, the largest Ratio the
 * widest bar, the scale on the first line.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

#define BARS_WIDTH 72		/* columns of --bars */

/* Ratio of g for a chart: a finite positive number, or NAN. */
/* The largest Ratio charted and the widest row name. */
static double
scale(const struct model *m, size_t *wname)
{
	double max = 0;
	size_t i;

	*wname = 6;
	for (i = 0; i < m->ngroups; i++) {
		const struct group *g = m->groups[i];
		double r = model_chart_ratio(m, g);

		if (!model_wanted(m, g->load) || !model_charted(m, g->load) || isnan(r))
			continue;
		if (r > max)
			max = r;
		if (m->rows[g->row].cols > *wname)
			*wname = m->rows[g->row].cols;
	}
	return max;
}

/* v in at most 7 columns: RATIO_DECIMALS (2) decimals, or 1.0e+15 */
static void
val(FILE *out, double v)
{
	if (v < 9999.995)
		fprintf(out, "%.*f", RATIO_DECIMALS, v);
	else
		fprintf(out, "%.1e", v);
}

static void
bar(FILE *out, double r, double max, size_t avail)
{
	size_t n, j;

	n = (size_t)floor(r / max * (double)avail + 0.5);
	if (n == 0)
		n = 1;
	if (n > avail)
		n = avail;
	for (j = 0; j < n; j++)
		fputc('*', out);
	fputc(' ', out);
	val(out, r);
	fputc('\n', out);
}

int
render_bars(FILE *out, const struct model *m)
{
	char load[64];
	size_t i, k, wname, avail;
	double max = scale(m, &wname);
	int any = 0;

	/* name, space, bar, space, value of up to 7 characters */
	avail = BARS_WIDTH > wname + 9 + 10 ? BARS_WIDTH - wname - 9 : 10;
	if (max > 0) {
		fprintf(out, "Ratio per load, %zu * = ", avail);
		val(out, max);
		fprintf(out, max < 9999.995 ? " (one * = %.4f)\n\n" : " (one * = %.3e)\n\n",
		    max / (double)avail);
	}
	for (i = 0; i < m->nsect; i++) {
		const struct group *g;

		if (!model_charted(m, m->sect[i].load))
			continue;
		model_clean(load, sizeof(load), m->sect[i].load);
		fprintf(out, "%s\n", load);
		EACH(m, i, k, g) {
			double r;

			if (g->m[M_TIME].n == 0)
				continue;
			any = 1;
			r = model_chart_ratio(m, g);
			model_pad(out, m->rows[g->row].show, wname);
			fputc(' ', out);
			if (isnan(r))
				fprintf(out, "- (no baseline)\n");
			else
				bar(out, r, max, avail);
		}
		fputc('\n', out);
	}
	if (!any)
		fprintf(out, "no Ratio to chart\n");
	return 0;
}
