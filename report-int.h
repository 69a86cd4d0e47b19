/*
 * report-int.h: what the parts of the report share: the groups the logs
 * are folded into (report.c), read by the SVG writer (svg.c).  Not an
 * interface of contest: only report*.c and svg.c include it.
 */
#ifndef CONTEST_REPORT_INT_H
#define CONTEST_REPORT_INT_H

#include <stddef.h>
#include <stdio.h>

#include "log.h"
#include "report.h"
#include "stats.h"

#define NWHY	4		/* distinct (status, reason) pairs kept per group */
#define NHOSTS	8		/* host names kept for titles */
#define ROWNAME_MAX 80		/* a row's name: label, '#', variant */

/*
 * A row: one label run in one configuration (host, jobs, workload,
 * kernel config).  A label seen in several configurations gets one row
 * for each, named LABEL#1, LABEL#2, ... in order of first appearance.
 */
struct row {
	char label[64];
	char name[ROWNAME_MAX];
	size_t lab;		/* index of the label in order of first appearance */
	int variant;		/* 1-based within the label */
	size_t rank;		/* place in the report: by label, then variant */
	unsigned long hash;
	char host[65];
	long jobs;
	char workload[1024];
	char config[17];
	char drop[4];
	struct rec *id;		/* the first record of the row: its configuration */
};

struct label {
	char label[64];
	int nvariants;
	unsigned long hash;
};

/* Open addressing of indices into rows[] or labels[], keyed by hash. */
struct slot {
	unsigned long h;
	size_t i;		/* NONE: empty */
};
struct index {
	struct slot *slot;
	size_t cap, n;		/* cap: a power of two, or 0 */
};

/* The groups of one load to show, in row order: sorted[first .. first + n). */
struct section {
	const char *load;
	size_t first, n;
};

struct why {
	char status[16];
	char reason[128];
	long n;
};

/* The runs of one row under one load. */
struct group {
	size_t row;
	char load[32];
	char unit[16];
	int unit_mixed;		/* records disagree about the unit */
	struct acc time, cpu, units, lcpu, user, sys, majflt, ctxsw;
	long failed, invalid;
	struct why why[NWHY];
	long why_more;		/* runs whose reason did not fit in why[] */
	unsigned long hash;
	struct group *next;	/* hash chain */
	size_t tidx;		/* place of the load in o->order; past it if unknown */
};

struct state {
	const struct report_opts *o;
	struct row *rows;
	size_t nrows, caprows;
	struct label *labels;
	size_t nlabels, caplabels;
	struct group **groups;	/* in order of creation */
	size_t ngroups, capgroups;
	struct group **hash;
	size_t nhash;		/* power of two */
	struct index rowidx, labidx;
	struct group *last;	/* the previous record's group */
	char hosts[NHOSTS][65];
	int nhosts, hosts_more;	/* hosts_more: more than NHOSTS hosts, not listed */
	char first_date[32], last_date[32];
	struct group **sorted;	/* by section, then row */
	struct section *sect;	/* the sections to show, in order */
	size_t nsect;
	size_t *order;		/* rows sorted by label, then variant */
	size_t base_row, cmp_row;	/* -b, -c rows; (size_t)-1: none */
};

#define NONE ((size_t)-1)

/* the groups of section i, in row order */
#define EACH(s, i, k, g) \
	for ((k) = 0; (k) < (s)->sect[i].n && ((g) = (s)->sorted[(s)->sect[i].first + (k)]); (k)++)

/* report.c */
double report_ratio(const struct state *, const struct group *);	/* NAN: no baseline */
int report_charted(const struct state *, const char *load);	/* charts show this load */

/* svg.c: write the chart to path atomically; -1 after saying why on stderr */
int report_svg(const char *path, const struct state *);

#endif
