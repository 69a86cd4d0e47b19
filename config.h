/*
 * config.h: contest's compile-time constants, one per line, the unit in
 * the comment.  Where the comment ends with an option or an environment
 * variable in parentheses, (-n), (CONTEST_LOCK), the constant is the
 * default that it overrides; "largest -n" is that option's bound.  The
 * others, the harness's own timings and limits and the sizing policy's
 * figures (doc/sizing.md), are changed only here, by rebuilding.
 */
#ifndef CONTEST_CONFIG_H
#define CONTEST_CONFIG_H

#define DEF_RUNS	3		/* runs of each load (-n) */
#define DEF_JOBS_PER_CPU 4		/* make -j is this times the usable CPUs, memory permitting (-j) */
#define DEF_LEAD	3		/* seconds a load runs before the compile (--lead) */
#define DEF_LOG		"contest.log"	/* results log, in the current directory (-l) */
#define DEF_WORKDIR	"contest-work"	/* reference tree, outputs, run directories (-d) */
#define DEF_TARGET	"vmlinux"	/* make target in a kernel tree (-T) */
#define DEF_PROBE	"audio"		/* the interactivity probe's rhythm (--probe) */
#define DEF_ORIGIN	"contest"	/* the CI system KCIDB's ids name, [a-z0-9_] (--origin) */
#define MAX_ORIGIN	64		/* longest --origin, characters */
#define STOP_GRACE	5		/* seconds from SIGTERM to SIGKILL of a load */
#define COMPILE_GRACE_MS 1000		/* ms from SIGTERM to SIGKILL of a compile cut short (cc's temporary files go) */
#define OUTPUT_TAIL	20		/* lines of a failed compile's output shown */
#define MAX_RUNS	1000		/* largest -n */
#define DEF_MAX_ROUNDS	20		/* rounds --until runs at most (--max-rounds) */
#define MAX_JOBS	4096		/* largest -j */
#define MAX_LEAD	600		/* largest --lead, seconds */
#define MAX_UNITS	100000		/* largest --units */
#define TIMEOUT_FACTOR	10		/* default timeout: this times the label's no_load Time (--timeout) */
#define TIMEOUT_MIN	60		/* ... but at least this, seconds (--timeout) */
#define TIMEOUT_NOBASE	3600		/* default timeout without a no_load Time, seconds (--timeout) */
#define MAX_TIMEOUT	604800		/* largest --timeout, seconds (a week) */
#define DISTURB_PCT	10		/* others' CPU over the window, % of all CPUs' time, that marks a run disturbed (CONTEST_DISTURB_PCT) */
#define NOFILE_MIN	32		/* open files a run needs at least (ulimit -n): contest 16, the built-in compile 24 */
#define CAL_TRIES	4		/* tries to calibrate the probe on a busy machine, then none */
#define CAL_PAUSE	1		/* seconds between those tries */
#define REQ_T1_MS	100		/* a load's request over this noticed by a user, ms (--req-t1) */
#define REQ_T2_MS	1000		/* ... and over this a user's flow broken, ms (--req-t2) */
#define MAX_REQ_MS	600000		/* largest --req-t1, --req-t2, ms (10 minutes) */
#define PROF_HZ		997		/* the kernel profile's samples a second on each CPU: odd, so as not to beat with periodic work */
#define PROF_RING_KIB	128		/* each CPU's ring, KiB, a power of two: 4 s of samples at PROF_HZ (doc/profile.md) */
#define PROF_DRAIN_S	0.25		/* seconds between reads of the rings in the window */
#define PROF_TOP	200		/* most symbols a profile record lists ... */
#define PROF_COVER	95		/* ... or fewer, once they cover this % of the kernel samples */
#define PROF_COMMS	32		/* most command names of user samples a record lists, with --profile all */
#define LOCK_PATH	"/run/lock/contest.lock" /* the machine-wide lock of measuring contests (CONTEST_LOCK) */


/*
 * The sizing policy (sizing.c, doc/sizing.md has the measurements behind
 * each figure).  The built-in tree's units follow the CPUs the compile
 * can keep busy so that a no_load compile lasts SZ_TARGET_S; the time of
 * a tree of u units on p CPUs is modelled as
 *   SERIAL_S + SERIAL_UNIT_S u + (UNIT_CPU_S + UNIT_CPU_GROW_S u) u / p.
 */
#define SZ_TARGET_S	90		/* seconds a default no_load compile is sized to last (--units) */
#define UNIT_CPU_S	0.54		/* CPU seconds of one built-in unit in a small tree (doc/sizing.md, part 4) */
#define UNIT_CPU_GROW_S	0.000038	/* ... and more per unit of the tree: autoconf.h and .config hold a line a unit */
#define SERIAL_S	0.5		/* seconds of the compile that run alone: generated headers, host tool, the link */
#define SERIAL_UNIT_S	0.00055		/* ... and more per unit: the archives, the link, System.map (doc/sizing.md) */
#define UNITS_MIN	40		/* fewest units of a default tree */
#define TREE_DISK_MIB	2		/* disk of the built-in tree besides its units, MiB */
#define UNIT_DISK_KIB	96		/* disk of one unit built: sources, objects, .cmd files, its share of the link, KiB */
#define UNIT_SRC_KIB	12		/* ... its sources alone, KiB */
#define JOB_RSS_MIB	64		/* memory one make job of the built-in tree may hold (cc1 peaks at 57 MiB) */
#define JOB_RSS_KERNEL_MIB 160		/* ... of a kernel tree (a tinyconfig cc1 peaks at 142 MiB) */
#define JOBS_MEM_PCT	50		/* the jobs together hold at most this share of RAM or the memory cgroup, % */
#define PROC_PER_CPU	4		/* process_load's processes per usable CPU */
#define IO_DIRTY_MULT	2		/* io_load's file: this times the dirty limit (--size) */
#define READ_FILE_MIB	1024		/* read_load's file, MiB (--size) */
#define CLIENTS_PER_CPU	2		/* dbench_load's clients per usable CPU (--clients) */
#define CLIENT_MIB	24		/* dbench_load's files of one client, MiB (--size: all the clients' files) */
#define CLIENT_MIN_MIB	1		/* ... at least, MiB */
#define CLIENT_SLACK_KIB 100		/* ... and room past them: a write (64 KiB) and its directories (9 x 4 KiB) */
#define TREE_MIB	1024		/* tarc_load's and tarx_load's generated tree, MiB of files (--size) */
#define TREE_SETUP_W	1.1		/* bytes a tar load's setup writes per byte of its tree */
#define TREE_DISK_W	2.3		/* disk a tar load needs per byte of its tree */
#define TREE_FILE_W	1.05		/* its archive per byte of its tree */
#define SETUP_SHARE	3		/* a load's setup takes at most 1/this of a no_load run */
#define SETUP_MIBS	100		/* MiB/s a load's setup is taken to write at, for that bound */
#define MEM_SWAP_ROOM	2		/* mem_load past its cap only where swap holds this many times the excess */
#define MEM_RESERVE_MIB	512		/* memory mem_load leaves free besides the compile's, MiB, at least ... */
#define MEM_RESERVE_DIV	8		/* ... or this share of what is available, if larger */
#define LOADED_FACTOR	1.5		/* a loaded compile's time over no_load's, for the first estimates */
#define RUN_OVERHEAD_S	2		/* seconds of a run besides setup, lead and compile: make clean, stop */
#define PLAN_AVAIL_PCT	95		/* --plan --mem: the share of RAM taken as available */

#endif
