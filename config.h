/*
 * config.h: compile-time defaults of contest, one per line, unit in the
 * comment.  Every one of them can be changed on the command line.
 */
#ifndef CONTEST_CONFIG_H
#define CONTEST_CONFIG_H

#define DEF_RUNS	3		/* runs of each load (-n) */
#define DEF_JOBS_PER_CPU 4		/* make -j is this times online CPUs (-j) */
#define DEF_LEAD	3		/* seconds a load runs before the compile (--lead) */
#define DEF_UNITS	500		/* translation units of the built-in tree (--units) */
#define DEF_LOG		"contest.log"	/* results log, in the current directory (-l) */
#define DEF_WORKDIR	"contest-work"	/* reference tree, outputs, run directories (-d) */
#define DEF_TARGET	"vmlinux"	/* make target in a kernel tree (-T) */
#define DEF_PROBE	"audio"		/* the interactivity probe's profile (--probe) */
#define STOP_GRACE	5		/* seconds from SIGTERM to SIGKILL of a load */
#define OUTPUT_TAIL	20		/* lines of a failed compile's output shown */
#define MAX_RUNS	1000		/* largest -n */
#define DEF_MAX_ROUNDS	20		/* rounds --until runs at most (--max-rounds) */
#define MAX_JOBS	4096		/* largest -j */
#define MAX_LEAD	600		/* largest --lead, seconds */
#define MAX_UNITS	100000		/* largest --units */
#define TIMEOUT_FACTOR	10		/* default --timeout: this times the label's no_load Time */
#define TIMEOUT_MIN	60		/* ... but at least this, seconds */
#define TIMEOUT_NOBASE	3600		/* default --timeout without a no_load Time, seconds */
#define MAX_TIMEOUT	604800		/* largest --timeout, seconds (a week) */
#define DISTURB_PCT	10		/* others' CPU over the window, % of all CPUs' time, that marks a run disturbed */
#define UNIT_CPU_S	0.25		/* CPU seconds one built-in unit takes (doc/bench-tree.md), for the first estimate */
#define NOFILE_MIN	32		/* open files a run needs at least (ulimit -n): contest 16, the built-in compile 24 */
#define CAL_TRIES	4		/* tries to calibrate the probe on a busy machine, then none */
#define CAL_PAUSE	1		/* seconds between those tries */
#define REQ_T1_MS	100		/* a load's request over this noticed by a user, ms (--req-t1) */
#define REQ_T2_MS	1000		/* ... and over this a user's flow broken, ms (--req-t2) */
#define MAX_REQ_MS	600000		/* largest --req-t1, --req-t2, ms (10 minutes) */
#define PROF_HZ		997		/* the profile's samples a second on each CPU: odd, so as not to beat with periodic work (--profile) */
#define PROF_RING_KIB	128		/* each CPU's ring, KiB, a power of two: 4 s of samples at PROF_HZ (doc/profile.md) */
#define PROF_DRAIN_S	0.25		/* seconds between reads of the rings in the window */
#define PROF_TOP	200		/* most symbols a profile record lists ... */
#define PROF_COVER	95		/* ... or fewer, once they cover this % of the kernel samples */
#define PROF_COMMS	32		/* most command names of user samples a record lists (--profile all) */
#define LOCK_PATH	"/run/lock/contest.lock" /* the machine-wide lock of measuring contests (CONTEST_LOCK) */

#endif
