/*
 * load.h: the interface between the harness and a background load.
 *
 * Adding a load, every place to touch:
 *   1. loads/NAME.c: one `const struct load NAME_load` filled with
 *      designated initialisers; everything else in the file static;
 *   2. one line in the table in loads/table.c, in contest's order;
 *   3. one word in LOADS in the Makefile;
 *   4. one entry under LOADS in doc/contest.1;
 *   5. one test, tests/tNNNN-NAME.sh.
 *
 * Life of a load in one run; the harness does all of it:
 *   check(ctx)     in contest itself, once, before any compile starts:
 *                  refuse options or disk space that cannot work
 *   fork           the load leads its own process group, oom_score_adj 1000
 *   setup(ctx)     before the timed window, however long it takes
 *   -- contest drops the page cache, waits --lead seconds, starts the
 *      compile and reads the counters: the window opens --
 *   run(ctx)       loops doing work, counting it with load_count(), until
 *                  load_stopping() turns true (contest sent SIGTERM when
 *                  the compile ended) or until an error
 *   cleanup(ctx)   in the load's process, after run or after a failed setup
 *   contest kills what is left of the process group, reaps it and removes
 *   ctx->dir, whatever happened.
 *
 * A load never prints, never exits, never calls err(3): it returns -1
 * with ctx->reason set (load_fail() does both) and contest logs the run
 * as invalid with that reason.
 */
#ifndef CONTEST_LOAD_H
#define CONTEST_LOAD_H

#include <stdatomic.h>
#include <stddef.h>

#define LOAD_REASON_MAX	96	/* bytes of ctx->reason */
#define LOAD_NOTE_MAX	256	/* bytes of ctx->note */

/* load flags */
#define LOAD_IDLE	0x1	/* no background process (no_load, cacherun) */
#define LOAD_WARM	0x2	/* keep the page cache warm: no drop before the run */
#define LOAD_OTHER	0x4	/* files go under -o DIR, not the work directory */
#define LOAD_EXTRA	0x8	/* not in the default suite (needs an argument) */

/*
 * One run's context.  contest allocates it in memory shared with the
 * load's processes, so what a load writes into work, reason and note is
 * read by contest while the load runs and after it ends.
 */
struct load_ctx {
	const char *dir;	/* empty directory of this run; every file of the load goes here */
	const char *base;	/* filesystem the run directory lies on (for check's statvfs) */
	const char *tree;	/* kernel tree given with -s, NULL with the built-in workload */
	const char *walk;	/* tree lslr_load walks (--walk, default "/") */
	unsigned long long size; /* bytes to size files and memory to (--size); 0: the load's default */
	unsigned long long ram;	/* physical memory, bytes */
	int ncpu;		/* online CPUs */
	void *priv;		/* the load's own state, from setup to cleanup */
	_Atomic unsigned long long work; /* work done, in the load's raw unit (bytes, messages, entries) */
	char reason[LOAD_REASON_MAX];	/* why check, setup or run failed */
	char note[LOAD_NOTE_MAX];	/* extra key=value pairs for the log record, space separated */
};

struct load {
	const char *name;	/* as typed on the command line and written to the log */
	const char *alias;	/* another accepted name (the design card's), or NULL */
	const char *unit;	/* reported unit, one token: "MiB", "kmsg", "kentries" */
	double scale;		/* raw work per reported unit (1048576 bytes per MiB) */
	const char *desc;	/* one line for --list-loads: what the load does */
	unsigned flags;		/* LOAD_* */
	int (*check)(struct load_ctx *);	/* may be NULL; 0 ok, -1 with ctx->reason */
	int (*setup)(struct load_ctx *);	/* may be NULL; 0 ok, -1 with ctx->reason */
	int (*run)(struct load_ctx *);		/* NULL only for LOAD_IDLE; 0 stopped, -1 failed */
	void (*cleanup)(struct load_ctx *);	/* may be NULL; undoes setup and run */
};

/* loads/table.c */
extern const struct load *const load_table[];	/* NULL-terminated, contest's order */
const struct load *load_find(const char *name);	/* by name or alias; NULL if none */

/* loads/common.c: helpers for loads, used in the load's own process */
void load_count(struct load_ctx *, unsigned long long n);	/* add n to work */
int load_stopping(void);		/* true once contest asked the load to stop */
void load_stop_handler(int sig);	/* the SIGTERM handler that sets it */
int load_fail(struct load_ctx *, const char *fmt, ...)	/* set reason, return -1 */
	__attribute__((format(printf, 2, 3)));
void load_note(struct load_ctx *, const char *fmt, ...)	/* append key=value to note */
	__attribute__((format(printf, 2, 3)));
unsigned long long load_free_bytes(const char *path);	/* free space for an unprivileged writer, 0 on error */
unsigned long long load_budget(const char *path);	/* disk a load may plan to use there: half the free space */
void load_fill_random(void *buf, size_t len, unsigned long long seed); /* incompressible bytes */
int load_file_size(struct load_ctx *, unsigned long long min, unsigned long long *size); /* --size or RAM, within the budget */
unsigned long long load_proc_io(const char *key);	/* this process's /proc/self/io counter, 0 if none */
/* user (group 0) or group (group 1) name of id, cached; "" or the number
 * (numeric 1) when it has none */
const char *load_idname(unsigned long id, int group, int numeric);
unsigned long load_pass(void);		/* a whole pass is done: returns passes so far; may set the stop flag */
void load_set_pass_limit(unsigned long n);	/* stop after n passes (test helpers only); 0: no limit */

#endif
