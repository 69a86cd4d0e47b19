/*
 * stats.c: streaming mean and variance (sums shifted by the first value:
 * precise while the values lie near the first, and with no division
 * per value, which the report does for every metric of every record),
 * Welch's t-test, and
 * Student's t distribution through the regularized incomplete beta
 * function, evaluated by its continued fraction (modified Lentz).
 */
#include <math.h>

#include "stats.h"

void
stats_add(struct acc *a, double x)
{
	double d;

	if (a->n == 0) {
		a->k = a->min = a->max = x;
	} else if (x < a->min)
		a->min = x;
	else if (x > a->max)
		a->max = x;
	a->n++;
	a->sum += x;
	d = x - a->k;
	a->dsum += d;
	a->dsq += d * d;
}

double
stats_mean(const struct acc *a)
{
	return a->n > 0 ? a->sum / (double)a->n : NAN;
}

double
stats_var(const struct acc *a)
{
	double v;

	if (a->n < 2)
		return NAN;
	v = (a->dsq - a->dsum * a->dsum / (double)a->n) / (double)(a->n - 1);
	return v > 0 ? v : 0;	/* rounding may leave a tiny negative */
}

double
stats_sd(const struct acc *a)
{
	return sqrt(stats_var(a));
}

/*
 * One term of the modified Lentz evaluation: fold the partial numerator
 * aa into c and d, return the factor the fraction's value moves by.
 */
static double
lentz(double aa, double *c, double *d)
{
	const double tiny = 1e-300;

	*d = 1 + aa * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + aa / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/* The continued fraction of I_x(a, b), good for x < (a + 1) / (a + b + 2). */
static double
betacf(double x, double a, double b)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d, h;
	int m;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m, del;

		h *= lentz(m * (b - m) * x / ((a + m2 - 1) * (a + m2)), &c, &d);
		del = lentz(-(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1)), &c, &d);
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double
stats_ibeta(double x, double a, double b)
{
	double lbt;

	if (!(x > 0))
		return 0;
	if (!(x < 1))
		return 1;
	lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
	if (x < (a + 1) / (a + b + 2))
		return exp(lbt) * betacf(x, a, b) / a;
	return 1 - exp(lbt) * betacf(1 - x, b, a) / b;
}

double
stats_t_p2(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	/* P(|T| >= |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2) */
	return stats_ibeta(df / (df + t * t), df / 2, 0.5);
}

int
stats_welch(long n1, double m1, double v1, long n2, double m2, double v2,
    double *t, double *df, double *p)
{
	double s1, s2, se2;

	if (n1 < 2 || n2 < 2)
		return -1;
	s1 = v1 / (double)n1;
	s2 = v2 / (double)n2;
	se2 = s1 + s2;
	if (!(se2 > 0)) {
		*t = m1 == m2 ? 0 : (m1 > m2 ? INFINITY : -INFINITY);
		*df = (double)(n1 + n2 - 2);
		*p = m1 == m2 ? 1 : 0;
		return 0;
	}
	*t = (m1 - m2) / sqrt(se2);
	*df = se2 * se2 / (s1 * s1 / (double)(n1 - 1) + s2 * s2 / (double)(n2 - 1));
	*p = stats_t_p2(*t, *df);
	return 0;
}
