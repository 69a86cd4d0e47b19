/*
 * load-solo.c: run one load alone through contest's own run lifecycle
 * (run.c), with `sleep SECONDS` in place of the compile, and print the
 * work the load did in that window.  For tests (-p: stop after whole
 * passes, -k: keep the run directory to inspect) and for make bench (-t:
 * a fixed time, work per second).  Not installed.
 *
 * -L: the load's requests are not timed (for the bench of timing's cost).
 *
 * usage: solo [-O NAME=VALUE]... [-d BASE] [-s TREE] (-t SECONDS | -p PASSES) [-k] [-L] LOAD
 * prints: load=NAME work=RAW units=W unit=UNIT seconds=S lcpu=S rate=RAW/s dir=RUNDIR note="k=v ..."
 * (units: the work in the load's unit, as the log's key of that name;
 * lcpu: the load's CPU seconds in the window, -1 if unknown), and for an
 * I/O load, or one of several workers, the record's keys:
 *   req="n=N mean=US p50=US p99=US max=US over1=% over2=%" fairness=% shares=S,S,...
 */
#include <err.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../config.h"
#include "../run.h"

static void
usage(void)
{
	fprintf(stderr, "usage: solo [-O NAME=VALUE]... [-d BASE] [-s TREE] (-t SECONDS | -p PASSES) [-k] [-L] LOAD\n");
	exit(2);
}

/* The load's own check, as contest makes it before any run. */
static void
check(const struct run_env *e, const struct load *l, const char *base)
{
	struct load_ctx ctx;

	if (l->check == NULL)
		return;
	memset(&ctx, 0, sizeof(ctx));
	load_ctx_options(e->values, l, &ctx);
	ctx.base = base;
	ctx.tree = e->tree;
	ctx.ram = e->ram;
	ctx.ncpu = e->ncpu;
	if (l->check(&ctx) < 0)
		errx(1, "%s: %s", l->name, ctx.reason);
}

/* the record's keys of the load's requests and workers, as contest logs them */
static void
keys(const struct run_env *e, const struct run *r)
{
	static const int k[] = { K_REQ_N, K_REQ_MEAN, K_REQ_P50, K_REQ_P99, K_REQ_MAX,
	    K_REQ_OVER1, K_REQ_OVER2 };
	static const char *const name[] = { "n", "mean", "p50", "p99", "max", "over1", "over2" };
	static struct rec rec;
	const char *sh;
	size_t i;

	rec_init(&rec);
	run_record(e, r, &rec);
	if (rec.has[K_REQ_N]) {
		printf("req=\"");
		for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
			if (rec.has[k[i]])
				printf("%s%s=%.*f", i ? " " : "", name[i], k[i] == K_REQ_MEAN ? 1 :
				    k[i] == K_REQ_OVER1 || k[i] == K_REQ_OVER2 ? 4 : 0, rec.num[k[i]]);
		printf("\"\n");
	}
	if (rec.has[K_FAIRNESS])
		printf("fairness=%.1f\n", rec.num[K_FAIRNESS]);
	if ((sh = strstr(rec.notes, " shares=")) != NULL)
		printf("shares=%.*s\n", (int)strcspn(sh + 8, " "), sh + 8);
}

/* The work the load did in the window, one line, and its keys; 1 if the run was not ok. */
static int
print_run(const struct run_env *e, const struct run *r, unsigned long passes)
{
	char note[LOAD_NOTES * (LOAD_NOTE_KEY + LOAD_NOTE_VAL)];
	unsigned long long w;
	double t, lcpu;
	int i;

	note[0] = '\0';
	for (i = 0; i < r->final.nnotes; i++)
		snprintf(note + strlen(note), sizeof(note) - strlen(note), "%s%s=%s",
		    i ? " " : "", r->final.note[i].key, r->final.note[i].val);
	/* with -p the passes are the measure: all of the load's work counts */
	w = r->win.close.work - (passes ? 0 : r->win.open.work);
	t = r->win.close.t - r->win.open.t;
	lcpu = r->win.open.lcpu >= 0 && r->win.close.lcpu >= r->win.open.lcpu ?
	    r->win.close.lcpu - r->win.open.lcpu : -1;
	printf("load=%s work=%llu units=%.3f unit=%s seconds=%.3f lcpu=%.3f rate=%.1f dir=%s note=\"%s\"\n",
	    r->load->name, w, (double)w / r->load->scale, r->load->unit, t, lcpu,
	    t > 0 ? (double)w / t : 0.0, r->dir, note);
	keys(e, r);
	if (strcmp(r->status, ST_OK)) {
		warnx("%s: %s: %s", r->load->name, r->status, r->reason);
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char *base = ".";
	char why[512], secs_arg[32] = "86400", *job[3];
	double secs = 0;
	struct run_env e;
	struct cage cage;
	static struct run r;
	static struct load_values values;
	int c;

	memset(&e, 0, sizeof(e));
	while ((c = getopt(argc, argv, "O:d:s:t:p:kL")) != -1) {
		switch (c) {
		case 'O': {
			char *eq = strchr(optarg, '=');
			if (eq == NULL)
				usage();
			*eq = '\0';
			if (load_option_set(&values, optarg, eq + 1, why, sizeof(why)) < 0)
				errx(2, "%s", why);
			break;
		}
		case 'd': base = optarg; break;
		case 's': e.tree = optarg; break;
		case 't': secs = strtod(optarg, NULL); break;
		case 'p': e.passes = strtoul(optarg, NULL, 10); break;
		case 'k': e.keep = 1; break;
		case 'L': load_req_timing(0); break;
		default: usage();
		}
	}
	if (optind + 1 != argc || (secs <= 0) == (e.passes == 0))
		usage();
	memset(&r, 0, sizeof(r));
	if ((r.load = load_find(argv[optind])) == NULL || r.load->run == NULL)
		errx(2, "no load '%s' that runs", argv[optind]);
	r.base = base;
	snprintf(r.what, sizeof(r.what), "%s", r.load->name);

	e.ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	e.ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	e.disturb_pct = DISTURB_PCT;
	e.values = &values;
	check(&e, r.load, base);
	run_signals();
	if (cage_open(&cage, why, sizeof(why)) < 0)
		errx(1, "%s", why);
	if (secs > 0)
		snprintf(secs_arg, sizeof(secs_arg), "%.3f", secs);
	job[0] = "sleep";
	job[1] = secs_arg;
	job[2] = NULL;
	e.cage = &cage;
	e.outfd = -1;
	e.job_dir = ".";
	e.job_argv = job;
	e.end_with_load = e.passes > 0;
	if (run_do(&e, &r) < 0) {
		cage_close(&cage);
		run_default_signals();
		raise(run_caught());
		return 1;
	}
	cage_close(&cage);
	return print_run(&e, &r, e.passes);
}
