/*
 * model.c: the report's model (model.h).  The logs are streamed: a
 * record is folded into its group's accumulators (stats.h), one per
 * metric it has, and forgotten, so memory grows with the number of label
 * x configuration x load groups, never with the number of records.
 * Then rows and sections are put in order, and the renderers ask here
 * for Ratios and summaries (family.c for changes, the comparison's
 * tests): one definition of each number.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"

#define X_ROW(id, name, show, unit, prec, better, how, key, key2, kind, tier) \
	{ name, show, unit, prec, better, how, key, key2, kind, tier },
const struct metric metrics[M_N] = { METRICS(X_ROW) };
#undef X_ROW

/* ------------------------------------------------------------ helpers */

/* FNV-1a of the strings, each ended, then the number mixed in. */
static unsigned long
hash_of(const char *const parts[], size_t n, long num)
{
	return (unsigned long)hash_strs(parts, n, num);
}

/* A group is a row (rec_config_hash) under a load. */
static unsigned long
hash_group(const struct rec *id, const char *load)
{
	const char *parts[1] = { load };

	return rec_config_hash(id) ^ hash_of(parts, 1, 0) * 31;
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

/* -------------------------------------------------------------- groups */

static int
same(const struct model *m, const struct group *g, const struct rec *r)
{
	return !strcmp(g->load, r->load) && rec_same_config(m->rows[g->row].id, r);
}

static int
rehash(struct model *m)
{
	size_t n = m->nhash ? 2 * m->nhash : 256, i;
	struct group **h = calloc(n, sizeof(*h));

	if (h == NULL)
		return -1;
	for (i = 0; i < m->ngroups; i++) {
		struct group *g = m->groups[i];
		g->next = h[g->hash & (n - 1)];
		h[g->hash & (n - 1)] = g;
	}
	free(m->hash);
	m->hash = h;
	m->nhash = n;
	return 0;
}

/* The label's index, made if new; NONE when out of memory. */
static size_t
label_get(struct model *m, const char *label)
{
	const char *parts[1] = { label };
	unsigned long h = hash_of(parts, 1, 0);
	size_t lab, pos = NONE;
	void *p;

	while ((lab = htab_next(&m->labidx, h, &pos)) != NONE)
		if (!strcmp(m->labels[lab].label, label))
			return lab;
	lab = m->nlabels;
	if ((p = grow(m->labels, &m->caplabels, m->nlabels, sizeof(*m->labels))) == NULL)
		return NONE;
	m->labels = p;
	memset(&m->labels[lab], 0, sizeof(m->labels[lab]));
	snprintf(m->labels[lab].label, sizeof(m->labels[lab].label), "%s", label);
	m->labels[lab].hash = h;
	if (htab_put(&m->labidx, h, lab) < 0)
		return NONE;
	m->nlabels++;
	return lab;
}

/* The row of r's label and configuration, made if new. */
static size_t
row_get(struct model *m, const struct rec *r)
{
	unsigned long h = rec_config_hash(r);
	size_t i, lab, pos = NONE;
	struct row *w;
	void *p;

	while ((i = htab_next(&m->rowidx, h, &pos)) != NONE)
		if (rec_same_config(m->rows[i].id, r))
			return i;
	if ((lab = label_get(m, r->label)) == NONE)
		return NONE;
	if ((p = grow(m->rows, &m->caprows, m->nrows, sizeof(*m->rows))) == NULL)
		return NONE;
	m->rows = p;
	w = &m->rows[m->nrows];
	memset(w, 0, sizeof(*w));
	snprintf(w->label, sizeof(w->label), "%s", r->label);
	w->lab = lab;
	w->variant = ++m->labels[lab].nvariants;
	snprintf(w->host, sizeof(w->host), "%s", r->host);
	w->jobs = r->jobs;
	snprintf(w->workload, sizeof(w->workload), "%s", r->workload);
	snprintf(w->config, sizeof(w->config), "%s", r->config);
	snprintf(w->drop, sizeof(w->drop), "%s", rec_drop(r));
	snprintf(w->kernel, sizeof(w->kernel), "%s", r->kernel);
	w->snap = NONE;
	if ((w->id = malloc(sizeof(*w->id))) == NULL)
		return NONE;
	*w->id = *r;
	w->hash = h;
	if (htab_put(&m->rowidx, h, m->nrows) < 0)
		return NONE;
	return m->nrows++;
}

/* The group of r's row and load, NULL if none yet. */
static struct group *
group_find(struct model *m, const struct rec *r)
{
	unsigned long h;
	struct group *g;

	if (m->last && same(m, m->last, r))
		return m->last;
	h = hash_group(r, r->load);
	if (m->nhash)
		for (g = m->hash[h & (m->nhash - 1)]; g; g = g->next)
			if (g->hash == h && same(m, g, r))
				return m->last = g;
	return NULL;
}

static struct group *
group_get(struct model *m, const struct rec *r)
{
	unsigned long h;
	struct group *g;
	size_t row;
	void *p;

	if ((g = group_find(m, r)) != NULL)
		return g;
	h = hash_group(r, r->load);
	if ((row = row_get(m, r)) == NONE)
		return NULL;
	if ((p = grow(m->groups, &m->capgroups, m->ngroups, sizeof(*m->groups))) == NULL)
		return NULL;
	m->groups = p;
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return NULL;
	g->row = row;
	g->vt = NONE;
	g->pvt = NONE;
	snprintf(g->load, sizeof(g->load), "%s", r->load);
	snprintf(g->unit, sizeof(g->unit), "%s", r->unit);
	g->hash = h;
	m->groups[m->ngroups++] = g;
	if (m->ngroups > m->nhash) {
		if (rehash(m) < 0)	/* puts g in its chain too */
			return NULL;
	} else {
		g->next = m->hash[h & (m->nhash - 1)];
		m->hash[h & (m->nhash - 1)] = g;
	}
	return m->last = g;
}

/* Is c a digit? */
#define DIGIT(c)	((unsigned)((c) - '0') < 10)
/* The number of the two digits at s */
#define TWO(s)		(((s)[0] - '0') * 10 + (s)[1] - '0')

int
model_date(const char *s, double *t)
{
	static const int mdays[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	long y, mo, d, h, mi, sec, era, yoe, doy;

	/* the writers' form, YYYY-MM-DDTHH:MM:SSZ, left to right: a NUL ends the test */
	if (!(DIGIT(s[0]) && DIGIT(s[1]) && DIGIT(s[2]) && DIGIT(s[3]) && s[4] == '-' &&
	    DIGIT(s[5]) && DIGIT(s[6]) && s[7] == '-' && DIGIT(s[8]) && DIGIT(s[9]) && s[10] == 'T' &&
	    DIGIT(s[11]) && DIGIT(s[12]) && s[13] == ':' && DIGIT(s[14]) && DIGIT(s[15]) && s[16] == ':' &&
	    DIGIT(s[17]) && DIGIT(s[18]) && s[19] == 'Z' && s[20] == '\0'))
		return -1;
	y = TWO(s) * 100 + TWO(s + 2), mo = TWO(s + 5), d = TWO(s + 8);
	h = TWO(s + 11), mi = TWO(s + 14), sec = TWO(s + 17);
	if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] || h > 23 || mi > 59 || sec > 60 ||
	    (mo == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400))))
		return -1;
	/* days since 1970-01-01 of the proleptic Gregorian calendar, years from March */
	y -= mo <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1;
	*t = (double)(era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468) * 86400 +
	    (double)(h * 3600 + mi * 60 + sec);
	return 0;
}

/* A run's record r of group g: its row's and its group's first date, and the time it took. */
static void
note_span(struct model *m, struct group *g, const struct rec *r)
{
	struct row *w = &m->rows[g->row];
	double a, b;

	if (w->first[0] == '\0' || strcmp(r->date, w->first) < 0)
		snprintf(w->first, sizeof(w->first), "%s", r->date);
	if (g->start[0] == '\0' || strcmp(r->date, g->start) < 0)
		snprintf(g->start, sizeof(g->start), "%s", r->date);
	if (r->end[0] && model_date(r->date, &a) == 0 && model_date(r->end, &b) == 0 && b >= a) {
		g->spans++;
		g->secs += b - a;
	}
}

static void
note_host_date(struct model *m, const struct rec *r)
{
	int i;

	if (m->first_date[0] == '\0' || strcmp(r->date, m->first_date) < 0)
		snprintf(m->first_date, sizeof(m->first_date), "%s", r->date);
	if (strcmp(r->date, m->last_date) > 0)
		snprintf(m->last_date, sizeof(m->last_date), "%s", r->date);
	if (strcmp(r->date, m->last_date) >= 0)
		snprintf(m->newest, sizeof(m->newest), "%s", r->label);
	for (i = 0; i < m->nhosts; i++)
		if (!strcmp(m->hosts[i], r->host))
			return;
	if (m->nhosts < NHOSTS)
		snprintf(m->hosts[m->nhosts++], sizeof(m->hosts[0]), "%s", r->host);
	else
		m->hosts_more = 1;
}

static void
not_ok(struct group *g, const struct rec *r)
{
	int i;

	if (!strcmp(r->status, ST_FAILED))
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

/* ------------------------------------------------------------- metrics */

/* The value of metric k in ok record r; 0 when r lacks what it needs. */
static int
value(const struct rec *r, const struct metric *mt, double paired, double *v)
{
	const double *n = r->num;
	/* all CPUs' time is the online CPUs' (ncpu is the usable ones; old logs have only it) */
	double cpus = (double)(r->ncpu_online > 0 ? r->ncpu_online : r->ncpu);

	switch (mt->how) {
	case H_KEY:
		*v = n[mt->key];
		return r->has[mt->key];
	case H_SUM:
		*v = n[mt->key] + n[mt->key2];
		return r->has[mt->key] && r->has[mt->key2];
	case H_CPU:
		*v = derive_cpu(r);
		return 1;
	case H_LCPU:
		*v = derive_lcpu(r);
		return r->has[K_LCPU];
	case H_NCPU:
		if (cpus <= 0)
			return 0;
		*v = (mt->key < 0 ? derive_cpu(r) : derive_lcpu(r)) / cpus;
		return 1;
	case H_REST:
		if (cpus <= 0 || !r->has[K_SYS_IDLE] || !r->has[K_SYS_IOWAIT])
			return 0;
		*v = derive_rest(derive_unidle(&n[K_SYS_USER]), derive_cpu(r) / cpus, derive_lcpu(r) / cpus);
		return 1;
	case H_MIB:
		*v = n[mt->key] * 512 / 1048576;
		return r->has[mt->key];
	case H_PAIRED:
		*v = paired;
		return !isnan(paired);
	}
	return 0;
}

/* The paired Ratio of ok record r of row w, NAN if none; remembers no_load runs. */
static double
paired(struct row *w, const struct rec *r)
{
	if (!strcmp(r->load, "no_load")) {
		snprintf(w->pinv, sizeof(w->pinv), "%s", r->inv);
		w->pround = r->round;
		w->pelapsed = r->num[K_ELAPSED];
		return NAN;
	}
	if (r->inv[0] == '\0' || r->round <= 0 || w->pround != r->round || strcmp(w->pinv, r->inv))
		return NAN;
	return r->num[K_ELAPSED] / w->pelapsed;
}

/*
 * Were r's requests timed against other thresholds than g's (those of its
 * first record that has them)?  Their shares over them are not the same
 * measure and are not averaged in.
 */
static int
other_t(struct group *g, const struct rec *r)
{
	if (!r->has[K_REQ_T1] || !r->has[K_REQ_T2])
		return 0;
	if (!g->req_t_set) {
		g->req_t[0] = r->num[K_REQ_T1];
		g->req_t[1] = r->num[K_REQ_T2];
		g->req_t_set = 1;
	}
	return g->req_t[0] != r->num[K_REQ_T1] || g->req_t[1] != r->num[K_REQ_T2];
}

/* Close w's round: its means join the rounds of the same set of loads. */
void
model_round_end(struct model *m, struct row *w)
{
	int j, i;

	(void)m;
	for (j = 0; j < S_N; j++) {
		for (i = 0; i < NRSETS && w->rn[j] > 0; i++) {
			struct rset *s = &w->rs[j][i];

			if (s->nloads == 0) {
				s->sig = w->rsig[j];
				s->nloads = w->rn[j];
			}
			if (s->sig == w->rsig[j] && s->nloads == w->rn[j]) {
				stats_add(&s->a, w->rsum[j] / w->rn[j]);
				break;
			}
		}
		w->rsum[j] = 0;
		w->rsig[j] = 0;
		w->rn[j] = 0;
	}
}

/* The hash of a load's name in a set of loads (XORed together). */
unsigned long
model_load_sig(const char *load)
{
	const char *parts[1] = { load };

	return hash_of(parts, 1, 7);
}

/* An ok record of row w joins its round's sums for the summary. */
static void
round_add(struct model *m, struct row *w, const struct rec *r, double pr)
{
	unsigned long h = model_load_sig(r->load);
	double v[S_N];
	int j;

	if (r->inv[0] == '\0' || r->round <= 0)
		return;		/* no rounds: --by-load, old logs */
	if (w->rround != r->round || strcmp(w->rinv, r->inv)) {
		model_round_end(m, w);
		snprintf(w->rinv, sizeof(w->rinv), "%s", r->inv);
		w->rround = r->round;
	}
	v[S_TIME] = r->num[K_ELAPSED];
	v[S_RATIO] = pr;
	v[S_LOADS] = r->has[K_WORK] ? r->num[K_WORK] : NAN;
	for (j = 0; j < S_N; j++)
		if (v[j] > 0 && isfinite(v[j])) {
			w->rsum[j] += log(v[j]);
			w->rsig[j] ^= h;
			w->rn[j]++;
		}
}

static void
count(struct model *m, struct group *g, const struct rec *r)
{
	double v, pr;
	int k;

	if (derive_left_out(r, m->o->disturbed)) {
		g->disturbed++;
		if (r->num[K_DISTURBED] > g->disturbed_max)
			g->disturbed_max = r->num[K_DISTURBED];
		return;
	}
	if (g->unit[0] == '\0')	/* made by a profile record, which has no unit */
		snprintf(g->unit, sizeof(g->unit), "%s", r->unit);
	else if (strcmp(g->unit, r->unit))
		g->unit_mixed = 1;
	if (g->probe[0] == '\0' && r->probe[0])
		snprintf(g->probe, sizeof(g->probe), "%s", r->probe);
	if (g->disk[0] == '\0' && r->disk_dev[0])
		snprintf(g->disk, sizeof(g->disk), "%s", r->disk_dev);
	if (g->odisk[0] == '\0' && r->odisk_dev[0])
		snprintf(g->odisk, sizeof(g->odisk), "%s", r->odisk_dev);
	if (!strcmp(r->profile, "off") && g->prof_off++ == 0)
		snprintf(g->prof_why, sizeof(g->prof_why), "%s", r->profile_why);
	pr = paired(&m->rows[g->row], r);
	for (k = 0; k < M_N; k++)
		if (!(other_t(g, r) && (k == M_REQ_OVER1 || k == M_REQ_OVER2 || k == M_REQ_T1 ||
		    k == M_REQ_T2)) && value(r, &metrics[k], pr, &v))
			stats_add(&g->m[k], v);
	if (other_t(g, r))
		g->req_t_other++;
	round_add(m, &m->rows[g->row], r, pr);
}

/* ------------------------------------------------------------ snapshots */

/* The snapshot's fields a comparison expects equal: all but uname, the kernel's. */
#define SNAPF(X) X(cmdline) X(cpu) X(governor) X(ram) X(swap) X(thp) X(fs) X(fsopts) \
	X(sched) X(cc) X(make)

/* The names of the fields a and b differ in, into buf; 0 if none. */
static int
snap_diff(const struct snap *a, const struct snap *b, char *buf, size_t len)
{
	size_t n = 0;
	int d = 0;

	buf[0] = '\0';
#define CMP(f) \
	if (strcmp(a->f, b->f)) { \
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", d++ ? ", " : "", #f); \
		if (n >= len) \
			n = len - 1; \
	}
	SNAPF(CMP)
#undef CMP
	return d;
}

/* The snapshot fields (and CPU count) in which row's box differs from base's; 0 if none known. */
int
model_snap_diff(const struct model *m, size_t row, size_t base, char *buf, size_t len)
{
	const struct row *a = &m->rows[base], *b = &m->rows[row];
	int d = 0;
	size_t n;

	buf[0] = '\0';
	if (a->snap != NONE && b->snap != NONE)
		d = snap_diff(&m->snaps[a->snap].snap, &m->snaps[b->snap].snap, buf, len);
	if (a->id->ncpu != b->id->ncpu && (n = strlen(buf)) + 8 < len) {
		snprintf(buf + n, len - n, "%sncpu", d ? ", " : "");
		d++;
	}
	return d;
}

static int
snap_same(const struct snap *a, const struct snap *b)
{
	char buf[160];

	return snap_diff(a, b, buf, sizeof(buf)) == 0;
}

static int
snap_add(struct model *m, const struct rec *r)
{
	const char *parts[2] = { r->host, r->label };
	unsigned long h = hash_of(parts, 2, 0);
	size_t i, pos = NONE;
	struct snaprow *s;
	void *p;

	while ((i = htab_next(&m->snapidx, h, &pos)) != NONE) {
		s = &m->snaps[i];
		if (!strcmp(s->host, r->host) && !strcmp(s->label, r->label)) {
			if (!snap_same(&s->snap, &r->snap) || strcmp(s->snap.uname, r->snap.uname))
				s->varies = 1;
			return 0;
		}
	}
	if ((p = grow(m->snaps, &m->capsnaps, m->nsnaps, sizeof(*m->snaps))) == NULL)
		return -1;
	m->snaps = p;
	s = &m->snaps[m->nsnaps];
	memset(s, 0, sizeof(*s));
	snprintf(s->host, sizeof(s->host), "%s", r->host);
	snprintf(s->label, sizeof(s->label), "%s", r->label);
	snprintf(s->kernel, sizeof(s->kernel), "%s", r->kernel);
	s->snap = r->snap;
	if (htab_put(&m->snapidx, h, m->nsnaps) < 0)
		return -1;
	m->nsnaps++;
	return 0;
}

static size_t
snap_find(const struct model *m, const char *host, const char *label)
{
	const char *parts[2] = { host, label };
	size_t i, pos = NONE;

	while ((i = htab_next(&m->snapidx, hash_of(parts, 2, 0), &pos)) != NONE)
		if (!strcmp(m->snaps[i].host, host) && !strcmp(m->snaps[i].label, label))
			return i;
	return NONE;
}

/* -------------------------------------------------------------- reading */

/*
 * A run's kernel profile: into its group's profile when the run counts
 * (ok, and not disturbed unless --disturbed), as count() counts runs.
 */
static int
fold_profile(struct model *m, struct rec *r)
{
	const char *l;
	struct group *g;

	if (strcmp(r->status, ST_OK) || derive_left_out(r, m->o->disturbed))
		return 0;
	if ((l = derive_alias(m->o->aliases, r->load)) != NULL)
		snprintf(r->load, sizeof(r->load), "%s", l);
	if ((g = group_get(m, r)) == NULL)
		return -1;
	return pmodel_fold(g, r);
}

/*
 * A copy of a run read before (log_next): not counted again; the run's
 * group, if it has one, counts the copies of its records.
 */
static void
fold_copy(struct model *m, struct rec *r)
{
	const char *l;
	struct group *g;

	if (r->prof)
		return;
	if ((l = derive_alias(m->o->aliases, r->load)) != NULL)
		snprintf(r->load, sizeof(r->load), "%s", l);
	if ((g = group_find(m, r)) != NULL)
		g->copies++;
}

/* Fold one record in; -1 when out of memory. */
static int
fold(struct model *m, struct rec *r, const char *name, long lineno)
{
	const char *l;
	struct group *g;

	if (r->copy) {
		fold_copy(m, r);
		return 0;
	}
	if (r->snapshot)
		return snap_add(m, r);
	if (r->prof)
		return fold_profile(m, r);
	if (!strcmp(r->status, ST_OK) && derive_short(r)) {
		fprintf(stderr, "%s:%ld: status ok with elapsed %s\n", name, lineno,
		    r->num[K_ELAPSED] > 0 ? "under 1 ms" : "0");
		return 0;
	}
	if ((l = derive_alias(m->o->aliases, r->load)) != NULL)	/* an alias: the table's name */
		snprintf(r->load, sizeof(r->load), "%s", l);
	if ((g = group_get(m, r)) == NULL)
		return -1;
	note_host_date(m, r);
	note_span(m, g, r);
	if (strcmp(r->status, ST_OK))
		not_ok(g, r);
	else
		count(m, g, r);
	return 0;
}

/*
 * A log is a file, a pipe or a terminal; a device such as /dev/zero or
 * /dev/urandom would be read forever.
 */
static int
readable(FILE *f, const char *name)
{
	struct stat st;

	if (fstat(fileno(f), &st) < 0)
		return 1;	/* read errors are reported as they come */
	if ((S_ISCHR(st.st_mode) && !isatty(fileno(f))) || S_ISBLK(st.st_mode)) {
		warnx("cannot read '%s': it is a device, not a log", name);
		return 0;
	}
	return 1;
}

static int
read_log(struct model *m, const char *name)
{
	struct logreader *lr;
	struct rec *r;
	FILE *f;
	int rc = 0;

	if (!strcmp(name, "-"))
		f = stdin;
	else if ((f = fopen(name, "r")) == NULL) {
		warn("cannot open '%s'", name);
		return -1;
	}
	if (!readable(f, name)) {
		if (f != stdin)
			fclose(f);
		return -1;
	}
	lr = calloc(1, sizeof(*lr));
	r = malloc(sizeof(*r));
	if (lr == NULL || r == NULL) {
		warnx("out of memory reading '%s'", name);
		rc = -1;
		goto out;
	}
	lr->f = f;
	lr->name = name;
	lr->seen = &m->seen;	/* one set over every log: a run in two counts once */
	lr->keep_copies = 1;
	while (log_next(lr, r))
		if (fold(m, r, name, lr->lineno) < 0) {
			warnx("out of memory reading '%s'", name);
			rc = -1;
			goto out;
		}
	if (lr->err) {
		warnx("cannot read '%s': %s", name, strerror(lr->err));
		rc = -1;
	}
out:
	if (lr)
		log_close(lr);
	free(lr);
	free(r);
	if (f != stdin)
		fclose(f);
	return rc;
}

int
model_read(struct model *m, const struct view_opts *o, int nlogs, const char *const logs[])
{
	int k;

	memset(m, 0, sizeof(*m));
	m->o = o;
	m->base_row = m->cmp_row = m->only_row = NONE;
	for (k = 0; k < nlogs; k++)
		if (read_log(m, logs[k]) < 0)
			return -1;
	return 0;
}

/* -------------------------------------------------------------- shaping */

static const struct model *sort_model;

static int
cmp_row(const void *a, const void *b)
{
	const struct row *x = &sort_model->rows[*(const size_t *)a];
	const struct row *y = &sort_model->rows[*(const size_t *)b];

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
	return sort_model->rows[x->row].rank < sort_model->rows[y->row].rank ? -1 : 1;
}

int
model_wanted(const struct model *m, const char *load)
{
	int i;

	if (m->o->loads == NULL)
		return 1;
	for (i = 0; i < m->o->nloads; i++)
		if (!strcmp(m->o->loads[i], load))
			return 1;
	return 0;
}

/* s clipped to width columns, its last one '>'; malloc'd. */
static char *
clip(const char *s, size_t width)
{
	size_t n = 0, i = 0;
	char *c;

	for (; s[i] && (n < width - 1 || ((unsigned char)s[i] & 0xc0) == 0x80); i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	if ((c = malloc(i + 2)) == NULL)
		return NULL;
	memcpy(c, s, i);
	c[i] = '>';
	c[i + 1] = '\0';
	return c;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Set each row's cut at width columns; 1 if no two rows print the same, -1 out of memory. */
static int
cut_at(struct model *m, size_t width, char **v)
{
	size_t i;

	for (i = 0; i < m->nrows; i++) {
		struct row *w = &m->rows[i];
		if (w->cut != w->show)
			free(w->cut);
		w->cut = w->cols > width ? clip(w->show, width) : w->show;
		if (w->cut == NULL)
			return -1;
		v[i] = w->cut;
	}
	qsort(v, m->nrows, sizeof(*v), cmp_str);
	for (i = 1; i < m->nrows; i++)
		if (!strcmp(v[i - 1], v[i]))
			return 0;
	return 1;
}

/*
 * The tables' name column: NAME_COLS, or as many more columns as it
 * takes for no two rows to print the same (two long labels alike in
 * their first 46 characters); each row's cut set to it.
 */
static int
name_columns(struct model *m)
{
	size_t i, widest = 0, w;
	char **v;
	int rc = 1;

	for (i = 0; i < m->nrows; i++)
		if (m->rows[i].cols > widest)
			widest = m->rows[i].cols;
	if ((v = malloc((m->nrows + 1) * sizeof(*v))) == NULL)
		return -1;
	for (w = NAME_COLS; w < widest; w++)
		if ((rc = cut_at(m, w, v)) != 0)
			break;
	if (w >= widest)	/* nothing clipped: names are distinct, show is reversible */
		rc = cut_at(m, w, v);
	free(v);
	m->namew = w;
	return rc < 0 ? -1 : 0;
}

/*
 * Name the rows, put them in order, sort the groups into sections.
 * O(G log G) for G groups, whatever the logs hold.
 */
int
model_shape(struct model *m)
{
	size_t i, ntable = 0;

	for (i = 0; i < m->nrows; i++) {
		struct row *w = &m->rows[i];
		char show[4 * ROWNAME_MAX];

		model_round_end(m, w);	/* the last round of each row */
		if (m->labels[w->lab].nvariants > 1)
			snprintf(w->name, sizeof(w->name), "%s#%d", w->label, w->variant);
		else
			snprintf(w->name, sizeof(w->name), "%s", w->label);
		w->snap = snap_find(m, w->host, w->label);
		model_name(show, sizeof(show), w->name);
		if ((w->show = strdup(show)) == NULL)
			return -1;
		w->cols = model_cols(show);
	}
	if (name_columns(m) < 0)
		return -1;
	if ((m->order = malloc((m->nrows + 1) * sizeof(*m->order))) == NULL ||
	    (m->sorted = malloc((m->ngroups + 1) * sizeof(*m->sorted))) == NULL ||
	    (m->sect = malloc((m->ngroups + 1) * sizeof(*m->sect))) == NULL)
		return -1;
	for (i = 0; i < m->nrows; i++)
		m->order[i] = i;
	sort_model = m;
	qsort(m->order, m->nrows, sizeof(*m->order), cmp_row);
	for (i = 0; i < m->nrows; i++)
		m->rows[m->order[i]].rank = i;

	while (m->o->order && m->o->order[ntable])
		ntable++;
	for (i = 0; i < m->ngroups; i++) {
		struct group *g = m->groups[i];
		for (g->tidx = 0; g->tidx < ntable; g->tidx++)
			if (!strcmp(m->o->order[g->tidx], g->load))
				break;
		m->sorted[i] = g;
	}
	qsort(m->sorted, m->ngroups, sizeof(*m->sorted), cmp_group);
	for (i = 0; i < m->ngroups; i++) {
		const char *load = m->sorted[i]->load;
		if (!model_wanted(m, load))
			continue;
		if (m->nsect == 0 || strcmp(m->sect[m->nsect - 1].load, load)) {
			m->sect[m->nsect].load = load;
			m->sect[m->nsect].first = i;
			m->sect[m->nsect++].n = 0;
		}
		m->sect[m->nsect - 1].n++;
	}
	return 0;
}

/* A row's configuration, as the note on LABEL#N gives it: "  A#1: host=... drop=yes". */
static void
row_config(FILE *out, const struct row *w)
{
	char host[65], wl[LOG_WORKLOAD_MAX], cf[17], kn[65];

	model_clean(host, sizeof(host), w->host);
	model_clean(wl, sizeof(wl), w->workload);
	model_clean(cf, sizeof(cf), w->config);
	model_clean(kn, sizeof(kn), w->kernel);
	fprintf(out, "  %s: host=%s kernel=%s jobs=%ld workload=%s config=%s drop=%s\n",
	    w->show, host, kn[0] ? kn : "-", w->jobs, wl, cf[0] ? cf : "-", w->drop);
}

#define RESOLVE_LISTED 8	/* rows of an ambiguous label listed, at most */

/*
 * The row -b, -c, --verdict, -k with -r or --against names: a row name
 * (LABEL#N), or a label seen in one configuration.  A label seen in
 * several is refused, its rows listed with what sets them apart.
 */
int
model_resolve(const struct model *m, const char *opt, const char *name, size_t *row)
{
	char vis[256];
	size_t i, k, n = 0;

	*row = NONE;
	if (name == NULL)
		return 0;
	for (i = 0; i < m->nrows; i++)
		if (!strcmp(m->rows[i].name, name)) {
			*row = i;
			return 0;
		}
	model_vis(vis, sizeof(vis), name);
	for (i = 0; i < m->nlabels; i++)
		if (!strcmp(m->labels[i].label, name)) {
			warnx("%s: label '%s' ran in %d configurations: "
			    "name one of them, %s#1 to %s#%d:", opt, vis,
			    m->labels[i].nvariants, vis, vis, m->labels[i].nvariants);
			for (k = 0; k < m->nrows; k++)
				if (m->rows[k].lab == i && n++ < RESOLVE_LISTED)
					row_config(stderr, &m->rows[k]);
			if (n > RESOLVE_LISTED)
				fprintf(stderr, "  and %zu more (contest -r lists them)\n", n - RESOLVE_LISTED);
			return -1;
		}
	warnx("%s: no label '%s' in the logs", opt, vis);
	return -1;
}

void
model_free(struct model *m)
{
	size_t i;

	for (i = 0; i < m->ngroups; i++) {
		pmodel_free(m->groups[i]->prof);
		free(m->groups[i]->pd);
		free(m->groups[i]);
	}
	free(m->groups);
	free(m->hash);
	log_seen_free(&m->seen);
	for (i = 0; i < m->nrows; i++) {
		free(m->rows[i].id);
		if (m->rows[i].cut != m->rows[i].show)
			free(m->rows[i].cut);
		free(m->rows[i].show);
	}
	free(m->rows);
	free(m->labels);
	free(m->snaps);
	free(m->sorted);
	free(m->sect);
	free(m->order);
	free(m->vt);
	free(m->vslot);
	free(m->rowidx.slot);
	free(m->labidx.slot);
	free(m->snapidx.slot);
}

/* ------------------------------------------------------------ questions */

/* The group of row under load, or NULL: through the records' hash table. */
const struct group *
model_find(const struct model *m, size_t row, const char *load)
{
	const struct group *g;
	unsigned long h;

	if (row == NONE || m->nhash == 0)
		return NULL;
	h = hash_group(m->rows[row].id, load);
	for (g = m->hash[h & (m->nhash - 1)]; g; g = g->next)
		if (g->hash == h && g->row == row && !strcmp(g->load, load))
			return g;
	return NULL;
}

/* The no_load group g's Ratio divides by, or NULL. */
const struct group *
model_baseline(const struct model *m, const struct group *g)
{
	const struct group *b;

	b = model_find(m, m->base_row != NONE ? m->base_row : g->row, "no_load");
	return b && b->m[M_TIME].n > 0 ? b : NULL;
}

double
model_ratio(const struct model *m, const struct group *g)
{
	const struct group *b = model_baseline(m, g);

	if (b == NULL || g->m[M_TIME].n == 0)
		return NAN;
	return stats_mean(&g->m[M_TIME]) / stats_mean(&b->m[M_TIME]);
}

double
model_chart_ratio(const struct model *m, const struct group *g)
{
	double r = model_ratio(m, g);

	return isfinite(r) && r > 0 ? r : NAN;
}

/* The sd of a Ratio of two means: their relative sds added in quadrature. */
double
model_ratio_sd(const struct model *m, const struct group *g)
{
	const struct group *b = model_baseline(m, g);
	double r = model_ratio(m, g), a, c;

	if (isnan(r) || (g->m[M_TIME].n < 2 && b->m[M_TIME].n < 2))
		return NAN;
	if (b == g)
		return 0;	/* its own no_load: 1 exactly */
	a = g->m[M_TIME].n > 1 ? stats_sd(&g->m[M_TIME]) / stats_mean(&g->m[M_TIME]) : 0;
	c = b->m[M_TIME].n > 1 && b != g ? stats_sd(&b->m[M_TIME]) / stats_mean(&b->m[M_TIME]) : 0;
	return r * sqrt(a * a + c * c);
}

/* no_load's own Ratio is 1 by definition: charts leave it out unless -b. */
int
model_charted(const struct model *m, const char *load)
{
	return m->base_row != NONE || strcmp(load, "no_load") != 0;
}

size_t
model_ref_row(const struct model *m)
{
	if (m->cmp_row != NONE)
		return m->cmp_row;
	if (m->base_row != NONE)
		return m->base_row;
	return m->nrows ? m->order[0] : NONE;
}

const struct group *
model_cmp_base(const struct model *m, const struct group *g)
{
	const struct group *b;

	if (m->cmp_row == NONE || g->row == m->cmp_row || g->m[M_TIME].n == 0)
		return NULL;
	b = model_find(m, m->cmp_row, g->load);
	return b && b->m[M_TIME].n > 0 ? b : NULL;
}

void
model_summary(const struct model *m, size_t row, size_t base, struct summary *s)
{
	double lr = 0, lb = 0, ll = 0;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->ratio = s->base_ratio = s->loads = NAN;
	for (i = 0; i < m->nsect; i++) {
		const char *load = m->sect[i].load;
		const struct group *g = model_find(m, row, load), *b = model_find(m, base, load);
		double rg, rb, ug, ub;

		if (g == NULL || b == NULL || g->m[M_TIME].n == 0 || b->m[M_TIME].n == 0)
			continue;
		rg = model_ratio(m, g);
		rb = model_ratio(m, b);
		if (model_charted(m, load) && rg > 0 && rb > 0 && isfinite(rg) && isfinite(rb)) {
			lr += log(rg);
			lb += log(rb);
			s->nratio++;
		}
		ug = stats_mean(&g->m[M_LOADS]);
		ub = stats_mean(&b->m[M_LOADS]);
		if (ug > 0 && ub > 0) {
			ll += log(ug / ub);
			s->nloads++;
		}
	}
	if (s->nratio) {
		s->ratio = exp(lr / s->nratio);
		s->base_ratio = exp(lb / s->nratio);
	}
	if (s->nloads)
		s->loads = exp(ll / s->nloads);
}

const char *
model_unit(const struct group *g, int k)
{
	return strcmp(metrics[k].unit, "*") ? metrics[k].unit : g->unit_mixed ? "mixed" : g->unit;
}

/* ---------------------------------------------------------------- notes */

/* A note, wrapped at spaces to 79 columns, continued two spaces in. */
void
model_note(FILE *out, const char *fmt, ...)
{
	char buf[1024];
	const char *p = buf, *sp, *cut;
	size_t width = 79;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	while (strlen(p) > width) {
		cut = NULL;
		for (sp = p; (sp = strchr(sp, ' ')) != NULL && (size_t)(sp - p) <= width; sp++)
			cut = sp;
		if (cut == NULL)
			cut = strchr(p + width, ' ');
		if (cut == NULL)
			break;
		fprintf(out, "%.*s\n  ", (int)(cut - p), p);
		p = cut + 1;
		width = 77;
	}
	fprintf(out, "%s\n", p);
}

size_t
model_not_ok(char *buf, size_t len, const struct group *g)
{
	char reason[sizeof(g->why[0].reason)], status[sizeof(g->why[0].status)];
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < NWHY && g->why[i].n && n < len; i++) {
		model_clean(reason, sizeof(reason), g->why[i].reason);
		model_clean(status, sizeof(status), g->why[i].status);
		n += (size_t)snprintf(buf + n, len - n, "%s%ld %s run%s%s%s%s", i ? ", " : "", g->why[i].n,
		    status, g->why[i].n == 1 ? "" : "s", reason[0] ? " (" : "", reason, reason[0] ? ")" : "");
	}
	if (g->why_more && n < len)
		n += (size_t)snprintf(buf + n, len - n, ", %ld more not ok run%s", g->why_more,
		    g->why_more == 1 ? "" : "s");
	return n < len ? n : len - 1;
}

static void
notes_not_ok(FILE *out, const char *name, const struct group *g)
{
	char buf[NWHY * 192];

	model_not_ok(buf, sizeof(buf), g);
	fprintf(out, "%s: %s; not counted\n", name, buf);
}

/*
 * Does the split of the CPUs' time not add up?  The harness's verdict
 * (sys_adds, within the slack of its tick sampling) where logged; else a
 * rest below -2 points.
 */
static int
adds_not(const struct group *g)
{
	if (g->m[M_SYS_ADDS].n)
		return g->m[M_SYS_ADDS].min < 1;
	return g->m[M_REST_SHARE].n && stats_mean(&g->m[M_REST_SHARE]) < -2;
}

/* Notes under a section: runs not counted, Ratios not given, shares that do not add up. */
void
model_notes(FILE *out, const struct model *m, size_t sect, int ratios)
{
	const struct group *g;
	size_t k;
	int base_noted = 0;

	EACH(m, sect, k, g) {
		const char *name = m->rows[g->row].show;

		if (g->failed || g->invalid)
			notes_not_ok(out, name, g);
		if (g->disturbed)
			model_note(out, "%s: %ld run%s disturbed (others used %s%.0f%% of the CPUs); "
			    "not counted; --disturbed counts them", name, g->disturbed,
			    g->disturbed == 1 ? "" : "s", g->disturbed > 1 ? "up to " : "",
			    g->disturbed_max);
		if (g->unit_mixed)
			fprintf(out, "%s: records disagree about the unit of Loads; the mean mixes them\n", name);
		if (g->req_t_other)
			model_note(out, "%s: %ld run%s timed requests against other thresholds than %g and "
			    "%g ms; %s shares over them not counted", name, g->req_t_other,
			    g->req_t_other == 1 ? "" : "s", g->req_t[0], g->req_t[1],
			    g->req_t_other == 1 ? "its" : "their");
		if (ratios && g->m[M_TIME].n > 0 && model_baseline(m, g) == NULL) {
			if (m->base_row != NONE) {
				if (!base_noted++)	/* the same for every row */
					fprintf(out, "Ratio -: no ok no_load run of base '%s'\n",
					    m->rows[m->base_row].show);
			} else
				fprintf(out, "%s: Ratio -: no ok no_load run in this configuration\n", name);
		}
		if (m->o->verbose && adds_not(g))
			model_note(out, "%s: the CPU shares do not add up (rest %.1f%%): the compile's and "
			    "the load's clocks and /proc/stat's disagree", name,
			    stats_mean(&g->m[M_REST_SHARE]));
	}
}

/* The note at the end of the text views: what each LABEL#N is. */
void
model_variants(FILE *out, const struct model *m)
{
	size_t i;

	for (i = 0; i < m->nlabels; i++)
		if (m->labels[i].nvariants > 1)
			break;
	if (i == m->nlabels)
		return;
	fprintf(out, "Rows LABEL#N: one label logged with different host, kernel, jobs,\n"
	    "workload, kernel config or page cache dropping; never averaged together:\n");
	for (i = 0; i < m->nrows; i++) {
		const struct row *w = &m->rows[m->order[i]];
		if (m->labels[w->lab].nvariants > 1)
			row_config(out, w);
	}
}

/* A note on the records dropped as copies of runs read before, if any. */
void
model_copies(FILE *out, const struct model *m)
{
	if (m->seen.copies > 0)
		model_note(out, "note: %ld duplicate record%s dropped: run%s read before (a log "
		    "named twice, or merged with its copy); each run counts once", m->seen.copies,
		    m->seen.copies == 1 ? "" : "s", m->seen.copies == 1 ? "" : "s");
}

/* Notes on the boxes: labels whose snapshots differ in more than the kernel. */
void
model_snap_notes(FILE *out, const struct model *m)
{
	char a[4 * LOG_LABEL_MAX + 4], b[4 * LOG_LABEL_MAX + 4], diff[160];
	size_t ref = NONE, r = model_ref_row(m), i;

	if (m->nsnaps == 0)
		return;
	if (r != NONE)
		ref = m->rows[r].snap;
	if (ref == NONE)
		ref = 0;
	model_name(b, sizeof(b), m->snaps[ref].label);
	for (i = 0; i < m->nsnaps; i++) {
		model_name(a, sizeof(a), m->snaps[i].label);
		if (m->snaps[i].varies)
			model_note(out, "note: %s: the box changed between its invocations (its "
			    "snapshots differ)", a);
		if (i != ref && snap_diff(&m->snaps[ref].snap, &m->snaps[i].snap, diff, sizeof(diff)))
			model_note(out, "note: %s ran on a box unlike %s's (%s differ): not a clean "
			    "kernel-against-kernel comparison", a, b, diff);
	}
}
