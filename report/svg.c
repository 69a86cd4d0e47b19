/*
 * svg.c: --svg, up to three charts in one self-contained SVG file (no
 * script, no external font or link).  First the Ratio of each row under each
 * load as grouped bars, with +- sd whiskers and the run count; then the
 * fairness picture: per load, each row's Ratio against the work its load
 * got done relative to the reference row (Loads / the reference's
 * Loads), one point per row; and when the records have them, the I/O
 * loads' own requests: per load and row the 99th percentile of their
 * latency as a bar and the longest as a marker, on a log scale with the
 * two thresholds.  Rows get one of 20 colours and one of 6
 * marker shapes, so they stay apart past 20 rows and in grey print.
 * Written to a temporary file beside the target and renamed (outfile.c:
 * mkstemp, fsync, rename), so a failure never leaves half a chart, and
 * never in place of a link, a device or another user's file.  Reads the
 * model only.
 */
#include <err.h>
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"
#include "../outfile.h"

/* 20 colours, alternately dark and light, apart in hue. */
static const char *const colours[] = {
	"#1f5fa8", "#e8710a", "#2e9e44", "#d62f2f", "#8a55c4",
	"#8c564b", "#e06cb8", "#5f5f5f", "#a9ac12", "#15a6b8",
	"#0b2e6b", "#f5b041", "#7fd17b", "#f28b82", "#c3a6e8",
	"#c49c94", "#005f5f", "#b0b0b0", "#5c5c00", "#9e1a5e",
};
#define NCOLOURS (sizeof(colours) / sizeof(colours[0]))
#define NSHAPES 6

enum { L = 78, T = 86, H = 340, BGAP = 4, GGAP = 40, LEG = 22, PW = 210, PH = 180, PGAP = 40 };

struct chart {
	FILE *f;
	const struct model *m;
	size_t *rows, nr;	/* rows charted, in report order */
	size_t *slot;		/* of each row: its colour and shape, NONE if not charted */
	size_t *secs, nl;	/* sections charted */
	size_t ref;		/* the fairness chart's reference row */
	int width, bw;
};

/* XML text: markup escaped, log content with controls as \xNN. */
static void
xml_str(FILE *f, const char *raw)
{
	char v[3 * LOG_WORKLOAD_MAX + 8];
	const char *p;

	model_vis(v, sizeof(v), raw);
	for (p = v; *p; p++)
		switch (*p) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(*p, f);
		}
}

/* A gridline step of 1, 2, 2.5 or 5 x 10^k giving at most n lines. */
static double
nice_step(double span, int n)
{
	static const double m[] = { 1, 2, 2.5, 5 };
	double e;
	int i, k;

	if (!(span > 0) || !isfinite(span))
		return 1;
	e = pow(10, floor(log10(span / n)));
	for (k = 0; k < 4; k++, e *= 10)
		for (i = 0; i < 4; i++)
			if (span / (m[i] * e) <= n)
				return m[i] * e;
	return span;
}

/* The decimals a gridline label needs to be exact: 2 for a step of 0.25. */
static int
step_decimals(double step)
{
	int d;

	for (d = 0; d < 6; d++) {
		double v = step * pow(10, d);
		if (fabs(v - floor(v + 0.5)) < 1e-6 * v)
			return d;
	}
	return d;
}

/* A marker of shape s, centred at x, y, radius r. */
static void
marker(FILE *f, size_t s, double x, double y, double r, const char *fill, const char *stroke)
{
	fprintf(f, "<path fill=\"%s\" stroke=\"%s\" stroke-width=\"1\" d=\"", fill, stroke);
	switch (s % NSHAPES) {
	case 0:		/* circle, as two arcs */
		fprintf(f, "M%.1f %.1fa%.1f %.1f 0 1 0 %.1f 0a%.1f %.1f 0 1 0 %.1f 0z", x - r, y,
		    r, r, 2 * r, r, r, -2 * r);
		break;
	case 1:		/* square */
		fprintf(f, "M%.1f %.1fh%.1fv%.1fh%.1fz", x - r * .85, y - r * .85, 1.7 * r,
		    1.7 * r, -1.7 * r);
		break;
	case 2:		/* triangle up */
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fz", x, y - r * 1.1, x + r, y + r * .8,
		    x - r, y + r * .8);
		break;
	case 3:		/* diamond */
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fz", x, y - r * 1.2,
		    x + r, y, x, y + r * 1.2, x - r, y);
		break;
	case 4:		/* triangle down */
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fz", x, y + r * 1.1, x + r, y - r * .8,
		    x - r, y - r * .8);
		break;
	default:	/* plus */
		fprintf(f, "M%.1f %.1fh%.1fv%.1fh%.1fv%.1fh%.1fv%.1fh%.1fv%.1fh%.1fv%.1fh%.1fz",
		    x - r * .35, y - r, r * .7, r * .65, r * .65, r * .7, -r * .65, r * .65,
		    -r * .7, -r * .65, -r * .65, -r * .7, r * .65);
	}
	fputs("\"/>\n", f);
}

/* How many bars section i gets: rows with ok runs under it. */
static int
bars_in(const struct model *m, size_t i)
{
	const struct group *g;
	size_t k;
	int n = 0;

	EACH(m, i, k, g)
		n += g->m[M_TIME].n > 0;
	return n;
}

/* 2026-12-01T10:00:00Z as 2026-12-01 10:00 UTC; anything else as is. */
static void
svg_date(FILE *f, const char *d)
{
	/* only a date of the harness's form, YYYY-MM-DDTHH:MM:SSZ, is shown
	 * as one; anything else as it stands (a fuzzer's "Tnan00" became a
	 * free-standing "nan00" once its T was a space) */
	static const char form[] = "dddd-dd-ddTdd:dd:ddZ";
	size_t i;

	for (i = 0; form[i]; i++)
		if (form[i] == 'd' ? !isdigit((unsigned char)d[i]) : d[i] != form[i])
			break;
	if (form[i] == '\0' && d[i] == '\0')
		fprintf(f, "%.10s %.5s UTC", d, d + 11);
	else
		xml_str(f, d);
}

/* The rows and sections the bars show; the largest Ratio + sd. */
static double
choose(struct chart *c)
{
	const struct model *m = c->m;
	const struct group *g;
	double max = 1;
	size_t i, k;

	for (k = 0; k < m->nrows; k++)
		c->slot[k] = NONE;
	for (i = 0; i < m->nsect; i++) {
		if (!model_charted(m, m->sect[i].load) || bars_in(m, i) == 0)
			continue;
		c->secs[c->nl++] = i;
		EACH(m, i, k, g)
			if (g->m[M_TIME].n > 0) {
				double r = model_chart_ratio(m, g), sd = model_ratio_sd(m, g);
				c->slot[g->row] = 0;
				if (r + (isfinite(sd) ? sd : 0) > max)
					max = r + (isfinite(sd) ? sd : 0);
			}
	}
	for (k = 0; k < m->nrows; k++)
		if (c->slot[m->order[k]] != NONE) {
			c->slot[m->order[k]] = c->nr;
			c->rows[c->nr++] = m->order[k];
		}
	return max;
}

static void
title(const struct chart *c)
{
	const struct model *m = c->m;
	FILE *f = c->f;
	int j;

	fputs("<text x=\"16\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"#222\">"
	    "contest: kernel compile time under load, as a Ratio</text>\n", f);
	fputs("<text x=\"16\" y=\"50\" font-size=\"13\" fill=\"#444\">", f);
	fputs(m->nhosts > 1 ? "hosts " : "host ", f);
	for (j = 0; j < m->nhosts; j++) {
		if (j)
			fputs(", ", f);
		xml_str(f, m->hosts[j]);
	}
	if (m->hosts_more)
		fputs(" and more", f);
	fputs(", ", f);
	svg_date(f, m->first_date);
	if (strcmp(m->first_date, m->last_date)) {
		fputs(" to ", f);
		svg_date(f, m->last_date);
	}
	fputs("; whiskers: +- sd; nN: N ok runs", f);
	fputs("</text>\n<text x=\"16\" y=\"68\" font-size=\"12\" fill=\"#666\">Ratio = mean compile "
	    "time under the load / mean no_load time of ", f);
	if (m->base_row != NONE) {
		fputc('\'', f);
		xml_str(f, m->rows[m->base_row].name);
		fputs("'", f);
	} else
		fputs("the same label", f);
	fputs(" (1.0 = no slowdown)</text>\n", f);
}

static void
axis(const struct chart *c, double top, double step)
{
	FILE *f = c->f;
	int i, y;

	for (i = 0; (double)i * step <= top + step / 1000; i++) {
		double v = (double)i * step;
		int gy = T + H - (int)floor(v / top * H + 0.5);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n",
		    L, gy, c->width - 20, gy, i == 0 ? "#444" : "#e0e0e0");
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#444\" text-anchor=\"end\">%.*f</text>\n",
		    L - 6, gy + 4, step_decimals(step), v);
	}
	y = T + H - (int)floor(1 / top * H + 0.5);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\" stroke-width=\"1\" "
	    "stroke-dasharray=\"5,4\"/>\n", L, y, c->width - 20, y);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\" stroke-width=\"1\"/>\n",
	    L, T - 6, L, T + H);
	fprintf(f, "<text x=\"22\" y=\"%d\" font-size=\"13\" fill=\"#444\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 22 %d)\">Ratio</text>\n", T + H / 2, T + H / 2);
}

/* One bar: Ratio r of g at x, its whisker, value and run count. */
static void
bar(const struct chart *c, const struct group *g, const char *load, int bx, double top, int *na)
{
	const struct model *m = c->m;
	FILE *f = c->f;
	size_t s = c->slot[g->row];
	const char *fill = colours[s % NCOLOURS];
	double r = model_chart_ratio(m, g), sd = model_ratio_sd(m, g);
	int bw = c->bw, bh, vy;

	if (isnan(r)) {
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"3\" fill=\"%s\"/>\n",
		    bx, T + H - 3, bw, fill);
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\" "
		    "text-anchor=\"middle\">n/a</text>\n", bx + bw / 2, T + H - 8);
		*na = 1;
		return;
	}
	bh = (int)floor(r / top * H + 0.5);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>",
	    bx, T + H - bh, bw, bh, fill);
	xml_str(f, m->rows[g->row].name);
	fputc(' ', f);
	xml_str(f, load);
	fprintf(f, ": Ratio %.*f, %ld runs</title></rect>\n", RATIO_DECIMALS, r, g->m[M_TIME].n);
	if (bh > 14)
		marker(f, s, bx + bw / 2.0, T + H - 8, 4, "#fff", "#222");
	vy = T + H - bh - 4;
	if (isfinite(sd) && sd > 0) {
		int y1 = T + H - (int)floor((r + sd) / top * H + 0.5);
		int y0 = T + H - (int)floor((r - sd > 0 ? r - sd : 0) / top * H + 0.5);
		fprintf(f, "<path d=\"M%d %dV%dM%d %dh%dM%d %dh%d\" stroke=\"#222\" stroke-width=\"1.2\" "
		    "fill=\"none\"/>\n", bx + bw / 2, y0, y1, bx + bw / 2 - 4, y1, 8,
		    bx + bw / 2 - 4, y0, 8);
		vy = y1 - 4;
	}
	if (bw < 30)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#222\" stroke=\"#fff\" "
		    "stroke-width=\"3\" paint-order=\"stroke\" transform=\"rotate(-90 %d %d)\">%.*f</text>\n",
		    bx + bw / 2 + 4, vy, bx + bw / 2 + 4, vy, RATIO_DECIMALS, r);
	else
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#222\" stroke=\"#fff\" "
		    "stroke-width=\"3\" paint-order=\"stroke\" text-anchor=\"middle\">%.*f</text>\n",
		    bx + bw / 2, vy, RATIO_DECIMALS, r);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" fill=\"#666\" text-anchor=\"middle\">"
	    "n%ld</text>\n", bx + bw / 2, T + H + 11, g->m[M_TIME].n);
}

static int
bars(const struct chart *c, double top)
{
	const struct model *m = c->m;
	const struct group *g;
	int x = L + GGAP / 2, na = 0;
	size_t i, k;

	for (i = 0; i < c->nl; i++) {
		const char *load = m->sect[c->secs[i]].load;
		int gw = bars_in(m, c->secs[i]) * (c->bw + BGAP) - BGAP, bx = x - c->bw - BGAP;

		EACH(m, c->secs[i], k, g) {
			if (g->m[M_TIME].n == 0)
				continue;
			bx += c->bw + BGAP;
			bar(c, g, load, bx, top, &na);
		}
		fprintf(c->f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\" "
		    "text-anchor=\"middle\">", x + gw / 2, T + H + 27);
		xml_str(c->f, load);
		fputs("</text>\n", c->f);
		x += gw + GGAP;
	}
	if (c->nl == 0)
		fprintf(c->f, "<text x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"#444\">nothing to chart: "
		    "no load but no_load has a Ratio (-b LABEL charts no_load too)</text>\n", L + 20, T + H / 2);
	return na;
}

/* Legend lines needed at width, or draw them from y when draw. */
static int
legend(const struct chart *c, int y, int draw)
{
	int lx = L, lines = 1;
	size_t k;

	for (k = 0; k < c->nr; k++) {
		const char *name = c->m->rows[c->rows[k]].name;
		int w = 24 + 7 * (int)strlen(name) + 18;
		if (lx + w > c->width - 10 && lx > L) {
			lines++;
			y += LEG;
			lx = L;
		}
		if (draw) {
			fprintf(c->f, "<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"16\" fill=\"%s\"/>\n",
			    lx, y - 12, colours[k % NCOLOURS]);
			marker(c->f, k, lx + 8, y - 4, 4, "#fff", "#222");
			fprintf(c->f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\">", lx + 22, y + 1);
			xml_str(c->f, name);
			fputs("</text>\n", c->f);
		}
		lx += w;
	}
	return lines;
}

/* ------------------------------------------------------------- fairness */

/* The fairness points of section i: x = Loads / ref's, y = Ratio; the
 * y range takes in each point's +- sd whisker, so that none is cut at the
 * panel's edge. */
static int
points(const struct chart *c, size_t i, double *x0, double *x1, double *y0, double *y1)
{
	const struct model *m = c->m;
	const struct group *ref = model_find(m, c->ref, m->sect[i].load), *g;
	double rl;
	size_t k;
	int n = 0;

	if (ref == NULL || ref->m[M_TIME].n == 0 || !(stats_mean(&ref->m[M_LOADS]) > 0))
		return 0;
	rl = stats_mean(&ref->m[M_LOADS]);
	*x0 = *y0 = INFINITY;
	*x1 = *y1 = -INFINITY;
	EACH(m, i, k, g) {
		double x = stats_mean(&g->m[M_LOADS]) / rl, y = model_chart_ratio(m, g), sd = model_ratio_sd(m, g);
		if (g->m[M_TIME].n == 0 || isnan(y) || !isfinite(x) || c->slot[g->row] == NONE)
			continue;
		if (!(isfinite(sd) && sd > 0))
			sd = 0;
		*x0 = fmin(*x0, x);
		*x1 = fmax(*x1, x);
		*y0 = fmin(*y0, y - sd);
		*y1 = fmax(*y1, y + sd);
		n++;
	}
	return n;
}

/* One panel at px, py: the points of section i. */
static void
panel(const struct chart *c, size_t i, int px, int py)
{
	const struct model *m = c->m;
	const struct group *g, *ref = model_find(m, c->ref, m->sect[i].load);
	double x0, x1, y0, y1, sx, sy, rl = stats_mean(&ref->m[M_LOADS]), v;
	FILE *f = c->f;
	size_t k;

	points(c, i, &x0, &x1, &y0, &y1);
	/* room around the points; 1.0 on the x axis always shown */
	x0 = fmin(x0, 1);
	x1 = fmax(x1, 1);
	sx = (x1 - x0) * 0.15 + 0.05;
	x0 = fmax(0, x0 - sx);
	x1 += sx;
	sy = (y1 - y0) * 0.15 + 0.05;
	y0 = fmax(0, y0 - sy);
	y1 += sy;
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#bbb\"/>\n",
	    px, py, PW, PH);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\">",
	    px + PW / 2, py - 6);
	xml_str(f, m->sect[i].load);
	fputs("</text>\n", f);
	/* x = 1: the reference's Loads */
	v = px + (1 - x0) / (x1 - x0) * PW;
	fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" "
	    "stroke-dasharray=\"4,3\"/>\n", v, py, v, py + PH);
	v = py + PH - (model_ratio(m, ref) - y0) / (y1 - y0) * PH;
	if (isfinite(v) && v >= py && v <= py + PH)
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#888\" "
		    "stroke-dasharray=\"4,3\"/>\n", px, v, px + PW, v);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#444\" text-anchor=\"middle\">"
	    "Loads / reference's</text>\n", px + PW / 2, py + PH + 24);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#444\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 %d %d)\">Ratio</text>\n", px - 8, py + PH / 2, px - 8, py + PH / 2);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#666\">%.2f</text>\n",
	    px + 2, py + PH + 12, x0);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#666\" text-anchor=\"end\">%.2f</text>\n",
	    px + PW - 2, py + PH + 12, x1);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#666\" text-anchor=\"end\">%.2f</text>\n",
	    px - 12, py + PH, y0);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#666\" text-anchor=\"end\">%.2f</text>\n",
	    px - 12, py + 10, y1);
	EACH(m, i, k, g) {
		double x = stats_mean(&g->m[M_LOADS]) / rl, y = model_chart_ratio(m, g), sd = model_ratio_sd(m, g);
		double cx, cy;
		if (g->m[M_TIME].n == 0 || isnan(y) || !isfinite(x) || c->slot[g->row] == NONE)
			continue;
		cx = px + (x - x0) / (x1 - x0) * PW;
		cy = py + PH - (y - y0) / (y1 - y0) * PH;
		if (isfinite(sd) && sd > 0)
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
			    cx, fmax(py, cy - sd / (y1 - y0) * PH), cx,
			    fmin(py + PH, cy + sd / (y1 - y0) * PH), colours[c->slot[g->row] % NCOLOURS]);
		fprintf(f, "<g><title>");
		xml_str(f, m->rows[g->row].name);
		fprintf(f, ": Loads %.2f x the reference's, Ratio %.*f</title>\n", x, RATIO_DECIMALS, y);
		marker(f, c->slot[g->row], cx, cy, 6, colours[c->slot[g->row] % NCOLOURS], "#222");
		fputs("</g>\n", f);
	}
}

/* Panels per line at the chart's width, and their number. */
static int
fair_count(const struct chart *c)
{
	double a, b, d, e;
	size_t i;
	int n = 0;

	for (i = 0; i < c->nl; i++)
		n += points(c, c->secs[i], &a, &b, &d, &e) > 0;
	return n;
}

static void
fairness(const struct chart *c, int y)
{
	const struct model *m = c->m;
	int per = (c->width - L - 20 + PGAP) / (PW + PGAP), n = 0;
	double a, b, d, e;
	size_t i;

	if (per < 1)
		per = 1;
	fprintf(c->f, "<text x=\"16\" y=\"%d\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">"
	    "Fairness: did the compile win only because the load got less done?</text>\n", y);
	fprintf(c->f, "<text x=\"16\" y=\"%d\" font-size=\"12\" fill=\"#666\">Per load: up = the compile "
	    "slower (Ratio), right = the load did more work than on ", y + 18);
	xml_str(c->f, m->rows[c->ref].name);
	fputs(" (its Loads / ", c->f);
	xml_str(c->f, m->rows[c->ref].name);
	fputs("'s);</text>\n", c->f);
	fprintf(c->f, "<text x=\"16\" y=\"%d\" font-size=\"12\" fill=\"#666\">dashed lines cross at "
	    "the reference; down and left of it, a faster compile was bought by starving the load."
	    "</text>\n", y + 34);
	for (i = 0; i < c->nl; i++) {
		if (points(c, c->secs[i], &a, &b, &d, &e) == 0)
			continue;
		panel(c, c->secs[i], L + (n % per) * (PW + PGAP), y + 70 + (n / per) * (PH + 56));
		n++;
	}
}

/* ------------------------------------------------------------- requests */

enum { RH = 240 };	/* the request chart's plot height */

/* Bars of section i in the request chart, and the range of their p99 and max, ms. */
static int
req_in(const struct chart *c, size_t i, double *lo, double *hi)
{
	const struct group *g;
	size_t k;
	int n = 0;

	EACH(c->m, i, k, g) {
		if (g->m[M_REQ_P99].n == 0 || c->slot[g->row] == NONE)
			continue;
		*lo = fmin(*lo, stats_mean(&g->m[M_REQ_P99]) / 1000);
		*hi = fmax(*hi, stats_mean(&g->m[M_REQ_MAX]) / 1000);
		n++;
	}
	return n;
}

/* y of v ms on the log axis from 10^d0 to 10^d1 ms, plot top at y */
static double
req_y(double v, int d0, int d1, int y)
{
	double l = log10(fmax(v, pow(10, d0)));

	return y + RH - (l - d0) / (d1 - d0) * RH;
}

/* The decades, the gridlines and the thresholds' lines of the request chart. */
static void
req_axis(const struct chart *c, int d0, int d1, int y, const double *thr)
{
	FILE *f = c->f;
	int d, j;

	for (d = d0; d <= d1; d++) {
		double gy = req_y(pow(10, d), d0, d1, y);
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
		    L, gy, c->width - 20, gy, d == d0 ? "#444" : "#e0e0e0");
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" fill=\"#444\" "
		    "text-anchor=\"end\">%.*f</text>\n", L - 6, gy + 4, d < 0 ? -d : 0, pow(10, d));
	}
	for (j = 0; thr && j < 2; j++) {
		double ty = req_y(thr[j], d0, d1, y);
		if (thr[j] < pow(10, d0) || thr[j] > pow(10, d1))
			continue;
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c00\" "
		    "stroke-dasharray=\"5,4\"/>\n", L, ty, c->width - 20, ty);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" fill=\"#c00\" "
		    "text-anchor=\"end\">%g ms</text>\n", c->width - 22, ty - 3, thr[j]);
	}
	fprintf(f, "<text x=\"22\" y=\"%d\" font-size=\"13\" fill=\"#444\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 22 %d)\">ms</text>\n", y + RH / 2, y + RH / 2);
}

/* One bar: p99 of g's requests, its longest as a marker above. */
static void
req_bar(const struct chart *c, const struct group *g, const char *load, int bx, int d0, int d1, int y)
{
	FILE *f = c->f;
	size_t s = c->slot[g->row];
	double p99 = stats_mean(&g->m[M_REQ_P99]) / 1000, max = stats_mean(&g->m[M_REQ_MAX]) / 1000;
	double top = req_y(p99, d0, d1, y);

	fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>",
	    bx, top, c->bw, y + RH - top, colours[s % NCOLOURS]);
	xml_str(f, c->m->rows[g->row].name);
	fputc(' ', f);
	xml_str(f, load);
	fprintf(f, ": requests p99 %.2f ms, longest %.2f ms, %ld runs</title></rect>\n", p99, max,
	    g->m[M_REQ_P99].n);
	marker(f, s, bx + c->bw / 2.0, req_y(max, d0, d1, y), 5, colours[s % NCOLOURS], "#222");
}

/* Sections with requests to chart: their number, the decades they span. */
static int
req_count(const struct chart *c, int *d0, int *d1, const double **thr)
{
	double lo = INFINITY, hi = -INFINITY;
	const struct group *g;
	size_t i, k;
	int n = 0;

	*thr = NULL;
	for (i = 0; i < c->nl; i++)
		if (req_in(c, c->secs[i], &lo, &hi)) {
			n++;
			EACH(c->m, c->secs[i], k, g)
				if (*thr == NULL && g->req_t_set)
					*thr = g->req_t;
		}
	if (n == 0)
		return 0;
	if (*thr) {
		lo = fmin(lo, (*thr)[0]);
		hi = fmax(hi, (*thr)[1]);
	}
	*d0 = (int)floor(log10(fmax(lo, 0.001)));
	*d1 = (int)ceil(log10(fmax(hi, 0.001)));
	if (*d1 <= *d0)
		*d1 = *d0 + 1;
	return n;
}

/* The chart of the loads' own requests, from y: per I/O load, per row. */
static void
requests(const struct chart *c, int y)
{
	const struct model *m = c->m;
	const double *thr;
	const struct group *g;
	int d0, d1, x = L + GGAP / 2, top = y + 44;
	size_t i, k;

	req_count(c, &d0, &d1, &thr);
	fprintf(c->f, "<text x=\"16\" y=\"%d\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">"
	    "The loads' own requests: how long the slowest took</text>\n", y);
	fprintf(c->f, "<text x=\"16\" y=\"%d\" font-size=\"12\" fill=\"#666\">Per I/O load: bars, "
	    "p99 of its requests' latency; markers, the longest; ms, log scale; dashed, "
	    "the thresholds</text>\n", y + 18);
	req_axis(c, d0, d1, top, thr);
	for (i = 0; i < c->nl; i++) {
		double lo = INFINITY, hi = -INFINITY;
		int nb = req_in(c, c->secs[i], &lo, &hi), gw = nb * (c->bw + BGAP) - BGAP, bx = x;

		if (nb == 0)
			continue;
		EACH(m, c->secs[i], k, g)
			if (g->m[M_REQ_P99].n && c->slot[g->row] != NONE) {
				req_bar(c, g, m->sect[c->secs[i]].load, bx, d0, d1, top);
				bx += c->bw + BGAP;
			}
		fprintf(c->f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\" "
		    "text-anchor=\"middle\">", x + gw / 2, top + RH + 18);
		xml_str(c->f, m->sect[c->secs[i]].load);
		fputs("</text>\n", c->f);
		x += gw + GGAP;
	}
}

static int
svg_body(FILE *f, const struct model *m)
{
	struct chart c;
	const double *thr;
	double max, step, top;
	int height, lines, na, nfair, nreq, per, i, d0, d1;

	memset(&c, 0, sizeof(c));
	c.f = f;
	c.m = m;
	c.ref = model_ref_row(m);
	c.rows = calloc(m->nrows + 1, sizeof(*c.rows));
	c.slot = calloc(m->nrows + 1, sizeof(*c.slot));
	c.secs = calloc(m->nsect + 1, sizeof(*c.secs));
	if (c.rows == NULL || c.slot == NULL || c.secs == NULL) {
		free(c.rows);
		free(c.slot);
		free(c.secs);
		return -1;
	}
	max = choose(&c);
	c.bw = c.nr <= 4 ? 34 : c.nr <= 8 ? 24 : 16;
	/* room above the tallest whisker for its value, upright when bars are narrow */
	step = nice_step(max * (c.bw < 30 ? 1.2 : 1.1), 8);
	top = ceil(max * (c.bw < 30 ? 1.2 : 1.1) / step) * step;
	c.width = L + 20;
	for (i = 0; i < (int)c.nl; i++)
		c.width += bars_in(m, c.secs[i]) * (c.bw + BGAP) - BGAP + GGAP;
	if (c.width < 760)
		c.width = 760;
	lines = legend(&c, 0, 0);
	nfair = c.ref == NONE ? 0 : fair_count(&c);
	per = (c.width - L - 20 + PGAP) / (PW + PGAP);
	if (per < 1)
		per = 1;
	height = T + H + 54 + lines * LEG + 26;
	if (nfair)
		height += 96 + (nfair + per - 1) / per * (PH + 56);
	nreq = req_count(&c, &d0, &d1, &thr);
	if (nreq)
		height += 80 + RH + 40;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", c.width, height, c.width, height);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", c.width, height);
	title(&c);
	axis(&c, top, step);
	na = bars(&c, top);
	legend(&c, T + H + 54, 1);
	if (na)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#666\">n/a: no ok no_load "
		    "run to divide by (see the table's notes)</text>\n", L, T + H + 54 + lines * LEG + 4);
	if (nfair)
		fairness(&c, T + H + 54 + lines * LEG + 40);
	if (nreq)
		requests(&c, height - (RH + 40) - 50);
	fputs("</svg>\n", f);
	free(c.rows);
	free(c.slot);
	free(c.secs);
	return 0;
}

/* Write the chart to a temporary file beside path, then rename it: a
 * failure leaves either the old file or nothing, never half a chart;
 * outfile.c refuses a path that is a link, a device or another's file. */
int
render_svg(const char *path, const struct model *m)
{
	char tmp[4096], why[4096 + 160];
	FILE *f;
	int fd, rc;

	if ((fd = out_temp(path, tmp, sizeof(tmp), why, sizeof(why))) < 0) {
		warnx("--svg: %s", why);
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		warn("cannot write '%s'", tmp);
		close(fd);
		unlink(tmp);
		return -1;
	}
	rc = svg_body(f, m);
	if (rc == 0 && (fflush(f) == EOF || ferror(f) || fsync(fd) < 0))
		rc = -1;
	if (fclose(f) == EOF)
		rc = -1;
	if (rc < 0) {
		warn("cannot write '%s'", path);
		unlink(tmp);
		return -1;
	}
	if (out_commit(tmp, path, why, sizeof(why)) < 0) {
		warnx("--svg: %s", why);
		return -1;
	}
	return 0;
}
