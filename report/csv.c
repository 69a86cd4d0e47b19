/*
 * csv.c: --format csv (csv_format), one line per row and load in report
 * order, RFC 4180 quoting; with -p, the kernel profiles' lines instead.  The columns of version 1 come first, unchanged, so
 * scripts written for them keep working; every other metric of the
 * metric table, the -c changes of each and the summary follow.  Strings
 * of the log pass through log_vis, so no control byte reaches the
 * terminal.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static void
header(FILE *out)
{
	int k;

	fputs("load,label,row,host,jobs,workload,config,unit,runs,failed,invalid", out);
	for (k = 0; k < M_CLASSIC; k++)
		fprintf(out, ",%s_mean,%s_sd,%s_min,%s_max", metrics[k].name, metrics[k].name,
		    metrics[k].name, metrics[k].name);
	fputs(",ratio,ratio_base,compare_base,time_change_pct,time_p,time_significant,"
	    "loads_change_pct,loads_p,loads_significant", out);
	fputs(",drop,disturbed_runs,ratio_sd,probe,disk_dev,odisk_dev,geomean_ratio,"
	    "geomean_ratio_base,geomean_ratio_loads,geomean_loads,geomean_loads_loads", out);
	for (k = 0; k < M_N; k++) {
		const char *n = metrics[k].name;

		fprintf(out, ",%s_n", n);
		if (k >= M_CLASSIC)
			fprintf(out, ",%s_mean,%s_sd,%s_min,%s_max", n, n, n, n);
		if (k != M_TIME && k != M_LOADS)
			fprintf(out, ",%s_change_pct,%s_p,%s_significant", n, n, n);
		fprintf(out, ",%s_verdict", n);
	}
	/* the family's verdicts (version 1's columns above unchanged) */
	for (k = 0; k < M_N; k++)
		fprintf(out, ",%s_ci_low,%s_ci_high,%s_p_adjusted,%s_mark", metrics[k].name,
		    metrics[k].name, metrics[k].name, metrics[k].name);
	fputs(",ratio_change_pct,ratio_ci_low,ratio_ci_high,ratio_p,ratio_p_adjusted,ratio_mark", out);
	fputs(",time_mde_pct,time_runs_for_target,ratio_mde_pct,ratio_runs_for_target,"
	    "loads_mde_pct,loads_runs_for_target,lat_p99_mde_pct,lat_p99_runs_for_target,held_because", out);
	fputs(",duplicates", out);
	fputc('\n', out);
}

static const char *
mark_name(const struct vd_test *t)
{
	return t ? word_mark(t->mark) : "";
}

/* The family's verdicts of g: intervals, adjusted p, marks, smallest changes seen. */
static void
verdicts(FILE *out, const struct model *m, const struct group *g)
{
	static const int mde[] = { M_TIME, F_RATIO, M_LOADS, M_LAT_P99 };
	const struct vd_test *t;
	size_t i;
	int k;

	for (k = 0; k < M_N; k++) {
		t = k == M_PAIRED ? NULL : model_test(m, g, k);
		model_csv_num(out, "%.2f", t ? t->lo : NAN);
		model_csv_num(out, "%.2f", t ? t->hi : NAN);
		model_csv_num(out, "%.6g", t ? t->padj : NAN);
		fprintf(out, ",%s", mark_name(t));
	}
	t = model_test(m, g, F_RATIO);
	model_csv_num(out, "%.2f", t ? t->pct : NAN);
	model_csv_num(out, "%.2f", t ? t->lo : NAN);
	model_csv_num(out, "%.2f", t ? t->hi : NAN);
	model_csv_num(out, "%.6g", t ? t->p : NAN);
	model_csv_num(out, "%.6g", t ? t->padj : NAN);
	fprintf(out, ",%s", mark_name(t));
	for (i = 0; i < sizeof(mde) / sizeof(mde[0]); i++) {
		t = model_test(m, g, mde[i]);
		model_csv_num(out, "%.2f", t ? t->mde : NAN);
		model_csv_num(out, "%.0f", t && t->runs > 0 ? (double)t->runs : NAN);
	}
	fputc(',', out);
	if (g->vt != NONE && g->explain)
		model_csv_str(out, g->envwhy, 0);
}

static void
stat4(FILE *out, const struct acc *a)
{
	model_csv_num(out, "%.4f", stats_mean(a));
	model_csv_num(out, "%.4f", stats_sd(a));
	model_csv_num(out, "%.4f", a->n ? a->min : NAN);
	model_csv_num(out, "%.4f", a->n ? a->max : NAN);
}

static void
change3(FILE *out, const struct change *c)
{
	model_csv_num(out, "%.2f", c->pct);
	model_csv_num(out, "%.6g", c->tested ? c->p : NAN);
	fprintf(out, ",%s", c->tested ? (c->significant ? "yes" : "no") : "");
}

/* The start of every line of g: load, label, row, host, jobs, workload, config. */
static void
ident(FILE *out, const struct model *m, const struct group *g)
{
	const struct row *w = &m->rows[g->row];

	model_csv_str(out, g->load, 0);
	fputc(',', out);
	model_csv_str(out, w->label, 0);
	fputc(',', out);
	model_csv_str(out, w->name, 0);
	fputc(',', out);
	model_csv_str(out, w->host, 0);
	fprintf(out, ",%ld,", w->jobs);
	model_csv_str(out, w->workload, 0);
	fputc(',', out);
	model_csv_str(out, w->config, 0);
}

static void
line(FILE *out, const struct model *m, const struct group *g)
{
	const struct group *b = model_baseline(m, g);
	struct change c[M_N];
	struct summary s;
	int k;

	for (k = 0; k < M_N; k++)
		model_change(m, g, k, &c[k]);	/* nothing where g is not compared */
	ident(out, m, g);
	fputc(',', out);
	model_csv_str(out, g->unit_mixed ? "mixed" : g->unit, 0);
	fprintf(out, ",%ld,%ld,%ld", g->m[M_TIME].n, g->failed, g->invalid);
	for (k = 0; k < M_CLASSIC; k++)
		stat4(out, &g->m[k]);
	model_csv_num(out, "%.4f", model_ratio(m, g));
	fputc(',', out);
	if (b)
		model_csv_str(out, m->rows[b->row].name, 0);
	fputc(',', out);
	if (m->cmp_row != NONE)
		model_csv_str(out, m->rows[m->cmp_row].name, 0);
	change3(out, &c[M_TIME]);
	change3(out, &c[M_LOADS]);

	fprintf(out, ",%s,%ld", m->rows[g->row].drop, g->disturbed);
	model_csv_num(out, "%.4f", model_ratio_sd(m, g));
	fputc(',', out);
	model_csv_str(out, g->probe, 0);
	fputc(',', out);
	model_csv_str(out, g->disk, 0);
	fputc(',', out);
	model_csv_str(out, g->odisk, 0);
	if (m->cmp_row != NONE && g->row != m->cmp_row)
		model_summary(m, g->row, m->cmp_row, &s);
	else
		memset(&s, 0, sizeof(s));
	model_csv_num(out, "%.4f", s.nratio ? s.ratio : NAN);
	model_csv_num(out, "%.4f", s.nratio ? s.base_ratio : NAN);
	fprintf(out, ",%d", s.nratio);
	model_csv_num(out, "%.4f", s.nloads ? s.loads : NAN);
	fprintf(out, ",%d", s.nloads);
	for (k = 0; k < M_N; k++) {
		fprintf(out, ",%ld", g->m[k].n);
		if (k >= M_CLASSIC)
			stat4(out, &g->m[k]);
		if (k != M_TIME && k != M_LOADS)
			change3(out, &c[k]);
		fprintf(out, ",%s", c[k].dir > 0 ? word_mark(VD_BETTER) : c[k].dir < 0 ? word_mark(VD_WORSE) : "");
	}
	verdicts(out, m, g);
	fprintf(out, ",%ld\n", g->copies);
}

static int
render_csv(FILE *out, const struct model *m)
{
	const struct group *g;
	size_t i, k;

	header(out);
	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g)
			line(out, m, g);
	return 0;
}

/* ------------------------------------------------- -p: the kernel profiles */

/* The start of a kernel profile's line: the group's row, then kind and name. */
static void
prow(FILE *out, const struct model *m, const struct group *g, const char *kind, const char *name)
{
	ident(out, m, g);
	fprintf(out, ",%s,", kind);
	model_csv_str(out, name, 0);
	fprintf(out, ",%ld", g->prof->n);
}

/* The diffprofile's columns, empty */
#define NODIFF ",,,,,,,,"

/* The lines of one name table: every function or command listed, by share. */
static void
ptable(FILE *out, const struct model *m, const struct group *g, const struct ptab *t, const char *kind)
{
	size_t *idx = pmodel_order(t), i;

	for (i = 0; idx && i < t->nsym; i++) {
		const struct psym *s = &t->sym[idx[i]];

		prow(out, m, g, kind, psym_name(t, s));
		fprintf(out, ",%ld", s->listed);
		model_csv_num(out, "%.4f", psym_mean(t, s, 0));
		model_csv_num(out, "%.4f", sqrt(psym_var(t, s, 0)));
		model_csv_num(out, "%.4f", psym_mean(t, s, 1));
		model_csv_num(out, "%.4f", sqrt(psym_var(t, s, 1)));
		fputs(NODIFF "\n", out);
	}
	free(idx);
}

/* The diffprofile's columns of one line: base's rate, the change and its test. */
static void
pdiff_cols(FILE *out, double base, double this, const struct vd_test *t)
{
	model_csv_num(out, "%.4f", base);
	model_csv_num(out, "%.4f", this - base);
	model_csv_num(out, "%.2f", pmodel_pct(base, this, t));
	model_csv_num(out, "%.2f", t ? t->lo : NAN);
	model_csv_num(out, "%.2f", t ? t->hi : NAN);
	model_csv_num(out, "%.6g", t ? t->p : NAN);
	model_csv_num(out, "%.6g", t ? t->padj : NAN);
	fprintf(out, ",%s\n", mark_name(t));
}

/*
 * -c -p: g's diffprofile against -c's row, whole: a line of kind diff
 * for every function of either side (this side's runs, listed, share
 * and rate, then base's rate, the change in samples a second, its %, its
 * interval, p, adjusted p and mark), then the total.
 */
static void
pdiff_lines(FILE *out, const struct model *m, const struct group *g)
{
	const struct group *b = model_cmp_base(m, g);
	size_t i;

	if (b == NULL || b == g || g->pd == NULL || b->prof == NULL)
		return;
	for (i = 0; i < g->npd; i++) {
		const struct pdiff *d = &g->pd[i];

		prow(out, m, g, "diff", d->name);
		fprintf(out, ",%ld", d->this.listed);
		model_csv_num(out, "%.4f", d->this.share);
		model_csv_num(out, "%.4f", sqrt(d->this.vshare));
		model_csv_num(out, "%.4f", d->this.rate);
		model_csv_num(out, "%.4f", sqrt(d->this.vrate));
		pdiff_cols(out, d->base.rate, d->this.rate, model_ptest(m, d->vt));
	}
	prow(out, m, g, "diff", "total");
	fprintf(out, ",%ld", g->prof->n);
	model_csv_num(out, "%.4f", stats_mean(&g->prof->kshare));
	model_csv_num(out, "%.4f", stats_sd(&g->prof->kshare));
	model_csv_num(out, "%.4f", stats_mean(&g->prof->kernel));
	model_csv_num(out, "%.4f", stats_sd(&g->prof->kernel));
	pdiff_cols(out, stats_mean(&b->prof->kernel), stats_mean(&g->prof->kernel), model_ptest(m, g->pvt));
}

/*
 * -p --format csv: the kernel profiles whole, one line per row, load and
 * name: the kernel samples (kind kernel: share of the CPUs' time,
 * samples a second), the idle ones, the parts (share of the kernel
 * samples), then every function and command listed; with -c, the
 * diffprofile (pdiff_lines) in the last eight columns, empty elsewhere.
 */
static int
render_profiles_csv(FILE *out, const struct model *m)
{
	const struct group *g;
	size_t i, k;
	int j;

	fputs("load,label,row,host,jobs,workload,config,kind,name,runs,listed,share_mean,share_sd,"
	    "rate_mean,rate_sd,base_rate,change,change_pct,ci_low,ci_high,p,p_adjusted,mark\n", out);
	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g) {
			const struct pgroup *p = g->prof;

			if (p == NULL || p->n == 0)
				continue;
			prow(out, m, g, "kernel", "total");
			fprintf(out, ",%ld", p->n);
			model_csv_num(out, "%.4f", stats_mean(&p->kshare));
			model_csv_num(out, "%.4f", stats_sd(&p->kshare));
			model_csv_num(out, "%.4f", stats_mean(&p->kernel));
			model_csv_num(out, "%.4f", stats_sd(&p->kernel));
			fputs(NODIFF "\n", out);
			prow(out, m, g, "idle", "idle");
			fprintf(out, ",%ld", p->n);
			model_csv_num(out, "%.4f", stats_mean(&p->idle));
			model_csv_num(out, "%.4f", stats_sd(&p->idle));
			fputs(",," NODIFF "\n", out);
			for (j = 0; j < PART_N; j++) {
				if (p->part[j].n == 0)
					continue;
				prow(out, m, g, "part", part_names[j].word);
				fprintf(out, ",%ld", p->part[j].n);
				model_csv_num(out, "%.4f", stats_mean(&p->part[j]));
				model_csv_num(out, "%.4f", stats_sd(&p->part[j]));
				fputs(",," NODIFF "\n", out);
			}
			ptable(out, m, g, &p->k, "function");
			ptable(out, m, g, &p->u, "command");
			pdiff_lines(out, m, g);
		}
	return 0;
}

static int
render(FILE *out, const struct model *m)
{
	return m->o->profiles ? render_profiles_csv(out, m) : render_csv(out, m);
}

const struct format csv_format = {
	.bars = 0,
	.verdict = 0,
	.render = render,
	.empty = NULL,
};
