/*
 * report.h: render results logs into the tables, charts and data files
 * described in doc/contest.1 (REPORT).  Only the report formats results;
 * the harness calls it after its runs and for -r.
 */
#ifndef CONTEST_REPORT_H
#define CONTEST_REPORT_H

#include <stdio.h>

enum report_format { REPORT_TABLE, REPORT_CSV, REPORT_JSON };

struct report_opts {
	enum report_format format;	/* --format */
	int verbose;			/* -v: long form */
	const char *base;		/* -b LABEL: Ratio against LABEL's no_load; NULL: own */
	const char *compare;		/* -c LABEL: changes against LABEL; NULL: none */
	int bars;			/* --bars: text bar chart of Ratio */
	const char *svg;		/* --svg FILE: SVG chart of Ratio; NULL: none */
	const char *const *loads;	/* only these loads (NULL: all) */
	int nloads;
};

/*
 * Render the logs (a name of "-" is standard input) to out.
 * 0: done; 1: a log could not be read or held no usable run (the reason
 * is on stderr).
 */
int report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out);

#endif
