/*
 * judge.h: --verdict's decision, in one place for every view that gives
 * one: --verdict's lines (compare.c) and every format that takes
 * --verdict or judges under -c (the statuses of a KCIDB document, a
 * LAVA result's fail).  Above
 * -c's family (family.c): it reads the tests model_verdicts decided and
 * judges the verdict metrics of one load of one row (Time, Ratio, Loads,
 * latency p99: the tests of tier VT_VERDICT), or a row's summary, against
 * -c's row (model.cmp_row): worse (1, FAIL), not worse (0, PASS), or
 * the runs cannot decide (125, SKIP), the exits of --verdict.  It says
 * nothing: the views word its answers and its reasons (doc/contest.1,
 * --verdict).
 */
#ifndef CONTEST_JUDGE_H
#define CONTEST_JUDGE_H

#include "model.h"

/* The answers, as --verdict exits with them. */
enum judge_answer {
	JUDGE_PASS = 0,		/* not worse: each verdict metric's interval rules out worse beyond the threshold */
	JUDGE_FAIL = 1,		/* worse: a verdict metric marked worse (beyond --threshold when given) */
	JUDGE_SKIP = 125	/* the runs cannot decide */
};
#define JUDGE_NOTHING 2		/* judge_row: nothing to judge (the reason said on stderr) */

/* Why a metric got its answer. */
enum judge_why {
	JW_WORSE,	/* FAIL: marked worse by the family (and beyond the threshold when one is given) */
	JW_HELD,	/* SKIP: beyond noise and floor, held: the environment explains it */
	JW_FEW,		/* SKIP: not tested, under 2 runs a side */
	JW_SAME,	/* PASS: not tested, the same value in every run */
	JW_MAYBE,	/* SKIP: its interval allows worse by over the threshold */
	JW_WITHIN	/* PASS: its interval's worse end is within the threshold */
};

/* A load's verdict metrics, in --verdict's order: Time, Ratio, Loads, latency p99. */
#define JUDGE_METRICS 4
struct judge_slot {
	int slot;		/* its test slot (model_test): M_TIME, F_RATIO, M_LOADS, M_LAT_P99 */
	const char *name;	/* as CSV and JSON name it: time, ratio, loads, lat_p99 */
	const char *show;	/* as -c prints it: Time, Ratio, Loads, latency p99 */
};
extern const struct judge_slot judge_slots[JUDGE_METRICS];

/* One verdict metric judged. */
struct judge_metric {
	const struct judge_slot *s;	/* which */
	const struct vd_test *t;	/* its test, never NULL (a metric without one is not listed) */
	int worse;			/* the family marked it worse (as -c prints it), whatever the threshold */
	double thr;			/* the threshold it was judged by, %: --threshold's, else its floor */
	enum judge_answer answer;
	enum judge_why why;
};

/* Where a load stands for a row against BASE. */
enum judge_state {
	JS_JUDGED,	/* both sides have runs counted: its metrics decide */
	JS_NO_RUNS,	/* both ran it, a side has no run counted (each failed, or left out as disturbed): SKIP */
	JS_ONE_SIDE,	/* only one side ran it: not judged, no answer */
	JS_NEITHER	/* neither ran it: no answer */
};

/* A load of a row (or the row's summary) judged against BASE. */
struct judgement {
	const struct group *g, *b;	/* the row's group and BASE's under the load; NULL: did not run it */
	enum judge_state state;
	int n;				/* metrics below: those of the load that have a test */
	struct judge_metric m[JUDGE_METRICS];
	enum judge_answer answer;	/* the worst of its metrics' (FAIL, then SKIP, then PASS); SKIP
					 * with no metric, or JS_NO_RUNS */
};

/*
 * The verdict metrics of load for row against -c's row (m->cmp_row),
 * after model_verdicts, each judged as --verdict judges it with
 * threshold thr (0: each metric's floor), into *j.  0: an answer
 * (j->state JS_JUDGED or JS_NO_RUNS); -1: none (JS_ONE_SIDE, JS_NEITHER).
 * A view that marks a verdict metric fail reads j->m[i].answer; one that
 * lists the metrics marked worse reads j->m[i].worse.
 */
int judge_load(const struct model *m, size_t row, const char *load, double thr, struct judgement *j);
/* The summary's geometric means of Time, Ratio and Loads the same way; -1 when none is tested. */
int judge_summary(const struct model *m, size_t row, double thr, struct judgement *j);
/*
 * Is there nothing to judge of row against BASE: a side without an ok
 * run, or two lists of loads (no_load aside, the baseline of every round)
 * with none in common?  A wrong load list or a kernel that failed every
 * run is no question more runs could answer: git bisect run must stop,
 * not skip.  1 and the reason in why; 0 when there is something to
 * judge: a load both ran, or no_load when a side ran no_load alone.
 */
int judge_nothing(const struct model *m, size_t row, char *why, size_t len);
/*
 * --verdict's answer for row: the worst over its loads' and its
 * summary's (SKIP when no load is judged), or JUDGE_NOTHING when
 * judge_nothing says so.
 */
int judge_row(const struct model *m, size_t row, double thr);
/* The worse of two answers: FAIL, then SKIP, then PASS. */
enum judge_answer judge_worst(enum judge_answer a, enum judge_answer b);

#endif
