/*
 * table.c: --format table (table_format), the default: the text views.
 * The classic tables (text.c), the comparison instead with -c
 * (compare.c) or the bars with --bars (bars.c), the kernel profiles
 * after the tables with -p (profile.c), and under every one the notes
 * on what LABEL#N are, on boxes that differ, on the settings of --set
 * and on copies dropped.
 */
#include <stdio.h>

#include "model.h"

static int
render(FILE *out, const struct model *m)
{
	const struct view_opts *o = m->o;
	int rc;

	if (o->bars)
		rc = render_bars(out, m);
	else if (o->compare)
		rc = render_compare(out, m);
	else
		rc = render_table(out, m);
	if (rc == 0 && o->profiles && !o->compare && !o->bars)
		rc = render_profiles(out, m);
	if (rc == 0) {
		model_variants(out, m);
		model_snap_notes(out, m);
		model_set_notes(out, m);
		model_copies(out, m);
	}
	return rc;
}

/* No usable run: the tables as far as they go (each section's runs not ok, and why). */
static void
empty(FILE *out, const struct model *m)
{
	if (m->nsect > 0 && !m->o->bars && !m->o->compare)
		render_table(out, m);
}

const struct format table_format = {
	.bars = 1,
	.verdict = 1,
	.render = render,
	.empty = empty,
};
