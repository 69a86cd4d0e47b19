/*
 * report.c: the plain Time/CPU%/Loads/LCPU%/Ratio table, one section a
 * load, one row a label, from any number of logs.  Streams the logs:
 * memory grows with label x load groups, not with records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "log.h"
#include "report.h"

struct group {
	char label[64];
	char load[32];
	long n;			/* ok runs */
	double elapsed, cpu, units, lcpu;	/* sums */
	long other;		/* runs not ok */
};

static struct group *groups;
static size_t ngroups, cap;

static struct group *
group_get(const char *label, const char *load)
{
	size_t i;

	for (i = 0; i < ngroups; i++)
		if (!strcmp(groups[i].label, label) && !strcmp(groups[i].load, load))
			return &groups[i];
	if (ngroups == cap) {
		size_t ncap = cap ? 2 * cap : 64;
		struct group *g = realloc(groups, ncap * sizeof(*g));
		if (g == NULL)
			return NULL;
		groups = g;
		cap = ncap;
	}
	memset(&groups[ngroups], 0, sizeof(groups[0]));
	snprintf(groups[ngroups].label, sizeof(groups[0].label), "%s", label);
	snprintf(groups[ngroups].load, sizeof(groups[0].load), "%s", load);
	return &groups[ngroups++];
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

static int
read_log(const struct report_opts *o, const char *name)
{
	struct logreader *lr;
	struct rec r;
	FILE *f;

	if (!strcmp(name, "-"))
		f = stdin;
	else if ((f = fopen(name, "r")) == NULL) {
		fprintf(stderr, "contest: cannot open '%s': %s\n", name, strerror(errno));
		return -1;
	}
	if ((lr = calloc(1, sizeof(*lr))) == NULL)
		return -1;
	lr->f = f;
	lr->name = name;
	while (log_next(lr, &r)) {
		struct group *g;
		if (!wanted(o, r.load))
			continue;
		if ((g = group_get(r.label, r.load)) == NULL)
			return -1;
		if (strcmp(r.status, "ok") || r.elapsed <= 0) {
			g->other++;
			continue;
		}
		g->n++;
		g->elapsed += r.elapsed;
		g->cpu += (r.user + r.sys) / r.elapsed * 100;
		g->units += r.units;
		g->lcpu += r.lcpu / r.elapsed * 100;
	}
	free(lr);
	if (f != stdin)
		fclose(f);
	return 0;
}

static void
section(FILE *out, const char *load)
{
	size_t i, j;
	int any = 0;

	for (i = 0; i < ngroups; i++) {
		const struct group *g = &groups[i], *b = NULL;
		char ratio[16];

		if (strcmp(g->load, load) || g->n == 0)
			continue;
		if (!any++) {
			fprintf(out, "%s:\nKernel          [runs]  Time    CPU%%    Loads   LCPU%%   Ratio\n", load);
		}
		for (j = 0; j < ngroups; j++)
			if (!strcmp(groups[j].label, g->label) && !strcmp(groups[j].load, "no_load") && groups[j].n)
				b = &groups[j];
		if (b)
			snprintf(ratio, sizeof(ratio), "%.2f", (g->elapsed / g->n) / (b->elapsed / b->n));
		else
			snprintf(ratio, sizeof(ratio), "-");
		fprintf(out, "%-15s %6ld  %-7.1f %-7.1f %-7.1f %-7.1f %s\n", g->label, g->n,
		    g->elapsed / g->n, g->cpu / g->n, g->units / g->n, g->lcpu / g->n, ratio);
	}
	if (any)
		fputc('\n', out);
}

int
report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out)
{
	const struct load *const *l;
	size_t i;
	int k, any = 0;

	ngroups = 0;
	for (k = 0; k < nlogs; k++)
		if (read_log(o, logs[k]) < 0)
			return 1;
	for (i = 0; i < ngroups; i++)
		any |= groups[i].n > 0;
	if (!any) {
		fprintf(stderr, "contest: no usable run in the log\n");
		return 1;
	}
	for (l = load_table; *l; l++)
		section(out, (*l)->name);
	return 0;
}
