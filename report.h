/*
 * report.h: render results logs into the tables, charts and data files
 * described in doc/contest.1 (REPORT).  Only the report formats results;
 * the harness calls it after its runs, after each section as it finishes
 * (o->loads: the loads done so far; the log is read again each time), and
 * for -r.
 */
#ifndef CONTEST_REPORT_H
#define CONTEST_REPORT_H

#include <stdio.h>

enum report_format { REPORT_TABLE, REPORT_CSV, REPORT_JSON };

struct report_opts {
	enum report_format format;	/* --format */
	int verbose;			/* -v: long form */
	const char *base;		/* -b LABEL: Ratio against LABEL's no_load; NULL: own */
	const char *compare;		/* -c LABEL: changes against LABEL instead of tables; NULL: none */
	int bars;			/* --bars: text bar chart of Ratio instead of tables */
	const char *svg;		/* --svg FILE: SVG charts of Ratio and fairness; NULL: none */
	int disturbed;			/* --disturbed: count runs logged as disturbed in the means */
	int profile;			/* -p: the kernel profiles (with -c, the diffprofiles) */
	const char *const *loads;	/* only these loads (NULL: all) */
	int nloads;
	const char *const *order;	/* section order: load names, NULL-terminated; others follow by name */
	const char *const *aliases;	/* pairs alias, name, NULL-terminated: records under an alias join the name */
};

/*
 * Render the logs (a name of "-" is standard input) to out; with o->svg
 * also write that file.  o->loads only chooses the sections shown: every
 * record still counts, so a Ratio finds its no_load.
 * 0: done; 1: a log could not be read, held no usable run, -b/-c named no
 * row, or an output could not be written; 2: options that do not go
 * together (--bars with -c or --format csv/json).  Reasons go to stderr.
 */
int report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out);

#endif
