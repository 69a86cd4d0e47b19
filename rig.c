/*
 * rig.c: what a run of the suite sets up once, after the preflight and
 * before its first run: the work directory (flock(2)ed, stale runs
 * swept), the built-in tree (gen.c), the machine's counters (sys.c) and
 * the box's snapshot, what every run shares (struct run_env), the
 * probe's calibration and the kernel profile's events; the kernel
 * settings of --set (settings.h), a journal left by a contest that died
 * written back, the labels' settings tried under the journal and the
 * watchdog, and every one given back at the end.  Nothing here exits: a
 * step that cannot be done says why and returns (contest.h).
 */
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "contest.h"
#include "gen.h"

int
prepare_workdir(const struct opts *o, const struct load **loads, int nloads, int *outfd)
{
	char outdir[PATH_MAX + 16];
	int wfd, i;

	if ((wfd = open_own_dir("work directory", o->workdir)) < 0)
		return STEP_BAD;
	/* one contest per work directory: a second would rebuild the same
	 * tree under the first one's feet.  The lock dies with the process. */
	if (flock(wfd, LOCK_EX | LOCK_NB) < 0) {
		warnx("another contest is running in the work directory '%s'", o->workdir);
		return STEP_FAILED;
	}
	run_sweep(o->workdir);
	for (i = 0; i < nloads; i++)
		if (loads[i]->dir_option)
			run_sweep(load_option_value(&o->values, loads[i]->dir_option));
	snprintf(outdir, sizeof(outdir), "%s/output", o->workdir);
	return (*outfd = open_own_dir("output directory", outdir)) < 0 ? STEP_BAD : STEP_OK;
}

int
open_machine(struct rig *rig, const struct invocation *iv, const struct load **loads, int nloads)
{
	const char *dirs[2] = { iv->o->workdir, NULL };
	int i, rc;

	for (i = 0; i < nloads; i++)
		if (loads[i]->dir_option)
			dirs[1] = load_option_value(&iv->o->values, loads[i]->dir_option);
	if ((rc = sys_open(&rig->machine, dirs, 2)) < 0)
		warnx("cannot read /proc/stat: runs are logged without the machine's counters");
	sys_cpus(&rig->machine, iv->mach.cpu.mask, SZ_MAXCPU, iv->mach.cpu.online);
	if (rig->machine.psi != SYS_PSI_ON)
		fprintf(stderr, "contest: %s: no pressure stall figures in the log\n", rig->machine.psi_why);
	return rc;
}

/*
 * The box, once per invocation: its own record in the log, written with
 * the first run's record (an invocation stopped before any run leaves
 * nothing), taken before the runs (it runs cc and make --version).
 */
void
snapshot(struct rig *rig, struct invocation *iv)
{
	static struct sys_snap sn;
	struct rec *r = &iv->snap;
	time_t t = time(NULL);
	struct tm tm;

	*r = iv->who;
	r->snapshot = 1;
	sys_snap(&rig->machine, &sn, make_prog(), iv->who.config[0] ? iv->who.config : NULL);
	sys_snap_record(&sn, r);
	gmtime_r(&t, &tm);
	strftime(r->date, sizeof(r->date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	iv->snap_due = 1;
}

int
builtin_tree(struct invocation *iv)
{
	char e[512], abs[PATH_MAX];
	struct rlimit rl;
	int rc;

	/* the tree path must not depend on where make runs */
	if (realpath(iv->o->workdir, abs) == NULL) {
		warn("cannot resolve '%s'", iv->o->workdir);
		return STEP_FAILED;
	}
	if (snprintf(iv->tree_dir, sizeof(iv->tree_dir), "%s/builtin", abs) >= (int)sizeof(iv->tree_dir)) {
		warnx("work directory path '%s' is too long", abs);
		return STEP_BAD;
	}
	rc = gen_tree(iv->tree_dir, (unsigned)iv->units, run_pending, e, sizeof(e));
	if (rc == -1 && errno == EFBIG && getrlimit(RLIMIT_FSIZE, &rl) == 0)
		warnx("%s (the file size limit, ulimit -f, is %llu bytes; the partial tree "
		    "is removed)", e, (unsigned long long)rl.rlim_cur);
	else if (rc == -1)
		warnx("%s", e);
	if (rc == -1)
		return STEP_FAILED;
	if (rc == -2 || run_pending()) {
		/* the tree is whole or absent: nothing else to clean */
		fprintf(stderr, "contest: %s: stopped while writing the built-in tree, before any run\n",
		    strsignal(run_pending()));
		return STEP_STOPPED;
	}
	if (rc == 1)
		fprintf(stderr, "contest: wrote the built-in tree of %ld units to '%s'\n",
		    iv->units, iv->tree_dir);
	return STEP_OK;
}

void
fill_env(struct run_env *env, struct rig *rig, const struct invocation *iv)
{
	static char jobs[32], *job_argv[4], *clean_argv[4];
	const struct opts *o = iv->o;

	snprintf(jobs, sizeof(jobs), "-j%ld", iv->jobs);
	job_argv[0] = (char *)make_prog();
	job_argv[1] = jobs;
	job_argv[2] = o->tree ? (char *)o->target : NULL;
	job_argv[3] = NULL;
	clean_argv[0] = (char *)make_prog();
	clean_argv[1] = "-s";
	clean_argv[2] = "clean";
	clean_argv[3] = NULL;
	env->cage = &rig->cage;
	env->tree = o->tree;
	env->job_dir = iv->tree_dir;
	env->job_argv = job_argv;
	env->clean_argv = clean_argv;
	env->lead = (double)o->lead;
	env->drop = !strcmp(iv->who.drop, "yes");
	env->live = isatty(2);
	env->ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	env->ncpu = iv->mach.cpu.online;
	env->usable = (int)iv->who.ncpu;
	env->jobs = iv->jobs;
	env->run_s = noload_est(iv);
	env->disturb_pct = iv->disturb_pct;
	env->req_t_ms[0] = o->req_t[0];
	env->req_t_ms[1] = o->req_t[1];
	env->values = &o->values;
	env->who = &iv->who;
	if (!env->drop)
		warnx("cannot drop the page cache (/proc/sys/vm/drop_caches: not root?); "
		    "runs are logged with cache=kept");
	if (!rig->cage.cgroup)
		fprintf(stderr, "contest: no cgroup for the runs (%s): process groups hold them\n", rig->cage.why);
}

int
calibrate(struct run_env *env, struct invocation *iv)
{
	struct probe_cfg *p = &iv->probe;
	int tries;

	if (p->off)
		return STEP_OK;
	/* on a busy box the timed blocks do not fit their budget: a moment
	 * later it may be quiet again; if not, the runs go on without it
	 * rather than the invocation ending after its tree and its wait */
	for (tries = 1; probe_calibrate(p) < 0; tries++) {
		if (errno != EAGAIN) {
			warn("cannot calibrate the probe; the runs go on without it, as with --probe off");
			p->off = 1;
			return STEP_OK;
		}
		if (tries == CAL_TRIES) {
			warnx("the machine was too busy to calibrate the probe in %d tries (the last "
			    "timed %d blocks in %.2f s); the runs go on without it, as with --probe "
			    "off", tries, p->cal_blocks, p->cal_secs);
			p->off = 1;
			return STEP_OK;
		}
		fprintf(stderr, "contest: the machine is too busy to calibrate the probe (%d timed "
		    "blocks in %.2f s): trying again in %d s\n", p->cal_blocks, p->cal_secs, CAL_PAUSE);
		if (run_sleep(CAL_PAUSE) < 0)
			return STEP_STOPPED;
	}
	env->probe = p;
	fprintf(stderr, "contest: probe %s: a wake-up every %.1f ms, %.4g%% of a CPU of work "
	    "(%llu iterations, calibrated in %.2f s)\n", p->name,
	    (double)p->period_ns / 1e6, p->share, p->iters, p->cal_secs);
	return STEP_OK;
}

/*
 * The kernel profile's events and kallsyms snapshot, once before any
 * run; where the kernel refuses, say why once and log profile=off.
 */
void
open_profile(struct run_env *env, struct rig *rig, const struct invocation *iv)
{
	if (iv->prof_mode == PROF_OFF) {
		env->prof_why = "--profile off";
		return;
	}
	if (prof_open(&rig->prof, iv->prof_mode, PROF_HZ, 0) < 0) {
		fprintf(stderr, "contest: no kernel profile: %s; runs are logged with profile=off\n",
		    rig->prof.why);
		env->prof_why = rig->prof.why;
		return;
	}
	env->prof = &rig->prof;
}

/* ------------------------------------------------------------ --set */

/* The journal of --set's settings in the work directory, into path. */
static void
journal_path(const struct opts *o, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", o->workdir, SET_JOURNAL);
}

int
recover_settings(const struct opts *o)
{
	char path[PATH_MAX + 32], said[4096];
	int rc;

	journal_path(o, path, sizeof(path));
	if ((rc = settings_recover(path, said, sizeof(said))) == 0)
		return STEP_OK;
	if (rc < 0) {
		warnx("%s", said);
		return STEP_BAD;
	}
	fprintf(stderr, "contest: %s\n", said);
	return STEP_OK;
}

/* settings_trial's hook: what the snapshot of label li says the box is under its values. */
struct under {
	struct rig *rig;
	struct invocation *iv;
};

static void
under_label(int li, void *arg)
{
	static struct sys_snap sn;
	struct under *u = arg;
	struct set_part *p = &u->iv->lab[li];

	memset(&sn, 0, sizeof(sn));
	sys_snap_settings(&u->rig->machine, &sn);
	snprintf(p->governor, sizeof(p->governor), "%.*s", (int)sizeof(p->governor) - 1, sn.governor);
	snprintf(p->thp, sizeof(p->thp), "%.*s", (int)sizeof(p->thp) - 1, sn.thp);
	snprintf(p->sched, sizeof(p->sched), "%.*s", (int)sizeof(p->sched) - 1, sn.iosched);
}

int
open_settings(struct rig *rig, struct invocation *iv)
{
	const struct opts *o = iv->o;
	struct settings *s = &rig->set;
	struct under u = { rig, iv };
	char why[4096], path[PATH_MAX + 32], set[LOG_SET_MAX];
	int i, rc = 0;

	if (o->nset == 0)
		return STEP_OK;
	for (i = 0; i < o->nset && rc == 0; i++)
		rc = settings_add(s, o->set[i], why, sizeof(why));
	if (rc == 0)
		rc = settings_resolve(s, why, sizeof(why));
	if (rc == 0)
		rc = settings_record(s, 0, set, iv->set_found, why, sizeof(why));
	journal_path(o, path, sizeof(path));
	if (rc == 0)
		rc = settings_journal(s, path, why, sizeof(why));
	if (rc == 0 && cage_settings(&rig->cage, s) < 0)
		rc = -1, snprintf(why, sizeof(why), "--set: nothing written: the watchdog cannot be told the "
		    "values found");
	if (rc == 0)
		rc = settings_trial(s, under_label, &u, why, sizeof(why));
	if (rc < 0) {
		warnx("%s", why);
		close_settings(rig);
		return STEP_BAD;
	}
	for (i = 0; i < iv->nlabels; i++)
		iv->lab[i].snap_due = 1;
	iv->snap_due = 0;	/* each label's instead */
	iv->set = s;
	fprintf(stderr, "contest: --set: %d file%s of %d labels tried and given back; the journal '%s' keeps "
	    "their values found\n", s->nfile, s->nfile == 1 ? "" : "s", s->nlabel, path);
	return STEP_OK;
}

int
close_settings(struct rig *rig)
{
	char why[4096];

	if (rig->set.nlabel == 0)
		return STEP_OK;
	if (settings_finish(&rig->set, why, sizeof(why)) < 0) {
		/* the watchdog still has them: it tries again when contest ends */
		warnx("%s", why);
		return STEP_FAILED;
	}
	cage_settings_done(&rig->cage);
	settings_free(&rig->set);
	return STEP_OK;
}
