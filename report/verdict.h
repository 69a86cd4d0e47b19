/*
 * verdict.h: the comparison engine.  Every mark the report prints
 * (better, worse, changed) comes from one call of vd_family per
 * comparison: every hypothesis that may carry a mark (each metric of
 * each load of each compared row, and the summary's) is one struct
 * vd_test, and the call decides them together, so that when nothing
 * changed at most one comparison in twenty carries any mark at all
 * (weighted Holm over the whole family, doc/report.md "Verdicts").
 *
 * For each test it gives the change and its 95% confidence interval
 * (for a ratio of means: Welch's t on the log ratio, its variance by the
 * delta method), the p-value, the family's adjusted p, the mark or why
 * there is none (within the noise, below the materiality floor of the
 * metric's kind, held back by the environment), and the smallest change
 * the runs could have seen (80% power) with the runs a side that would
 * see VD_TARGET_PCT.  It knows nothing of logs or the model: a renderer
 * or the model fills the tests (vd_parts builds the estimate from the
 * means and variances of the samples it combines) and reads them back.
 */
#ifndef CONTEST_VERDICT_H
#define CONTEST_VERDICT_H

#include <stddef.h>

#define VD_ALPHA	0.05	/* family-wise: comparisons with any mark when nothing changed */
#define VD_LEVEL	0.95	/* of each interval shown */
#define VD_POWER	0.80	/* of the smallest detectable change */
#define VD_TARGET_PCT	2.0	/* the runs a side that would see this change, % */
#define VD_MAX_RUNS	1000	/* beyond it, "more than 1000 runs" */

/*
 * The kind of a metric: its materiality floor.  A change is marked only
 * when it also reaches the floor: |change| >= rel % of the base and
 * >= abs in the metric's unit (doc/report.md gives the table and why).
 */
enum vd_kind {
	VK_TIME,	/* Time, user, sys, Ratio: 1% (LKP) */
	VK_WORK,	/* Loads, work done: 2% */
	VK_CPU,		/* CPU%, LCPU%: 2% and 1 point */
	VK_SHARE,	/* shares of the machine, PSI, disk busy: 10% and 1 point */
	VK_MET,		/* deadlines met %: 1 point */
	VK_LAT,		/* latency p50: 10% and 10 us */
	VK_TAIL,	/* latency p99, run-queue delay: 25% and 10 us */
	VK_MAX,		/* latency max: 100% and 100 us */
	VK_COUNT,	/* counters (faults, vm events, context switches): 10% and 1 */
	VK_SIZE,	/* sizes, disk traffic, waits: 5% and 1 */
	VK_OVERHEAD,	/* contest's and the probe's own CPU: 10% */
	VK_OVER,	/* share of requests over a threshold: 100% and 0.01 point */
	VK_FAIR,	/* the slowest worker's work / the fastest's: 2% and 1 point */
	VK_SETTING,	/* a setting logged beside the measures (a threshold): never tested */
	VK_N
};

/* Share of the family's alpha: the summary, the verdict metrics, the rest. */
enum vd_tier {
	VT_SUMMARY,	/* geometric means over the loads: Time, Ratio, Loads */
	VT_VERDICT,	/* per load: Time, Ratio, Loads, probe p99 */
	VT_OTHER,	/* every other metric */
	VT_N
};

enum vd_mark {
	VD_UNTESTED,	/* a side has fewer than 2 values, or nothing varies */
	VD_NOISE,	/* cannot be told from noise */
	VD_SMALL,	/* beyond the noise but below the floor of its kind */
	VD_HELD,	/* beyond both, but the environment explains it (held) */
	VD_CHANGED,	/* beyond both, a metric without a better direction */
	VD_BETTER,
	VD_WORSE
};

/* One sample a change is made of: coef x log(mean), or coef x mean. */
struct vd_part {
	double coef;		/* +1 this, -1 base; 1/L, -1/L in a mean over L loads */
	long n;			/* values */
	double mean, var;	/* their mean and sample variance (n - 1) */
};

struct vd_test {
	/* set by the caller */
	enum vd_kind kind;
	enum vd_tier tier;
	double rweight;		/* weight within its tier (the tier's shares split by it); 0: 1 */
	int better;		/* +1: higher is better, -1: lower, 0: neither */
	int explain;		/* the environment changed: +1 towards worse, -1 towards better, 2 both ways; 0 not */
	const char *why;	/* what in the environment, when explain */
	int logged;		/* the parts are means of logs (a geometric mean per round): est is linear in them, a log ratio */
	/* set by vd_parts, or by the caller */
	int tested;		/* the estimate exists: at least 2 values a side, a spread */
	int log;		/* est is a log ratio (else a difference in the unit) */
	double est, var, df;	/* the estimate, its variance, Welch-Satterthwaite df */
	double base;		/* the base's level: the change in % of it (log: exp(est) - 1) */
	long n;			/* runs a side (the smaller), for the smallest change seen */
	/* set by vd_family */
	double pct, lo, hi;	/* change and its 95% interval, % of base; NAN if base is 0 */
	double d, dlo, dhi;	/* the same as a difference, in the unit (log: base x ...) */
	double p, padj;		/* two-sided p of no change; the family's adjusted p; NAN untested */
	double weight;		/* share of alpha it had at the first step of Holm */
	double mde;		/* smallest change (%) seen with 80% power at these runs; NAN unknown */
	long runs;		/* runs a side to see VD_TARGET_PCT, VD_MAX_RUNS + 1 beyond; 0 unknown */
	enum vd_mark mark;
};

/* A part from the values x[0..n): their mean and sample variance (NAN under 2). */
void vd_sample(struct vd_part *p, double coef, const double *x, long n);

/*
 * The estimate of t from its parts: a log ratio of means when every mean
 * is above 0 (each part adds coef^2 var / (n mean^2), the delta method),
 * else a difference of means; with t->logged, the parts' means are of
 * logs already, and est, their sum, is a log ratio of geometric means.
 * Untested (est still the point change) when a part has fewer than 2
 * values, or when every value of every part is the same.  base: the
 * level the change is a percentage of (the base's mean, or its
 * geometric mean).
 */
void vd_parts(struct vd_test *t, const struct vd_part *p, int np, double base);

/*
 * Decide the family t[0..n): intervals, p, weights, weighted Holm at
 * alpha (VD_ALPHA), floors, the environment, the smallest changes seen.
 * A test left untested has weight 0 and mark VD_UNTESTED.
 */
void vd_family(struct vd_test *t, size_t n, double alpha);

/*
 * The smallest change t's runs could see (t->mde, % of the base) with
 * power VD_POWER at its first-step level of Holm (alpha x its weight),
 * never below its kind's floor, and the runs a side (t->runs) that would
 * see VD_TARGET_PCT or the floor, whichever is larger.  After vd_family.
 */
void vd_mde(struct vd_test *t, double alpha);

/* The floor of a kind: rel (%) and abs (in the metric's unit). */
void vd_floor(enum vd_kind k, double *rel, double *abs);
const char *vd_kind_name(enum vd_kind k);

/* Student's t: the quantile with upper tail a (0 < a < 1), df > 0. */
double vd_tq(double a, double df);

#endif
