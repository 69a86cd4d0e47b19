/*
 * report.c: the report's entry point (report.h).  Holds the format
 * table (report/format.h), translates the command line's options into
 * what the model and the formats read (struct view_opts), checks them
 * against the format, builds the model from the logs (report/model.c)
 * and hands it to the format --format names: table (report/table.c: the
 * tables, -c, --bars, -p) or another of report.h's list; --svg also
 * writes the charts (svg.c); --verdict judges instead (report/judge.h),
 * in --verdict's lines or in a format that takes it.  Nothing here
 * formats a number.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "outfile.h"
#include "report.h"
#include "report/judge.h"

/* The format table: NAME_format of report/NAME.c for each format of REPORT_FORMATS (report.h). */
#define FORMAT_DECL(id, name) extern const struct format name##_format;
REPORT_FORMATS(FORMAT_DECL)
#undef FORMAT_DECL
#define FORMAT_ROW(id, name) [id] = { #name, &name##_format },
static const struct {
	const char *name;		/* --format NAME */
	const struct format *f;
} formats[REPORT_NFORMATS] = { REPORT_FORMATS(FORMAT_ROW) };
#undef FORMAT_ROW

int
report_format_find(const char *name, enum report_format *f)
{
	int i;

	for (i = 0; i < REPORT_NFORMATS; i++)
		if (!strcmp(formats[i].name, name)) {
			*f = (enum report_format)i;
			return 0;
		}
	return -1;
}

/* Which formats format_names names. */
enum pick { P_ALL, P_NO_BARS, P_NO_VERDICT };

static int
picked(const struct format *f, enum pick p)
{
	return p == P_ALL || (p == P_NO_BARS && !f->bars) || (p == P_NO_VERDICT && !f->verdict);
}

/*
 * The names of the formats in buf, in the table's order, sep between
 * them and last before the last ("table, csv or json"): every one, or
 * those that refuse --bars, or --verdict.
 */
static const char *
format_names(char *buf, size_t len, enum pick p, const char *sep, const char *last)
{
	size_t n = 0;
	int i, k = 0, all = 0;

	for (i = 0; i < REPORT_NFORMATS; i++)
		all += picked(formats[i].f, p);
	buf[0] = '\0';
	for (i = 0; i < REPORT_NFORMATS && n < len; i++)
		if (picked(formats[i].f, p))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", k++ == 0 ? "" : k == all ? last : sep,
			    formats[i].name);
	return buf;
}

const char *
report_format_choices(void)
{
	static char buf[256];

	return format_names(buf, sizeof(buf), P_ALL, ", ", " or ");
}

/* What the model and the formats read of the command line's options. */
static void
view_of(const struct report_opts *o, struct view_opts *v)
{
	memset(v, 0, sizeof(*v));
	v->verbose = o->verbose;
	v->profiles = o->profiles;
	v->bars = o->bars;
	v->compare = o->compare != NULL;
	v->disturbed = o->disturbed;
	v->loads = o->loads;
	v->nloads = o->nloads;
	v->order = o->order;
	v->aliases = o->aliases;
	v->threshold = o->threshold;
	v->origin = o->origin ? o->origin : DEF_ORIGIN;
}

/* Did any section shown get an ok run (counted, or left out as disturbed)? */
static int
any_ok(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->ngroups; i++)
		if ((m->groups[i]->m[M_TIME].n > 0 || m->groups[i]->disturbed > 0) &&
		    model_wanted(m, m->groups[i]->load))
			return 1;
	return 0;
}

int
report_verdict(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out)
{
	const struct format *f = formats[o->format].f;
	struct view_opts v;
	struct model m;
	size_t base, cand;
	char buf[256], why[4096];
	int rc = 2;

	if (!f->verdict) {
		warnx("--verdict goes with neither --format %s", format_names(buf, sizeof(buf), P_NO_VERDICT,
		    " nor ", " nor "));
		return 2;
	}
	view_of(o, &v);
	if (model_read(&m, &v, nlogs, logs) < 0 || model_shape(&m) < 0) {
		model_free(&m);
		return 2;
	}
	if (model_resolve(&m, "--verdict", o->verdict, &base) < 0 ||
	    model_resolve(&m, o->candidate ? "-k" : "--verdict: the newest run's label, the candidate when "
	    "no -k is given", o->candidate ? o->candidate : m.newest[0] ? m.newest : NULL, &cand) < 0)
		goto out;
	if (cand == NONE) {
		warnx("--verdict: no run in the log%s to judge", nlogs > 1 ? "s" : "");
		goto out;
	}
	if (cand == base) {
		warnx("--verdict: the candidate '%s' is BASE itself: name the candidate with -k",
		    m.rows[cand].name);
		goto out;
	}
	m.cmp_row = base;
	m.only_row = cand;
	if (model_verdicts(&m) < 0) {
		warnx("out of memory");
		goto out;
	}
	if (judge_nothing(&m, cand, why, sizeof(why))) {
		warnx("--verdict: %s", why);
		goto out;
	}
	if (o->format == REPORT_TABLE)
		rc = render_verdict(out, &m, cand, o->threshold);
	else if ((rc = judge_row(&m, cand, o->threshold)) != JUDGE_NOTHING && f->render(out, &m) < 0) {
		warnx("out of memory");
		rc = 2;
	}
	if (fflush(out) == EOF || ferror(out)) {
		warn("cannot write the verdict");
		rc = 2;
	}
out:
	model_free(&m);
	return rc;
}

/* The row of who's label and configuration, NONE if none. */
static size_t
row_of(const struct model *m, const struct rec *who)
{
	size_t i;

	for (i = 0; i < m->nrows; i++)
		if (!strcmp(m->rows[i].label, who->label) && rec_same_config(m->rows[i].id, who))
			return i;
	return NONE;
}

/* Half-width of the 95% interval of a mean (one sample), % of it. */
static double
halfwidth(const struct acc *a)
{
	double mean = stats_mean(a);

	if (a->n < 2 || !(mean > 0))
		return NAN;
	return vd_tq(0.025, (double)(a->n - 1)) * stats_sd(a) / sqrt((double)a->n) / mean * 100;
}

/* One load's precision: g's Ratio (or Time), or its change against -c's row. */
static void
precise(const struct model *m, const struct group *g, int alone, struct report_prec *p)
{
	const struct vd_test *t = model_test(m, g, alone ? M_TIME : F_RATIO);
	int i = p->n++;

	snprintf(p->l[i].load, sizeof(p->l[i].load), "%s", g->load);
	p->l[i].runs = g->m[M_TIME].n;
	p->l[i].disturbed = g->disturbed;
	p->l[i].pct = p->l[i].lo = p->l[i].hi = p->l[i].hw = NAN;
	if (m->cmp_row != NONE) {
		if (t && t->tested) {
			p->l[i].pct = t->pct;
			p->l[i].lo = t->lo;
			p->l[i].hi = t->hi;
			p->l[i].hw = (t->hi - t->lo) / 2;
		}
		return;
	}
	if (alone)
		p->l[i].hw = halfwidth(&g->m[M_TIME]);
	else if (g->m[M_PAIRED].n > 1)
		p->l[i].hw = halfwidth(&g->m[M_PAIRED]);
}

int
report_precision(const struct report_opts *o, const char *log, const struct rec *who,
    struct report_prec *p)
{
	const char *logs[1] = { log };
	struct view_opts v;
	struct model m;
	size_t row, cmp = NONE, i;
	int alone = o->nloads == 1 && !strcmp(o->loads[0], "no_load"), rc = -1;

	p->n = 0;
	view_of(o, &v);
	if (model_read(&m, &v, 1, logs) < 0 || model_shape(&m) < 0)
		goto out;
	if ((row = row_of(&m, who)) == NONE || model_resolve(&m, "--against", o->compare, &cmp) < 0)
		goto out;
	m.cmp_row = cmp;
	m.only_row = row;
	if (model_verdicts(&m) < 0)
		goto out;
	for (i = 0; i < m.nsect && p->n < REPORT_PREC_MAX; i++) {
		const struct group *g = model_find(&m, row, m.sect[i].load);

		if (g != NULL && (alone || strcmp(g->load, "no_load")))
			precise(&m, g, alone, p);
	}
	rc = 0;
out:
	model_free(&m);
	return rc;
}

/* Does the model hold name, as a row's name or a label? */
static int
known(const struct model *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nrows; i++)
		if (!strcmp(m->rows[i].name, name) || !strcmp(m->rows[i].label, name))
			return 1;
	return 0;
}

int
report_row(const struct report_opts *o, const char *log, const char *opt, const char *name,
    struct report_row *r)
{
	const char *logs[1] = { log };
	struct view_opts v;
	struct model m;
	size_t row;
	int i, rc = -1;

	memset(r, 0, sizeof(*r));
	view_of(o, &v);
	if (model_read(&m, &v, 1, logs) < 0 || model_shape(&m) < 0)
		goto out;
	if (!known(&m, name)) {
		rc = 0;
		goto out;
	}
	if (model_resolve(&m, opt, name, &row) < 0)
		goto out;
	r->found = 1;
	snprintf(r->label, sizeof(r->label), "%s", m.rows[row].label);
	r->jobs = m.rows[row].jobs;
	snprintf(r->workload, sizeof(r->workload), "%s", m.rows[row].workload);
	for (i = 0; i < o->nloads && r->n < REPORT_PREC_MAX; i++) {
		const struct group *g = model_find(&m, row, o->loads[i]);

		snprintf(r->l[r->n].load, sizeof(r->l[r->n].load), "%s", o->loads[i]);
		if (g != NULL) {
			r->l[r->n].runs = g->m[M_TIME].n;
			r->l[r->n].disturbed = g->disturbed;
			r->l[r->n].disturbed_max = g->disturbed_max;
		}
		r->n++;
	}
	rc = 0;
out:
	model_free(&m);
	return rc;
}

/*
 * The files the report writes besides its output, by option: each one a
 * file outfile.c may write, and none of the logs it reads nor the log
 * runs append to (o->log): it would be written over.  Checked before any
 * log is read; an output option joins this table.  0, or -1 after saying
 * why.
 */
static int
outputs_ok(const struct report_opts *o, int nlogs, const char *const logs[])
{
	const struct { const char *opt, *path; } out[] = {
		{ "--svg", o->svg },
	};
	const char *const runlog[1] = { o->log };
	char why[PATH_MAX + 160];
	size_t i;

	for (i = 0; i < sizeof(out) / sizeof(out[0]); i++)
		if (out[i].path && (out_not_input(out[i].path, logs, nlogs, why, sizeof(why)) < 0 ||
		    (o->log && out_not_input(out[i].path, runlog, 1, why, sizeof(why)) < 0) ||
		    out_open(out[i].path, OUT_CHECK, why, sizeof(why)) < 0)) {
			warnx("%s: %s", out[i].opt, why);
			return -1;
		}
	return 0;
}

int
report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out)
{
	const struct format *f = formats[o->format].f;
	struct view_opts v;
	struct model m;
	size_t base, cmp;
	char buf[256];
	int rc;

	if (o->bars && (!f->bars || o->compare)) {
		warnx("--bars goes with neither --format %s nor -c", format_names(buf, sizeof(buf), P_NO_BARS,
		    "/", "/"));
		return 2;
	}
	if (outputs_ok(o, nlogs, logs) < 0)
		return 2;
	view_of(o, &v);
	if (model_read(&m, &v, nlogs, logs) < 0) {
		model_free(&m);
		return 1;
	}
	if (model_shape(&m) < 0) {
		warnx("out of memory");
		model_free(&m);
		return 1;
	}
	if (!any_ok(&m)) {
		if (f->empty)
			f->empty(out, &m);
		warnx("no usable run (status=ok) in the log%s", nlogs > 1 ? "s" : "");
		model_free(&m);
		return 1;
	}
	if (model_resolve(&m, "-b", o->base, &base) < 0 ||
	    model_resolve(&m, "-c", o->compare, &cmp) < 0) {
		model_free(&m);
		return 1;
	}
	m.base_row = base;
	m.cmp_row = cmp;
	if (model_verdicts(&m) < 0) {
		warnx("out of memory");
		model_free(&m);
		return 1;
	}
	rc = f->render(out, &m);
	if (rc == 0 && o->svg)
		rc = render_svg(o->svg, &m);
	if (rc < 0 || fflush(out) == EOF || ferror(out)) {
		if (rc >= 0)
			warn("cannot write the report");
		rc = 1;
	}
	model_free(&m);
	return rc;
}
