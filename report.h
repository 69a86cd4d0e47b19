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

/*
 * The output formats, one X(ID, NAME) each, in --help's order: --format
 * NAME picks one; the first is the default.  Each is a file of report/
 * that defines NAME_format (report/format.h says how to add one).
 * --format's choices, --help's list and the format table of report.c
 * are made from this list alone.
 */
#define REPORT_FORMATS(X) \
	X(REPORT_TABLE, table)		/* report/table.c: the tables, -c, --bars, -p */ \
	X(REPORT_CSV, csv)		/* report/csv.c */ \
	X(REPORT_JSON, json)		/* report/json.c */ \
	X(REPORT_LONG, long)		/* report/long.c: tidy data, a line per row, load and metric */ \
	X(REPORT_KCIDB, kcidb)		/* report/kcidb.c: a KCIDB v5.3 document, for KernelCI */ \
	X(REPORT_LAVA, lava)		/* report/lava.c: LAVA's result lines */
#define REPORT_FORMAT_ID(id, name) id,
enum report_format { REPORT_FORMATS(REPORT_FORMAT_ID) REPORT_NFORMATS };
#undef REPORT_FORMAT_ID
/* --help's argument: the names between bars, "table|csv|json" */
#define REPORT_FORMAT_BAR(id, name) "|" #name
#define REPORT_FORMAT_ARG (&(REPORT_FORMATS(REPORT_FORMAT_BAR))[1])
/* The format named name into *f: 0, or -1 if there is none. */
int report_format_find(const char *name, enum report_format *f);
/* The formats for a message: "table, csv or json". */
const char *report_format_choices(void);

/*
 * What the command line asks of the report.  report.c translates it for
 * the model and the formats (report/format.h: struct view_opts), which
 * never read this.
 */
struct report_opts {
	enum report_format format;	/* --format */
	int verbose;			/* -v: long form */
	const char *base;		/* -b LABEL: Ratio against LABEL's no_load; NULL: own */
	const char *compare;		/* -c LABEL: changes against LABEL instead of tables; NULL: none */
	int bars;			/* --bars: text bar chart of Ratio instead of tables */
	const char *svg;		/* --svg FILE: SVG charts of Ratio and fairness; NULL: none */
	const char *log;		/* -l LOG or the default, which runs append to: never an output
					 * either, read or not; NULL: none */
	int disturbed;			/* --disturbed: count runs logged as disturbed in the means */
	int profiles;			/* -p: the profiles view, the kernel profiles (with -c, the diffprofiles) */
	const char *const *loads;	/* only these loads (NULL: all) */
	int nloads;
	const char *const *order;	/* section order: load names, NULL-terminated; others follow by name */
	const char *const *aliases;	/* pairs alias, name, NULL-terminated: records under an alias join the name */
	const char *verdict;		/* --verdict BASE: judge the candidate against BASE; NULL: none */
	const char *candidate;		/* -k with --verdict: the candidate; NULL: the newest run's label */
	double threshold;		/* --threshold PCT; 0: each metric's floor */
	const char *origin;		/* --origin NAME: KCIDB's origin with --format kcidb; NULL: DEF_ORIGIN */
};

/*
 * Render the logs (a name of "-" is standard input) to out; with o->svg
 * also write that file.  o->loads only chooses the sections shown: every
 * record still counts, so a Ratio finds its no_load.
 * 0: done; 1: a log could not be read, held no usable run, -b/-c named no
 * row, or an output could not be written; 2: options that do not go
 * together (--bars with -c, or with a format that does not take it
 * (struct format .bars), or an output that is a log).  Reasons go to
 * stderr.
 */
int report(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out);

/*
 * --verdict: the candidate (o->candidate, else the label of the newest
 * run in the logs) against o->verdict, one line per load and one for the
 * summary saying why, for scripts and git bisect run.  1: a verdict
 * metric (each load's Time, Ratio, Loads, latency p99; the summary's
 * Time, Ratio, Loads) marked worse by -c's family, beyond o->threshold
 * when set; 0: none, each ruled out beyond the threshold; 125: the runs
 * cannot decide; 2: nothing to judge (a log unreadable, a label unknown,
 * the candidate is BASE, a side without an ok run, no load in common).
 * With o->format another format that takes --verdict (report/format.h),
 * its report instead of the lines, the comparison in it, the same exit;
 * one that does not: 2.  Reasons go to stderr.
 */
int report_verdict(const struct report_opts *o, int nlogs, const char *const logs[], FILE *out);

/* How precisely the runs so far know each load's Ratio (--until). */
#define REPORT_PREC_MAX 64
struct report_prec {
	int n;				/* loads below */
	struct {
		char load[32];
		long runs;		/* ok runs of the row under it, counted */
		long disturbed;		/* and left out as disturbed */
		double pct, lo, hi;	/* --against: the Ratio's change and its 95% interval, %; else NAN */
		double hw;		/* the 95% interval's half-width, %: of the Ratio (of its change with
					 * --against); of Time for no_load alone; NAN: not known yet */
	} l[REPORT_PREC_MAX];
};

/*
 * The row that name names in log (as -c takes it: LABEL#N, or a label seen in
 * one configuration), for --against before any run: its configuration,
 * and its ok runs of each of o->loads, counted and left out as disturbed
 * (unless o->disturbed).  0 (r->found 0 when log has no such label), or
 * -1: log unreadable, or name a label of several configurations (the
 * reason, its rows listed, on stderr under opt).
 */
struct report_row {
	int found;
	char label[64];			/* its label */
	long jobs;			/* its configuration's -j */
	char workload[1024];		/* and workload (LOG_WORKLOAD_MAX) */
	int n;				/* loads below, o->loads' */
	struct {
		char load[32];
		long runs;		/* ok runs counted */
		long disturbed;		/* ok runs left out as disturbed */
		double disturbed_max;	/* the largest share of others' CPU among them, % */
	} l[REPORT_PREC_MAX];
};
int report_row(const struct report_opts *o, const char *log, const char *opt, const char *name,
    struct report_row *r);

/*
 * The precision of the runs of who's label and configuration in log,
 * for the loads o->loads (no_load counts only when alone), against
 * o->compare when set.  0, or -1 (nothing to measure yet, or the log
 * unreadable: reasons on stderr).
 */
struct rec;
int report_precision(const struct report_opts *o, const char *log, const struct rec *who,
    struct report_prec *p);

#endif
