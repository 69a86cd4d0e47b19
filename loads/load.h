/*
 * load.h: the interface between the harness and a background load.
 *
 * Adding a load, every place to touch:
 *   1. loads/NAME.c: one `const struct load NAME_load` filled with
 *      designated initialisers, its own options (if any) in a
 *      `struct load_option` table it points to; everything else static;
 *   2. in loads/table.c, its extern declaration and its line in the
 *      table (load_table), in contest's order;
 *   3. one word in LOADS in the Makefile;
 *   4. one entry under LOADS in doc/contest.1, and its options in SYNOPSIS
 *      and OPTIONS there (t0017 checks them against --help);
 *   5. a unit no load had before (.unit): its words in report/words.c
 *      (word_unit, which -v prints; t3015 checks every load's) and under
 *      THE LOG's unit and REPORT's Loads in doc/contest.1.
 * A load option more is its row in the load's option table, its use in
 * the load (load_arg, load_count_opt), and step 4's man page lines.
 * Its size: one line, `.sizing = SZ_...,` (sizing.h names the kinds: a
 * file written in the window, a file read uncached, memory, a data tree,
 * processes per CPU), and load_sized() in its check and its setup, which
 * gives --size or the policy's size within the disk, the memory and
 * RLIMIT_FSIZE, and notes sizing= for the log.  A load of several files
 * or streams divides that one size among them: the total follows the
 * policy, not N times it.  --plan prints it; doc/sizing.md has the rules.
 * contest's command line, --help, --list-loads and the tests that cover
 * every load (they read `contest --list-loads`) pick it up from the table.
 *
 * Life of a load in one run; the harness (run.c) does all of it:
 *   check(ctx)     in contest itself, once, before any compile starts:
 *                  refuse options or disk space that cannot work
 *   fork           the load leads its own process group, oom_score_adj
 *                  1000, in the run's container, default signal state
 *   setup(ctx)     before the timed window, however long it takes
 *   -- contest drops the page cache, waits --lead seconds, starts the
 *      compile and reads the counters: the window opens --
 *   run(ctx)       loops doing work, counting it with load_count(), until
 *                  load_stopping() turns true (contest sent SIGTERM when
 *                  the compile ended) or until an error
 *   cleanup(ctx)   in the load's process, after run or after a failed setup
 *   contest kills what is left of the run's processes, reaps them and
 *   removes ctx->dir, whatever happened.
 *
 * A load never prints, never exits, never calls err(3): it returns -1
 * with ctx->reason set (load_fail() does both) and contest logs the run
 * as invalid with that reason.  What it wants in the log beside its work
 * goes through load_note(): a key and a value, which the harness hands
 * to the log's writer.
 *
 * A load of several processes (read_load's streams, dbench_load's
 * clients) sets ctx->nparts in setup and runs them with load_workers():
 * each worker's work is counted apart as well (ctx->part), and the
 * harness logs each one's share of the window and the slowest against
 * the fastest.  Each worker's process ID is in ctx->partpid while it
 * runs, so that the harness can say which one it saw stopped.
 *
 * An I/O load (flag LOAD_IO) times each of its requests, a system call
 * on its files, with load_req_begin() and load_req_end(): a log-scale
 * histogram in the shared context (probe.h's buckets), which the harness
 * reads when the window opens and closes, as it reads the probe's.
 */
#ifndef CONTEST_LOAD_H
#define CONTEST_LOAD_H

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

#include "../sizing.h"
#include "../probe.h"

/* the work counter is shared between processes: it must not take a lock */
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "contest needs lock-free 64-bit atomics");

#define LOAD_REASON_MAX	96	/* bytes of ctx->reason */
#define LOAD_NOTES	16	/* notes a load may leave */
#define LOAD_NOTE_KEY	24	/* bytes of a note's key */
#define LOAD_NOTE_VAL	232	/* bytes of a note's value */
#define LOAD_OPTS	4	/* options of one load, at most */
#define LOAD_PROCS	1024	/* worker processes of one load, at most (load_workers) */

#define LOAD_BAD_OPTION	(-2)	/* check: the user's option cannot work (exit 2, not 1) */

/* load flags */
#define LOAD_IDLE	0x1	/* no background process (no_load, cacherun) */
#define LOAD_WARM	0x2	/* keep the page cache warm: no drop before the run */
#define LOAD_EXTRA	0x4	/* not in the default suite (needs an option) */
#define LOAD_IO		0x8	/* times its requests: the record gets the req_ keys */

/* A load's own command-line option: contest offers --NAME (and -KEY) for it. */
enum load_opt_type {
	LOAD_OPT_STRING,	/* any text */
	LOAD_OPT_SIZE,		/* bytes, with an optional k, M, G or T suffix; > 0 (num.h) */
	LOAD_OPT_DIR,		/* an existing directory */
	LOAD_OPT_COUNT		/* a whole number from 1 to max (num.h) */
};
struct load_option {
	const char *name;	/* long option: --NAME; loads may share one ("size") */
	int key;		/* a short option letter as well, or 0 */
	const char *arg;	/* what the argument is, for --help: "DIR", "SIZE" */
	enum load_opt_type type; /* how contest checks the value before any run */
	int required;		/* the load cannot run without it */
	const char *help;	/* one line for --help */
	long max;		/* LOAD_OPT_COUNT: the largest value */
};

/*
 * The load's own request latency, in the shared context: written by every
 * process of the load (atomic adds, no lock), read by the harness at the
 * window's edges (load_req_take).  A request is counted when it ends;
 * one still in flight when the window closes is counted then, with its
 * age so far, so that a request stuck through the end is not missed.
 */
#define LOAD_REQ_SHARDS	32	/* counters apart: worker i adds to shard i % 32 (no cache line fought over) */
struct load_req {
	long long limit_ns[2];	/* the two thresholds (--req-t1, --req-t2); the harness sets them */
	struct {
		_Atomic unsigned long long hist[PROBE_NBUCKET];	/* requests ended, per latency bucket (us) */
		_Atomic unsigned long long sum_ns;	/* their latencies added */
		_Atomic unsigned long long over[2];	/* of them, longer than limit_ns[0], limit_ns[1] */
		char pad[64];		/* the next shard's counters on other cache lines */
	} shard[LOAD_REQ_SHARDS];	/* the harness adds them up */
	_Atomic unsigned long long max_ns;	/* the longest since the harness last took it; it clears it */
	struct {
		_Atomic long long t;	/* when its request in flight began, 0 none */
		char pad[56];		/* a cache line each: no two workers write one line */
	} busy[LOAD_PROCS];		/* per process */
};

/*
 * One run's context.  contest allocates it in memory shared with the
 * load's processes, so what a load writes into work, reason and notes is
 * read by contest while the load runs and after it ends.
 */
struct load_ctx {
	const struct load *load; /* the load this context is for */
	const char *dir;	/* empty directory of this run; every file of the load goes here */
	const char *base;	/* filesystem the run directory lies on (for check's statvfs) */
	const char *tree;	/* kernel tree given with -s, NULL with the built-in workload */
	const char *opt[LOAD_OPTS];		/* value of each of the load's options, NULL if not given */
	unsigned long long optsize[LOAD_OPTS];	/* LOAD_OPT_SIZE options: the bytes; LOAD_OPT_COUNT: the number */
	unsigned long long ram;	/* physical memory, bytes */
	int ncpu;		/* the CPUs contest may use (sizing.h: affinity, cpuset, quota) */
	long jobs;		/* make's -j: memory loads leave the compile's memory free; 0: none */
	double run_s;		/* the no_load estimate, s: setup is bounded to a third of it; 0: no bound */
	const struct sz_machine *mach;	/* check: the machine to size for (--plan's, its disk the one
					 * the files go to); NULL: this one, as it is at the call */
	void *priv;		/* the load's own state, from setup to cleanup */
	_Atomic unsigned long long work; /* work done, in the load's raw unit (bytes, messages, entries) */
	int nparts;		/* worker processes counting apart (set in setup), 0: none */
	_Atomic unsigned long long part[LOAD_PROCS];	/* work of each worker, in the same unit */
	_Atomic pid_t partpid[LOAD_PROCS];	/* each worker's process ID while it runs, 0 none: the harness names a stopped one */
	struct load_req req;	/* the load's request latency (LOAD_IO) */
	char reason[LOAD_REASON_MAX];	/* why check, setup or run failed */
	int nnotes;
	struct {
		char key[LOAD_NOTE_KEY];
		char val[LOAD_NOTE_VAL];
	} note[LOAD_NOTES];	/* load_note(): for the log record */
};

struct load {
	const char *name;	/* as typed on the command line and written to the log */
	const char *alias;	/* another accepted name (the design card's), or NULL */
	const char *unit;	/* reported unit, one token: "MiB", "kmsg", "kentries" */
	double scale;		/* raw work per reported unit (1048576 bytes per MiB) */
	const char *desc;	/* one line for --list-loads: what the load does */
	unsigned flags;		/* LOAD_* */
	enum sz_kind sizing;	/* how its size is chosen (sizing.h); SZ_NONE: nothing to size */
	const struct load_option *options; /* its own options, ending with a NULL name; may be NULL */
	const char *count_option; /* SZ_CLIENTS: the option giving the count the size is for */
	const char *dir_option;	/* the option naming where its run directory goes; NULL: the work directory */
	int (*check)(struct load_ctx *);	/* may be NULL; 0 ok, -1 cannot run here, LOAD_BAD_OPTION: an option's value is wrong (both with ctx->reason) */
	int (*setup)(struct load_ctx *);	/* may be NULL; 0 ok, -1 with ctx->reason */
	int (*run)(struct load_ctx *);		/* NULL only for LOAD_IDLE; 0 stopped, -1 failed */
	void (*cleanup)(struct load_ctx *);	/* may be NULL; undoes setup and run */
};

/*
 * The values of the loads' options given on one command line, one per
 * option name (loads that share a name share its value).  The caller
 * owns it (contest: its command line, passed down in run_env); zeroed
 * is empty.
 */
#define LOAD_VALUES	32	/* option names given, at most */
struct load_values {
	int n;				/* values set */
	struct {
		const char *name;	/* the option's name */
		const char *val;	/* as given */
		unsigned long long size; /* LOAD_OPT_SIZE: the bytes */
	} v[LOAD_VALUES];
};

/* loads/table.c: the registry */
extern const struct load *const load_table[];	/* NULL-terminated, contest's order */
const struct load *load_find(const char *name);	/* by name or alias; NULL if none */
/* The option called name of any load (the first that has it); NULL if none. */
const struct load_option *load_option_find(const char *name);
/*
 * Set option name's value in lv for every load that has it, checked by
 * its type.  0, or -1 with why filled (the caller exits 2).
 */
int load_option_set(struct load_values *lv, const char *name, const char *val, char *why, size_t whylen);
/* Option name's value in lv, NULL if it was not given. */
const char *load_option_value(const struct load_values *lv, const char *name);
/* Fill ctx->load, ctx->opt[] and ctx->optsize[] for load l from lv. */
void load_ctx_options(const struct load_values *lv, const struct load *l, struct load_ctx *ctx);

/* loads/common.c: helpers for loads, used in the load's own process */
void load_count(struct load_ctx *, unsigned long long n);	/* add n to work (and to the worker's part) */
int load_stopping(void);		/* true once contest asked the load to stop */
void load_stop_handler(int sig);	/* the SIGTERM handler that sets it */
int load_fail(struct load_ctx *, const char *fmt, ...)	/* set reason, return -1 */
	__attribute__((format(printf, 2, 3)));
int load_refuse(struct load_ctx *, const char *fmt, ...) /* set reason, return LOAD_BAD_OPTION */
	__attribute__((format(printf, 2, 3)));
/* Note key=value for the log (a key noted again takes the new value). */
void load_note(struct load_ctx *, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *load_arg(const struct load_ctx *, const char *name);	/* the option's value, NULL if not given */
unsigned long long load_size(const struct load_ctx *);	/* --size in bytes, 0 if not given */
long load_count_opt(const struct load_ctx *, const char *name, long def); /* a LOAD_OPT_COUNT option, def if not given */
unsigned long long load_free_bytes(const char *path);	/* free space for an unprivileged writer, 0 on error */
unsigned long long load_budget(const char *path);	/* disk a load may plan to use there: half the free space */
unsigned long long load_ctx_budget(const struct load_ctx *);	/* the same of ctx->base, or of ctx->mach's disk */
unsigned long long load_ctx_fsize(const struct load_ctx *);	/* RLIMIT_FSIZE, or ctx->mach's */
void load_fill_random(void *buf, size_t len, unsigned long long seed); /* incompressible bytes */
/*
 * A setup's file: size bytes written to fd in pieces of at most len bytes
 * of buf, which refill (if not NULL) fills before each piece, given the
 * piece's offset in the file and arg; without it every piece is buf's
 * first bytes.  Stops once load_stopping() turns true.  0, or -1 with
 * errno (EINTR when stopped).
 */
int load_write_file(int fd, unsigned long long size, unsigned char *buf, size_t len,
    void (*refill)(unsigned char *buf, size_t n, unsigned long long off, void *arg), void *arg);
/*
 * The load's size by its .sizing, from the machine as it is now: --size,
 * else the policy's, within half the free space where its files go (the
 * base in check), RLIMIT_FSIZE and the memory; notes sizing= (how it was
 * chosen).  0, or -1 with the reason.  m, if not NULL, gets the machine
 * it sized from (for the load's own notes).
 */
int load_sized(struct load_ctx *, struct sz_out *out, struct sz_machine *m);
/* What sz_load starts from for ctx's load: --size, the jobs, the tree, run_s, its count option. */
void load_sz_in(const struct load_ctx *, struct sz_in *in);
unsigned long long load_proc_io(const char *key);	/* this process's /proc/self/io counter, 0 if none */
/* user (group 0) or group (group 1) name of id, cached; "" or the number
 * (numeric 1) when it has none */
const char *load_idname(unsigned long id, int group, int numeric);
unsigned long load_pass(void);		/* a whole pass is done: returns passes so far; may set the stop flag */
void load_set_pass_limit(unsigned long n);	/* stop after n passes (test helpers only); 0: no limit */
/*
 * Run fn(ctx, i, arg) in ctx->nparts worker processes, i from 0, forked
 * from the load's process, which waits until contest stops the load or a
 * worker ends.  Each worker counts into ctx->part[i] and times its
 * requests apart; its process ID is in ctx->partpid[i] until it is
 * reaped; a reason it sets with load_fail() reaches ctx->reason.
 * 0 when every worker stopped as asked (or ended its passes); -1 with
 * the reason of the first that failed or died, the others stopped.
 */
int load_workers(struct load_ctx *, int (*fn)(struct load_ctx *, int i, void *arg), void *arg);
int load_worker(void);			/* this process's worker number, -1 outside load_workers */
void *load_shared(size_t len);		/* zeroed memory the workers share with the load; NULL on error */
void load_unshare(void *p, size_t len);	/* give it back (NULL: nothing) */

/* loads/req.c: the request latency.  In the load's processes: */
long long load_req_begin(struct load_ctx *);		/* a request starts: its start, ns; 0 when not timed (ctx NULL, or off) */
void load_req_end(struct load_ctx *, long long start);	/* it ended: its latency counted (ctx NULL: nothing) */
/* A request that follows this process's last one back to back, as dbench
 * times its operations: its start is the last one's end (one clock read
 * a request, not two); the work between them counts in its latency. */
long long load_req_chain(struct load_ctx *);
void load_req_timing(int on);		/* 1 (the default) or 0: for the bench of timing's cost */
/* In the harness, at the window's edges: */
struct load_req_snap {
	unsigned long long hist[PROBE_NBUCKET], sum_ns, over[2], max_ns;
};
/* copy the counters; at the close (close 1) also count the requests in flight */
void load_req_take(struct load_ctx *, int close, struct load_req_snap *);
struct load_req_stats {
	unsigned long long n;		/* requests in the window */
	double mean_us;			/* their mean latency */
	unsigned long long p50_us, p99_us;	/* percentiles: the upper bound of their bucket, never over max */
	unsigned long long max_us;	/* the longest, exact (rounded up to a us) */
	double over[2];			/* % of them over limit_ns[0], limit_ns[1] */
};
/* the window from snapshot a (open) to b (close); 0, or -1 if it saw no request */
int load_req_window(const struct load_req_snap *a, const struct load_req_snap *b, struct load_req_stats *out);

/* errno values that mean the disk is full: a disk load's pass ends there,
 * the load goes on (the run is not invalid) */
#define LOAD_DISK_FULL(e)	((e) == ENOSPC || (e) == EDQUOT)

/* The size option the disk and memory loads share. */
#define LOAD_SIZE_OPTION { "size", 0, "SIZE", LOAD_OPT_SIZE, 0, \
	"size of the load's files or memory (k, M, G, T suffix)", 0 }

#endif
