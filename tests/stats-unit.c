/*
 * stats-unit.c: prints what report/stats.c computes for textbook samples, one
 * "name value" a line, for t3000-report-stats.sh to check against values
 * computed another way (closed forms, numerical integration, published
 * examples).
 */
#include <stdio.h>

#include "../report/stats.h"

static void
fill(struct acc *a, const double *x, int n)
{
	int i;

	for (i = 0; i < n; i++)
		stats_add(a, x[i]);
}

static void
welch(const char *name, const double *x, int nx, const double *y, int ny)
{
	struct acc a = { 0 }, b = { 0 };
	double t, df, p;

	fill(&a, x, nx);
	fill(&b, y, ny);
	if (stats_welch(a.n, stats_mean(&a), stats_var(&a), b.n, stats_mean(&b), stats_var(&b),
	    &t, &df, &p) < 0) {
		printf("%s untested\n", name);
		return;
	}
	printf("%s_t %.10g\n%s_df %.10g\n%s_p %.10g\n", name, t, name, df, name, p);
}

int
main(void)
{
	static const double s8[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	/* Welch's t-test, Wikipedia, examples 1 to 3 */
	static const double e1a[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6,
	    23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double e1b[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2,
	    21.9, 22.1, 22.9, 20.5, 24.4 };
	static const double e2a[] = { 17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8 };
	static const double e2b[] = { 21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8,
	    20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.5, 21.8 };
	static const double e3a[] = { 19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0 };
	static const double e3b[] = { 28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7,
	    23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 24.0, 13.2 };
	static const double one[] = { 5 }, two[] = { 5, 6 }, c3[] = { 7, 7, 7 }, c3b[] = { 8, 8, 8 };
	static const double tv[] = { 0, 0.5, 1, 2, 2.228138852, 3, 12.70620474, 40 };
	static const double dfs[] = { 1, 2, 3, 4.5, 10, 30, 200 };
	struct acc a = { 0 };
	size_t i, j;

	fill(&a, s8, 8);
	printf("mean %.10g\nsd %.10g\nmin %.10g\nmax %.10g\nn %ld\n", stats_mean(&a), stats_sd(&a),
	    a.min, a.max, a.n);
	welch("ex1", e1a, 15, e1b, 15);
	welch("ex2", e2a, 10, e2b, 20);
	welch("ex3", e3a, 10, e3b, 20);
	welch("small", one, 1, two, 2);
	welch("const_same", c3, 3, c3, 3);
	welch("const_diff", c3, 3, c3b, 3);
	for (i = 0; i < sizeof(tv) / sizeof(tv[0]); i++)
		for (j = 0; j < sizeof(dfs) / sizeof(dfs[0]); j++)
			printf("p2_%.10g_%g %.12g\n", tv[i], dfs[j], stats_t_p2(tv[i], dfs[j]));
	return 0;
}
