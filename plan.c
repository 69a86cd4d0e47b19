/*
 * plan.c: --plan's lines, one "key: value" each on stdout, after the
 * run's own checks (preflight.c): the machine planned for, the compile,
 * each load's size from the sizing policy (sizing.c), the disk and
 * memory the runs need, and the suite's estimate from the same plan of
 * runs the suite follows (suite.c).  Nothing is started or written.
 */
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "contest.h"
#include "gen.h"

/*
 * One load's lines of the plan; its disk and memory into *disk, *mem.
 * -1: it cannot run there; -2: its options are wrong (a run would exit 2).
 */
static int
plan_load_lines(const struct invocation *iv, const struct load *l, unsigned long long *disk,
    unsigned long long *mem)
{
	struct sz_out o;
	char b[32];

	*disk = *mem = 0;
	if (load_plan(iv, l, &o) < 0) {
		printf("%s size: %s: %s\n", l->name, o.bad_option ? "refused" : "cannot run here", o.why);
		return o.bad_option ? -2 : -1;
	}
	if (iv->o->tree && (l->sizing == SZ_TREE || l->sizing == SZ_ARCHIVE)) {
		printf("%s size: the kernel tree's archive, within half the free space\n", l->name);
		return 0;
	}
	if (l->sizing == SZ_NONE)
		printf("%s size: none\n", l->name);
	else if (l->sizing == SZ_PROCS)
		printf("%s size: %llu processes\n", l->name, o.size);
	else if (l->sizing == SZ_CLIENTS)
		printf("%s size: %llu bytes for %ld client%s (%s, %s)\n", l->name, o.size, o.count,
		    o.count == 1 ? "" : "s", sz_bytes(b, sizeof(b), o.size), o.sizing);
	else
		printf("%s size: %llu bytes (%s, %s)\n", l->name, o.size, sz_bytes(b, sizeof(b), o.size), o.sizing);
	if (o.setup_s > 0)
		printf("%s setup: %.0f s\n", l->name, o.setup_s);
	*disk = o.disk;
	*mem = o.mem;
	return 0;
}

/* The plan's machine and compile: cpus, memory, disk, units, jobs, the no_load estimate. */
static void
plan_compile(const struct invocation *iv, double base)
{
	const struct sz_cpus *c = &iv->mach.cpu;
	const struct sz_mem *m = &iv->mach.mem;
	char a[32], b[32], e[32];

	printf("cpus: %d usable of %d online (affinity %d, cpuset %d, quota ", c->usable, c->online,
	    c->affinity, c->cpuset);
	printf(c->quota > 0 ? "%.2f)\n" : "none)\n", c->quota);
	printf("memory: %s (MemAvailable %s, memory cgroup %s)\n", sz_bytes(a, sizeof(a), m->ram),
	    sz_bytes(b, sizeof(b), m->avail), m->cg[0] ? sz_bytes(e, sizeof(e), m->cg_limit) : "none");
	printf("disk: %s free\n", sz_bytes(a, sizeof(a), iv->mach.disk_free));
	if (iv->o->tree) {
		printf("jobs: %ld\n", iv->jobs);
		printf("no_load estimate: %.0f s (a kernel tree: the policy's target)\n", base);
		return;
	}
	printf("units: %ld\n", iv->units);
	printf("jobs: %ld\n", iv->jobs);
	printf("no_load estimate: %.0f s\n", base);
	printf("serial share: %.2g%% of the work (Amdahl's s), %.0f%% of the estimate\n",
	    sz_serial(iv->units) * 100, sz_serial(iv->units) * sz_noload_s(iv->units, 1) / base * 100);
}

/* The plan's suite: every run of the first `rounds` rounds (all with --by-load), cacherun's warm-up if it comes first. */
static double
plan_suite(const struct invocation *iv, const struct load **loads, int nloads, double base, long rounds)
{
	static struct plan p[PLAN_MAX];
	double spent[MAXLOADS + 1] = { 0 }, setup[MAXLOADS + 1], suite;
	long done[MAXLOADS + 1] = { 0 };
	int np = make_plan(iv, p, loads, nloads);

	plan_setups(iv, loads, nloads, setup);
	suite = secs_left(iv, p, np, 0, rounds, spent, done, loads, nloads, base, setup);
	if (np > 0 && (p[0].load->flags & LOAD_WARM))
		suite += base + RUN_OVERHEAD_S;
	return suite;
}

/*
 * The plan's last line: the suite's seconds; with --until, from its -n
 * rounds (the fewest it runs) to --max-rounds, or to --max-time if that
 * ends it sooner (it starts no round that would end past it).
 */
static void
plan_suite_line(const struct invocation *iv, const struct load **loads, int nloads, double base)
{
	const struct opts *o = iv->o;
	double lo = plan_suite(iv, loads, nloads, base, o->runs), hi;

	if (!(o->until > 0)) {
		printf("suite estimate: %.0f s (%.0f min: %ld run%s of each of %d load%s%s)\n", lo, lo / 60,
		    o->runs, o->runs == 1 ? "" : "s", nloads, nloads == 1 ? "" : "s",
		    iv->nlabels ? " under each label" : "");
		return;
	}
	hi = plan_suite(iv, loads, nloads, base, iv->rounds);
	if (iv->max_time > 0 && hi > iv->max_time)
		hi = iv->max_time;
	if (lo > hi)
		lo = hi;
	printf("suite estimate: %.0f to %.0f s (%.0f to %.0f min: --until %g%% runs %ld to %ld rounds of %d load%s%s%s)\n",
	    lo, hi, lo / 60, hi / 60, o->until, o->runs, iv->rounds, nloads, nloads == 1 ? "" : "s",
	    iv->nlabels ? " under each label" : "", iv->max_time > 0 ? ", fewer if --max-time ends them" : "");
}

/*
 * --set: the labels' order, round by round (suite.c's round_order), up to
 * the rounds planned or until the order comes round again (2 x labels
 * rounds), and each label's part of a round.
 */
static void
plan_order(const struct invocation *iv, const struct load **loads, int nloads)
{
	int order[SET_LABELS], i, j, n = iv->nlabels;
	long r, shown = iv->rounds < 2L * n ? iv->rounds : 2L * n;

	if (n == 0)
		return;
	printf("labels: %d, each of every round:", n);
	for (i = 0; i < n; i++)
		printf(" %s", iv->lab[i].label);
	printf("\nlabel's part of a round:");
	for (i = 0; i < nloads; i++)
		printf(" %s", loads[i]->name);
	printf("\n");
	for (r = 1; r <= shown; r++) {
		round_order(r, n, order);
		printf("round %ld:", r);
		for (j = 0; j < n; j++)
			printf(" %s", iv->lab[order[j]].label);
		printf("\n");
	}
	if (iv->rounds == shown + 1)
		printf("round %ld: as round 1\n", iv->rounds);
	else if (iv->rounds > shown)
		printf("rounds %ld to %ld: as rounds 1 to %ld, and so on\n", shown + 1, iv->rounds, shown);
}

/*
 * --plan: what the options would do on this machine (or on the one
 * --cpus, --mem and --disk describe), one "key: value" line each, once
 * the run's own checks said bad (STEP_FAILED: something could not run
 * there).  The status: bad, or STEP_FAILED when a load cannot run there,
 * STEP_BAD when its options are wrong (a run would exit 2 in its check).
 */
int
plan_lines(struct invocation *iv, const struct load **loads, int nloads, int bad)
{
	const struct opts *o = iv->o;
	unsigned long long disk = 0, mem = 0, d, m, tree, comp, free;
	char a[32], b[32], e[32], path[PATH_MAX + 16];
	double base = noload_est(iv);
	int i;

	plan_compile(iv, base);
	/* the loads are sized once the tree's sources are written */
	snprintf(path, sizeof(path), "%s/builtin", o->workdir);
	free = iv->mach.disk_free;
	if (!o->tree && !gen_present(path, (unsigned)iv->units))
		iv->mach.disk_free = free > sz_tree_src(iv->units) ? free - sz_tree_src(iv->units) : 0;
	for (i = 0; i < nloads; i++) {
		int rc = plan_load_lines(iv, loads[i], &d, &m);
		if (rc < 0 && bad < STEP_BAD)
			bad = rc == -2 ? STEP_BAD : STEP_FAILED;
		disk = d > disk ? d : disk;
		mem = m > mem ? m : mem;
	}
	tree = o->tree ? 0 : sz_tree_disk(iv->units);
	comp = sz_compile_mem(iv->jobs, o->tree != NULL);
	printf("disk needed: %llu bytes (%s: the tree %s, the largest load's files %s)\n", tree + disk,
	    sz_bytes(a, sizeof(a), tree + disk), sz_bytes(b, sizeof(b), tree), sz_bytes(e, sizeof(e), disk));
	printf("memory needed: %llu bytes (%s: the compile's %s, the largest load's %s)\n", comp + mem,
	    sz_bytes(a, sizeof(a), comp + mem), sz_bytes(b, sizeof(b), comp), sz_bytes(e, sizeof(e), mem));
	plan_order(iv, loads, nloads);
	plan_suite_line(iv, loads, nloads, base);
	return bad;
}
