/*
 * report.c: the report's entry point (report.h).  Checks the options,
 * builds the model from the logs (report/model.c), and hands it to one
 * renderer in report/: the tables (text.c), the comparison (compare.c),
 * CSV (csv.c), JSON (json.c) or the text bars (bars.c); --svg also
 * writes the charts (svg.c).  Nothing here formats a number.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report/model.h"

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

/* The notes after the text views: what LABEL#N are, boxes that differ. */
static void
text_notes(FILE *out, const struct model *m)
{
	model_variants(out, m);
	model_snap_notes(out, m);
}

static int
render(FILE *out, const struct model *m)
{
	const struct report_opts *o = m->o;
	int rc;

	if (o->format == REPORT_CSV)
		return render_csv(out, m);
	if (o->format == REPORT_JSON)
		return render_json(out, m);
	if (o->bars)
		rc = render_bars(out, m);
	else if (o->compare)
		rc = render_compare(out, m);
	else
		rc = render_table(out, m);
	if (rc == 0)
		text_notes(out, m);
	return rc;
}

int
report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out)
{
	struct model m;
	size_t base, cmp;
	int rc;

	if (o->bars && (o->format != REPORT_TABLE || o->compare)) {
		warnx("--bars goes with neither --format csv/json nor -c");
		return 2;
	}
	if (model_read(&m, o, nlogs, logs) < 0) {
		model_free(&m);
		return 1;
	}
	if (model_shape(&m) < 0) {
		warnx("out of memory");
		model_free(&m);
		return 1;
	}
	if (!any_ok(&m)) {
		if (m.nsect > 0 && o->format == REPORT_TABLE && !o->bars && !o->compare)
			render_table(out, &m);
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
	rc = render(out, &m);
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
