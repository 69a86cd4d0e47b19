/*
 * lava.c: --format lava (lava_format), the result lines of a LAVA test
 * shell in the form of Linaro's test-definitions' result.txt: one line
 * per row, load and metric, NAME RESULT MEASUREMENT UNITS, which
 * lava/contest.sh hands to lava-test-case one by one.  NAME is
 * ROW.LOAD.METRIC in the characters a URL keeps as they are (LAVA puts
 * the name in the result's address), one to one (name_word); RESULT pass,
 * or fail where --verdict would count the metric worse (judge.h), with -c
 * or --verdict (then the candidate's lines alone); MEASUREMENT the mean
 * as JSON prints it, never with an exponent; UNITS the metric's unit, one
 * word.  A metric without a mean has no line.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"

/*
 * s in the characters of a name: letters, digits and those of keep as
 * they are, '_' doubled, every other byte '_' and its two hex digits, so
 * that two strings never give one word.
 */
static void
name_word(FILE *out, const char *s, const char *keep)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr(keep, *p) != NULL)
			fputc(*p, out);
		else if (*p == '_')
			fputs("__", out);
		else
			fprintf(out, "_%02x", *p);
}

/* Is s a load's name as contest writes it: [a-z0-9_], not empty? */
static int
load_plain(const char *s)
{
	return *s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

/*
 * NAME: the row's name (dots kept), the load's (as it is when contest
 * wrote it, else X and its word, with no dot) and the metric's, joined by
 * dots: the last two dots part them, and each part is one to one.
 */
static void
name(FILE *out, const struct model *m, const struct group *g, const char *metric)
{
	name_word(out, m->rows[g->row].name, ".-");
	fputc('.', out);
	if (load_plain(g->load))
		fputs(g->load, out);
	else {
		fputc('X', out);
		name_word(out, g->load, "-");
	}
	fprintf(out, ".%s", metric);
}

/* Is slot k (a metric, or F_RATIO) a verdict metric j judged worse? */
static int
worse(const struct judgement *j, int k)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (j->m[i].s->slot == k)
			return j->m[i].answer == JUDGE_FAIL;
	return 0;
}

/* One line: the mean v of slot k (a metric, or F_RATIO) of g, in unit ("" none). */
static void
line(FILE *out, const struct model *m, const struct group *g, const struct judgement *j, int k,
    const char *metric, double v, const char *unit)
{
	name(out, m, g, metric);
	fprintf(out, " %s %.4f ", worse(j, k) ? "fail" : "pass", v);
	if (*unit)
		name_word(out, unit, ".-%/");
	else
		fputs("none", out);
	fputc('\n', out);
}

/* The lines of g: every metric with a mean, in the metric table's order, then the Ratio. */
static void
group_lines(FILE *out, const struct model *m, const struct group *g)
{
	struct judgement j;
	int k;

	/* with -c or --verdict, its verdict metrics judged as --verdict judges them */
	if (m->cmp_row == NONE || judge_load(m, g->row, g->load, m->o->threshold, &j) < 0)
		j.n = 0;
	for (k = 0; k < M_N; k++)
		if (g->m[k].n > 0 && isfinite(stats_mean(&g->m[k])))
			line(out, m, g, &j, k, metrics[k].name, stats_mean(&g->m[k]), model_unit(g, k));
	if (isfinite(model_ratio(m, g)))
		line(out, m, g, &j, F_RATIO, "ratio", model_ratio(m, g), "");
}

static int
render_lava(FILE *out, const struct model *m)
{
	const struct group *g;
	size_t i, k;

	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g)
			if (m->only_row == NONE || g->row == m->only_row)
				group_lines(out, m, g);
	return 0;
}

const struct format lava_format = {
	.bars = 0,
	.verdict = 1,
	.render = render_lava,
	.empty = NULL,
};
