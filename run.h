/*
 * run.h: the life of one run, written once, for contest and for the test
 * driver (tests/load-solo.c) alike.
 *
 *   prepare   the untimed clean command; the run's directory; fork the
 *             load into the run's container (its own process group,
 *             PR_SET_PDEATHSIG, oom_score_adj 1000, default signal
 *             state) and wait for its setup; drop the page cache; let
 *             the load lead
 *   open      the window: the clock (t0), the kernel profile's events on
 *             (the container's processes its first PIDs), fork and exec
 *             of the timed command (the compile), then the samples of the
 *             load's work and CPU and of contest's own CPU
 *   measure   wait for the command, a signal, the timeout; once a second
 *             look whether any process of the load or of the command is
 *             stopped (and whether contest itself was: SIGCONT, the
 *             command's leader: waitid WSTOPPED, at once); every
 *             PROF_DRAIN_S read the kernel profile's rings
 *   close     the samples again, in the reverse order, the kernel
 *             profile's events off, then the clock (t1); then reap the
 *             command for its rusage.  Every counter of the window is
 *             thus read inside [t0, t1].
 *   stop      SIGTERM to the load, SIGKILL to whatever of the run is left
 *             after STOP_GRACE, reap it all, remove the run's directory
 *   classify  ok, failed, timeout or invalid, with a reason
 *   record    the log record (run_record), and the kernel profile's
 *             record (run_profile)
 *
 * A signal (INT, TERM, HUP, QUIT) at any point ends the run with
 * everything killed and removed and no record: run_do returns -1 and the
 * caller dies by that signal.
 */
#ifndef CONTEST_RUN_H
#define CONTEST_RUN_H

#include <limits.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "cage.h"
#include "config.h"
#include "log.h"
#include "probe.h"
#include "profile.h"
#include "sys.h"
#include "loads/load.h"

/* What every run of an invocation shares; the caller fills it once. */
struct run_env {
	struct cage *cage;		/* from cage_open */
	struct sys *sys;		/* from sys_open: the whole machine's counters; NULL: none */
	const struct probe_cfg *probe;	/* calibrated; NULL or off: no probe */
	struct prof *prof;		/* from prof_open; NULL or mode off: no kernel profile */
	const char *prof_why;		/* why there is none: logged as profile_why */
	int outfd;			/* directory of the commands' output files, -1: /dev/null */
	const char *tree;		/* -s kernel tree (the loads' ctx->tree), NULL: built-in */
	const char *job_dir;		/* where the commands run */
	char *const *job_argv;		/* the timed command: make -jN [TARGET] */
	char *const *clean_argv;	/* run before each run, untimed; NULL: none */
	double lead;			/* seconds the load runs alone first */
	double timeout;			/* seconds the command may take; 0: no limit */
	int drop;			/* drop the page cache before a run (root) */
	int end_with_load;		/* the window ends when the load ends too (test driver) */
	unsigned long passes;		/* the load stops after this many passes; 0: never (test driver) */
	int keep;			/* keep the run directory as DIR.kept, no load cleanup (test driver) */
	int live;			/* a seconds counter on stderr (a terminal) */
	unsigned long long ram;		/* bytes */
	int ncpu;			/* online CPUs: the machine's time is window x ncpu */
	int usable;			/* CPUs contest may use (sizing.h): the loads' ctx->ncpu; 0: ncpu */
	long jobs;			/* make's -j, for the loads' sizing; 0: none */
	double run_s;			/* the no_load estimate, for the loads' sizing; 0: none */
	double disturb_pct;		/* others' CPU share that marks a run disturbed, % (DISTURB_PCT) */
	double req_t_ms[2];		/* an I/O load's request thresholds, ms (--req-t1, --req-t2); 0: config.h's */
	const struct load_values *values; /* the loads' options as given; never NULL */
	const struct rec *who;		/* what every record of the invocation shares (host,
					 * label, kernel, inv, ncpu, jobs, workload, config,
					 * drop); run_record starts from it; NULL: nothing */
};

/* Both edges of the window: what is read at t0 and at t1. */
struct sample {
	double t;			/* CLOCK_MONOTONIC, s */
	unsigned long long work;	/* the load's work counter */
	double lcpu;			/* the load's CPU so far, s; -1 unknown */
	double self;			/* contest's own CPU so far, s */
	struct sys_sample sys;		/* the machine: /proc/stat, vmstat, PSI, disks */
	struct sys_procs procs;		/* the CPU of the kernel's threads */
	struct probe_snap probe;	/* the probe's counters */
	int probe_ok;			/* probe_snap worked */
	struct load_req_snap req;	/* the load's request latency (LOAD_IO) */
	unsigned long long part[LOAD_PROCS];	/* the work of each of its workers */
};
struct window {
	struct sample open, close;
};

/*
 * A process of the load seen stopped (SIGSTOP, ^Z, a tracer: T or t in
 * /proc/PID/stat) in the window: which, and for how long.
 */
#define RUN_STOPS	16	/* such processes told apart; past them, only that there were more */
struct run_stop {
	pid_t pid;
	int worker;			/* its worker number (ctx->partpid), -1 the load's leader, -2 another */
	int looks;			/* once-a-second looks that saw it stopped */
	int at_end;			/* stopped when the window closed */
};

/*
 * One run.  The caller sets load, run, round, base, what and out_name;
 * run_do the rest.  It is large (the window's samples): make it static.
 */
struct run {
	const struct load *load;
	long run, round;		/* its number among the load's runs, its round (0: none) */
	const char *base;		/* directory the run directory goes in */
	char what[64];			/* "io_load 2/3", for messages */
	char out_name[128];		/* the command's output file in env->outfd */

	struct load_ctx *ctx;		/* shared with the load's processes; NULL for LOAD_IDLE */
	struct load_ctx final;		/* its last state, kept when the mapping goes */
	char dir[PATH_MAX];		/* the run's directory, "" if none */
	pid_t load_pid, job_pid, probe_pid;
	struct probe_shm *pshm;		/* shared with the probe; NULL without one */
	int probe_ended, probe_status;	/* the probe ended before the window closed, how */
	int probe_stopped;		/* stop() ended and reaped it (probe_stop) */
	int probe_bad;			/* its figures are not to be trusted: why in probe_why */
	char probe_why[128];
	struct probe_stats pst;		/* its window */
	int go_fd;			/* write end: starts the load */
	char cache[16];			/* dropped, warm, kept */
	double lead;			/* seconds the load led */
	struct window win;
	int profiled;			/* the kernel profile covered the window: pt, ptop, pcomm hold it */
	struct prof_tally pt;		/* its totals */
	struct prof_entry ptop[PROF_TOP];	/* its top symbols (names in e->prof's snapshot) */
	int nptop;
	struct prof_entry pcomm[PROF_COMMS];	/* --profile all: user samples by command */
	int npcomm;
	int job_status;			/* wait status of the command */
	struct rusage ru;		/* its rusage */
	int load_status;		/* wait status of the load, if it ended in the window */
	int load_ended;			/* the load ended before the window closed */
	int samples;			/* once-a-second looks at the load in the window */
	struct run_stop stop[RUN_STOPS];	/* its processes seen stopped, in the order seen */
	int nstop;			/* how many of stop[] are filled */
	int stop_more;			/* 1: a stopped one stop[] had no room for */
	int job_stops;			/* stops of the compile seen in the window (waitid, /proc) */
	int self_stopped;		/* contest itself was stopped in the window (SIGCONT) */
	int timed_out;
	long start, end;		/* time(2) at the start and end of the run */

	const char *status;		/* ST_* or "timeout" */
	char reason[LOAD_REASON_MAX + 160];
	int show_tail;			/* the output's tail says why */
};

/* Block the signals contest waits for and catch them; once, at start. */
void run_signals(void);
/* The signal that asks contest to stop, or 0. */
int run_caught(void);
/* As run_caught(), also counting a stop signal waiting while blocked
 * (for work that does not wait in ppoll, such as writing the tree). */
int run_pending(void);
/* Reset every signal to its default and unblock all: for a child, or before dying. */
void run_default_signals(void);

/*
 * Do run r from prepare to classify.  0: r->status says how it went;
 * -1: a signal stopped it (run_caught() says which) and nothing of it is
 * left.
 */
int run_do(const struct run_env *e, struct run *r);
/* r's record: e->who's shared fields, then every field of the run. */
void run_record(const struct run_env *e, const struct run *r, struct rec *rec);
/*
 * The run's profile record from its record rec (run_record's): 0, or -1
 * when the run has no kernel profile (off, or no window).
 */
int run_profile(const struct run_env *e, const struct run *r, const struct rec *rec, struct rec *prof);
/* Print the last lines of r's output on stderr. */
void run_show_tail(const struct run_env *e, const struct run *r);
/*
 * Remove the run directories under base that no live run holds (their
 * contest died: SIGKILL, a crash), saying so on stderr.
 */
void run_sweep(const char *base);
/* Sleep s seconds or until a stop signal; -1 on the signal. */
int run_sleep(double s);
/* Set this process's oom_score_adj (where permitted; else it keeps its own). */
void run_oom_adj(const char *val);

#endif
