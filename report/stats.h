/*
 * stats.h: the few statistics the report needs, with libm only: a
 * streaming accumulator (count, sum, mean, sample variance, min, max),
 * Welch's unequal-variance t-test and Student's t distribution.
 */
#ifndef CONTEST_STATS_H
#define CONTEST_STATS_H

/* One column of one group; zero it before the first stats_add. */
struct acc {
	long n;			/* values added */
	double sum;		/* their sum: the mean is sum / n, as awk would compute it */
	double k;		/* the first value: the others are summed as x - k, */
	double dsum, dsq;	/* so the variance keeps its digits without a division per value */
	double min, max;	/* smallest and largest value */
};

void stats_add(struct acc *, double x);
double stats_mean(const struct acc *);	/* sum / n; NAN when n == 0 */
double stats_var(const struct acc *);	/* sample variance, n - 1 in the denominator; NAN when n < 2 */
double stats_sd(const struct acc *);	/* sqrt of stats_var */

/*
 * Welch's t-test of two samples given as n, mean and sample variance:
 * t = (m1 - m2) / sqrt(v1/n1 + v2/n2), Welch-Satterthwaite df, and the
 * two-sided p-value.  -1 when a side has fewer than 2 values.  When
 * both variances are 0, p is 1 if the means are equal and 0 if not.
 */
int stats_welch(long n1, double m1, double v1, long n2, double m2, double v2,
    double *t, double *df, double *p);

/* P(|T| >= |t|) for Student's t with df > 0 degrees of freedom. */
double stats_t_p2(double t, double df);
/* The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double stats_ibeta(double x, double a, double b);

#endif
