/*
 * contest.h: what the harness's files share.  contest.c has main and the
 * top of the flow (a run, --plan, -r) and calls the jobs, one file each:
 *   cli.c        the command line: the option table, parse_options,
 *                --help, --list-loads, the loads named
 *   preflight.c  who is measured on what (identify), and every check a
 *                run and --plan make before anything is made
 *   lock.c       the machine-wide lock of measuring contests
 *   rig.c        what a run sets up once for all its runs: the work
 *                directory, the built-in tree, the machine's counters,
 *                the snapshot, the probe's calibration, the kernel
 *                profile's events
 *   suite.c      the runs in rounds, --until, the progress lines, the
 *                tables after each round and at the end
 *   plan.c       --plan's lines
 * Only contest.c decides to exit: the others say what went wrong and
 * return a step (enum step); contest.c exits with it, or dies by the
 * signal that stopped a step.
 *
 * Adding an option of contest's own, every place to touch:
 *   1. its field in struct opts: the value as given (0 or NULL when not
 *      given and no default), never written after parse_options;
 *   2. one row in the option table in cli.c: --NAME, -KEY or 0, the
 *      argument's name for --help, its mode, its kind and field (a flag,
 *      a whole number or a percentage with its range, milliseconds, a
 *      size, text, or a function for the few that need one), its default
 *      as it would be typed, one line of help;
 *   3. doc/contest.1: SYNOPSIS and OPTIONS (t0017 checks both against
 *      --help); a number takes the grammar of OPTIONS, Numbers (num.h);
 *   4. its use, from the const struct opts passed down; what contest
 *      learns from it later (a default that depends on the machine) goes
 *      into struct invocation, filled once.
 * A load's own option is a row of the load's option table instead
 * (loads/load.h): contest's command line takes it from there.
 */
#ifndef CONTEST_CONTEST_H
#define CONTEST_CONTEST_H

#include <limits.h>
#include <stdio.h>

#include "cage.h"
#include "log.h"
#include "probe.h"
#include "profile.h"
#include "report.h"
#include "run.h"
#include "settings.h"
#include "sizing.h"
#include "sys.h"
#include "loads/load.h"

#define VERSION "0.2"
#define MAXLOADS 64
#define PLAN_MAX ((MAXLOADS + 1) * MAX_RUNS)	/* runs an invocation plans, at most */

/*
 * What a step of the harness returns: go on, or why not.  Every step
 * but STEP_OK and STEP_STOPPED has said why on stderr.
 */
enum step {
	STEP_OK = 0,		/* go on */
	STEP_FAILED = 1,	/* something failed or cannot run here: exit 1 (at the end, for a run) */
	STEP_BAD = 2,		/* bad input, before anything is made: exit 2 at once */
	STEP_STOPPED = -1,	/* a signal stopped it (run_caught() says which): die by it */
	STEP_ABORT = -2,	/* a record measured cannot be written: exit 1 at once */
};

/* The command line as parse_options leaves it: read-only from then on. */
struct opts {
	long runs;			/* -n */
	const char *label;		/* -k as given; NULL: the kernel's release (invocation.who) */
	const char *log;		/* -l */
	const char *workdir;		/* -d */
	const char *tree;		/* -s: kernel tree, NULL: built-in */
	const char *target;		/* -T */
	long jobs;			/* -j; 0: the sizing policy's (invocation.jobs) */
	long lead;			/* --lead, s */
	long units;			/* --units; 0: the sizing policy's (invocation.units) */
	long timeout;			/* --timeout, s; 0: the default */
	int by_load;			/* --by-load: all runs of a load together */
	struct probe_cfg probe;		/* --probe, not calibrated (invocation.probe is) */
	double req_t[2];		/* --req-t1, --req-t2: an I/O load's request thresholds, ms */
	int prof_mode;			/* --profile: PROF_* ... */
	int prof_set;			/* ... if given: else CONTEST_PROFILE's (invocation.prof_mode) */
	int no_baseline;		/* --no-baseline */
	int plan;			/* --plan: say what would be done, do nothing */
	long plan_cpus;			/* --cpus: plan for this many CPUs; 0: this box's */
	unsigned long long plan_mem;	/* --mem: ... this much RAM, bytes; 0: this box's */
	unsigned long long plan_disk;	/* --disk: ... this much free disk, bytes; 0: this box's */
	int report;			/* -r */
	struct report_opts ro;		/* the report's own options */
	double until;			/* --until PCT: rounds until every Ratio is known within it; 0: off */
	long max_rounds;		/* --max-rounds; 0: not given (invocation.rounds) */
	long max_time;			/* --max-time, minutes; 0: none */
	const char *against;		/* --against LABEL */
	const char *set[SET_LABELS];	/* --set LABEL:SETTINGS, each as given, in order */
	int nset;
	struct load_values values;	/* the loads' own options */
};

/*
 * The invocation: what contest learns once the command line is parsed
 * (identify, then settle in the preflight; the probe's calibration in
 * the rig), passed down beside the options; every record of this run of
 * contest shares who (run.c starts each record from it).
 */
struct invocation {
	const struct opts *o;		/* the command line */
	struct rec who;			/* host, kernel, label, inv, ncpu, jobs, workload, config, drop */
	struct sz_machine mach;		/* what the sizing policy sizes for: this box, or --plan's */
	long jobs;			/* make -j: -j, else the sizing policy's */
	long units;			/* the built-in tree's units: --units, else the sizing policy's */
	long rounds;			/* the rounds planned: -n; with --until at most --max-rounds
					 * (default DEF_MAX_ROUNDS, at least -n) */
	double max_time;		/* --max-time in seconds; 0: none */
	int prof_mode;			/* --profile, else CONTEST_PROFILE, else PROF_KERNEL */
	struct probe_cfg probe;		/* --probe, calibrated (off when it could not be) */
	char tree_dir[PATH_MAX];	/* where the compile runs */
	double disturb_pct;		/* the disturbed mark: CONTEST_DISTURB_PCT, else DISTURB_PCT */
	struct rec snap;		/* the box's snapshot ... */
	int snap_due;			/* ... to go in the log with the first run's record */
	/* --set: its labels, each a part of every round (identify, then open_settings) */
	int nlabels;			/* 0: no --set, who.label the one label */
	struct set_part {
		char label[LOG_LABEL_MAX + 1];
		char set[LOG_SET_MAX];	/* its set= (settings_record) */
		char governor[32];	/* the snapshot's fields a setting may change, */
		char thp[16];		/* as the trial read them under the label's */
		char sched[32];		/* values (sys_snap_settings) */
		int snap_due;		/* its snapshot to go in the log with its first record */
	} lab[SET_LABELS];
	char set_found[LOG_SET_MAX];	/* the snapshots' set_found= */
	struct settings *set;		/* resolved and under the watchdog (open_settings); NULL: not yet */
};

/* What a run sets up once and lets go at its end (rig.c, lock.c). */
struct rig {
	struct cage cage;		/* the runs' container */
	struct sys machine;		/* the machine's counters (sys.h) */
	struct prof prof;		/* the kernel profile's events and kallsyms snapshot */
	int lock_fd;			/* the machine-wide measuring lock, -1 none */
	struct settings set;		/* --set's (open_settings), until close_settings */
};

/* A run in the order the suite does them (suite.c's plan, --plan's). */
struct plan {
	const struct load *load;
	long run, round;		/* its number among the load's runs, its round (0: --by-load) */
	int label;			/* --set: its label (invocation.lab); else 0 */
};

/* How the suite's rounds ended (run_suite), for the last lines. */
struct suite {
	const char *why;		/* --until: why the rounds stopped */
	int precise;			/* --until: stopped because precise enough */
	long rounds;			/* rounds run */
	int partials;			/* tables printed before the end */
};

/* cli.c */
/* The command line into o: the index of its first operand; 0 when an
 * option of its own (--help) said all (exit 0); -1 when bad (said, exit 2). */
int parse_options(int argc, char **argv, struct opts *o);
/* Options that go together, each where it belongs: STEP_OK, or STEP_BAD said. */
int check_options(const struct opts *o);
/* The loads named (or the default suite) into loads: how many, or -1 (said, exit 2). */
int choose_loads(const struct opts *o, int argc, char **argv, const struct load **loads);
/* What the report knows of the loads: their order and their aliases. */
void report_data(struct report_opts *ro);

/* preflight.c */
const char *make_prog(void);		/* the make to run: $MAKE or make */
/* Who is measured on what, into iv (its o set): STEP_OK or STEP_BAD. */
int identify(struct invocation *iv);
void say_cpus(const struct invocation *iv);	/* the CPUs planned for, on stderr */
/* Every check a run makes before it makes anything; --plan's too:
 * STEP_OK, STEP_FAILED (cannot run here) or STEP_BAD, each said. */
int preflight(struct invocation *iv, const struct load **loads, int nloads);
/* The no_load Time the sizing policy expects. */
double noload_est(const struct invocation *iv);
/* The sizing policy's answer for load l: 0, or -1 with o->why. */
int load_plan(const struct invocation *iv, const struct load *l, struct sz_out *o);
/* Open (made if missing) a directory of contest's, never through a link: its
 * descriptor, or -1 (said, exit 2). */
int open_own_dir(const char *what, const char *path);

/* lock.c */
/* Hold the machine lock in *fd (-1 when there is none to hold): STEP_OK, or
 * STEP_STOPPED by a signal while waiting for another contest. */
int machine_lock(int *fd);
void machine_unlock(int *fd);

/* rig.c */
/* The work directory and its output/, made and locked; stale runs swept:
 * STEP_OK with the output directory in *outfd, or STEP_FAILED, STEP_BAD. */
int prepare_workdir(const struct opts *o, const struct load **loads, int nloads, int *outfd);
/* The machine's counters over the work directory's and -o's disks: 0, or -1 (said). */
int open_machine(struct rig *rig, const struct invocation *iv, const struct load **loads, int nloads);
/* The box's snapshot for the log, taken before the runs. */
void snapshot(struct rig *rig, struct invocation *iv);
/* The built-in tree, written if missing or stale: STEP_OK, STEP_FAILED,
 * STEP_BAD, or STEP_STOPPED (said; run_pending() says which signal). */
int builtin_tree(struct invocation *iv);
/* What every run shares. */
void fill_env(struct run_env *env, struct rig *rig, const struct invocation *iv);
/* The probe's work, measured once before any run: STEP_OK or STEP_STOPPED. */
int calibrate(struct run_env *env, struct invocation *iv);
/* The kernel profile's events, once before any run. */
void open_profile(struct run_env *env, struct rig *rig, const struct invocation *iv);
/* A journal of --set's settings a contest left in the work directory,
 * written back (said), under the work directory's lock: STEP_OK, or
 * STEP_BAD (said: contest does not start). */
int recover_settings(const struct opts *o);
/* --set, once the machine lock is held: the files resolved, the journal
 * and the watchdog told, every label tried (the snapshot's fields under
 * each read), iv->set then the settings: STEP_OK, or STEP_BAD (said),
 * every file as it was. */
int open_settings(struct rig *rig, struct invocation *iv);
/* Every file given back, the journal removed, the watchdog let go: at
 * every end.  STEP_OK, or STEP_FAILED (said: the watchdog tries again). */
int close_settings(struct rig *rig);

/* suite.c */
/* no_load first in the list, joining the loads named when the log has no
 * baseline (logbase 0): how many loads there are now. */
int baseline_first(const struct invocation *iv, const struct load **loads, int nloads, double logbase);
/* The runs in the order they will be done: how many. */
int make_plan(const struct invocation *iv, struct plan *p, const struct load **loads, int nloads);
/* --set: the order of the n labels in round (1, 2, ...) into order (suite.c says which). */
void round_order(long round, int n, int *order);
/* Each load's setup seconds as the policy plans them. */
void plan_setups(const struct invocation *iv, const struct load **loads, int nloads, double *setup);
/* Seconds the runs of p from next on should take, of the first `rounds` rounds only (0: all). */
double secs_left(const struct invocation *iv, const struct plan *p, int np, int next, long rounds,
    const double *spent, const long *done, const struct load **loads, int nloads, double base,
    const double *setup);
/* Every run of the plan: STEP_OK, STEP_FAILED (a run was not ok),
 * STEP_STOPPED or STEP_ABORT; how the rounds ended into *s. */
int run_suite(struct run_env *env, struct invocation *iv, const struct load **loads, int nloads,
    double logbase, struct suite *s);
/* The report of the loads just run: 0, or 1 when it failed. */
int final_report(const struct invocation *iv, const struct load **loads, int nloads, const struct suite *s);
/* --until's last lines; 1 when the answer is clear (see suite.c). */
int until_said(const struct invocation *iv, const struct suite *s, const struct load **loads, int nloads,
    const char *failed);

/* plan.c */
/* --plan's lines after the checks (bad: theirs): 0, 1 (cannot run there) or 2. */
int plan_lines(struct invocation *iv, const struct load **loads, int nloads, int bad);

#endif
