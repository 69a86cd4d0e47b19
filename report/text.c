/*
 * text.c: the classic Time/CPU%/Loads/LCPU%/Ratio table of each load,
 * the probe's table and the load's own request table when the records
 * have their keys, and with -v the long form: each mean's sd on a line
 * of its own under it (so the table keeps the classic widths), the
 * paired Ratio, and per row the window's details (user, sys, faults,
 * the machine's CPU split, pressure, vm, disk) wrapped to 79 columns,
 * then each label's snapshot of the box.  Reads the model only
 * (model.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define NCOLS 9
#define CELL 48
#define WRAP 79		/* columns of -v's wrapped lines */

struct table {
	size_t nrows;
	char (*cell)[NCOLS][CELL];	/* the columns after the name */
	const char **name;		/* each row's name (its cut: model.h), "" on an sd line */
	int ncols;
	int sdline;		/* every other row is the sd line of the one above */
};

/* Cell c of row r (0: the header), the name column included. */
static const char *
cell(const struct table *t, const char *hdr[], size_t r, int c)
{
	if (r == 0)
		return hdr[c];
	return c == 0 ? t->name[r - 1] : t->cell[r - 1][c];
}

static void
table_print(FILE *out, const struct table *t, const char *hdr[])
{
	size_t w[NCOLS] = { 0 }, r;
	int c;

	/* widths in columns: a name may hold UTF-8 */
	for (c = 0; c < t->ncols; c++)
		for (r = 0; r <= t->nrows; r++)
			if (model_cols(cell(t, hdr, r, c)) > w[c])
				w[c] = model_cols(cell(t, hdr, r, c));
	if (w[0] < 15)
		w[0] = 15;	/* the seed tables' "Kernel [runs]" */
	if (w[1] < 6)
		w[1] = 6;
	for (c = 2; c < t->ncols; c++)
		if (w[c] < 7)
			w[c] = 7;
	for (r = 0; r <= t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			const char *v = cell(t, hdr, r, c);
			int last = c == t->ncols - 1;
			const char *gap = c == 1 ? "  " : " ";
			if (c == 1 && r > 0)
				fprintf(out, "%*s", (int)w[c], v);
			else if (last)
				fputs(v, out);
			else
				model_pad(out, v, w[c]);
			if (!last)
				fputs(c == 0 ? " " : gap, out);
		}
		fputc('\n', out);
	}
}

static void
f1(char *buf, double v, int prec)
{
	model_num(buf, CELL, v, prec);
}

/* The sd of a, "-" for one value. */
static void
sd(char *buf, const struct acc *a, int prec)
{
	model_num(buf, CELL, a->n > 1 ? stats_sd(a) : NAN, prec);
}

/* One row of the main table and, with -v, its sd line. */
static void
main_row(struct table *t, const struct model *m, const struct group *g)
{
	static const int col[] = { M_TIME, M_CPU, M_LOADS, M_LCPU };
	char (*c)[CELL], (*d)[CELL];
	int v = m->o->verbose, j;

	t->name[t->nrows] = m->rows[g->row].cut;
	c = t->cell[t->nrows++];
	snprintf(c[1], CELL, "%ld", g->m[M_TIME].n);
	for (j = 0; j < 4; j++)
		f1(c[2 + j], stats_mean(&g->m[col[j]]), 1);
	f1(c[6], model_ratio(m, g), RATIO_DECIMALS);
	if (!v)
		return;
	f1(c[7], stats_mean(&g->m[M_PAIRED]), RATIO_DECIMALS);
	t->name[t->nrows] = "";
	d = t->cell[t->nrows++];
	snprintf(d[1], CELL, "+-");
	for (j = 0; j < 4; j++)
		sd(d[2 + j], &g->m[col[j]], 1);
	f1(d[6], model_ratio_sd(m, g), RATIO_DECIMALS);
	sd(d[7], &g->m[M_PAIRED], RATIO_DECIMALS);
}

/* The probe's table of section i, if a row has its keys. */
static void
probe_table(FILE *out, const struct model *m, size_t i, struct table *t)
{
	static const char *hdr[] = { "Kernel", "[runs]", "p50 us", "p99 us", "max us", "dl met%" };
	static const int col[] = { M_LAT_P50, M_LAT_P99, M_LAT_MAX, M_DL_MET };
	const char *probe = NULL;
	const struct group *g;
	char load[64];
	size_t k;
	int j;

	t->nrows = 0;
	t->ncols = 6;
	EACH(m, i, k, g) {
		char (*c)[CELL];

		if (g->m[M_LAT_P99].n == 0 && g->m[M_DL_MET].n == 0)
			continue;
		if (probe == NULL && g->probe[0])
			probe = g->probe;
		t->name[t->nrows] = m->rows[g->row].cut;
		c = t->cell[t->nrows++];
		snprintf(c[1], CELL, "%ld", g->m[M_LAT_P99].n > g->m[M_DL_MET].n ?
		    g->m[M_LAT_P99].n : g->m[M_DL_MET].n);
		for (j = 0; j < 4; j++)
			f1(c[2 + j], stats_mean(&g->m[col[j]]), metrics[col[j]].prec);
		if (!m->o->verbose)
			continue;
		t->name[t->nrows] = "";
		c = t->cell[t->nrows++];
		snprintf(c[1], CELL, "+-");
		for (j = 0; j < 4; j++)
			sd(c[2 + j], &g->m[col[j]], metrics[col[j]].prec);
	}
	if (t->nrows == 0)
		return;
	model_clean(load, sizeof(load), m->sect[i].load);
	if (probe) {
		char vis[64];
		model_vis(vis, sizeof(vis), probe);
		fprintf(out, "%s: interactivity probe (%s): wake-up latency, deadlines met\n", load, vis);
	} else
		fprintf(out, "%s: interactivity probe: wake-up latency, deadlines met\n", load);
	table_print(out, t, hdr);
}

/* A threshold as a column's name: "%>100ms", "%>1s", "%>2.5s". */
static void
over_name(char *buf, size_t len, double ms)
{
	if (ms >= 1000)
		snprintf(buf, len, "%%>%gs", ms / 1000);
	else
		snprintf(buf, len, "%%>%gms", ms);
}

/* A group's share over a threshold: "-" when it was timed against others. */
static void
over_cell(char *buf, const struct group *g, int k, const double *t)
{
	f1(buf, g->req_t_set && g->req_t[0] == t[0] && g->req_t[1] == t[1] ? stats_mean(&g->m[k]) : NAN,
	    metrics[k].prec);
}

/* One row of the request table and, with -v, its sd line; latencies in ms. */
static void
req_row(struct table *t, const struct model *m, const struct group *g, const double *thr, int fair)
{
	static const int col[] = { M_REQ_MEAN, M_REQ_P99, M_REQ_MAX };
	char (*c)[CELL] = t->cell[t->nrows++];
	int j;

	model_clean(c[0], CELL, m->rows[g->row].name);
	snprintf(c[1], CELL, "%ld", g->m[M_REQ_N].n);
	for (j = 0; j < 3; j++)
		f1(c[2 + j], stats_mean(&g->m[col[j]]) / 1000, 2);
	over_cell(c[5], g, M_REQ_OVER1, thr);
	over_cell(c[6], g, M_REQ_OVER2, thr);
	if (fair)
		f1(c[7], g->m[M_FAIRNESS].n ? stats_mean(&g->m[M_FAIRNESS]) : NAN, 1);
	if (!m->o->verbose)
		return;
	c = t->cell[t->nrows++];
	snprintf(c[0], CELL, "%s", "");
	snprintf(c[1], CELL, "+-");
	for (j = 0; j < 3; j++)
		f1(c[2 + j], g->m[col[j]].n > 1 ? stats_sd(&g->m[col[j]]) / 1000 : NAN, 2);
	sd(c[5], &g->m[M_REQ_OVER1], metrics[M_REQ_OVER1].prec);
	sd(c[6], &g->m[M_REQ_OVER2], metrics[M_REQ_OVER2].prec);
	if (fair)
		sd(c[7], &g->m[M_FAIRNESS], 1);
}

/*
 * The load's own requests of section i (an I/O load's, see REQUEST
 * LATENCY in the man page), if a row has them: mean, p99 and max in ms,
 * the shares over the two thresholds, and for a load of several
 * processes the slowest one's work against the fastest one's.
 */
static void
req_table(FILE *out, const struct model *m, size_t i, struct table *t)
{
	char h1[24], h2[24], load[64];
	const char *hdr[] = { "Kernel", "[runs]", "mean ms", "p99 ms", "max ms", h1, h2, "slow/fast%" };
	const double *thr = NULL;
	const struct group *g;
	int fair = 0;
	size_t k;

	EACH(m, i, k, g) {
		if (g->m[M_REQ_MEAN].n == 0)
			continue;
		if (thr == NULL && g->req_t_set)
			thr = g->req_t;
		fair |= g->m[M_FAIRNESS].n > 0;
	}
	if (thr == NULL)
		return;
	over_name(h1, sizeof(h1), thr[0]);
	over_name(h2, sizeof(h2), thr[1]);
	t->nrows = 0;
	t->ncols = fair ? 8 : 7;
	EACH(m, i, k, g)
		if (g->m[M_REQ_MEAN].n)
			req_row(t, m, g, thr, fair);
	model_clean(load, sizeof(load), m->sect[i].load);
	fprintf(out, "%s: the load's own requests (latency in ms%s)\n", load,
	    fair ? ", slowest/fastest process" : "");
	table_print(out, t, hdr);
}

/* ------------------------------------------------------- -v: details */

struct wrap {
	FILE *out;
	int col;		/* 0: nothing on the line yet */
	int items;
};

static void
wrap_head(struct wrap *w, FILE *out, const char *head)
{
	w->out = out;
	w->items = 0;
	fputs(head, out);
	w->col = (int)model_cols(head);
}

/* a snapshot value as -v shows it: the log's 1023 bytes of cmdline, with
 * room for control bytes escaped */
#define SNAP_VIS	1100

/*
 * Write s from column w->col; an item longer than the line's room (a
 * kernel command line) goes on over lines of its own, broken after a
 * space where there is one, indented 7.  The columns written on the last.
 */
static int
wrap_long(struct wrap *w, const char *s)
{
	int room = WRAP - w->col, n = (int)strlen(s), cut, col = 0;

	while (n > room && room > 10) {
		for (cut = room; cut > room / 2 && s[cut - 1] != ' '; cut--)
			;
		if (cut <= room / 2)
			cut = room;
		/* the space at the break is not written */
		fprintf(w->out, "%.*s\n       ", s[cut - 1] == ' ' ? cut - 1 : cut, s);
		s += cut;
		n -= cut;
		room = WRAP - 7;
		w->col = 7;
	}
	col = fprintf(w->out, "%s", s);
	return col < 0 ? 0 : col;
}

static void
wrap_item(struct wrap *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
wrap_item(struct wrap *w, const char *fmt, ...)
{
	char buf[SNAP_VIS + 64];	/* a snapshot value shown whole, and its name */
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (w->items && w->col + 2 + (int)strlen(buf) > WRAP) {
		fputs(",\n     ", w->out);
		w->col = 5;
	} else if (w->items) {
		fputs(", ", w->out);
		w->col += 2;
	}
	w->col += wrap_long(w, buf);
	w->items++;
}

static void
wrap_end(struct wrap *w)
{
	if (w->col)
		fputc('\n', w->out);
	w->col = 0;
}

/* "mean +- sd unit" of metric k, or "" when g has none */
static const char *
msd(char *buf, size_t len, const struct group *g, int k)
{
	const struct acc *a = &g->m[k];
	const char *u = model_unit(g, k);
	char mean[CELL], s[CELL];

	if (a->n == 0)
		return "";
	model_num(mean, sizeof(mean), stats_mean(a), metrics[k].prec);
	if (a->n > 1) {
		model_num(s, sizeof(s), stats_sd(a), metrics[k].prec);
		snprintf(buf, len, "%s +- %s%s%s", mean, s, *u && *u != '%' ? " " : "", u);
	} else
		snprintf(buf, len, "%s%s%s", mean, *u && *u != '%' ? " " : "", u);
	return buf;
}

static int
have(const struct group *g, int k)
{
	return g->m[k].n > 0;
}

static double
mean(const struct group *g, int k)
{
	return stats_mean(&g->m[k]);
}

/* Items "name mean" of the metrics ks that g has. */
static void
items(struct wrap *w, const struct group *g, const int *ks, const char *const *names, int n)
{
	char v[CELL];
	int j;

	for (j = 0; j < n; j++)
		if (have(g, ks[j])) {
			model_num(v, sizeof(v), mean(g, ks[j]), metrics[ks[j]].prec);
			wrap_item(w, "%s %s%s", names[j], v, metrics[ks[j]].unit[0] == '%' ? "%" : "");
		}
}

/* the mean of PSI's "full" with its decimals, "-" when not logged (cpu before 5.13) */
static const char *
full(char *buf, size_t len, const struct group *g, int k)
{
	model_num(buf, len, have(g, k) ? mean(g, k) : NAN, 2);
	return buf;
}

static void
details_machine(FILE *out, const struct group *g)
{
	static const int cpu[] = { M_SYS_USER, M_SYS_NICE, M_SYS_SYSTEM, M_SYS_IRQ, M_SYS_IOWAIT,
	    M_SYS_STEAL, M_SYS_IDLE };
	static const char *const cpun[] = { "user", "nice", "system", "irq", "iowait", "steal", "idle" };
	static const int share[] = { M_COMPILE_SHARE, M_LOAD_SHARE, M_REST_SHARE };
	static const char *const sharen[] = { "compile", "load", "the rest" };
	static const int psi[][2] = { { M_PSI_CPU_SOME, M_PSI_CPU_FULL },
	    { M_PSI_MEM_SOME, M_PSI_MEM_FULL }, { M_PSI_IO_SOME, M_PSI_IO_FULL } };
	static const char *const psin[] = { "cpu", "memory", "io" };
	char buf[CELL];
	struct wrap w;
	int j;

	if (have(g, M_SYS_IDLE)) {
		wrap_head(&w, out, "    machine CPU: ");
		items(&w, g, cpu, cpun, 7);
		wrap_end(&w);
	}
	if (have(g, M_REST_SHARE)) {
		wrap_head(&w, out, "    all CPUs' time: ");
		items(&w, g, share, sharen, 3);
		wrap_end(&w);
	}
	for (j = 0; j < 3 && !have(g, psi[j][0]); j++)
		;
	if (j < 3) {
		wrap_head(&w, out, "    pressure some/full %: ");
		for (j = 0; j < 3; j++)
			if (have(g, psi[j][0]))
				wrap_item(&w, "%s %.2f/%s", psin[j], mean(g, psi[j][0]),
				    full(buf, sizeof(buf), g, psi[j][1]));
		wrap_end(&w);
	}
}

/* A sum of two vm counters' means, if g has either. */
static void
vm_pair(struct wrap *w, const struct group *g, const char *name, int a, int b)
{
	if (!have(g, a) && !have(g, b))
		return;
	wrap_item(w, "%s %.0f", name, (have(g, a) ? mean(g, a) : 0) + (have(g, b) ? mean(g, b) : 0));
}

static void
details_vm_disk(FILE *out, const struct group *g)
{
	static const int vm[] = { M_VM_PGMAJFAULT, M_VM_PSWPIN, M_VM_PSWPOUT, M_VM_ALLOCSTALL,
	    M_VM_REFAULT, M_VM_OOM_KILL };
	static const char *const vmn[] = { "major faults", "swap in", "swap out", "alloc stalls",
	    "refaults", "OOM kills" };
	static const int disk[] = { M_DISK_READ, M_DISK_WRITE, M_DISK_BUSY };
	static const int odisk[] = { M_ODISK_READ, M_ODISK_WRITE, M_ODISK_BUSY };
	static const char *const diskn[] = { "read MiB", "written MiB", "busy" };
	char dev[64], head[96];
	struct wrap w;
	int j;

	for (j = 0; j < 6 && !have(g, vm[j]); j++)
		;
	if (j < 6 || have(g, M_VM_PGSCAN_KSWAPD) || have(g, M_VM_PGSCAN_DIRECT)) {
		wrap_head(&w, out, "    vm, machine-wide per run: ");
		items(&w, g, vm, vmn, 3);
		vm_pair(&w, g, "scanned", M_VM_PGSCAN_KSWAPD, M_VM_PGSCAN_DIRECT);
		vm_pair(&w, g, "stolen", M_VM_PGSTEAL_KSWAPD, M_VM_PGSTEAL_DIRECT);
		items(&w, g, vm + 3, vmn + 3, 3);
		wrap_end(&w);
	}
	if (have(g, M_DISK_READ) || have(g, M_DISK_BUSY)) {
		model_vis(dev, sizeof(dev), g->disk[0] ? g->disk : "?");
		snprintf(head, sizeof(head), "    disk %s: ", dev);
		wrap_head(&w, out, head);
		items(&w, g, disk, diskn, 3);
		wrap_end(&w);
	}
	if (have(g, M_ODISK_READ) || have(g, M_ODISK_BUSY)) {
		model_vis(dev, sizeof(dev), g->odisk[0] ? g->odisk : "?");
		snprintf(head, sizeof(head), "    -o disk %s: ", dev);
		wrap_head(&w, out, head);
		items(&w, g, odisk, diskn, 3);
		wrap_end(&w);
	}
}

/* -v: per row, what the window held beside the five columns. */
static void
details(FILE *out, const struct model *m, size_t i)
{
	static const int run[] = { M_USER, M_SYS, M_MAJFLT, M_MINFLT, M_CTXSW, M_MAXRSS };
	const struct group *g;
	char name[4 * ROWNAME_MAX + 8], buf[128], lo[CELL], hi[CELL];
	size_t k;
	int j;

	fprintf(out, "per run (mean +- sd):\n");
	EACH(m, i, k, g) {
		struct wrap w;

		if (g->m[M_TIME].n == 0)
			continue;
		snprintf(name, sizeof(name), "  %s: ", m->rows[g->row].show);
		wrap_head(&w, out, name);
		model_num(lo, sizeof(lo), g->m[M_TIME].min, 1);
		model_num(hi, sizeof(hi), g->m[M_TIME].max, 1);
		wrap_item(&w, "Time %s-%s s", lo, hi);
		for (j = 0; j < 6; j++)
			if (have(g, run[j]))
				wrap_item(&w, "%s %s", metrics[run[j]].show, msd(buf, sizeof(buf), g, run[j]));
		wrap_end(&w);
		details_machine(out, g);
		details_vm_disk(out, g);
	}
}

/* ------------------------------------------------------- -v: snapshots */

static void
snap_line(struct wrap *w, const char *name, const char *v)
{
	char vis[SNAP_VIS];

	if (*v == '\0')
		return;
	model_vis(vis, sizeof(vis), v);
	wrap_item(w, "%s %s", name, vis);
}

/* bytes as GiB when the value is a number */
static void
snap_bytes(struct wrap *w, const char *name, const char *v)
{
	char *end, buf[64];
	double b = strtod(v, &end);

	if (*v && *end == '\0' && isfinite(b) && b >= 0) {
		snprintf(buf, sizeof(buf), "%.1f GiB", b / 1073741824.0);
		wrap_item(w, "%s %s", name, buf);
	} else
		snap_line(w, name, v);
}

static void
snapshots(FILE *out, const struct model *m)
{
	char head[300], a[128], b[128];
	size_t i;
	int any = 0;

	for (i = 0; i < m->nsnaps; i++) {
		const struct snaprow *s = &m->snaps[i];
		const struct snap *p = &s->snap;
		struct wrap w;

		if (!any++)
			fprintf(out, "The box as each label ran (its snapshot):\n");
		model_vis(a, sizeof(a), s->label);
		model_vis(b, sizeof(b), s->host);
		snprintf(head, sizeof(head), "  %s on %s: ", a, b);
		wrap_head(&w, out, head);
		snap_line(&w, "kernel", s->kernel);
		snap_line(&w, "version", p->uname);
		snap_line(&w, "cmdline", p->cmdline);
		snap_line(&w, "CPU", p->cpu);
		snap_line(&w, "governor", p->governor);
		snap_bytes(&w, "RAM", p->ram);
		snap_bytes(&w, "swap", p->swap);
		snap_line(&w, "THP", p->thp);
		snap_line(&w, "fs", p->fs);
		snap_line(&w, "mount options", p->fsopts);
		snap_line(&w, "I/O scheduler", p->sched);
		snap_line(&w, "cc", p->cc);
		snap_line(&w, "make", p->make);
		wrap_end(&w);
	}
	if (any)
		fputc('\n', out);
}

/* ---------------------------------------------------------------- main */

static void
section(FILE *out, const struct model *m, size_t i, struct table *t)
{
	static const char *hdr[] = { "Kernel", "[runs]", "Time", "CPU%", "Loads", "LCPU%", "Ratio" };
	static const char *vhdr[] = { "Kernel", "[runs]", "Time", "CPU%", "Loads", "LCPU%", "Ratio",
	    "Paired" };
	const char *unit = NULL;
	const struct group *g;
	char vis[128], load[64];
	long disturbed = 0;
	size_t k;

	model_clean(load, sizeof(load), m->sect[i].load);
	t->nrows = 0;
	t->ncols = m->o->verbose ? 8 : 7;
	EACH(m, i, k, g) {
		disturbed += g->disturbed;
		if (g->m[M_TIME].n == 0)
			continue;
		if (unit == NULL)
			unit = g->unit;
		main_row(t, m, g);
	}
	if (m->o->verbose) {
		model_clean(vis, sizeof(vis), unit ? word_unit(unit) : "-");
		fprintf(out, "%s: Loads in %s\n", load, vis);
	} else
		fprintf(out, "%s:\n", load);
	if (t->nrows)
		table_print(out, t, m->o->verbose ? vhdr : hdr);
	else if (disturbed)
		fprintf(out, "no run counted: every ok run was disturbed\n");
	else
		fprintf(out, "no ok run\n");
	if (m->o->verbose && t->nrows)
		details(out, m, i);
	probe_table(out, m, i, t);
	req_table(out, m, i, t);
	model_notes(out, m, i, 1);
	fputc('\n', out);
}

int
render_table(FILE *out, const struct model *m)
{
	struct table t;
	size_t i;

	/* two lines a row with -v */
	t.cell = calloc(2 * m->nrows + 1, sizeof(*t.cell));
	t.name = calloc(2 * m->nrows + 1, sizeof(*t.name));
	if (t.cell == NULL || t.name == NULL) {
		free(t.cell);
		free(t.name);
		return -1;
	}
	for (i = 0; i < m->nsect; i++)
		section(out, m, i, &t);
	if (m->o->verbose)
		snapshots(out, m);
	free(t.cell);
	free(t.name);
	return 0;
}
