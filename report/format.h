/*
 * format.h: the report's output formats.  Each format is one file of
 * report/ that fills a `const struct format NAME_format` with designated
 * initialisers; the format table (report.c, made from report.h's
 * REPORT_FORMATS) lists them, and report(), the entry point, picks the
 * one --format names, refuses the options it does not take, builds the
 * model and hands it over.  A format reads the model (model.h) and the
 * options below, never the command line (report.h, which no file of
 * report/ includes) and never another format; the words it prints for
 * the marks, the parts of a run and the loads' units are the shared
 * ones below.
 *
 * Adding a format, every place to touch:
 *   1. the format table's row: X(REPORT_NAME, NAME) in REPORT_FORMATS
 *      (report.h), in --help's order; --format's choices, --help's list
 *      and report.c's table of formats are made from it;
 *   2. report/NAME.c: `const struct format NAME_format` with designated
 *      initialisers, everything else static.  It writes to the FILE it
 *      is given, from the model: with -c the model holds the comparison
 *      (model.cmp_row, family.c's tests; judge.h decides what --verdict
 *      would); it refuses --bars and --verdict unless it takes them
 *      (.bars, .verdict);
 *   3. report/NAME.o in REPORT in the Makefile;
 *   4. doc/contest.1: NAME in SYNOPSIS's --format list (t0017 holds it
 *      to --help, t0096 to the formats contest takes) and its entry
 *      under REPORT.
 * Its tests are tests as for any behaviour; tests/golden/render.sh gets
 * its views, in a set of their own so that the expectations of the
 * others stay byte for byte (make golden writes them, and t3700 holds
 * them after).
 */
#ifndef CONTEST_FORMAT_H
#define CONTEST_FORMAT_H

#include <stdio.h>

#include "verdict.h"

struct model;

/*
 * What the report is asked, as the model and the formats read it:
 * report.c translates the command line's options (struct report_opts)
 * into this.
 */
struct view_opts {
	int verbose;			/* -v: the long form */
	int profiles;			/* -p: the profiles view, the kernel profiles (with -c, the diffprofiles) */
	int bars;			/* --bars: Ratio as text bars instead of the tables */
	int compare;			/* -c: the comparison is asked (its row, once found: model.cmp_row) */
	int disturbed;			/* --disturbed: runs logged as disturbed count in the means */
	const char *const *loads;	/* the sections shown: only these loads (NULL: all) */
	int nloads;
	const char *const *order;	/* section order: load names, NULL-terminated; others follow by name */
	const char *const *aliases;	/* pairs alias, name, NULL-terminated: records under an alias join the name */
	double threshold;		/* --threshold PCT with --verdict; 0: each metric's floor (judge.h) */
	const char *origin;		/* --origin: the CI system KCIDB's ids name (kcidb.c) */
};

/* An output format: what --format NAME writes. */
struct format {
	int bars;			/* 1: it takes --bars (a text view); 0: --bars is refused, exit 2 */
	int verdict;			/* 1: it takes --verdict BASE: the table prints --verdict's lines,
					 * another format writes its report with the comparison (as -c)
					 * and the candidate judged (judge.h), and contest exits with
					 * the verdict; 0: --verdict is refused, exit 2 */
	/* the report, from the model to out: 0, or -1 when out of memory
	 * (report() checks out for a write error after) */
	int (*render)(FILE *out, const struct model *m);
	/* what it writes still when no run of the logs is usable (the model is
	 * read and shaped, -b and -c not looked up); NULL: nothing */
	void (*empty)(FILE *out, const struct model *m);
};

/*
 * The vocabulary (words.c): the words every format prints for the same
 * things.  The parts of a run are derive.h's (part_names[].word:
 * compile, load, probe, rest).
 */
/* a mark of -c's family of tests: untested, noise, small, held, changed, better, worse */
const char *word_mark(enum vd_mark mark);
/* a load's unit spelled out for -v ("MiB, mebibytes of 2^20 bytes"); a unit not listed, as it is */
const char *word_unit(const char *unit);

#endif
