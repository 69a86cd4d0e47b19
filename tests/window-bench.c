/*
 * window-bench.c: what reading the window's edges costs, for make bench
 * (tests/bench/machine.sh): N times each of what run.c reads at an edge
 * besides the load's counter: sys_take (the machine's files) and
 * sys_kthreads_take (every /proc/PID/stat, for the kernel's threads);
 * medians and 90th percentiles in microseconds.  Not installed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../sys.h"
#include "../util.h"

#define N 2000

static struct sys s;
static struct sys_sample a;
static struct sys_procs p;
static double v[N], w[N];


static int
cmp(const void *x, const void *y)
{
	double d = *(const double *)x - *(const double *)y;

	return d < 0 ? -1 : d > 0;
}

int
main(void)
{
	const char *dirs[2] = { ".", NULL };
	int i;

	sys_open(&s, dirs, 1);
	for (i = 0; i < N; i++) {
		double t0 = mono_s(), t1, t2;
		sys_take(&s, &a);
		t1 = mono_s();
		sys_kthreads_take(&p);
		t2 = mono_s();
		v[i] = (t1 - t0) * 1e6;
		w[i] = (t2 - t1) * 1e6;
	}
	qsort(v, N, sizeof(v[0]), cmp);
	qsort(w, N, sizeof(w[0]), cmp);
	printf("sys_take: median %.0f us, p90 %.0f us\n", v[N / 2], v[N * 9 / 10]);
	printf("sys_kthreads_take: median %.0f us, p90 %.0f us (%d kernel threads)\n",
	    w[N / 2], w[N * 9 / 10], p.n);
	printf("one edge: about %.0f us; both edges of a run: about %.2f ms\n",
	    v[N / 2] + w[N / 2], 2 * (v[N / 2] + w[N / 2]) / 1000);
	return 0;
}
