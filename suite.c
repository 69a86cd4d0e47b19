/*
 * suite.c: the runs of an invocation in order: rounds (or --by-load;
 * with --set every label once a round, in a balanced order, its
 * settings written before its part and checked after each run), each
 * run done by run.c and appended to the log (log.c), the progress
 * lines on stderr with the time left, the tables so far after each
 * round and the final report (report.c), and --until's rounds added
 * until the report says every Ratio is known within the margin.
 * Nothing here exits: a signal or a record that cannot be written ends
 * the suite with a step (contest.h) that contest.c acts on.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "config.h"
#include "contest.h"
#include "util.h"

/* ------------------------------------------------------------ the plan */

int
baseline_first(const struct invocation *iv, const struct load **loads, int nloads, double logbase)
{
	const struct opts *o = iv->o;
	int i, asked = 0;

	for (i = 0; i < nloads; i++)
		asked |= !strcmp(loads[i]->name, "no_load");
	if (iv->nlabels && !asked) {
		fprintf(stderr, "contest: --set: %s no_load in every label's part of every round, for its "
		    "paired Ratio\n", o->plan ? "the plan runs" : "running");
		memmove(loads + 1, loads, (size_t)nloads * sizeof(loads[0]));
		loads[0] = load_find("no_load");
		return nloads + 1;
	}
	if (!o->no_baseline && logbase == 0 && !asked) {
		fprintf(stderr, "contest: no no_load baseline for '%s' in '%s': %s no_load %s\n",
		    iv->who.label, o->log, o->plan ? "the plan runs" : "running", o->by_load ? "first" :
		    "in every round");
		memmove(loads + 1, loads, (size_t)nloads * sizeof(loads[0]));
		loads[0] = load_find("no_load");
		return nloads + 1;
	}
	for (i = 1; i < nloads; i++)
		if (!strcmp(loads[i]->name, "no_load")) {
			const struct load *x = loads[i];
			memmove(loads + 1, loads, (size_t)i * sizeof(loads[0]));
			loads[0] = x;
		}
	return nloads;
}

/*
 * --set's order of the labels in a round: in round r (from 1), the labels
 * as given rotated by (r - 1) / 2 places, reversed when r is even.  Each
 * even round mirrors the one before, so every two rounds give each label
 * the same sum of places and a drift of the box linear in time cancels
 * out of the difference; the rotation moves every label through every
 * place.  Two labels: A B, B A, B A, A B, then again, which cancels a
 * quadratic drift over four rounds as well; three: A B C, C B A, B C A,
 * A C B, C A B, B A C, every order once.
 */
void
round_order(long round, int n, int *order)
{
	long q = (round - 1) / 2;
	int i;

	for (i = 0; i < n; i++)
		order[round % 2 ? i : n - 1 - i] = (int)((i + q) % n);
}

/* Runs in the order they will be done: rounds, or all of one load together. */
int
make_plan(const struct invocation *iv, struct plan *p, const struct load **loads, int nloads)
{
	int np = 0, i, j, n = iv->nlabels ? iv->nlabels : 1, order[SET_LABELS] = { 0 };
	long k;

	if (iv->o->by_load) {
		for (i = 0; i < nloads; i++)
			for (k = 1; k <= iv->o->runs; k++) {
				p[np].load = loads[i];
				p[np].run = k;
				p[np].label = 0;
				p[np++].round = 0;
			}
		return np;
	}
	for (k = 1; k <= iv->rounds; k++) {
		round_order(k, n, order);
		for (j = 0; j < n; j++)
			for (i = 0; i < nloads; i++) {
				p[np].load = loads[i];
				p[np].run = k;
				p[np].label = order[j];
				p[np++].round = k;
			}
	}
	return np;
}

void
plan_setups(const struct invocation *iv, const struct load **loads, int nloads, double *setup)
{
	struct sz_out o;
	int i;

	for (i = 0; i < nloads; i++)
		setup[i] = load_plan(iv, loads[i], &o) == 0 ? o.setup_s : 0;
}

/* Seconds a run of l should take, from what is known so far (setup: its planned setup). */
static double
guess(const struct invocation *iv, const struct load *l, const double *spent, const long *done, int li,
    double base, double setup)
{
	if (done[li])
		return spent[li] / (double)done[li];
	if (l->flags & LOAD_IDLE)
		return base + RUN_OVERHEAD_S;
	return sz_run_s(l->sizing, base, (double)iv->o->lead, setup);
}

double
secs_left(const struct invocation *iv, const struct plan *p, int np, int next, long rounds,
    const double *spent, const long *done, const struct load **loads, int nloads, double base,
    const double *setup)
{
	double left = 0;
	int i, k;

	for (i = next; i < np; i++)
		for (k = 0; k < nloads; k++)
			if (loads[k] == p[i].load && (rounds == 0 || p[i].round <= rounds))
				left += guess(iv, loads[k], spent, done, k, base, setup[k]);
	return left;
}

/* What the runs so far say of the ones to come: for say_left. */
struct progress {
	const struct plan *p;
	int np;
	const struct load **loads;
	int nloads;
	double spent[MAXLOADS + 1];	/* seconds each load's runs took so far */
	long done[MAXLOADS + 1];	/* each load's runs done */
	double setup[MAXLOADS + 1];	/* each load's planned setup, s */
	double base;			/* the no_load Time to go by: the runs', the log's or the estimate */
};

/*
 * How long the runs from next on should take (took: seconds since the
 * first); with --until from its -n rounds to --max-rounds, or to
 * --max-time if that ends them sooner.
 */
static void
say_left(const struct invocation *iv, const struct progress *g, int next, double took)
{
	const struct opts *o = iv->o;
	const char *from = o->tree ? "the log's no_load runs" : "the log's no_load runs or the tree's size";
	int np = g->np;
	double left, lo;

	if (!(g->base > 0)) {
		fprintf(stderr, "contest: %s%d run%s to go; how long, the first no_load run will tell\n",
		    o->until > 0 ? "at most " : "", np - next, np - next == 1 ? "" : "s");
		return;
	}
	left = secs_left(iv, g->p, np, next, 0, g->spent, g->done, g->loads, g->nloads, g->base, g->setup);
	if (o->until > 0 && iv->max_time > 0 && left > iv->max_time - took)
		left = iv->max_time > took ? iv->max_time - took : 0;
	if (next == 0 && o->until > 0) {
		lo = secs_left(iv, g->p, np, 0, o->runs, g->spent, g->done, g->loads, g->nloads, g->base,
		    g->setup);
		fprintf(stderr, "contest: --until: %ld to %ld rounds of %d load%s%s, about %.0f to %.0f min in "
		    "all%s (estimated from %s)\n", o->runs, iv->rounds, g->nloads, g->nloads == 1 ? "" : "s",
		    iv->nlabels ? " under each label" : "", (lo < left ? lo : left) / 60, left / 60, iv->max_time > 0 &&
		    left >= iv->max_time ? ", --max-time ending them" : "", from);
	} else if (next == 0) {
		fprintf(stderr, "contest: %d run%s, about %.0f min in all (estimated from %s)\n", np,
		    np == 1 ? "" : "s", left / 60, from);
	} else if (next < np) {
		fprintf(stderr, "contest: %d of %s%d runs done, about %.0f min left%s\n", next,
		    o->until > 0 ? "at most " : "", np, left / 60, o->until > 0 ? " at most" : "");
	}
}

/* ------------------------------------------------------------- a run */

/*
 * Append rec to the log, or stop: the run is measured, and a record
 * that cannot be written must not pass unseen (a full disk, the file
 * size limit, a log replaced by a link meanwhile).  STEP_OK, or
 * STEP_ABORT (said).
 */
static int
append(const struct opts *o, const struct rec *rec, const char *what)
{
	char why[PATH_MAX + 160];
	struct rlimit rl;

	if (log_append(o->log, rec, why, sizeof(why)) == 0)
		return STEP_OK;
	if (errno == EFBIG && getrlimit(RLIMIT_FSIZE, &rl) == 0)
		warnx("cannot append %s to '%s': %s (the file size limit, ulimit -f, "
		    "is %llu bytes; the log is as it was)", what, o->log, why,
		    (unsigned long long)rl.rlim_cur);
	else
		warnx("cannot append %s to '%s': %s", what, o->log, why);
	return STEP_ABORT;
}

/*
 * --set: label li's snapshot: the box's, under its label, with its
 * settings, the values found, and what the trial read of the box under
 * them where a setting may change it (governor, THP, I/O scheduler).
 */
static const struct rec *
label_snapshot(const struct invocation *iv, int li)
{
	static struct rec r;
	const struct set_part *p = &iv->lab[li];

	r = iv->snap;
	snprintf(r.label, sizeof(r.label), "%s", p->label);
	snprintf(r.set, sizeof(r.set), "%s", p->set);
	snprintf(r.snap.set_found, sizeof(r.snap.set_found), "%s", iv->set_found);
	snprintf(r.snap.governor, sizeof(r.snap.governor), "%s", p->governor);
	snprintf(r.snap.thp, sizeof(r.snap.thp), "%s", p->thp);
	snprintf(r.snap.sched, sizeof(r.snap.sched), "%s", p->sched);
	return &r;
}

/* --set: what every record of label li shares, as iv->who is the invocation's (li 0: who). */
static const struct rec *
label_who(const struct invocation *iv, int li)
{
	static struct rec w;

	if (iv->nlabels == 0)
		return &iv->who;
	w = iv->who;
	snprintf(w.label, sizeof(w.label), "%s", iv->lab[li].label);
	snprintf(w.set, sizeof(w.set), "%s", iv->lab[li].set);
	return &w;
}

/*
 * Append r (of label li) to the log, the snapshot (with --set, its
 * label's) first if it is still due: STEP_OK or STEP_ABORT.
 */
static int
log_run(struct invocation *iv, int li, const struct rec *rec, const char *what)
{
	char rw[256];

	if (iv->snap_due) {
		snprintf(iv->snap.date, sizeof(iv->snap.date), "%s", rec->date);
		if (append(iv->o, &iv->snap, "the snapshot") != STEP_OK)
			return STEP_ABORT;
		iv->snap_due = 0;
	}
	if (iv->nlabels && iv->lab[li].snap_due) {
		snprintf(iv->snap.date, sizeof(iv->snap.date), "%s", rec->date);
		if (append(iv->o, label_snapshot(iv, li), "the snapshot") != STEP_OK)
			return STEP_ABORT;
		iv->lab[li].snap_due = 0;
	}
	snprintf(rw, sizeof(rw), "the record of %s", what);
	return append(iv->o, rec, rw);
}

/*
 * --set: before run p, its label's settings in place (settings_apply,
 * unless they are since the last run: *applied).  0, or -1 with why:
 * the run is not done, and logged invalid with it.
 */
static int
settle_label(struct invocation *iv, const struct plan *p, int *applied, char *why, size_t len)
{
	if (iv->set == NULL || *applied == p->label)
		return 0;
	*applied = -1;
	if (settings_apply(iv->set, p->label, why, len) < 0)
		return -1;
	*applied = p->label;
	return 0;
}

/*
 * --set: after run r, its label's settings still in place (settings_check);
 * if not, an ok run is invalid with the reason, and the next run writes
 * them again.
 */
static void
check_label(struct invocation *iv, const struct plan *p, int *applied, struct run *r)
{
	char why[2048];

	if (iv->set == NULL || settings_check(iv->set, p->label, why, sizeof(why)) == 0)
		return;
	*applied = -1;
	if (r->status && strcmp(r->status, ST_OK))
		return;		/* it failed for a reason of its own, which its record says */
	r->status = ST_INVALID;
	snprintf(r->reason, sizeof(r->reason), "%.*s", (int)sizeof(r->reason) - 1, why);
}

/*
 * One run p of load l: run it, log it, say how it went.  STEP_OK if ok,
 * STEP_FAILED if not, STEP_STOPPED by a signal, STEP_ABORT when its
 * record cannot be written; *elapsed is the compile's Time, 0 when it
 * did not run.  With --set, a run whose label's settings could not be
 * written is not done, and is logged invalid with the reason.
 */
static int
do_run(struct run_env *e, struct invocation *iv, const struct plan *p, int *applied, double *elapsed)
{
	static struct run r;
	static struct rec rec, prec;	/* the run's record, its kernel profile's */
	const struct opts *o = iv->o;
	const struct load *l = p->load;
	const struct rec *who = label_who(iv, p->label);
	char why[2048], lab[32] = "";
	double el;

	memset(&r, 0, sizeof(r));
	r.load = l;
	r.run = p->run;
	r.round = p->round;
	r.base = l->dir_option ? load_option_value(&o->values, l->dir_option) : o->workdir;
	if (iv->nlabels)
		snprintf(lab, sizeof(lab), "%.24s: ", who->label);
	snprintf(r.what, sizeof(r.what), "%s%s %ld/%ld", lab, l->name, p->run, iv->rounds);
	snprintf(r.out_name, sizeof(r.out_name), "%s-%s-%ld.txt", who->label, l->name, p->run);
	e->who = who;
	if (settle_label(iv, p, applied, why, sizeof(why)) < 0) {
		fprintf(stderr, "contest: %s: not run, logged invalid: %s\n", r.what, why);
		r.status = ST_INVALID;
		snprintf(r.reason, sizeof(r.reason), "%.*s", (int)sizeof(r.reason) - 1, why);
		r.start = r.end = (long)time(NULL);
		run_record(e, &r, &rec);
		*elapsed = 0;
		return log_run(iv, p->label, &rec, r.what) != STEP_OK ? STEP_ABORT : run_pending() ?
		    STEP_STOPPED : STEP_FAILED;
	}
	fprintf(stderr, "contest: %s: starting\n", r.what);
	if (run_do(e, &r) < 0)
		return STEP_STOPPED;
	check_label(iv, p, applied, &r);

	run_record(e, &r, &rec);
	if (log_run(iv, p->label, &rec, r.what) != STEP_OK ||
	    (run_profile(e, &r, &rec, &prec) == 0 && log_run(iv, p->label, &prec, r.what) != STEP_OK))
		return STEP_ABORT;
	*elapsed = el = rec.num[K_ELAPSED];
	fprintf(stderr, "contest: %s: %.2f s elapsed, CPU %.0f%%", r.what, el, derive_cpu(&rec));
	if (!(l->flags & LOAD_IDLE))
		fprintf(stderr, ", load %.1f %s, LCPU %.0f%%", rec.num[K_WORK], l->unit, derive_lcpu(&rec));
	if (!strcmp(rec.status, ST_OK)) {
		fprintf(stderr, "\n");
		return STEP_OK;
	}
	{
		char vis[sizeof(rec.reason) * 4];
		log_vis(vis, sizeof(vis), rec.reason, strlen(rec.reason));
		fprintf(stderr, ", %s: %s\n", rec.status, vis);
	}
	if (r.show_tail)
		run_show_tail(e, &r);
	return STEP_FAILED;
}

/* An untimed compile before the first cacherun, when none ran yet: STEP_OK or STEP_STOPPED. */
static int
warm_up(const struct run_env *e, const struct opts *o, const struct load *l)
{
	static struct run r;

	memset(&r, 0, sizeof(r));
	r.load = l;
	r.base = o->workdir;
	snprintf(r.what, sizeof(r.what), "warm-up");
	snprintf(r.out_name, sizeof(r.out_name), "warm-up.txt");
	fprintf(stderr, "contest: warm-up compile for %s (untimed)\n", l->name);
	if (run_do(e, &r) < 0)
		return STEP_STOPPED;
	if (strcmp(r.status, ST_OK))
		fprintf(stderr, "contest: the warm-up compile failed (%s); %s goes on cold\n",
		    r.status, l->name);
	return STEP_OK;
}

/* The compile's time limit: --timeout, else from the no_load Time. */
static double
time_limit(const struct opts *o, double logbase, double sum, long n)
{
	double base = n ? sum / (double)n : logbase;

	if (o->timeout > 0)
		return (double)o->timeout;
	if (!(base > 0))
		return TIMEOUT_NOBASE;
	return base * TIMEOUT_FACTOR > TIMEOUT_MIN ? base * TIMEOUT_FACTOR : TIMEOUT_MIN;
}

/* ---------------------------------------------------------- the tables */

/* The report of loads (the sections shown) from the log, on stdout: 0, or the report's status. */
static int
show(const struct opts *o, const char *const *names, int n)
{
	const char *logs[1] = { o->log };
	struct report_opts ro = { 0 };

	ro.loads = names;
	ro.nloads = n;
	report_data(&ro);
	fflush(stderr);
	return report(&ro, 1, logs, stdout);
}

/*
 * The tables so far, as soon as there is something whole to show: after
 * each round but the last (all the loads run, one more run each), or
 * with --by-load after each load's runs.  The user of an hour-long suite
 * need not wait for its end; the final report follows it.
 */
static void
finished(const struct invocation *iv, const struct plan *p, int np, int k, const struct load **loads,
    int nloads, struct suite *s)
{
	const struct opts *o = iv->o;
	const char *names[MAXLOADS + 1];
	int n = 0, i;

	if (k + 1 == np)
		return;		/* the final report says it all */
	if (o->by_load) {
		if (p[k + 1].load == p[k].load)
			return;
		names[n++] = p[k].load->name;
		printf("%s done (%ld run%s):\n\n", p[k].load->name, o->runs, o->runs == 1 ? "" : "s");
	} else {
		if (p[k + 1].round == p[k].round)
			return;
		for (i = 0; i < nloads; i++)
			names[n++] = loads[i]->name;
		printf("After round %ld of %s%ld:\n\n", p[k].round, o->until > 0 ? "at most " : "", iv->rounds);
	}
	show(o, names, n);
	fflush(stdout);
	s->partials++;
}

int
final_report(const struct invocation *iv, const struct load **loads, int nloads, const struct suite *s)
{
	const struct opts *o = iv->o;
	const char *names[MAXLOADS + 1];
	int i;

	run_default_signals();
	signal(SIGPIPE, SIG_IGN);
	fprintf(stderr, "contest: results appended to '%s'\n\n", o->log);
	if (s->partials)
		printf("All %s:\n\n", o->by_load ? "loads" : o->runs == 1 ? "runs" : "rounds");
	for (i = 0; i < nloads; i++)
		names[i] = loads[i]->name;
	return show(o, names, nloads) != 0;
}

/* -------------------------------------------------------------- --until */

/*
 * What --until measures against: --against's row, else with --set its
 * first label (the change between the labels); NULL: each Ratio alone.
 */
static const char *
until_base(const struct invocation *iv)
{
	return iv->o->against ? iv->o->against : iv->nlabels ? iv->lab[0].label : NULL;
}

/* Is label li one --until measures (with --set, every label but its base)? */
static int
until_measures(const struct invocation *iv, int li)
{
	const char *b = until_base(iv);

	return iv->nlabels == 0 || b == NULL || strcmp(b, iv->lab[li].label) != 0;
}

/* How precisely label li's runs so far know each load run (report_precision). */
static int
until_prec(const struct invocation *iv, int li, const struct load **loads, int nloads, struct report_prec *p)
{
	const char *names[MAXLOADS + 1];
	struct report_opts ro = { 0 };
	int i;

	for (i = 0; i < nloads; i++)
		names[i] = loads[i]->name;
	ro.loads = names;
	ro.nloads = nloads;
	ro.compare = until_base(iv);
	report_data(&ro);
	return report_precision(&ro, iv->o->log, label_who(iv, li), p);
}

/*
 * --until: after round `round`, is every load's Ratio of label li known
 * within --until (with --against, or between --set's labels: its change
 * against that label, to within half of it, so that the interval is at
 * most as wide as the margin)?  Says how precise it is on a progress
 * line; 1 when it is.  Stopping looks at the interval's width only,
 * never at the change itself: see doc/contest.1 (--until).
 */
static int
label_precise(const struct invocation *iv, int li, const struct load **loads, int nloads, long round)
{
	static struct report_prec p;
	const struct opts *o = iv->o;
	const char *base = until_base(iv);
	double goal = base ? o->until / 2 : o->until;
	char line[1024], lab[LOG_LABEL_MAX + 8] = "";
	size_t n = 0;
	int i, ok = 1;

	if (until_prec(iv, li, loads, nloads, &p) < 0 || p.n == 0)
		return 0;
	for (i = 0; i < p.n && n < sizeof(line); i++) {
		ok &= p.l[i].hw <= goal;
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", i ? "," : "", p.l[i].load);
		if (n < sizeof(line))
			n += (size_t)(isnan(p.l[i].hw) ? snprintf(line + n, sizeof(line) - n, " -") :
			    snprintf(line + n, sizeof(line) - n, " +-%.1f%%", p.l[i].hw));
		if (n < sizeof(line) && p.l[i].disturbed)
			n += (size_t)snprintf(line + n, sizeof(line) - n, " (%ld run%s left out as disturbed)",
			    p.l[i].disturbed, p.l[i].disturbed == 1 ? "" : "s");
	}
	if (iv->nlabels)
		snprintf(lab, sizeof(lab), "%s: ", iv->lab[li].label);
	fprintf(stderr, "contest: after round %ld: %s%s%s%s half-width:%s; until +-%g%%\n", round, lab,
	    nloads == 1 && !strcmp(loads[0]->name, "no_load") ? "Time" : "Ratio",
	    base ? "'s change against " : "", base ? base : "", line, goal);
	return ok;
}

/* label_precise for every label measured: 1 when each is precise enough. */
static int
precise_enough(const struct invocation *iv, const struct load **loads, int nloads, long round)
{
	int li, ok = 1;

	for (li = 0; li < (iv->nlabels ? iv->nlabels : 1); li++)
		if (until_measures(iv, li))
			ok &= label_precise(iv, li, loads, nloads, round);
	return ok;
}

/*
 * What --until decided of label li against its base: a line per load;
 * 1 when every change is different or equivalent, 0 when one is not.
 */
static int
label_decided(const struct invocation *iv, int li, const struct load **loads, int nloads)
{
	static struct report_prec p;
	const struct opts *o = iv->o;
	const char *base = until_base(iv);
	char lab[LOG_LABEL_MAX + 8] = "";
	int i, alone = nloads == 1 && !strcmp(loads[0]->name, "no_load"), clear = 1;

	if (until_prec(iv, li, loads, nloads, &p) < 0 || p.n == 0)
		return 0;
	if (iv->nlabels)
		snprintf(lab, sizeof(lab), "%s: ", iv->lab[li].label);
	for (i = 0; i < p.n; i++) {
		double a = o->until;
		const char *said;

		if (isnan(p.l[i].lo)) {
			fprintf(stderr, "contest: %s%s against %s: no interval yet\n", lab, p.l[i].load, base);
			clear = 0;
			continue;
		}
		said = p.l[i].lo > a || p.l[i].hi < -a ? "different, beyond the margin" :
		    p.l[i].lo >= -a && p.l[i].hi <= a ? "equivalent, within the margin" : NULL;
		clear &= said != NULL;
		fprintf(stderr, "contest: %s%s against %s: %s %+.1f%% [%+.1f, %+.1f]: %s\n", lab,
		    p.l[i].load, base, alone ? "Time" : "Ratio", p.l[i].pct, p.l[i].lo,
		    p.l[i].hi, said ? said : "undecided: the interval crosses the margin");
	}
	return clear;
}

/*
 * The last lines of --until: with --against (or --set's labels) what was
 * decided, then why contest stopped, and the exit status that follows: 1
 * when failed says what failed (a run, the report), else 125 unless the
 * answer is clear.  1 when it is: against a row, every load's change is
 * different or equivalent; without, the rounds reached the precision
 * asked for.  Else 0 (run_mode's exit 125, unless failed).
 */
int
until_said(const struct invocation *iv, const struct suite *s, const struct load **loads, int nloads,
    const char *failed)
{
	int li, clear = until_base(iv) ? 1 : s->precise;

	for (li = 0; until_base(iv) && li < (iv->nlabels ? iv->nlabels : 1); li++)
		if (until_measures(iv, li))
			clear &= label_decided(iv, li, loads, nloads);
	fprintf(stderr, "contest: stopped after %ld round%s: %s%s%s%s%s\n", s->rounds, s->rounds == 1 ? "" : "s",
	    s->why, clear ? "" : "; the answer is not clear", failed ? "; " : "", failed ? failed : "",
	    failed ? " (exit 1)" : clear ? "" : " (exit 125)");
	return clear;
}

/* After a round of --until: why to stop now, or NULL to go on. */
static const char *
until_next(const struct invocation *iv, const struct load **loads, int nloads, long round, double start,
    struct suite *s)
{
	static char why[128];
	const struct opts *o = iv->o;
	double took = mono_s() - start;

	if ((s->precise = precise_enough(iv, loads, nloads, round) && round >= o->runs))
		return until_base(iv) ? "every interval of the change is as narrow as the margin" :
		    "every Ratio is known within the margin";
	if (round >= iv->rounds)
		return "--max-rounds reached";
	if (iv->max_time > 0 && took + took / (double)round > iv->max_time) {
		snprintf(why, sizeof(why), "another round would pass --max-time (%.0f min spent)", took / 60);
		return why;
	}
	return NULL;
}

/* ------------------------------------------------------------ the suite */

int
run_suite(struct run_env *env, struct invocation *iv, const struct load **loads, int nloads,
    double logbase, struct suite *s)
{
	static struct plan plan[PLAN_MAX];
	static struct progress g;
	double nl_sum = 0, start = mono_s();
	long nl_n = 0;
	int k, rc, failed = STEP_OK, compiled = 0, applied = -1;
	const char *why = NULL;

	memset(&g, 0, sizeof(g));
	g.p = plan;
	g.np = make_plan(iv, plan, loads, nloads);
	g.loads = loads;
	g.nloads = nloads;
	plan_setups(iv, loads, nloads, g.setup);
	g.base = logbase > 0 ? logbase : iv->o->tree ? 0 : noload_est(iv);
	say_left(iv, &g, 0, 0);
	for (k = 0; k < g.np && why == NULL; k++) {
		double t0, el = 0;
		int li;

		for (li = 0; li < nloads && loads[li] != plan[k].load; li++)
			;
		if ((plan[k].load->flags & LOAD_WARM) && !compiled && warm_up(env, iv->o, plan[k].load) < 0)
			return STEP_STOPPED;
		env->timeout = time_limit(iv->o, logbase, nl_sum, nl_n);
		t0 = mono_s();
		if ((rc = do_run(env, iv, &plan[k], &applied, &el)) < 0)
			return rc;
		if (rc == STEP_FAILED)
			failed = STEP_FAILED;
		else if (!strcmp(plan[k].load->name, "no_load")) {
			nl_sum += el;
			nl_n++;
			g.base = nl_sum / (double)nl_n;
		}
		compiled |= el > 0;
		g.spent[li] += mono_s() - t0;
		g.done[li]++;
		say_left(iv, &g, k + 1, mono_s() - start);
		finished(iv, plan, g.np, k, loads, nloads, s);
		if (iv->o->until > 0 && (k + 1 == g.np || plan[k + 1].round != plan[k].round))
			why = until_next(iv, loads, nloads, plan[k].round, start, s);
	}
	s->why = why ? why : "--max-rounds reached";
	s->rounds = k ? plan[k - 1].round : 0;
	return failed;
}
