/*
 * json.c: --format json (json_format), one object: the hosts and dates, the groups in
 * report order with the keys of version 1 unchanged and every metric of
 * the metric table under "metrics", the -c summary per row, and the
 * boxes' snapshots; a row's settings of --set as "settings" (where it
 * has some).  Strings are JSON-escaped (controls, C1 controls and
 * bytes that are not UTF-8 included), numbers that do not exist are null.
 * Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static void
json_num(FILE *out, const char *fmt, double v)
{
	if (!isfinite(v))
		fputs("null", out);
	else
		fprintf(out, fmt, v);
}

static void
head(FILE *out, const struct model *m)
{
	int j;

	fputs("{\n  \"format\": \"contest-report\",\n  \"version\": 1,\n  \"hosts\": [", out);
	for (j = 0; j < m->nhosts; j++) {
		fputs(j ? ", " : "", out);
		model_json_str(out, m->hosts[j]);
	}
	fprintf(out, "],\n  \"more_hosts\": %s,\n  \"first_date\": ", m->hosts_more ? "true" : "false");
	model_json_str(out, m->first_date);
	fputs(",\n  \"last_date\": ", out);
	model_json_str(out, m->last_date);
	fputs(",\n  \"base\": ", out);
	model_json_str(out, m->base_row != NONE ? m->rows[m->base_row].name : NULL);
	fputs(",\n  \"compare\": ", out);
	model_json_str(out, m->cmp_row != NONE ? m->rows[m->cmp_row].name : NULL);
	fputs(",\n  \"disturbed_counted\": ", out);
	fputs(m->o->disturbed ? "true" : "false", out);
	fprintf(out, ",\n  \"duplicates\": %ld", m->seen.copies);
}

static void
not_ok(FILE *out, const struct group *g)
{
	int j;

	fputs("[", out);
	for (j = 0; j < NWHY && g->why[j].n; j++) {
		fputs(j ? ", {\"status\": " : "{\"status\": ", out);
		model_json_str(out, g->why[j].status);
		fputs(", \"reason\": ", out);
		model_json_str(out, g->why[j].reason);
		fprintf(out, ", \"runs\": %ld}", g->why[j].n);
	}
	if (g->why_more)
		fprintf(out, "%s{\"status\": null, \"reason\": null, \"runs\": %ld}",
		    j ? ", " : "", g->why_more);
	fputs("]", out);
}

static void
stat4(FILE *out, const struct acc *a)
{
	fputs("\"mean\": ", out);
	json_num(out, "%.4f", stats_mean(a));
	fputs(", \"sd\": ", out);
	json_num(out, "%.4f", stats_sd(a));
	fputs(", \"min\": ", out);
	json_num(out, "%.4f", a->n ? a->min : NAN);
	fputs(", \"max\": ", out);
	json_num(out, "%.4f", a->n ? a->max : NAN);
}

/* A test's verdict fields: interval, adjusted p, mark and why, smallest change seen. */
static void
test_fields(FILE *out, const struct vd_test *t)
{
	fputs(", \"ci_low\": ", out);
	json_num(out, "%.2f", t->lo);
	fputs(", \"ci_high\": ", out);
	json_num(out, "%.2f", t->hi);
	fputs(", \"p_adjusted\": ", out);
	json_num(out, "%.6g", t->padj);
	fprintf(out, ", \"mark\": \"%s\", \"held_because\": ", word_mark(t->mark));
	model_json_str(out, t->mark == VD_HELD ? t->why : NULL);
	fputs(", \"mde_pct\": ", out);
	json_num(out, "%.2f", t->mde);
	fputs(", \"runs_for_target\": ", out);
	json_num(out, "%.0f", t->runs > 0 ? (double)t->runs : NAN);
}

/* A whole test as an object: change, interval, p, adjusted p, mark */
static void
test_obj(FILE *out, const struct vd_test *t)
{
	if (t == NULL) {
		fputs("null", out);
		return;
	}
	fputs("{\"change_pct\": ", out);
	json_num(out, "%.2f", t->pct);
	fputs(", \"p\": ", out);
	json_num(out, "%.6g", t->p);
	test_fields(out, t);
	fputs("}", out);
}

/* "metrics": every metric g has, with its change against -c's row */
static void
metric_all(FILE *out, const struct model *m, const struct group *g, const struct group *cb)
{
	struct change c;
	int k, first = 1;

	fputs(",\n     \"metrics\": {", out);
	for (k = 0; k < M_N; k++) {
		if (g->m[k].n == 0)
			continue;
		fprintf(out, "%s\n       \"%s\": {\"n\": %ld, ", first ? "" : ",", metrics[k].name,
		    g->m[k].n);
		first = 0;
		stat4(out, &g->m[k]);
		if (cb == NULL) {
			fputs("}", out);
			continue;
		}
		model_change(m, g, k, &c);
		fputs(", \"change_pct\": ", out);
		json_num(out, "%.2f", c.pct);
		fputs(", \"p\": ", out);
		json_num(out, "%.6g", c.tested ? c.p : NAN);
		fprintf(out, ", \"significant\": %s, \"verdict\": %s",
		    c.tested ? (c.significant ? "true" : "false") : "null",
		    c.dir > 0 ? "\"better\"" : c.dir < 0 ? "\"worse\"" : "null");
		if (c.t)
			test_fields(out, c.t);
		fputs("}", out);
	}
	fputs(first ? "}" : "\n     }", out);
}

/* version 1's "change": Time and Loads against -c's row, or null */
static void
change1(FILE *out, const struct model *m, const struct group *g, const struct group *cb)
{
	struct change t, l;

	fputs(", \"change\": ", out);
	if (cb == NULL) {
		fputs("null", out);
		return;
	}
	model_change(m, g, M_TIME, &t);
	model_change(m, g, M_LOADS, &l);
	fputs("{\"time_pct\": ", out);
	json_num(out, "%.2f", t.pct);
	fputs(", \"time_p\": ", out);
	json_num(out, "%.6g", t.tested ? t.p : NAN);
	fprintf(out, ", \"time_significant\": %s, \"loads_pct\": ",
	    t.tested ? (t.significant ? "true" : "false") : "null");
	json_num(out, "%.2f", l.pct);
	fputs(", \"loads_p\": ", out);
	json_num(out, "%.6g", l.tested ? l.p : NAN);
	fprintf(out, ", \"loads_significant\": %s}", l.tested ? (l.significant ? "true" : "false") : "null");
}

/* One name table of a kernel profile, whole: functions or commands, by share. */
static void
ptable(FILE *out, const struct ptab *t)
{
	size_t *idx = pmodel_order(t), i;

	fputc('[', out);
	for (i = 0; idx && i < t->nsym; i++) {
		const struct psym *s = &t->sym[idx[i]];

		fputs(i ? ",\n       {\"name\": " : "\n       {\"name\": ", out);
		model_json_str(out, psym_name(t, s));
		fprintf(out, ", \"listed\": %ld, \"share\": ", s->listed);
		json_num(out, "%.4f", psym_mean(t, s, 0));
		fputs(", \"share_sd\": ", out);
		json_num(out, "%.4f", sqrt(psym_var(t, s, 0)));
		fputs(", \"rate\": ", out);
		json_num(out, "%.4f", psym_mean(t, s, 1));
		fputs(", \"rate_sd\": ", out);
		json_num(out, "%.4f", sqrt(psym_var(t, s, 1)));
		fputc('}', out);
	}
	fputc(']', out);
	free(idx);
}

/* -p: the group's kernel profile, whole (null without one). */
static void
kernel_profile(FILE *out, const struct group *g)
{
	const struct pgroup *p = g->prof;
	int i;

	fputs(",\n     \"profile\": ", out);
	if (p == NULL || p->n == 0) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"runs\": %ld, \"mode\": ", p->n);
	model_json_str(out, p->mode_mixed ? "mixed" : p->mode);
	fputs(", \"kernel_rate\": {", out);
	stat4(out, &p->kernel);
	fputs("}, \"kernel_pct\": ", out);
	json_num(out, "%.4f", stats_mean(&p->kshare));
	fputs(", \"idle_pct\": ", out);
	json_num(out, "%.4f", stats_mean(&p->idle));
	fprintf(out, ", \"lost\": %.0f, \"contest_cpu_pct\": ", p->lost.sum);
	json_num(out, "%.4f", stats_mean(&p->cpu));
	fputs(", \"parts\": {", out);
	for (i = 0; i < PART_N; i++) {
		fprintf(out, "%s\"%s\": ", i ? ", " : "", part_names[i].word);
		json_num(out, "%.4f", stats_mean(&p->part[i]));
	}
	fputs("}, \"cut_share\": ", out);
	json_num(out, "%.4f", p->k.cut_share);
	fputs(",\n      \"functions\": ", out);
	ptable(out, &p->k);
	fputs(",\n      \"commands\": ", out);
	ptable(out, &p->u);
	fputc('}', out);
}

/* One line of a diffprofile: both sides' rates, the change and its test. */
static void
pdiff_obj(FILE *out, const char *name, double base, double this, const struct vd_test *t)
{
	fputs("{\"name\": ", out);
	model_json_str(out, name);
	fputs(", \"base_rate\": ", out);
	json_num(out, "%.4f", base);
	fputs(", \"rate\": ", out);
	json_num(out, "%.4f", this);
	fputs(", \"change\": ", out);
	json_num(out, "%.4f", this - base);
	fputs(", \"change_pct\": ", out);
	json_num(out, "%.2f", pmodel_pct(base, this, t));
	fputs(", \"test\": ", out);
	test_obj(out, t);
	fputc('}', out);
}

/* -c -p: the group's diffprofile against -c's row, whole (null without one). */
static void
diffprofile(FILE *out, const struct model *m, const struct group *g, const struct group *cb)
{
	size_t i;

	fputs(",\n     \"diffprofile\": ", out);
	if (cb == NULL || cb == g || g->pd == NULL || g->prof == NULL || cb->prof == NULL) {
		fputs("null", out);
		return;
	}
	fputs("{\"base\": ", out);
	model_json_str(out, m->rows[cb->row].name);
	fputs(", \"functions\": [", out);
	for (i = 0; i < g->npd; i++) {
		const struct pdiff *d = &g->pd[i];

		fputs(i ? ",\n       " : "\n       ", out);
		pdiff_obj(out, d->name, d->base.rate, d->this.rate, model_ptest(m, d->vt));
	}
	fputs("],\n      \"total\": ", out);
	pdiff_obj(out, "total", stats_mean(&cb->prof->kernel), stats_mean(&g->prof->kernel),
	    model_ptest(m, g->pvt));
	fputc('}', out);
}

/*
 * --set's settings (set= or set_found='s form) as an object, each setting
 * a key and its value a string, after key; nothing when there are none
 * (logs without them print as before).  A text no writer makes (an
 * edited log) goes as the string it is.
 */
static void
settings(FILE *out, const char *key, const char *text)
{
	static char setting[LOG_SET_MAX], value[LOG_SET_MAX];
	const char *p = text;
	int n = 0;

	if (!text[0])
		return;
	if (!log_set_ok(text)) {
		fprintf(out, ", \"%s\": ", key);
		model_json_str(out, text);
		return;
	}
	fprintf(out, ", \"%s\": {", key);
	while (log_set_next(&p, setting, sizeof(setting), value, sizeof(value)) > 0) {
		fputs(n++ ? ", " : "", out);
		model_json_str(out, setting);
		fputs(": ", out);
		model_json_str(out, value);
	}
	fputs("}", out);
}

static void
group(FILE *out, const struct model *m, const struct group *g)
{
	const struct row *w = &m->rows[g->row];
	const struct group *b = model_baseline(m, g), *cb = model_cmp_base(m, g);
	int k;

	fputs("\"load\": ", out);
	model_json_str(out, g->load);
	fputs(", \"label\": ", out);
	model_json_str(out, w->label);
	fputs(", \"row\": ", out);
	model_json_str(out, w->name);
	fputs(", \"host\": ", out);
	model_json_str(out, w->host);
	fprintf(out, ", \"jobs\": %ld, \"workload\": ", w->jobs);
	model_json_str(out, w->workload);
	fputs(", \"config\": ", out);
	model_json_str(out, w->config);
	fputs(", \"drop\": ", out);
	model_json_str(out, w->drop);
	fputs(", \"unit\": ", out);
	model_json_str(out, g->unit_mixed ? "mixed" : g->unit);
	fprintf(out, ",\n     \"runs\": %ld, \"failed\": %ld, \"invalid\": %ld, \"disturbed\": %ld, "
	    "\"duplicates\": %ld, \"not_ok\": ", g->m[M_TIME].n, g->failed, g->invalid, g->disturbed,
	    g->copies);
	not_ok(out, g);
	fputs(", \"probe\": ", out);
	model_json_str(out, g->probe[0] ? g->probe : NULL);
	fputs(", \"disk_dev\": ", out);
	model_json_str(out, g->disk[0] ? g->disk : NULL);
	fputs(", \"odisk_dev\": ", out);
	model_json_str(out, g->odisk[0] ? g->odisk : NULL);
	settings(out, "settings", w->id->set);
	for (k = 0; k < M_CLASSIC; k++) {
		fprintf(out, ",\n     \"%s\": {", metrics[k].name);
		stat4(out, &g->m[k]);
		fputs("}", out);
	}
	metric_all(out, m, g, cb);
	fputs(",\n     \"ratio\": ", out);
	json_num(out, "%.4f", model_ratio(m, g));
	fputs(", \"ratio_sd\": ", out);
	json_num(out, "%.4f", model_ratio_sd(m, g));
	fputs(", \"ratio_base\": ", out);
	model_json_str(out, b ? m->rows[b->row].name : NULL);
	change1(out, m, g, cb);
	fputs(",\n     \"ratio_test\": ", out);
	test_obj(out, cb ? model_test(m, g, F_RATIO) : NULL);
	if (m->o->profiles) {
		kernel_profile(out, g);
		if (m->o->compare)
			diffprofile(out, m, g, cb);
	}
}

static void
summaries(FILE *out, const struct model *m)
{
	struct summary s;
	size_t i;
	int first = 1;

	fputs(",\n  \"summary\": [", out);
	for (i = 0; m->cmp_row != NONE && i < m->nrows; i++) {
		size_t row = m->order[i];

		if (row == m->cmp_row)
			continue;
		model_summary(m, row, m->cmp_row, &s);
		fputs(first ? "\n    {\"row\": " : ",\n    {\"row\": ", out);
		first = 0;
		model_json_str(out, m->rows[row].name);
		fputs(", \"ratio\": ", out);
		json_num(out, "%.4f", s.ratio);
		fputs(", \"base_ratio\": ", out);
		json_num(out, "%.4f", s.base_ratio);
		fprintf(out, ", \"ratio_loads\": %d, \"loads\": ", s.nratio);
		json_num(out, "%.4f", s.loads);
		fprintf(out, ", \"loads_loads\": %d, \"time_test\": ", s.nloads);
		test_obj(out, model_sum_test(m, row, S_TIME));
		fputs(", \"ratio_test\": ", out);
		test_obj(out, model_sum_test(m, row, S_RATIO));
		fputs(", \"loads_test\": ", out);
		test_obj(out, model_sum_test(m, row, S_LOADS));
		fputs("}", out);
	}
	fputs(first ? "]" : "\n  ]", out);
}

static void
snapshots(FILE *out, const struct model *m)
{
	size_t i;

	fputs(",\n  \"snapshots\": [", out);
	for (i = 0; i < m->nsnaps; i++) {
		const struct snaprow *s = &m->snaps[i];

		fputs(i ? ",\n    {\"host\": " : "\n    {\"host\": ", out);
		model_json_str(out, s->host);
		fputs(", \"label\": ", out);
		model_json_str(out, s->label);
		fputs(", \"kernel\": ", out);
		model_json_str(out, s->kernel);
#define SNAP_JSON(f) \
		fputs(", \"" #f "\": ", out); \
		model_json_str(out, s->snap.f);
		SNAP_FIELDS(SNAP_JSON)
#undef SNAP_JSON
		settings(out, "settings", s->set);
		settings(out, "settings_found", s->snap.set_found);
		fprintf(out, ", \"varies\": %s}", s->varies ? "true" : "false");
	}
	fputs(m->nsnaps ? "\n  ]" : "]", out);
}

static int
render_json(FILE *out, const struct model *m)
{
	const struct group *g;
	size_t i, k;
	int first = 1;

	head(out, m);
	fputs(",\n  \"groups\": [", out);
	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g) {
			fputs(first ? "\n    {" : ",\n    {", out);
			first = 0;
			group(out, m, g);
			fputs("}", out);
		}
	fputs(first ? "]" : "\n  ]", out);
	summaries(out, m);
	snapshots(out, m);
	fputs("\n}\n", out);
	return 0;
}

const struct format json_format = {
	.bars = 0,
	.verdict = 0,
	.render = render_json,
	.empty = NULL,
};
