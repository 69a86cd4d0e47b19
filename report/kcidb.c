/*
 * kcidb.c: --format kcidb (kcidb_format), the report as a KCIDB v5.3
 * document, what KernelCI's database takes from every lab (the schema's
 * facts: kernelci/kcidb-io, kcidb_io/schema/v05_03.py, and the patterns
 * it inherits from v05_00.py and v03_00.py).  One checkout per label
 * (the kernel under test), one build per row (the label in one
 * configuration: its host, kernel release, -j, workload, config and
 * snapshot in misc), one test per row, load and metric (path
 * contest.LOAD.METRIC, status DONE, the mean as its number, n, sd, min,
 * max and the runs not ok and left out in misc), and with -c or --verdict
 * one per compared row and load (path contest.LOAD) whose status is
 * judge.h's answer: FAIL, PASS or SKIP.  Ids are ORIGIN: and the row's
 * host, label and first date, then load and metric: the same logs give
 * the same ids, so a document sent again merges with the first.  No
 * null anywhere: what does not exist is left out, as KCIDB wants.
 * Every number is the JSON's, in its decimals.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

#define ID_MAX	1024	/* an id: ORIGIN, ':', and its parts percent-encoded */

/* A JSON object being written: its members so far. */
struct obj {
	FILE *out;
	int n;
};

static void
o_open(struct obj *o, FILE *out)
{
	o->out = out;
	o->n = 0;
	fputc('{', out);
}

static void
o_key(struct obj *o, const char *key)
{
	fputs(o->n++ ? ", " : "", o->out);
	model_json_str(o->out, key);
	fputs(": ", o->out);
}

static void
o_str(struct obj *o, const char *key, const char *v)
{
	o_key(o, key);
	model_json_str(o->out, v);
}

/* A number, left out when it does not exist (KCIDB takes no null, JSON no NaN). */
static void
o_num(struct obj *o, const char *key, const char *fmt, double v)
{
	if (!isfinite(v))
		return;
	o_key(o, key);
	fprintf(o->out, fmt, v);
}

static void
o_long(struct obj *o, const char *key, long v)
{
	o_key(o, key);
	fprintf(o->out, "%ld", v);
}

/* A member that is an object: opened in *in. */
static void
o_sub(struct obj *o, const char *key, struct obj *in)
{
	o_key(o, key);
	o_open(in, o->out);
}

static void
o_close(struct obj *o)
{
	fputc('}', o->out);
}

/* src into an id: each byte but [A-Za-z0-9._+~:-] as %XX, so '/' parts the id alone. */
static size_t
id_part(char *dst, size_t len, const char *src)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t n = 0;

	for (; *p && n + 4 < len; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("._+~:-", *p))
			dst[n++] = (char)*p;
		else
			n += (size_t)snprintf(dst + n, len - n, "%%%02X", *p);
	dst[n] = '\0';
	return n;
}

/* src as a part of a test's path: [A-Za-z0-9_] as it is, every other byte as -xx. */
static void
path_part(char *dst, size_t len, const char *src)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t n = 0;

	for (; *p && n + 4 < len; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')
			dst[n++] = (char)*p;
		else
			n += (size_t)snprintf(dst + n, len - n, "-%02x", *p);
	dst[n] = '\0';
}

/* What the document's parts share: the origin, each row's part of the ids, the objects so far. */
struct doc {
	const struct model *m;
	const char *origin;
	char (*rid)[ID_MAX];	/* each row's HOST/LABEL/DATE (of its first run), /N after it where shared */
	long nobj;		/* objects written in the list being written */
};

/* The start of an object of the list being written: on a line of its own, after a comma but the first. */
static void
item(FILE *out, struct doc *d)
{
	fputs(d->nobj++ ? ",\n  " : "\n  ", out);
}

/* A row's first date: of its runs' records, else of its first record. */
static const char *
first_date(const struct row *w)
{
	return w->first[0] ? w->first : w->id->date;
}

/* w's host, label and first date as a part of an id, HOST/LABEL/DATE, each encoded (id_part). */
static void
row_part(char *dst, size_t len, const struct row *w)
{
	size_t n;

	n = id_part(dst, len / 4, w->host);
	dst[n++] = '/';
	n += id_part(dst + n, len / 4, w->label);
	dst[n++] = '/';
	id_part(dst + n, len / 4, first_date(w));
}

/*
 * Each row's part of the ids, d->rid: row_part's, and where rows of one
 * label share it (configurations first run in the same second), /N
 * after it, N their LABEL#N.  -1 when out of memory.
 */
static int
row_ids(struct doc *d)
{
	const struct model *m = d->m;
	size_t i, j, n = m->nrows ? m->nrows : 1;
	char *twin = calloc(n, 1);

	if (twin == NULL || (d->rid = calloc(n, sizeof(*d->rid))) == NULL) {
		free(twin);
		return -1;
	}
	for (i = 0; i < m->nrows; i++)
		row_part(d->rid[i], ID_MAX, &m->rows[i]);
	for (i = 0; i < m->nrows; i++)
		for (j = i + 1; j < m->nrows; j++)
			if (m->rows[i].lab == m->rows[j].lab && !strcmp(d->rid[i], d->rid[j]))
				twin[i] = twin[j] = 1;
	for (i = 0; i < m->nrows; i++)
		if (twin[i])
			snprintf(d->rid[i] + strlen(d->rid[i]), ID_MAX - strlen(d->rid[i]), "/%d", m->rows[i].variant);
	free(twin);
	return 0;
}

/* The row that stands for label lab: its earliest, by first date then report order. */
static size_t
label_row(const struct model *m, size_t lab)
{
	size_t i, best = NONE;

	for (i = 0; i < m->nrows; i++) {
		const struct row *w = &m->rows[m->order[i]];

		if (w->lab == lab && (best == NONE || strcmp(first_date(w), first_date(&m->rows[best])) < 0))
			best = m->order[i];
	}
	return best;
}

/* "ORIGIN:PART" as an id member. */
static void
o_id(struct obj *o, const struct doc *d, const char *key, const char *part, const char *more)
{
	char id[2 * ID_MAX];

	snprintf(id, sizeof(id), "%s:%s%s", d->origin, part, more);
	o_str(o, key, id);
}

/* A date as start_time, left out unless it is one (RFC 3339, as writers write it). */
static void
o_date(struct obj *o, const char *key, const char *date)
{
	double t;

	if (model_date(date, &t) == 0)
		o_str(o, key, date);
}

/* The checkout of label lab: the kernel under test. */
static void
checkout(FILE *out, struct doc *d, size_t lab)
{
	const struct model *m = d->m;
	size_t r = label_row(m, lab);
	const struct row *w;
	struct obj o, misc;
	char id[ID_MAX], name[4 * LOG_LABEL_MAX + 8];

	if (r == NONE)
		return;
	w = &m->rows[r];
	row_part(id, sizeof(id), w);
	model_name(name, sizeof(name), w->label);
	item(out, d);
	o_open(&o, out);
	o_id(&o, d, "id", id, "");
	o_str(&o, "origin", d->origin);
	o_str(&o, "comment", name);
	o_date(&o, "start_time", first_date(w));
	o_sub(&o, "misc", &misc);
	o_str(&misc, "label", w->label);
	o_close(&misc);
	o_close(&o);
}

/*
 * --set's settings (set= or set_found='s form) as the object key of o, a
 * member a setting, as the JSON's "settings" objects; nothing without
 * them.  A text no writer makes (an edited log) goes as the string it is.
 */
static void
settings(struct obj *o, const char *key, const char *text)
{
	static char setting[LOG_SET_MAX], value[LOG_SET_MAX];
	const char *p = text;
	struct obj so;

	if (!text[0])
		return;
	if (!log_set_ok(text)) {
		o_str(o, key, text);
		return;
	}
	o_sub(o, key, &so);
	while (log_set_next(&p, setting, sizeof(setting), value, sizeof(value)) > 0)
		o_str(&so, setting, value);
	o_close(&so);
}

/* The snapshot of a row's box into the object o, each field as the JSON's snapshots name it. */
static void
snapshot(struct obj *o, const struct model *m, const struct row *w)
{
	const struct snap *s;
	struct obj sn;

	if (w->snap == NONE)
		return;
	s = &m->snaps[w->snap].snap;
	o_sub(o, "snapshot", &sn);
#define SNAP_MEMBER(f) o_str(&sn, #f, s->f);
	SNAP_FIELDS(SNAP_MEMBER)
#undef SNAP_MEMBER
	settings(&sn, "settings_found", s->set_found);
	o_close(&sn);
}

/* The build of row r: the label in one configuration. */
static void
build(FILE *out, struct doc *d, size_t r)
{
	const struct model *m = d->m;
	const struct row *w = &m->rows[r];
	size_t lr = label_row(m, w->lab);
	struct obj o, misc;
	char cid[ID_MAX], buf[4 * LOG_WORKLOAD_MAX + 512], name[4 * ROWNAME_MAX], host[4 * 65], kernel[4 * 65];
	size_t n;

	row_part(cid, sizeof(cid), &m->rows[lr]);
	model_name(name, sizeof(name), w->name);
	model_vis(host, sizeof(host), w->host);
	model_vis(kernel, sizeof(kernel), w->kernel);
	n = (size_t)snprintf(buf, sizeof(buf), "%s on %s: kernel %s, make -j%ld of ", name, host, kernel, w->jobs);
	model_vis(buf + n, sizeof(buf) - n, w->workload);
	item(out, d);
	o_open(&o, out);
	o_id(&o, d, "id", d->rid[r], "");
	o_str(&o, "origin", d->origin);
	o_id(&o, d, "checkout_id", cid, "");
	o_str(&o, "comment", buf);
	o_date(&o, "start_time", first_date(w));
	o_sub(&o, "misc", &misc);
	o_str(&misc, "label", w->label);
	o_str(&misc, "row", w->name);
	o_str(&misc, "host", w->host);
	o_str(&misc, "kernel", w->kernel);
	o_long(&misc, "jobs", w->jobs);
	o_str(&misc, "workload", w->workload);
	if (w->config[0])
		o_str(&misc, "config", w->config);
	if (w->drop[0])
		o_str(&misc, "drop", w->drop);
	o_long(&misc, "ncpu", w->id->ncpu);
	if (w->id->ncpu_online > 0)
		o_long(&misc, "ncpu_online", w->id->ncpu_online);
	settings(&misc, "settings", model_set(m, r));
	snapshot(&misc, m, w);
	o_close(&misc);
	o_close(&o);
}

/* The environment of row r's runs: host, CPUs and memory, from its records and snapshot. */
static void
environment(struct obj *o, const struct model *m, size_t r)
{
	const struct row *w = &m->rows[r];
	const struct snap *s = w->snap != NONE ? &m->snaps[w->snap].snap : NULL;
	char buf[1024], host[4 * 65], cpu[4 * 128];
	struct obj env, misc;
	double ram = s ? strtod(s->ram, NULL) : NAN;	/* bytes, as the snapshot logs them */
	size_t n;

	model_vis(host, sizeof(host), w->host);
	n = (size_t)snprintf(buf, sizeof(buf), "%s: %ld CPUs usable", host, w->id->ncpu);
	if (w->id->ncpu_online > 0)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, " of %ld online", w->id->ncpu_online);
	if (s) {
		model_vis(cpu, sizeof(cpu), s->cpu);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, ", %s", cpu);
	}
	if (!(ram > 0 && isfinite(ram)))
		ram = NAN;
	if (!isnan(ram))
		snprintf(buf + n, sizeof(buf) - n, ", %.1f GiB of memory", ram / 1073741824);
	else
		snprintf(buf + n, sizeof(buf) - n, s ? ", memory not known" : "; no snapshot of the box");
	o_sub(o, "environment", &env);
	o_str(&env, "comment", buf);
	o_sub(&env, "misc", &misc);
	o_str(&misc, "host", w->host);
	o_long(&misc, "ncpu", w->id->ncpu);
	if (w->id->ncpu_online > 0)
		o_long(&misc, "ncpu_online", w->id->ncpu_online);
	if (s)
		o_str(&misc, "cpu", s->cpu);
	o_num(&misc, "ram_bytes", "%.0f", ram);
	o_close(&misc);
	o_close(&env);
}

/* The start of a test of row r: id (the row's, then tail), origin, build, path contest[.path], environment. */
static void
test_head(struct obj *o, FILE *out, struct doc *d, size_t r, const char *tail, const char *path)
{
	char full[ID_MAX];

	snprintf(full, sizeof(full), "contest%s%s", *path ? "." : "", path);
	item(out, d);
	o_open(o, out);
	o_id(o, d, "id", d->rid[r], tail);
	o_str(o, "origin", d->origin);
	o_id(o, d, "build_id", d->rid[r], "");
	o_str(o, "path", full);
}

/* The start of a test of g (test_head, tail after /LOAD), then its start_time, duration, environment. */
static void
group_head(struct obj *o, FILE *out, struct doc *d, const struct group *g, const char *tail,
    const char *path)
{
	char id[ID_MAX];

	id[0] = '/';
	id_part(id + 1, sizeof(id) / 4, g->load);
	strncat(id, tail, sizeof(id) - strlen(id) - 1);
	test_head(o, out, d, g->row, id, path);
	o_date(o, "start_time", g->start);
	/* the time its runs took, from each one's date to its end: only when every run has both */
	if (g->spans > 0 && g->spans == g->m[M_TIME].n + g->disturbed + g->failed + g->invalid)
		o_num(o, "duration", "%.0f", g->secs);
	environment(o, d->m, g->row);
}

/* The misc members every test of g has: the row, the load, its runs. */
static void
test_misc(struct obj *misc, const struct model *m, const struct group *g)
{
	const struct row *w = &m->rows[g->row];

	o_str(misc, "label", w->label);
	o_str(misc, "row", w->name);
	o_str(misc, "load", g->load);
	o_long(misc, "runs", g->m[M_TIME].n);
	o_long(misc, "runs_not_ok", g->failed + g->invalid);
	o_long(misc, "runs_disturbed", g->disturbed);
}

/* -c's change of a test against BASE's row (cb), as the JSON's: a member "compare". */
static void
compare(struct obj *misc, const struct model *m, const struct group *cb, double pct, double p,
    const struct vd_test *t)
{
	struct obj c;

	if (cb == NULL)
		return;
	o_sub(misc, "compare", &c);
	o_str(&c, "base", m->rows[cb->row].name);
	o_num(&c, "change_pct", "%.2f", pct);
	o_num(&c, "p", "%.6g", p);
	if (t) {
		o_num(&c, "ci_low", "%.2f", t->lo);
		o_num(&c, "ci_high", "%.2f", t->hi);
		o_num(&c, "p_adjusted", "%.6g", t->padj);
		o_str(&c, "mark", word_mark(t->mark));
	}
	o_close(&c);
}

/* Metric k of g: its mean, as a test of status DONE. */
static void
metric_test(FILE *out, struct doc *d, const struct group *g, int k)
{
	const struct model *m = d->m;
	const struct acc *a = &g->m[k];
	const char *unit = model_unit(g, k);
	char tail[ID_MAX], path[ID_MAX], load[256], word[64];
	struct obj o, num, misc;
	struct change c;

	path_part(load, sizeof(load), g->load);
	snprintf(tail, sizeof(tail), "/%s", metrics[k].name);
	snprintf(path, sizeof(path), "%s.%s", load, metrics[k].name);
	group_head(&o, out, d, g, tail, path);
	o_str(&o, "status", "DONE");
	model_clean(word, sizeof(word), metrics[k].show);
	o_str(&o, "comment", word);
	o_sub(&o, "number", &num);
	o_num(&num, "value", "%.4f", stats_mean(a));
	if (unit[0])
		o_str(&num, "unit", unit);
	o_close(&num);
	o_sub(&o, "misc", &misc);
	test_misc(&misc, m, g);
	o_str(&misc, "metric", metrics[k].name);
	o_long(&misc, "n", a->n);
	o_num(&misc, "sd", "%.4f", stats_sd(a));
	o_num(&misc, "min", "%.4f", a->min);
	o_num(&misc, "max", "%.4f", a->max);
	if (m->cmp_row != NONE) {
		model_change(m, g, k, &c);
		compare(&misc, m, model_cmp_base(m, g), c.pct, c.tested ? c.p : NAN, c.t);
	}
	o_close(&misc);
	o_close(&o);
}

/* g's Ratio, as a test of status DONE. */
static void
ratio_test(FILE *out, struct doc *d, const struct group *g, double ratio)
{
	const struct model *m = d->m;
	const struct group *b = model_baseline(m, g), *cb = model_cmp_base(m, g);
	const struct vd_test *t = cb ? model_test(m, g, F_RATIO) : NULL;
	char path[ID_MAX], load[256];
	struct obj o, num, misc;

	path_part(load, sizeof(load), g->load);
	snprintf(path, sizeof(path), "%s.ratio", load);
	group_head(&o, out, d, g, "/ratio", path);
	o_str(&o, "status", "DONE");
	o_str(&o, "comment", "Ratio");
	o_sub(&o, "number", &num);
	o_num(&num, "value", "%.4f", ratio);
	o_close(&num);
	o_sub(&o, "misc", &misc);
	test_misc(&misc, m, g);
	o_str(&misc, "metric", "ratio");
	o_num(&misc, "sd", "%.4f", model_ratio_sd(m, g));
	if (b)
		o_str(&misc, "ratio_base", m->rows[b->row].name);
	if (m->cmp_row != NONE)
		compare(&misc, m, cb, t ? t->pct : NAN, t ? t->p : NAN, t);
	o_close(&misc);
	o_close(&o);
}

/*
 * A group with no run counted: one test of its runs, status ERROR when
 * some were not ok (failed, invalid, timed out: the measure did not
 * complete), else SKIP (each ok run left out as disturbed).
 */
static void
runs_test(FILE *out, struct doc *d, const struct group *g)
{
	char path[256], why[NWHY * 192 + 64];
	struct obj o, misc, one;
	int i;

	path_part(path, sizeof(path), g->load);
	strncat(path, ".runs", sizeof(path) - strlen(path) - 1);
	group_head(&o, out, d, g, "/runs", path);
	o_str(&o, "status", g->failed + g->invalid > 0 ? "ERROR" : "SKIP");
	if (!model_not_ok(why, sizeof(why), g))
		snprintf(why, sizeof(why), "%ld ok run%s left out as disturbed", g->disturbed,
		    g->disturbed == 1 ? "" : "s");
	o_str(&o, "comment", why);
	o_sub(&o, "misc", &misc);
	test_misc(&misc, d->m, g);
	o_key(&misc, "not_ok");
	fputc('[', out);
	for (i = 0; i < NWHY && g->why[i].n; i++) {
		fputs(i ? ", " : "", out);
		o_open(&one, out);
		o_str(&one, "status", g->why[i].status);
		o_str(&one, "reason", g->why[i].reason);
		o_long(&one, "runs", g->why[i].n);
		o_close(&one);
	}
	fputc(']', out);
	if (g->why_more)
		o_long(&misc, "not_ok_more", g->why_more);
	o_close(&misc);
	o_close(&o);
}

static const char *
status_of(int a)
{
	return a == JUDGE_FAIL ? "FAIL" : a == JUDGE_PASS ? "PASS" : "SKIP";
}

/* A judgement's metrics in misc: worse, the names of those marked worse, and each one's figures. */
static void
judged(struct obj *misc, const char *worse, const char *key, const struct judgement *j)
{
	struct obj ms, one;
	int i, n;

	o_key(misc, worse);
	fputc('[', misc->out);
	for (i = n = 0; i < j->n; i++)
		if (j->m[i].worse) {
			fputs(n++ ? ", " : "", misc->out);
			model_json_str(misc->out, j->m[i].s->name);
		}
	fputc(']', misc->out);
	o_sub(misc, key, &ms);
	for (i = 0; i < j->n; i++) {
		const struct judge_metric *x = &j->m[i];

		o_sub(&ms, x->s->name, &one);
		o_str(&one, "status", status_of(x->answer));
		o_str(&one, "mark", word_mark(x->t->mark));
		o_num(&one, "change_pct", "%.2f", x->t->pct);
		o_num(&one, "ci_low", "%.2f", x->t->lo);
		o_num(&one, "ci_high", "%.2f", x->t->hi);
		o_num(&one, "p_adjusted", "%.6g", x->t->padj);
		o_num(&one, "threshold_pct", "%g", x->thr);
		o_close(&one);
	}
	o_close(&ms);
}

/* A verdict's comment: against whom, the answer, the metrics that make it worse. */
static void
verdict_comment(struct obj *o, const struct model *m, int answer, const struct judgement *j,
    const char *more)
{
	char buf[512];
	int i, k, n;

	n = snprintf(buf, sizeof(buf), "against %s: %s", m->rows[m->cmp_row].show,
	    answer == JUDGE_FAIL ? "worse" : answer == JUDGE_PASS ? "not worse" : "the runs cannot decide");
	for (i = k = 0; j && i < j->n && n < (int)sizeof(buf); i++)
		if (j->m[i].answer == JUDGE_FAIL)
			n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s%s", k++ ? ", " : ": ", j->m[i].s->show);
	if (n < (int)sizeof(buf))
		snprintf(buf + n, sizeof(buf) - (size_t)n, "%s", more);
	o_str(o, "comment", buf);
}

/* g's load judged against BASE's row as --verdict judges it: FAIL, PASS or SKIP. */
static void
verdict_test(FILE *out, struct doc *d, const struct group *g, const struct judgement *j)
{
	const struct model *m = d->m;
	char tail[2 * ID_MAX], path[256];
	struct obj o, misc;

	snprintf(tail, sizeof(tail), "/against/%s", d->rid[m->cmp_row]);
	path_part(path, sizeof(path), g->load);
	group_head(&o, out, d, g, tail, path);
	o_str(&o, "status", status_of(j->answer));
	verdict_comment(&o, m, j->answer, j, j->state == JS_NO_RUNS ? ": a side has no run counted" : "");
	o_sub(&o, "misc", &misc);
	test_misc(&misc, m, g);
	o_str(&misc, "base", m->rows[m->cmp_row].name);
	o_num(&misc, "threshold_pct", "%g", m->o->threshold > 0 ? m->o->threshold : NAN);
	judged(&misc, "worse", "metrics", j);
	o_close(&misc);
	o_close(&o);
}

/*
 * Row r judged against BASE's row as a whole, path contest: --verdict's
 * answer, the worst of its loads' and its summary's; none when there is
 * nothing to judge.
 */
static void
row_verdict(FILE *out, struct doc *d, size_t r)
{
	const struct model *m = d->m;
	const struct row *w = &m->rows[r];
	char tail[2 * ID_MAX], why[4096];
	struct judgement j;
	struct obj o, misc, one;
	size_t i;
	int v, n;

	if ((v = judge_row(m, r, m->o->threshold)) == JUDGE_NOTHING)
		return;
	snprintf(tail, sizeof(tail), "/against/%s", d->rid[m->cmp_row]);
	test_head(&o, out, d, r, tail, "");
	o_date(&o, "start_time", first_date(w));
	environment(&o, m, r);
	o_str(&o, "status", status_of(v));
	snprintf(why, sizeof(why), " (--verdict's exit %d)", v);
	verdict_comment(&o, m, v, NULL, why);
	o_sub(&o, "misc", &misc);
	o_str(&misc, "label", w->label);
	o_str(&misc, "row", w->name);
	o_str(&misc, "base", m->rows[m->cmp_row].name);
	o_num(&misc, "threshold_pct", "%g", m->o->threshold > 0 ? m->o->threshold : NAN);
	o_key(&misc, "loads");
	fputc('[', out);
	for (i = n = 0; i < m->nsect; i++)
		if (judge_load(m, r, m->sect[i].load, m->o->threshold, &j) == 0) {
			fputs(n++ ? ", " : "", out);
			o_open(&one, out);
			o_str(&one, "load", m->sect[i].load);
			o_str(&one, "status", status_of(j.answer));
			o_close(&one);
		}
	fputc(']', out);
	if (judge_summary(m, r, m->o->threshold, &j) == 0) {
		o_str(&misc, "summary", status_of(j.answer));
		judged(&misc, "summary_worse", "summary_metrics", &j);
	}
	o_close(&misc);
	o_close(&o);
}

/* Is row r judged against BASE's row: with -c every other row, with --verdict the candidate? */
static int
judging(const struct model *m, size_t r)
{
	return m->cmp_row != NONE && r != m->cmp_row && (m->only_row == NONE || r == m->only_row);
}

/* Every test of g: its metrics, its Ratio, its verdict against BASE's row. */
static void
tests_of(FILE *out, struct doc *d, const struct group *g)
{
	const struct model *m = d->m;
	struct judgement j;
	double ratio = model_ratio(m, g);
	int k;

	if (g->m[M_TIME].n == 0 && g->failed + g->invalid + g->disturbed > 0)
		runs_test(out, d, g);
	for (k = 0; k < M_N; k++)
		if (g->m[k].n > 0)
			metric_test(out, d, g, k);
	if (isfinite(ratio))
		ratio_test(out, d, g, ratio);
	if (judging(m, g->row) && judge_load(m, g->row, g->load, m->o->threshold, &j) == 0)
		verdict_test(out, d, g, &j);
}

static void
head(FILE *out)
{
	fputs("{\"version\": {\"major\": 5, \"minor\": 3},\n \"checkouts\": [", out);
}

static int
render(FILE *out, const struct model *m)
{
	struct doc d = { m, m->o->origin, NULL, 0 };
	const struct group *g;
	size_t i, k;

	if (row_ids(&d) < 0)
		return -1;
	head(out);
	for (i = 0; i < m->nlabels; i++)
		checkout(out, &d, i);
	fputs("],\n \"builds\": [", out);
	for (i = d.nobj = 0; i < m->nrows; i++)
		build(out, &d, m->order[i]);
	fputs("],\n \"tests\": [", out);
	d.nobj = 0;
	for (i = 0; i < m->nsect; i++)
		EACH(m, i, k, g)
			tests_of(out, &d, g);
	for (i = 0; i < m->nrows; i++)
		if (judging(m, m->order[i]))
			row_verdict(out, &d, m->order[i]);
	fputs("]}\n", out);
	free(d.rid);
	return 0;
}

/* No usable run: a document of nothing, which KCIDB takes. */
static void
empty(FILE *out, const struct model *m)
{
	(void)m;
	head(out);
	fputs("],\n \"builds\": [],\n \"tests\": []}\n", out);
}

const struct format kcidb_format = {
	.bars = 0,
	.verdict = 1,
	.render = render,
	.empty = empty,
};
