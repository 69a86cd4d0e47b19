/*
 * contest.c: the harness's main and the top of its flow.  It parses the
 * command line (cli.c), then either renders the report (-r), or says
 * what a run would do (--plan: plan.c), or runs the suite: the checks
 * before anything is made (preflight.c), what the runs share set up
 * (rig.c), the machine lock (lock.c), the runs in rounds appended to the
 * log (suite.c, each run by run.c), the final report.  contest.h lists
 * the files and what they share.  Only this file decides to exit: the
 * others return a step, and on a signal contest dies by that signal once
 * nothing of the run in progress is left.
 */
#include <err.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "contest.h"

/* ------------------------------------------------------------- dying */

/* Die by sig, as a shell loop expects of a program stopped by ^C. */
static void
die_by(int sig)
{
	fflush(stdout);
	fflush(stderr);
	run_default_signals();
	raise(sig);
	_exit(128 + sig);
}

/*
 * A signal stopped the run in progress: it is cleaned up; so is the
 * rest.  What is left of the run is killed before the settings of --set
 * are given back (cage.h says why).
 */
static void
stopped_by(struct rig *rig, int sig, int live)
{
	fprintf(stderr, "%scontest: %s: stopped, no record written for the run in progress\n",
	    live ? "\n" : "", strsignal(sig));
	cage_kill(&rig->cage);
	close_settings(rig);
	cage_close(&rig->cage);
	die_by(sig);
}

/* ------------------------------------------------------------- the modes */

/*
 * The mean no_load Time of this label and configuration in the log, as
 * the report after the runs divides the Ratios by (log_baseline), or 0
 * if it has none; exit 1 if it cannot be read for want of memory.
 */
static double
baseline_time(const struct invocation *iv)
{
	struct report_opts ro = { 0 };
	double b;
	FILE *f;

	if ((f = fopen(iv->o->log, "r")) == NULL)
		return 0;
	report_data(&ro);
	b = log_baseline(f, iv->o->log, &iv->who, ro.aliases, ro.disturbed);
	fclose(f);
	if (b < 0)
		err(1, "calloc");
	return b;
}

/*
 * --plan: what the options would do on this machine (or on the one
 * --cpus, --mem and --disk describe), one "key: value" line each;
 * nothing is started or written.  The run's own checks first (exit 2
 * as it would); 1 if something could not run there (a load, the tree's
 * disk, a tool), said.
 */
static int
plan_mode(const struct opts *o, int argc, char **argv)
{
	const struct load *loads[MAXLOADS + 1];
	static struct invocation iv;
	int nloads, bad;

	iv.o = o;
	if ((nloads = choose_loads(o, argc, argv, loads)) < 0 || identify(&iv) != STEP_OK)
		return STEP_BAD;
	if ((bad = preflight(&iv, loads, nloads)) == STEP_BAD)
		return bad;
	nloads = baseline_first(&iv, loads, nloads, baseline_time(&iv));
	return plan_lines(&iv, loads, nloads, bad);
}

/*
 * Everything up to the first run: the checks, then what is made (the
 * work directory, the tree, the container), the loads in order.  STEP_OK
 * with *logbase the log's no_load Time, or the exit status.
 */
static int
set_up(struct invocation *iv, struct rig *rig, struct run_env *env, const struct load **loads,
    int *nloads, double *logbase)
{
	char why[256];
	int rc;

	if (identify(iv) != STEP_OK)
		return STEP_BAD;
	say_cpus(iv);
	if ((rc = preflight(iv, loads, *nloads)) != STEP_OK)
		return rc;

	/* from here on things are made */
	memset(env, 0, sizeof(*env));
	if ((rc = prepare_workdir(iv->o, loads, *nloads, &env->outfd)) != STEP_OK ||
	    (rc = recover_settings(iv->o)) != STEP_OK)
		return rc;
	if (open_machine(rig, iv, loads, *nloads) == 0)
		env->sys = &rig->machine;
	snapshot(rig, iv);	/* before signals are blocked: a make --version that hangs can be ^C'ed */
	run_signals();
	if (iv->o->tree == NULL && (rc = builtin_tree(iv)) != STEP_OK) {
		if (rc == STEP_STOPPED)
			die_by(run_pending());
		return rc;
	}
	if (cage_open(&rig->cage, why, sizeof(why)) < 0)
		errx(1, "%s", why);
	run_oom_adj("-1000");	/* the runs' processes may die, contest may not */
	*logbase = baseline_time(iv);
	*nloads = baseline_first(iv, loads, *nloads, *logbase);
	fill_env(env, rig, iv);
	return STEP_OK;
}

/* A run of the suite: the runs, then the report; with --until its last lines. */
static int
run_mode(const struct opts *o, int argc, char **argv)
{
	const struct load *loads[MAXLOADS + 1];
	static struct invocation iv;
	static struct rig rig = { .lock_fd = -1 };
	static struct suite s;
	struct run_env env;
	double logbase;
	int nloads, failed, ran, reported, kept;

	iv.o = o;
	if ((nloads = choose_loads(o, argc, argv, loads)) < 0)
		return STEP_BAD;
	if ((failed = set_up(&iv, &rig, &env, loads, &nloads, &logbase)) != STEP_OK)
		return failed;
	open_profile(&env, &rig, &iv);
	if (machine_lock(&rig.lock_fd) == STEP_STOPPED)
		stopped_by(&rig, run_caught(), 0);
	if (open_settings(&rig, &iv) != STEP_OK) {
		cage_close(&rig.cage);
		return STEP_BAD;
	}
	if (calibrate(&env, &iv) == STEP_STOPPED)
		stopped_by(&rig, run_caught(), 0);
	if ((ran = run_suite(&env, &iv, loads, nloads, logbase, &s)) == STEP_STOPPED)
		stopped_by(&rig, run_caught(), env.live);
	if (ran == STEP_ABORT) {
		close_settings(&rig);
		cage_close(&rig.cage);
		return STEP_FAILED;
	}
	kept = close_settings(&rig) != STEP_OK;	/* said: the watchdog tries again */
	machine_unlock(&rig.lock_fd);
	prof_close(&rig.prof);
	cage_close(&rig.cage);
	reported = final_report(&iv, loads, nloads, &s);
	failed = ran | reported | kept;
	if (o->until > 0) {
		fflush(stdout);
		if (!until_said(&iv, &s, loads, nloads, ran ? "a run failed" : kept ? "a setting was not "
		    "given back" : reported ? "the report failed" : NULL) && !failed)
			failed = 125;
	}
	return failed;
}

/* -r: the report, or with --verdict the verdict (0, 1, 125; 2 when it cannot judge). */
static int
report_mode(const struct opts *o, int argc, char **argv)
{
	const char *def[1] = { o->log };
	const char *const *logs = argc ? (const char *const *)argv : def;
	struct report_opts ro = o->ro;

	ro.log = o->log;	/* read or not, never written over by an output */
	report_data(&ro);
	signal(SIGPIPE, SIG_IGN);
	if (ro.verdict)
		return report_verdict(&ro, argc ? argc : 1, logs, stdout);
	return report(&ro, argc ? argc : 1, logs, stdout);
}

int
main(int argc, char **argv)
{
	static struct opts opt;
	int first;

	if ((first = parse_options(argc, argv, &opt)) <= 0)
		return first == 0 ? 0 : STEP_BAD;
	argc -= first;
	argv += first;
	if (check_options(&opt) != STEP_OK)
		return STEP_BAD;
	/* a write past the file size limit fails with EFBIG, said and undone,
	 * instead of killing contest mid-record; children get SIG_DFL back */
	signal(SIGXFSZ, SIG_IGN);
	if (opt.report)
		return report_mode(&opt, argc, argv);
	return opt.plan ? plan_mode(&opt, argc, argv) : run_mode(&opt, argc, argv);
}
