/*
 * report.c: render results logs into the Time/CPU%/Loads/LCPU%/Ratio
 * tables (plain, long with -v, comparison with -c), a text bar chart,
 * CSV and JSON; svg.c draws the SVG chart from the same groups
 * (report-int.h).  doc/contest.1 (REPORT) is the reference for every
 * number printed here.
 *
 * The logs are streamed: a record is folded into its group's running
 * sums (stats.h) and forgotten, so memory grows with the number of
 * label x configuration x load groups, never with the number of records.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "report.h"
#include "stats.h"
#include "report-int.h"

#define BARS_WIDTH 72		/* columns of --bars */

/* ---------------------------------------------------------------- input */

/* Replace what would garble a terminal or a table: controls, DEL. */
static void
clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* FNV-1a of the strings, each ended, then the number mixed in. */
static unsigned long
hash_of(const char *const parts[], size_t n, long num)
{
	unsigned long h = 2166136261UL;
	const char *p;
	size_t i;

	for (i = 0; i < n; i++) {
		for (p = parts[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619UL;
		h = (h ^ 0xff) * 16777619UL;
	}
	return h ^ (unsigned long)num * 2654435761UL;
}

/* A group is a row (rec_config_hash) under a load. */
static unsigned long
hash_group(const struct rec *id, const char *load)
{
	const char *parts[1] = { load };

	return rec_config_hash(id) ^ hash_of(parts, 1, 0) * 31;
}

/* Candidates for hash h: call with *pos = NONE first; NONE when none left. */
static size_t
idx_next(const struct index *x, unsigned long h, size_t *pos)
{
	size_t i = *pos == NONE ? h & (x->cap - 1) : (*pos + 1) & (x->cap - 1);

	if (x->cap == 0)
		return NONE;
	for (; x->slot[i].i != NONE; i = (i + 1) & (x->cap - 1))
		if (x->slot[i].h == h) {
			*pos = i;
			return x->slot[i].i;
		}
	return NONE;
}

static int
idx_put(struct index *x, unsigned long h, size_t v)
{
	size_t i, j;

	if (2 * (x->n + 1) > x->cap) {
		size_t ncap = x->cap ? 2 * x->cap : 64;
		struct slot *ns = malloc(ncap * sizeof(*ns));

		if (ns == NULL)
			return -1;
		for (i = 0; i < ncap; i++)
			ns[i].i = NONE;
		for (i = 0; i < x->cap; i++) {
			if (x->slot[i].i == NONE)
				continue;
			for (j = x->slot[i].h & (ncap - 1); ns[j].i != NONE; j = (j + 1) & (ncap - 1))
				;
			ns[j] = x->slot[i];
		}
		free(x->slot);
		x->slot = ns;
		x->cap = ncap;
	}
	for (j = h & (x->cap - 1); x->slot[j].i != NONE; j = (j + 1) & (x->cap - 1))
		;
	x->slot[j].h = h;
	x->slot[j].i = v;
	x->n++;
	return 0;
}

static int
same(const struct state *s, const struct group *g, const struct rec *r)
{
	const struct row *w = &s->rows[g->row];

	return !strcmp(g->load, r->load) && rec_same_config(w->id, r);
}

static void *
grow(void *p, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *q;

	if (n < *cap)
		return p;
	ncap = *cap ? 2 * *cap : 16;
	if ((q = realloc(p, ncap * size)) == NULL)
		return NULL;
	*cap = ncap;
	return q;
}

static int
rehash(struct state *s)
{
	size_t n = s->nhash ? 2 * s->nhash : 256, i;
	struct group **h = calloc(n, sizeof(*h));

	if (h == NULL)
		return -1;
	for (i = 0; i < s->ngroups; i++) {
		struct group *g = s->groups[i];
		g->next = h[g->hash & (n - 1)];
		h[g->hash & (n - 1)] = g;
	}
	free(s->hash);
	s->hash = h;
	s->nhash = n;
	return 0;
}

/* The row of r's label and configuration, made if new. */
static size_t
row_get(struct state *s, const struct rec *r)
{
	const char *lparts[1] = { r->label };
	unsigned long h = rec_config_hash(r), hl = hash_of(lparts, 1, 0);
	size_t i, lab, pos = NONE;
	struct row *w;
	void *p;

	while ((i = idx_next(&s->rowidx, h, &pos)) != NONE) {
		w = &s->rows[i];
		if (rec_same_config(w->id, r))
			return i;
	}
	pos = NONE;
	while ((lab = idx_next(&s->labidx, hl, &pos)) != NONE)
		if (!strcmp(s->labels[lab].label, r->label))
			break;
	if (lab == NONE) {
		lab = s->nlabels;
		if ((p = grow(s->labels, &s->caplabels, s->nlabels, sizeof(*s->labels))) == NULL)
			return NONE;
		s->labels = p;
		memset(&s->labels[lab], 0, sizeof(s->labels[lab]));
		snprintf(s->labels[lab].label, sizeof(s->labels[lab].label), "%s", r->label);
		s->labels[lab].hash = hl;
		if (idx_put(&s->labidx, hl, lab) < 0)
			return NONE;
		s->nlabels++;
	}
	if ((p = grow(s->rows, &s->caprows, s->nrows, sizeof(*s->rows))) == NULL)
		return NONE;
	s->rows = p;
	w = &s->rows[s->nrows];
	memset(w, 0, sizeof(*w));
	snprintf(w->label, sizeof(w->label), "%s", r->label);
	w->lab = lab;
	w->variant = ++s->labels[lab].nvariants;
	snprintf(w->host, sizeof(w->host), "%s", r->host);
	w->jobs = r->jobs;
	snprintf(w->workload, sizeof(w->workload), "%s", r->workload);
	snprintf(w->config, sizeof(w->config), "%s", r->config);
	snprintf(w->drop, sizeof(w->drop), "%s", rec_drop(r));
	if ((w->id = malloc(sizeof(*w->id))) == NULL)
		return NONE;
	*w->id = *r;
	w->hash = h;
	if (idx_put(&s->rowidx, h, s->nrows) < 0)
		return NONE;
	return s->nrows++;
}

static struct group *
group_get(struct state *s, const struct rec *r)
{
	unsigned long h;
	struct group *g;
	size_t row;
	void *p;

	if (s->last && same(s, s->last, r))
		return s->last;
	h = hash_group(r, r->load);
	if (s->nhash)
		for (g = s->hash[h & (s->nhash - 1)]; g; g = g->next)
			if (g->hash == h && same(s, g, r))
				return s->last = g;
	if ((row = row_get(s, r)) == NONE)
		return NULL;
	if ((p = grow(s->groups, &s->capgroups, s->ngroups, sizeof(*s->groups))) == NULL)
		return NULL;
	s->groups = p;
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return NULL;
	g->row = row;
	snprintf(g->load, sizeof(g->load), "%s", r->load);
	snprintf(g->unit, sizeof(g->unit), "%s", r->unit);
	g->hash = h;
	s->groups[s->ngroups++] = g;
	if (s->ngroups > s->nhash) {
		if (rehash(s) < 0)	/* puts g in its chain too */
			return NULL;
	} else {
		g->next = s->hash[h & (s->nhash - 1)];
		s->hash[h & (s->nhash - 1)] = g;
	}
	return s->last = g;
}

static void
note_host_date(struct state *s, const struct rec *r)
{
	int i;

	if (s->first_date[0] == '\0' || strcmp(r->date, s->first_date) < 0)
		snprintf(s->first_date, sizeof(s->first_date), "%s", r->date);
	if (strcmp(r->date, s->last_date) > 0)
		snprintf(s->last_date, sizeof(s->last_date), "%s", r->date);
	for (i = 0; i < s->nhosts; i++)
		if (!strcmp(s->hosts[i], r->host))
			return;
	if (s->nhosts < NHOSTS)
		snprintf(s->hosts[s->nhosts++], sizeof(s->hosts[0]), "%s", r->host);
	else
		s->hosts_more = 1;
}

static void
not_ok(struct group *g, const struct rec *r)
{
	int i;

	if (!strcmp(r->status, "failed"))
		g->failed++;
	else
		g->invalid++;
	for (i = 0; i < NWHY && g->why[i].n; i++)
		if (!strcmp(g->why[i].status, r->status) && !strcmp(g->why[i].reason, r->reason)) {
			g->why[i].n++;
			return;
		}
	if (i == NWHY) {
		g->why_more++;
		return;
	}
	snprintf(g->why[i].status, sizeof(g->why[i].status), "%s", r->status);
	snprintf(g->why[i].reason, sizeof(g->why[i].reason), "%s", r->reason);
	g->why[i].n = 1;
}

/* The section name of load (an alias gives its load's), or NULL. */
static const char *
alias_of(const struct report_opts *o, const char *load)
{
	size_t i;

	for (i = 0; o->aliases && o->aliases[i]; i += 2)
		if (!strcmp(o->aliases[i], load))
			return o->aliases[i + 1];
	return NULL;
}

static int
read_log(struct state *s, const char *name)
{
	struct logreader *lr;
	struct rec *r;
	FILE *f;
	int rc = 0;

	if (!strcmp(name, "-"))
		f = stdin;
	else if ((f = fopen(name, "r")) == NULL) {
		fprintf(stderr, "contest: cannot open '%s': %s\n", name, strerror(errno));
		return -1;
	}
	lr = calloc(1, sizeof(*lr));
	r = malloc(sizeof(*r));
	if (lr == NULL || r == NULL) {
		fprintf(stderr, "contest: out of memory reading '%s'\n", name);
		rc = -1;
		goto out;
	}
	lr->f = f;
	lr->name = name;
	while (log_next(lr, r)) {
		const char *l;
		struct group *g;

		if (!strcmp(r->status, "ok") && !(r->num[K_ELAPSED] > 0)) {
			fprintf(stderr, "%s:%ld: status ok with elapsed 0\n", name, lr->lineno);
			continue;
		}
		clean(r->label);
		clean(r->load);
		if ((l = alias_of(s->o, r->load)) != NULL)	/* an alias: the table's name */
			snprintf(r->load, sizeof(r->load), "%s", l);
		clean(r->host);
		clean(r->unit);
		clean(r->reason);
		clean(r->workload);
		clean(r->date);
		if ((g = group_get(s, r)) == NULL) {
			fprintf(stderr, "contest: out of memory reading '%s'\n", name);
			rc = -1;
			goto out;
		}
		note_host_date(s, r);
		if (strcmp(r->status, "ok")) {
			not_ok(g, r);
			continue;
		}
		if (strcmp(g->unit, r->unit))
			g->unit_mixed = 1;
		stats_add(&g->time, r->num[K_ELAPSED]);
		stats_add(&g->cpu, (r->num[K_USER] + r->num[K_SYS]) / r->num[K_ELAPSED] * 100);
		stats_add(&g->units, r->num[K_UNITS]);
		stats_add(&g->lcpu, r->num[K_LCPU] / r->num[K_ELAPSED] * 100);
		stats_add(&g->user, r->num[K_USER]);
		stats_add(&g->sys, r->num[K_SYS]);
		if (r->has[K_MAJFLT])
			stats_add(&g->majflt, r->num[K_MAJFLT]);
		if (r->has[K_NVCSW] && r->has[K_NIVCSW])
			stats_add(&g->ctxsw, r->num[K_NVCSW] + r->num[K_NIVCSW]);
	}
	if (lr->err) {
		fprintf(stderr, "contest: cannot read '%s': %s\n", name, strerror(lr->err));
		rc = -1;
	}
out:
	free(lr);
	free(r);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* -------------------------------------------------------------- shaping */

static const struct state *sort_state;

static int
cmp_row(const void *a, const void *b)
{
	const struct row *x = &sort_state->rows[*(const size_t *)a];
	const struct row *y = &sort_state->rows[*(const size_t *)b];

	if (x->lab != y->lab)
		return x->lab < y->lab ? -1 : 1;
	return x->variant - y->variant;
}

/* Sections in the order given, then unknown loads by name; rows in order. */
static int
cmp_group(const void *a, const void *b)
{
	const struct group *x = *(struct group *const *)a, *y = *(struct group *const *)b;
	int c;

	if (x->tidx != y->tidx)
		return x->tidx < y->tidx ? -1 : 1;
	if ((c = strcmp(x->load, y->load)) != 0)
		return c;
	return sort_state->rows[x->row].rank < sort_state->rows[y->row].rank ? -1 : 1;
}

static int
wanted(const struct report_opts *o, const char *load)
{
	int i;

	if (o->loads == NULL)
		return 1;
	for (i = 0; i < o->nloads; i++)
		if (!strcmp(o->loads[i], load))
			return 1;
	return 0;
}

/*
 * Name the rows, put them in order, sort the groups into sections.
 * O(G log G) for G groups, whatever the logs hold.
 */
static int
shape(struct state *s)
{
	size_t i, ntable = 0;

	for (i = 0; i < s->nrows; i++) {
		struct row *w = &s->rows[i];
		if (s->labels[w->lab].nvariants > 1)
			snprintf(w->name, sizeof(w->name), "%s#%d", w->label, w->variant);
		else
			snprintf(w->name, sizeof(w->name), "%s", w->label);
	}
	if ((s->order = malloc((s->nrows + 1) * sizeof(*s->order))) == NULL ||
	    (s->sorted = malloc((s->ngroups + 1) * sizeof(*s->sorted))) == NULL ||
	    (s->sect = malloc((s->ngroups + 1) * sizeof(*s->sect))) == NULL)
		return -1;
	for (i = 0; i < s->nrows; i++)
		s->order[i] = i;
	sort_state = s;
	qsort(s->order, s->nrows, sizeof(*s->order), cmp_row);
	for (i = 0; i < s->nrows; i++)
		s->rows[s->order[i]].rank = i;

	while (s->o->order && s->o->order[ntable])
		ntable++;
	for (i = 0; i < s->ngroups; i++) {
		struct group *g = s->groups[i];
		for (g->tidx = 0; g->tidx < ntable; g->tidx++)
			if (!strcmp(s->o->order[g->tidx], g->load))
				break;
		s->sorted[i] = g;
	}
	qsort(s->sorted, s->ngroups, sizeof(*s->sorted), cmp_group);
	for (i = 0; i < s->ngroups; i++) {
		const char *load = s->sorted[i]->load;
		if (!wanted(s->o, load))
			continue;
		if (s->nsect == 0 || strcmp(s->sect[s->nsect - 1].load, load)) {
			s->sect[s->nsect].load = load;
			s->sect[s->nsect].first = i;
			s->sect[s->nsect++].n = 0;
		}
		s->sect[s->nsect - 1].n++;
	}
	return 0;
}

/* The group of row under load, or NULL: through the records' hash table. */
static struct group *
find(const struct state *s, size_t row, const char *load)
{
	const struct row *w;
	struct group *g;
	unsigned long h;

	if (row == NONE || s->nhash == 0)
		return NULL;
	w = &s->rows[row];
	h = hash_group(w->id, load);
	for (g = s->hash[h & (s->nhash - 1)]; g; g = g->next)
		if (g->hash == h && g->row == row && !strcmp(g->load, load))
			return g;
	return NULL;
}

/* The row -b or -c names: a row name, or a label seen in one configuration. */
static int
resolve(const struct state *s, const char *opt, const char *name, size_t *row)
{
	size_t i;

	*row = NONE;
	if (name == NULL)
		return 0;
	for (i = 0; i < s->nrows; i++)
		if (!strcmp(s->rows[i].name, name)) {
			*row = i;
			return 0;
		}
	for (i = 0; i < s->nlabels; i++)
		if (!strcmp(s->labels[i].label, name)) {
			fprintf(stderr, "contest: %s: label '%s' ran in %d configurations: "
			    "name one of them, %s#1 to %s#%d\n", opt, name,
			    s->labels[i].nvariants, name, name, s->labels[i].nvariants);
			return -1;
		}
	fprintf(stderr, "contest: %s: no label '%s' in the logs\n", opt, name);
	return -1;
}

/* The no_load group g's Ratio divides by, or NULL. */
static const struct group *
baseline(const struct state *s, const struct group *g)
{
	const struct group *b;

	b = find(s, s->base_row != NONE ? s->base_row : g->row, "no_load");
	return b && b->time.n > 0 ? b : NULL;
}

double
report_ratio(const struct state *s, const struct group *g)
{
	const struct group *b = baseline(s, g);

	if (b == NULL || g->time.n == 0)
		return NAN;
	return stats_mean(&g->time) / stats_mean(&b->time);
}

/* Spelled-out units for -v; a load's unit not listed is shown as is. */
static const char *
unit_words(const char *unit)
{
	static const struct { const char *unit, *words; } u[] = {
		{ "none", "none: the load counts no work" },
		{ "MiB", "MiB, mebibytes of 2^20 bytes" },
		{ "kmsg", "kmsg, thousands of messages" },
		{ "kentries", "kentries, thousands of directory entries" },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++)
		if (!strcmp(u[i].unit, unit))
			return u[i].words;
	return unit;
}

/* --------------------------------------------------------------- tables */

#define NCOLS 8
#define CELL 96

struct table {
	size_t nrows;
	char (*cell)[NCOLS][CELL];
	int ncols;
	int gap;		/* spaces between the number columns */
};

static void
table_print(FILE *out, const struct table *t, const char *hdr[])
{
	size_t w[NCOLS] = { 0 }, r;
	int c;

	for (c = 0; c < t->ncols; c++) {
		w[c] = strlen(hdr[c]);
		for (r = 0; r < t->nrows; r++)
			if (strlen(t->cell[r][c]) > w[c])
				w[c] = strlen(t->cell[r][c]);
	}
	if (w[0] < 15)
		w[0] = 15;	/* the seed tables' "Kernel [runs]" */
	if (w[1] < 6)
		w[1] = 6;
	for (c = 2; c < t->ncols; c++)
		if (w[c] < 7)
			w[c] = 7;
	for (r = 0; r <= t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			const char *v = r == 0 ? hdr[c] : t->cell[r - 1][c];
			int last = c == t->ncols - 1;
			const char *gap = c == 0 ? " " : c == 1 || t->gap > 1 ? "  " : " ";
			if (c == 1 && r > 0)
				fprintf(out, "%*s", (int)w[c], v);
			else if (last)
				fputs(v, out);
			else
				fprintf(out, "%-*s", (int)w[c], v);
			if (!last)
				fputs(gap, out);
		}
		fputc('\n', out);
	}
}

/* v with one decimal, "-" when not a number. */
static void
f1(char *buf, double v)
{
	if (isnan(v))
		snprintf(buf, CELL, "-");
	else
		snprintf(buf, CELL, "%.1f", v);
}

static void
msd(char *buf, const struct acc *a)
{
	if (a->n > 1)
		snprintf(buf, CELL, "%.1f +- %.1f", stats_mean(a), stats_sd(a));
	else
		snprintf(buf, CELL, "%.1f", stats_mean(a));
}

/* Notes under a section: runs not counted, Ratios not given. */
static void
section_notes(FILE *out, const struct state *s, size_t sect, int ratios)
{
	const struct group *g;
	size_t k;
	int i, base_noted = 0;

	EACH(s, sect, k, g) {
		const char *name = s->rows[g->row].name;

		if (g->failed || g->invalid) {
			fprintf(out, "%s: ", name);
			for (i = 0; i < NWHY && g->why[i].n; i++)
				fprintf(out, "%s%ld %s run%s%s%s%s", i ? ", " : "", g->why[i].n,
				    g->why[i].status, g->why[i].n == 1 ? "" : "s",
				    g->why[i].reason[0] ? " (" : "", g->why[i].reason,
				    g->why[i].reason[0] ? ")" : "");
			if (g->why_more)
				fprintf(out, ", %ld more not ok run%s", g->why_more,
				    g->why_more == 1 ? "" : "s");
			fprintf(out, "; not counted\n");
		}
		if (g->unit_mixed)
			fprintf(out, "%s: records disagree about the unit of Loads; the mean mixes them\n", name);
		if (ratios && g->time.n > 0 && baseline(s, g) == NULL) {
			if (s->base_row != NONE) {
				if (!base_noted++)	/* the same for every row */
					fprintf(out, "Ratio -: no ok no_load run of base '%s'\n",
					    s->rows[s->base_row].name);
			} else
				fprintf(out, "%s: Ratio -: no ok no_load run in this configuration\n", name);
		}
	}
}

static int
print_tables(FILE *out, const struct state *s)
{
	const char *hdr[] = { "Kernel", "[runs]", "Time", "CPU%", "Loads", "LCPU%", "Ratio" };
	const char *vhdr[] = { "Kernel", "[runs]", "Time", "min-max", "CPU%", "Loads", "LCPU%", "Ratio" };
	struct table t;
	size_t i, k;

	t.cell = calloc(s->nrows + 1, sizeof(*t.cell));
	if (t.cell == NULL)
		return -1;
	for (i = 0; i < s->nsect; i++) {
		const char *load = s->sect[i].load;
		const char *unit = NULL;
		const struct group *g;

		t.nrows = 0;
		t.ncols = s->o->verbose ? 8 : 7;
		t.gap = s->o->verbose ? 2 : 1;
		EACH(s, i, k, g) {
			char (*c)[CELL];

			if (g->time.n == 0)
				continue;
			if (unit == NULL)
				unit = g->unit;
			c = t.cell[t.nrows++];
			snprintf(c[0], CELL, "%s", s->rows[g->row].name);
			snprintf(c[1], CELL, "%ld", g->time.n);
			if (s->o->verbose) {
				msd(c[2], &g->time);
				snprintf(c[3], CELL, "%.1f-%.1f", g->time.min, g->time.max);
				msd(c[4], &g->cpu);
				msd(c[5], &g->units);
				msd(c[6], &g->lcpu);
			} else {
				f1(c[2], stats_mean(&g->time));
				f1(c[3], stats_mean(&g->cpu));
				f1(c[4], stats_mean(&g->units));
				f1(c[5], stats_mean(&g->lcpu));
			}
			if (isnan(report_ratio(s, g)))
				snprintf(c[t.ncols - 1], CELL, "-");
			else
				snprintf(c[t.ncols - 1], CELL, "%.2f", report_ratio(s, g));
		}
		if (s->o->verbose)
			fprintf(out, "%s: Loads in %s\n", load, unit ? unit_words(unit) : "-");
		else
			fprintf(out, "%s:\n", load);
		if (t.nrows)
			table_print(out, &t, s->o->verbose ? vhdr : hdr);
		else
			fprintf(out, "no ok run\n");
		if (s->o->verbose) {
			fprintf(out, "per run (mean +- sd):\n");
			EACH(s, i, k, g) {
				char a[CELL], b[CELL], c[CELL], d[CELL];

				if (g->time.n == 0)
					continue;
				msd(a, &g->user);
				msd(b, &g->sys);
				msd(c, &g->majflt);
				msd(d, &g->ctxsw);
				fprintf(out, "  %s: user %s s, sys %s s, major faults %s, context switches %s\n",
				    s->rows[g->row].name, a, b, c, d);
			}
		}
		section_notes(out, s, i, 1);
		fputc('\n', out);
	}
	free(t.cell);
	return 0;
}

/* The percent change of b against a and its mark; 1 if tested. */
static void
change(char *buf, size_t len, const struct acc *base, const struct acc *x, int verbose,
    double *pct, double *p)
{
	double mb = stats_mean(base), mx = stats_mean(x), t, df;

	*pct = NAN;
	*p = NAN;
	if (!(mb > 0)) {
		snprintf(buf, len, "-");
		return;
	}
	*pct = (mx - mb) / mb * 100;
	if (stats_welch(x->n, mx, stats_var(x), base->n, mb, stats_var(base), &t, &df, p) < 0)
		snprintf(buf, len, "%+.1f%% (n<2)", *pct);
	else if (verbose)
		snprintf(buf, len, "%+.1f%%%s p=%.3g", *pct, *p < 0.05 ? " *" : "", *p);
	else
		snprintf(buf, len, "%+.1f%%%s", *pct, *p < 0.05 ? " *" : "");
}

static int
print_compare(FILE *out, const struct state *s)
{
	const char *hdr[] = { "Kernel", "[runs]", "Time", "Loads" };
	const char *base = s->rows[s->cmp_row].name;
	struct table t;
	size_t i, k;
	double pct, p;

	t.cell = calloc(s->nrows + 1, sizeof(*t.cell));
	if (t.cell == NULL)
		return -1;
	t.ncols = 4;
	t.gap = 2;
	for (i = 0; i < s->nsect; i++) {
		const char *load = s->sect[i].load;
		const struct group *b = find(s, s->cmp_row, load), *g;

		fprintf(out, "%s: change against %s\n", load, base);
		if (b == NULL || b->time.n == 0) {
			fprintf(out, "no ok run of '%s' under %s: nothing to compare with\n", base, load);
			section_notes(out, s, i, 0);
			fputc('\n', out);
			continue;
		}
		t.nrows = 0;
		EACH(s, i, k, g) {
			char (*c)[CELL];

			if (g->time.n == 0)
				continue;
			c = t.cell[t.nrows++];
			snprintf(c[0], CELL, "%s", s->rows[g->row].name);
			snprintf(c[1], CELL, "%ld", g->time.n);
			if (g == b) {
				snprintf(c[2], CELL, "%.1f s", stats_mean(&g->time));
				snprintf(c[3], CELL, "%.1f (base)", stats_mean(&g->units));
				continue;
			}
			change(c[2], CELL, &b->time, &g->time, s->o->verbose, &pct, &p);
			change(c[3], CELL, &b->units, &g->units, s->o->verbose, &pct, &p);
		}
		table_print(out, &t, hdr);
		section_notes(out, s, i, 0);
		fputc('\n', out);
	}
	fprintf(out, "change = (mean - mean of %s) / mean of %s x 100; * = Welch's two-sided\n"
	    "t-test p < 0.05 (both sides at least 2 ok runs); (n<2) = fewer runs, not tested;\n"
	    "- = base mean is 0, no percentage\n", base, base);
	free(t.cell);
	return 0;
}

/* ----------------------------------------------------------------- bars */

/* no_load's own Ratio is 1 by definition: charts leave it out unless -b. */
int
report_charted(const struct state *s, const char *load)
{
	return s->base_row != NONE || strcmp(load, "no_load") != 0;
}

static int
print_bars(FILE *out, const struct state *s)
{
	size_t i, k, wname = 6, avail;
	double max = 0;
	int any = 0;

	for (i = 0; i < s->ngroups; i++) {
		const struct group *g = s->groups[i];
		double r = report_ratio(s, g);
		if (!wanted(s->o, g->load) || !report_charted(s, g->load) || isnan(r))
			continue;
		if (r > max)
			max = r;
		if (strlen(s->rows[g->row].name) > wname)
			wname = strlen(s->rows[g->row].name);
	}
	/* name, space, bar, space, value of up to 7 characters */
	avail = BARS_WIDTH > wname + 9 + 10 ? BARS_WIDTH - wname - 9 : 10;
	if (max > 0)
		fprintf(out, "Ratio per load, %zu * = %.2f (one * = %.4f)\n\n", avail, max,
		    max / (double)avail);
	for (i = 0; i < s->nsect; i++) {
		const char *load = s->sect[i].load;
		const struct group *g;

		if (!report_charted(s, load))
			continue;
		fprintf(out, "%s\n", load);
		EACH(s, i, k, g) {
			double r;
			size_t n, j;

			if (g->time.n == 0)
				continue;
			any = 1;
			r = report_ratio(s, g);
			fprintf(out, "%-*s ", (int)wname, s->rows[g->row].name);
			if (isnan(r)) {
				fprintf(out, "- (no baseline)\n");
				continue;
			}
			n = (size_t)floor(r / max * (double)avail + 0.5);
			if (n == 0 && r > 0)
				n = 1;
			for (j = 0; j < n; j++)
				fputc('*', out);
			fprintf(out, " %.2f\n", r);
		}
		fputc('\n', out);
	}
	if (!any)
		fprintf(out, "no Ratio to chart\n");
	return 0;
}

/* ------------------------------------------------------- CSV and JSON */

static void
csv_str(FILE *out, const char *v)
{
	if (strpbrk(v, ",\"\r\n") == NULL) {
		fputs(v, out);
		return;
	}
	fputc('"', out);
	for (; *v; v++) {
		if (*v == '"')
			fputc('"', out);
		fputc(*v, out);
	}
	fputc('"', out);
}

static void
csv_num(FILE *out, const char *fmt, double v)
{
	fputc(',', out);
	if (!isnan(v))
		fprintf(out, fmt, v);
}

static const char *stat_names[] = { "time", "cpu", "loads", "lcpu", "user", "sys", "majflt", "ctxsw" };

static const struct acc *
stat_of(const struct group *g, int i)
{
	const struct acc *a[] = { &g->time, &g->cpu, &g->units, &g->lcpu, &g->user, &g->sys,
	    &g->majflt, &g->ctxsw };
	return a[i];
}

struct cmp {
	double tpct, tp, lpct, lp;
	int tested_t, tested_l;
	int have;
};

static void
compare_group(const struct state *s, const struct group *g, struct cmp *c)
{
	const struct group *b;
	double t, df;

	memset(c, 0, sizeof(*c));
	c->tpct = c->tp = c->lpct = c->lp = NAN;
	if (s->cmp_row == NONE || g->row == s->cmp_row || g->time.n == 0)
		return;
	b = find(s, s->cmp_row, g->load);
	if (b == NULL || b->time.n == 0)
		return;
	c->have = 1;
	c->tpct = (stats_mean(&g->time) - stats_mean(&b->time)) / stats_mean(&b->time) * 100;
	c->tested_t = stats_welch(g->time.n, stats_mean(&g->time), stats_var(&g->time),
	    b->time.n, stats_mean(&b->time), stats_var(&b->time), &t, &df, &c->tp) == 0;
	if (stats_mean(&b->units) > 0) {
		c->lpct = (stats_mean(&g->units) - stats_mean(&b->units)) / stats_mean(&b->units) * 100;
		c->tested_l = stats_welch(g->units.n, stats_mean(&g->units), stats_var(&g->units),
		    b->units.n, stats_mean(&b->units), stats_var(&b->units), &t, &df, &c->lp) == 0;
	}
}

/* Groups in report order: section by section, row by row. */
static int
each_group(const struct state *s, size_t *i, size_t *k, const struct group **g)
{
	for (; *i < s->nsect; (*i)++, *k = 0)
		if (*k < s->sect[*i].n) {
			*g = s->sorted[s->sect[*i].first + (*k)++];
			return 1;
		}
	return 0;
}

static int
print_csv(FILE *out, const struct state *s)
{
	const struct group *g;
	size_t i = 0, k = 0;
	int j;

	fputs("load,label,row,host,jobs,workload,config,unit,runs,failed,invalid", out);
	for (j = 0; j < 8; j++)
		fprintf(out, ",%s_mean,%s_sd,%s_min,%s_max", stat_names[j], stat_names[j],
		    stat_names[j], stat_names[j]);
	fputs(",ratio,ratio_base,compare_base,time_change_pct,time_p,time_significant,"
	    "loads_change_pct,loads_p,loads_significant\n", out);
	while (each_group(s, &i, &k, &g)) {
		const struct row *w = &s->rows[g->row];
		const struct group *b = baseline(s, g);
		struct cmp c;

		csv_str(out, g->load);
		fputc(',', out);
		csv_str(out, w->label);
		fputc(',', out);
		csv_str(out, w->name);
		fputc(',', out);
		csv_str(out, w->host);
		fprintf(out, ",%ld,", w->jobs);
		csv_str(out, w->workload);
		fputc(',', out);
		csv_str(out, w->config);
		fputc(',', out);
		csv_str(out, g->unit_mixed ? "mixed" : g->unit);
		fprintf(out, ",%ld,%ld,%ld", g->time.n, g->failed, g->invalid);
		for (j = 0; j < 8; j++) {
			const struct acc *a = stat_of(g, j);
			csv_num(out, "%.4f", stats_mean(a));
			csv_num(out, "%.4f", stats_sd(a));
			csv_num(out, "%.4f", a->n ? a->min : NAN);
			csv_num(out, "%.4f", a->n ? a->max : NAN);
		}
		csv_num(out, "%.4f", report_ratio(s, g));
		fputc(',', out);
		if (b)
			csv_str(out, s->rows[b->row].name);
		fputc(',', out);
		if (s->cmp_row != NONE)
			csv_str(out, s->rows[s->cmp_row].name);
		compare_group(s, g, &c);
		csv_num(out, "%.2f", c.tpct);
		csv_num(out, "%.6g", c.tested_t ? c.tp : NAN);
		fprintf(out, ",%s", c.tested_t ? (c.tp < 0.05 ? "yes" : "no") : "");
		csv_num(out, "%.2f", c.lpct);
		csv_num(out, "%.6g", c.tested_l ? c.lp : NAN);
		fprintf(out, ",%s\n", c.tested_l ? (c.lp < 0.05 ? "yes" : "no") : "");
	}
	return 0;
}

/* A JSON string; bytes that are not valid UTF-8 become U+FFFD. */
static void
json_str(FILE *out, const char *v)
{
	const unsigned char *p = (const unsigned char *)v;

	if (v == NULL) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	while (*p) {
		int n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 :
		    (*p & 0xf8) == 0xf0 ? 4 : 0, j;

		for (j = 1; j < n; j++)
			if ((p[j] & 0xc0) != 0x80)
				n = 0;
		if (n == 2 && *p < 0xc2)
			n = 0;
		if (n == 0) {
			fputs("\\ufffd", out);
			p++;
		} else if (n > 1) {
			fwrite(p, 1, (size_t)n, out);
			p += n;
		} else {
			if (*p == '"' || *p == '\\')
				fprintf(out, "\\%c", *p);
			else if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
			p++;
		}
	}
	fputc('"', out);
}

static void
json_num(FILE *out, const char *fmt, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", out);
	else
		fprintf(out, fmt, v);
}

static int
print_json(FILE *out, const struct state *s)
{
	const struct group *g;
	size_t i = 0, k = 0;
	int j, first = 1;

	fputs("{\n  \"format\": \"contest-report\",\n  \"version\": 1,\n  \"hosts\": [", out);
	for (j = 0; j < s->nhosts; j++) {
		fputs(j ? ", " : "", out);
		json_str(out, s->hosts[j]);
	}
	fprintf(out, "],\n  \"more_hosts\": %s,\n  \"first_date\": ", s->hosts_more ? "true" : "false");
	json_str(out, s->first_date);
	fputs(",\n  \"last_date\": ", out);
	json_str(out, s->last_date);
	fputs(",\n  \"base\": ", out);
	json_str(out, s->base_row != NONE ? s->rows[s->base_row].name : NULL);
	fputs(",\n  \"compare\": ", out);
	json_str(out, s->cmp_row != NONE ? s->rows[s->cmp_row].name : NULL);
	fputs(",\n  \"groups\": [", out);
	while (each_group(s, &i, &k, &g)) {
		const struct row *w = &s->rows[g->row];
		const struct group *b = baseline(s, g);
		struct cmp c;

		fputs(first ? "\n    {" : ",\n    {", out);
		first = 0;
		fputs("\"load\": ", out);
		json_str(out, g->load);
		fputs(", \"label\": ", out);
		json_str(out, w->label);
		fputs(", \"row\": ", out);
		json_str(out, w->name);
		fputs(", \"host\": ", out);
		json_str(out, w->host);
		fprintf(out, ", \"jobs\": %ld, \"workload\": ", w->jobs);
		json_str(out, w->workload);
		fputs(", \"config\": ", out);
		json_str(out, w->config);
		fputs(", \"unit\": ", out);
		json_str(out, g->unit_mixed ? "mixed" : g->unit);
		fprintf(out, ",\n     \"runs\": %ld, \"failed\": %ld, \"invalid\": %ld, \"not_ok\": [",
		    g->time.n, g->failed, g->invalid);
		for (j = 0; j < NWHY && g->why[j].n; j++) {
			fputs(j ? ", {\"status\": " : "{\"status\": ", out);
			json_str(out, g->why[j].status);
			fputs(", \"reason\": ", out);
			json_str(out, g->why[j].reason);
			fprintf(out, ", \"runs\": %ld}", g->why[j].n);
		}
		if (g->why_more)
			fprintf(out, "%s{\"status\": null, \"reason\": null, \"runs\": %ld}",
			    j ? ", " : "", g->why_more);
		fputs("]", out);
		for (j = 0; j < 8; j++) {
			const struct acc *a = stat_of(g, j);
			fprintf(out, ",\n     \"%s\": {\"mean\": ", stat_names[j]);
			json_num(out, "%.4f", stats_mean(a));
			fputs(", \"sd\": ", out);
			json_num(out, "%.4f", stats_sd(a));
			fputs(", \"min\": ", out);
			json_num(out, "%.4f", a->n ? a->min : NAN);
			fputs(", \"max\": ", out);
			json_num(out, "%.4f", a->n ? a->max : NAN);
			fputs("}", out);
		}
		fputs(",\n     \"ratio\": ", out);
		json_num(out, "%.4f", report_ratio(s, g));
		fputs(", \"ratio_base\": ", out);
		json_str(out, b ? s->rows[b->row].name : NULL);
		compare_group(s, g, &c);
		fputs(", \"change\": ", out);
		if (!c.have) {
			fputs("null}", out);
			continue;
		}
		fputs("{\"time_pct\": ", out);
		json_num(out, "%.2f", c.tpct);
		fputs(", \"time_p\": ", out);
		json_num(out, "%.6g", c.tested_t ? c.tp : NAN);
		fprintf(out, ", \"time_significant\": %s, \"loads_pct\": ",
		    c.tested_t ? (c.tp < 0.05 ? "true" : "false") : "null");
		json_num(out, "%.2f", c.lpct);
		fputs(", \"loads_p\": ", out);
		json_num(out, "%.6g", c.tested_l ? c.lp : NAN);
		fprintf(out, ", \"loads_significant\": %s}}",
		    c.tested_l ? (c.lp < 0.05 ? "true" : "false") : "null");
	}
	fputs(first ? "]\n}\n" : "\n  ]\n}\n", out);
	return 0;
}

/* ----------------------------------------------------------------- main */

static void
state_free(struct state *s)
{
	size_t i;

	for (i = 0; i < s->ngroups; i++)
		free(s->groups[i]);
	free(s->groups);
	free(s->hash);
	for (i = 0; i < s->nrows; i++)
		free(s->rows[i].id);
	free(s->rows);
	free(s->labels);
	free(s->sorted);
	free(s->sect);
	free(s->order);
	free(s->rowidx.slot);
	free(s->labidx.slot);
}

int
report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out)
{
	struct state s;
	size_t i;
	int k, rc = 0, ok = 0;

	if (o->bars && (o->format != REPORT_TABLE || o->compare)) {
		fprintf(stderr, "contest: --bars goes with neither --format csv/json nor -c\n");
		return 2;
	}
	memset(&s, 0, sizeof(s));
	s.o = o;
	for (k = 0; k < nlogs; k++)
		if (read_log(&s, logs[k]) < 0) {
			state_free(&s);
			return 1;
		}
	if (shape(&s) < 0) {
		fprintf(stderr, "contest: out of memory\n");
		state_free(&s);
		return 1;
	}
	for (i = 0; i < s.ngroups; i++)
		if (s.groups[i]->time.n > 0 && wanted(o, s.groups[i]->load))
			ok = 1;
	if (!ok) {
		if (s.nsect > 0 && o->format == REPORT_TABLE && !o->bars && !o->compare) {
			s.base_row = s.cmp_row = NONE;
			print_tables(out, &s);
		}
		fprintf(stderr, "contest: no usable run (status=ok) in the log%s\n", nlogs > 1 ? "s" : "");
		state_free(&s);
		return 1;
	}
	if (resolve(&s, "-b", o->base, &s.base_row) < 0 ||
	    resolve(&s, "-c", o->compare, &s.cmp_row) < 0) {
		state_free(&s);
		return 1;
	}
	if (o->format == REPORT_CSV)
		rc = print_csv(out, &s);
	else if (o->format == REPORT_JSON)
		rc = print_json(out, &s);
	else if (o->bars)
		rc = print_bars(out, &s);
	else if (o->compare)
		rc = print_compare(out, &s);
	else
		rc = print_tables(out, &s);
	for (i = 0; i < s.nlabels; i++)
		if (s.labels[i].nvariants > 1)
			break;
	if (rc == 0 && o->format == REPORT_TABLE && i < s.nlabels) {
		fprintf(out, "Rows LABEL#N: one label logged with different host, jobs, workload,\n"
		    "kernel config or page cache dropping; never averaged together:\n");
		for (i = 0; i < s.nrows; i++) {
			const struct row *w = &s.rows[s.order[i]];
			if (s.labels[w->lab].nvariants < 2)
				continue;
			fprintf(out, "  %s: host=%s jobs=%ld workload=%s config=%s drop=%s\n", w->name,
			    w->host, w->jobs, w->workload, w->config[0] ? w->config : "-", w->drop);
		}
	}
	if (rc == 0 && o->svg)
		rc = report_svg(o->svg, &s);
	if (rc < 0 || fflush(out) == EOF || ferror(out)) {
		if (rc >= 0)
			fprintf(stderr, "contest: cannot write the report: %s\n", strerror(errno));
		rc = 1;
	}
	state_free(&s);
	return rc;
}
