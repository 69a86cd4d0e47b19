/*
 * svg.c: the report's SVG chart of Ratio: grouped bars per load, one
 * colour per row, values, gridlines, legend, a title with hosts and
 * dates.  Self-contained (no script, no external font or link), written
 * to a temporary file beside the target and renamed (mkstemp, fsync,
 * rename), so a failure never leaves half a chart.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report-int.h"

/* Tableau 10: distinguishable, and still readable printed in grey. */
static const char *const colours[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NCOLOURS (sizeof(colours) / sizeof(colours[0]))

static void
xml_str(FILE *f, const char *v)
{
	for (; *v; v++)
		switch (*v) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(*v, f);
		}
}

/* A gridline step of 1, 2, 2.5 or 5 x 10^k giving at most 8 lines. */
static double
nice_step(double max)
{
	static const double m[] = { 1, 2, 2.5, 5 };
	double e = pow(10, floor(log10(max / 8)));
	int i;

	for (;; e *= 10)
		for (i = 0; i < 4; i++)
			if (max / (m[i] * e) <= 8)
				return m[i] * e;
}

/* How many bars load gets: rows with ok runs under it. */
static int
bars_in(const struct state *s, size_t sect)
{
	const struct group *g;
	size_t k;
	int n = 0;

	EACH(s, sect, k, g)
		n += g->time.n > 0;
	return n;
}

/* 2026-12-01T10:00:00Z as 2026-12-01 10:00 UTC; anything else as is. */
static void
svg_date(FILE *f, const char *d)
{
	if (strlen(d) == 20 && d[10] == 'T' && d[19] == 'Z')
		fprintf(f, "%.10s %.5s UTC", d, d + 11);
	else
		xml_str(f, d);
}

static int
svg_body(FILE *f, const struct state *s)
{
	enum { L = 78, T = 86, H = 340, BGAP = 4, GGAP = 40, LEG = 22 };
	int BW;			/* bar width: narrower, values turned upright, with many rows */
	size_t *rows, *colour, *secs, nr = 0, nl = 0, i, k, j;
	const struct group *g;
	double max = 1, step, top;
	int width, height, x, y, lines, lx, na = 0;

	rows = calloc(s->nrows + 1, sizeof(*rows));
	colour = calloc(s->nrows + 1, sizeof(*colour));
	secs = calloc(s->nsect + 1, sizeof(*secs));
	if (rows == NULL || colour == NULL || secs == NULL) {
		free(rows);
		free(colour);
		free(secs);
		return -1;
	}
	/* the loads and the rows that have a bar, in report order */
	for (k = 0; k < s->nrows; k++)
		colour[k] = NONE;
	for (i = 0; i < s->nsect; i++) {
		if (!report_charted(s, s->sect[i].load) || bars_in(s, i) == 0)
			continue;
		secs[nl++] = i;
		EACH(s, i, k, g)
			if (g->time.n > 0) {
				colour[g->row] = 0;
				if (report_ratio(s, g) > max)
					max = report_ratio(s, g);
			}
	}
	for (k = 0; k < s->nrows; k++)
		if (colour[s->order[k]] != NONE) {
			colour[s->order[k]] = nr;
			rows[nr++] = s->order[k];
		}
	BW = nr <= 4 ? 34 : nr <= 8 ? 24 : 16;
	/* room above the tallest bar for its value, upright when bars are narrow */
	step = nice_step(max * (BW < 30 ? 1.2 : 1.1));
	top = ceil(max * (BW < 30 ? 1.2 : 1.1) / step) * step;

	width = L + 20;
	for (i = 0; i < nl; i++)
		width += bars_in(s, secs[i]) * (BW + BGAP) - BGAP + GGAP;
	if (width < 720)
		width = 720;
	/* legend: wrap items of swatch + name */
	lines = 1;
	lx = L;
	for (k = 0; k < nr; k++) {
		int w = 24 + 7 * (int)strlen(s->rows[rows[k]].name) + 18;
		if (lx + w > width - 10 && lx > L) {
			lines++;
			lx = L;
		}
		lx += w;
	}
	height = T + H + 44 + lines * LEG + 26;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", width, height, width, height);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
	/* title: what, where, when */
	fputs("<text x=\"16\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"#222\">"
	    "contest: kernel compile time under load, as a Ratio</text>\n", f);
	fputs("<text x=\"16\" y=\"50\" font-size=\"13\" fill=\"#444\">", f);
	fputs(s->nhosts > 1 ? "hosts " : "host ", f);
	for (j = 0; j < (size_t)s->nhosts; j++) {
		if (j)
			fputs(", ", f);
		xml_str(f, s->hosts[j]);
	}
	if (s->hosts_more)
		fputs(" and more", f);
	fputs(", ", f);
	svg_date(f, s->first_date);
	if (strcmp(s->first_date, s->last_date)) {
		fputs(" to ", f);
		svg_date(f, s->last_date);
	}
	fputs("</text>\n<text x=\"16\" y=\"68\" font-size=\"12\" fill=\"#666\">Ratio = mean compile "
	    "time under the load / mean no_load time of ", f);
	if (s->base_row != NONE) {
		fputc('\'', f);
		xml_str(f, s->rows[s->base_row].name);
		fputs("'", f);
	} else
		fputs("the same label", f);
	fputs(" (1.0 = no slowdown)</text>\n", f);

	/* gridlines and the y axis */
	for (i = 0; (double)i * step <= top + step / 1000; i++) {
		double v = (double)i * step;
		int gy = T + H - (int)floor(v / top * H + 0.5);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n",
		    L, gy, width - 20, gy, i == 0 ? "#444" : "#e0e0e0");
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#444\" text-anchor=\"end\">%.*f</text>\n",
		    L - 6, gy + 4, step < 0.1 ? 2 : step < 1 ? 1 : 0, v);
	}
	y = T + H - (int)floor(1 / top * H + 0.5);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\" stroke-width=\"1\" "
	    "stroke-dasharray=\"5,4\"/>\n", L, y, width - 20, y);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\" stroke-width=\"1\"/>\n",
	    L, T - 6, L, T + H);
	fprintf(f, "<text x=\"22\" y=\"%d\" font-size=\"13\" fill=\"#444\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 22 %d)\">Ratio</text>\n", T + H / 2, T + H / 2);

	/* the bars, grouped by load */
	x = L + GGAP / 2;
	for (i = 0; i < nl; i++) {
		const char *load = s->sect[secs[i]].load;
		int gw = bars_in(s, secs[i]) * (BW + BGAP) - BGAP, bx = x - BW - BGAP;

		EACH(s, secs[i], k, g) {
			const char *fill = colours[colour[g->row] % NCOLOURS];
			int bh;
			double r;

			if (g->time.n == 0)
				continue;
			bx += BW + BGAP;
			r = report_ratio(s, g);
			if (isnan(r)) {
				fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"3\" fill=\"%s\"/>\n",
				    bx, T + H - 3, BW, fill);
				fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\" "
				    "text-anchor=\"middle\">n/a</text>\n", bx + BW / 2, T + H - 8);
				na = 1;
				continue;
			}
			bh = (int)floor(r / top * H + 0.5);
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
			    "<title>", bx, T + H - bh, BW, bh, fill);
			xml_str(f, s->rows[g->row].name);
			fputc(' ', f);
			xml_str(f, load);
			fprintf(f, ": Ratio %.2f, %ld runs</title></rect>\n", r, g->time.n);
			if (BW < 30)
				fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#222\" "
				    "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\" "
				    "transform=\"rotate(-90 %d %d)\">%.2f</text>\n", bx + BW / 2 + 4,
				    T + H - bh - 4, bx + BW / 2 + 4, T + H - bh - 4, r);
			else
				fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#222\" "
				    "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\" "
				    "text-anchor=\"middle\">%.2f</text>\n", bx + BW / 2, T + H - bh - 4, r);
		}
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\">",
		    x + gw / 2, T + H + 20);
		xml_str(f, load);
		fputs("</text>\n", f);
		x += gw + GGAP;
	}

	if (nl == 0)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"#444\">nothing to chart: "
		    "no load but no_load has a Ratio (-b LABEL charts no_load too)</text>\n", L + 20, T + H / 2);
	/* legend */
	lx = L;
	y = T + H + 44;
	for (k = 0; k < nr; k++) {
		int w = 24 + 7 * (int)strlen(s->rows[rows[k]].name) + 18;
		if (lx + w > width - 10 && lx > L) {
			y += LEG;
			lx = L;
		}
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>\n",
		    lx, y - 11, colours[k % NCOLOURS]);
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#222\">", lx + 20, y + 1);
		xml_str(f, s->rows[rows[k]].name);
		fputs("</text>\n", f);
		lx += w;
	}
	if (na)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#666\">n/a: no ok no_load "
		    "run to divide by (see the table's notes)</text>\n", L, y + LEG + 4);
	fputs("</svg>\n", f);
	free(rows);
	free(colour);
	free(secs);
	return 0;
}

/* Write the chart to a temporary file beside path, then rename it: a
 * failure leaves either the old file or nothing, never half a chart. */
int
report_svg(const char *path, const struct state *s)
{
	char tmp[4096];
	FILE *f;
	int fd, rc;

	if (snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", path) >= (int)sizeof(tmp)) {
		fprintf(stderr, "contest: --svg: path too long: '%.64s...'\n", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		fprintf(stderr, "contest: cannot write '%s': %s\n", path, strerror(errno));
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "contest: cannot write '%s': %s\n", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	fchmod(fd, 0644);
	rc = svg_body(f, s);
	if (rc == 0 && (fflush(f) == EOF || ferror(f) || fsync(fd) < 0))
		rc = -1;
	if (fclose(f) == EOF)
		rc = -1;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -1;
	if (rc < 0) {
		fprintf(stderr, "contest: cannot write '%s': %s\n", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
