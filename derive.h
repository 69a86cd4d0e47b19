/*
 * derive.h: the run's parts, and the numbers derived from a run's
 * record, one definition each, which the harness and the report share:
 * the progress line's CPU% and LCPU% are the report's, the machine's
 * split is cut the same way in the harness's sys_rest and the report's
 * rest share, and the harness's no_load baseline counts the runs the
 * report's Ratio divides by.  Nothing here reads a file or the machine:
 * a record's numbers in, a number out.  derive.o links nothing of the
 * harness nor of the report (Makefile: UTIL, which every program links).
 * doc/contest.1 (THE LOG, REPORT) is the reference for every number.
 */
#ifndef CONTEST_DERIVE_H
#define CONTEST_DERIVE_H

struct rec;	/* log.h */

/*
 * The parts of a run: the compile (the job), the load, the probe, each
 * with processes of its own (cage.h: a cgroup or process group each),
 * and the rest of the machine, which the kernel profile counts samples
 * of as well (profile.h).  One row each: X(ID, key, word), key the word
 * of the part in the log's keys (prof_job, ...) and the name of its
 * cgroup, word the report's.
 */
#define PARTS(X) \
	X(PART_JOB, "job", "compile") \
	X(PART_LOAD, "load", "load") \
	X(PART_PROBE, "probe", "probe") \
	X(PART_REST, "rest", "rest")
#define PART_ID(id, key, word) id,
enum part { PARTS(PART_ID) PART_N };
#undef PART_ID
#define PART_PROCS PART_REST	/* the parts before it have processes of their own */
struct part_name {
	const char *key;	/* job, load, probe, rest */
	const char *word;	/* compile, load, probe, rest */
};
extern const struct part_name part_names[PART_N];

/* CPU%: the compile's CPU over its Time, (user + sys) / elapsed x 100; 0 when elapsed is not > 0 */
double derive_cpu(const struct rec *r);
/* LCPU%: the load's, lcpu / elapsed x 100; 0 when elapsed is not > 0 */
double derive_lcpu(const struct rec *r);

/*
 * The machine's time over the window, split by the cpu line of
 * /proc/stat: each field a share of the line's total, %, in this order
 * (sys.h's sys_delta.cpu[], and a record's keys from K_SYS_USER on).
 * Three sums of it, each a different number with its own name:
 *   tasks:  user + nice + system, the time the kernel charged to tasks
 *           (run.c: the others' CPU that marks a run disturbed);
 *   busy:   tasks + irq (softirq within it), the CPUs' own work
 *           (sys.c: sys_rest, which sys_adds checks);
 *   unidle: 100 - idle - iowait, busy and the time stolen from the
 *           machine (the report: rest share, for logs without sys_rest).
 * rest: a busy sum less the compile's and the load's CPU, in the same
 * unit: the CPU that went to neither (contest, other processes, kernel
 * threads, interrupts; with unidle, steal too).
 */
enum { SPLIT_USER, SPLIT_NICE, SPLIT_SYSTEM, SPLIT_IRQ, SPLIT_IOWAIT, SPLIT_STEAL, SPLIT_IDLE, SPLIT_N };
double derive_tasks(const double *split);
double derive_busy(const double *split);
double derive_unidle(const double *split);
double derive_rest(double busy, double compile, double load);

/*
 * Which ok runs the means count, the report's (its Time, its Ratio's
 * no_load baseline, every metric) and the harness's baseline alike:
 * neither one too short to be a run (an elapsed under DERIVE_MIN_ELAPSED:
 * no compile takes less, the record is broken, which the report names)
 * nor, unless disturbed (--disturbed) counts them, one left out as
 * logged disturbed (disturbed= key; a run's profile record goes with it).
 */
#define DERIVE_MIN_ELAPSED 0.001	/* s */
int derive_short(const struct rec *r);
int derive_left_out(const struct rec *r, int disturbed);
/*
 * The load an old name stands for: the name paired with load in aliases
 * (pairs alias, name, NULL-terminated; NULL: none), whose section and
 * baseline its records join; NULL when load is no alias.
 */
const char *derive_alias(const char *const *aliases, const char *load);

#endif
