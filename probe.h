/*
 * probe.h: the interactivity probe.  A small periodic process at nice 0,
 * SCHED_OTHER, that runs beside every load (no_load included) and notes
 * how late each of its wake-ups is and whether its fixed amount of work
 * per period finished before the next period began.  doc/probe.md says
 * why it is built this way and holds its figures.
 *
 * Life of the probe, through these calls only; contest (cli.c and rig.c
 * once, run.c in each run) and tests/probe-solo.c make the same ones:
 *   probe_parse(arg)       the --probe value (its rhythm), once, exit 2 on error
 *   probe_calibrate(cfg)   once per invocation, before any run, on the
 *                          idle machine: turns the CPU share into a
 *                          number of iterations of integer work
 *   probe_map()            the shared counters, zero-filled
 *   probe_start(shm, cfg, enter, arg)  fork; the child calls enter(arg)
 *                          (run.c: into the run's container), closes
 *                          every descriptor but 0-2, runs probe_main()
 *                          until SIGTERM
 *   probe_snap(shm, &a)    at window open (compile start)
 *   probe_ended(pid, &st)  while the window lasts: the probe must still
 *                          be alive at close (reaps it if not)
 *   probe_snap(shm, &b)    at window close (compile end)
 *   probe_window(&a, &b)   lat_n, lat_p50, lat_p99, lat_max, dl_met,
 *                          probe_cpu, lat_rq; -1 with a reason: the run
 *                          is invalid
 *   probe_stop(pid, grace) SIGTERM, SIGKILL after grace seconds, reap
 *   probe_unmap(shm)
 *
 * The shared state is written by the probe alone (a single writer) and
 * read by the caller with a sequence count, so a snapshot is always one
 * consistent instant of the probe's counters; the only thing the reader
 * writes is the "largest latency since the last snapshot" cell, which it
 * takes and clears with an atomic exchange.
 */
#ifndef CONTEST_PROBE_H
#define CONTEST_PROBE_H

#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "the probe's shared counters need lock-free 64-bit atomics");

/*
 * The latency histogram, in whole microseconds (rounded up): log-linear,
 * 2^PROBE_SUB_BITS linear sub-buckets per power of two.  Values below
 * 2^PROBE_SUB_BITS us have a bucket each; above, bucket i spans
 * [lo, lo + w) with w <= lo / 2^PROBE_SUB_BITS.  The last regular bucket
 * ends below 2^PROBE_TOP_BITS us (16.8 s); above that, one overflow bucket.
 */
#define PROBE_SUB_BITS	5		/* 32 sub-buckets: a bucket is at most 1/32 of its value wide */
#define PROBE_SUB	(1u << PROBE_SUB_BITS)
#define PROBE_TOP_BITS	24		/* histogram covers 0 .. 2^24 - 1 us */
#define PROBE_NBUCKET	((PROBE_TOP_BITS - PROBE_SUB_BITS + 1) * PROBE_SUB + 1)	/* 641, the last one the overflow */
#define PROBE_OVER	(~0ULL)		/* probe_hist_pct: the percentile lies in the overflow bucket */

/* --probe limits */
#define PROBE_PERIOD_MIN 1.0		/* ms */
#define PROBE_PERIOD_MAX 10000.0	/* ms */
#define PROBE_NAME_MAX	40		/* bytes of cfg->name */

struct probe_cfg {
	char name[PROBE_NAME_MAX];	/* its rhythm as logged (probe=): "audio", "video", "off" or "PERIOD:PERCENT" */
	int off;			/* 1: no probe (--probe off) */
	long long period_ns;		/* wake-up period */
	double share;			/* work per period as a percentage of one CPU, 0 < share <= 100 */
	/* filled by probe_calibrate() */
	double ns_per_iter;		/* CPU cost of one iteration of the work on an idle CPU */
	unsigned long long iters;	/* iterations per period: share of period / ns_per_iter */
	double cal_secs;		/* wall time the calibration took */
	int cal_blocks;			/* timed blocks the calibration kept */
};

/*
 * The state shared between the probe (the only writer of everything but
 * max_us) and the caller (the only reader).  Fixed size, integers only;
 * the caller maps it zero-filled before the fork.
 */
struct probe_shm {
	_Atomic unsigned long long seq;		/* odd while the probe records a wake-up */
	_Atomic unsigned long long wakeups;	/* wake-ups recorded: the heartbeat */
	_Atomic unsigned long long periods;	/* periods ended (deadlines), skipped ones included */
	_Atomic unsigned long long met;		/* deadlines met: the period's work done before the next began */
	_Atomic unsigned long long max_us;	/* largest latency since the reader's last snapshot; the reader clears it */
	_Atomic unsigned long long snaps;	/* snapshots taken (the reader's count) */
	_Atomic long long pid;			/* the probe's process, 0 before probe_start */
	_Atomic long long period_ns;		/* the probe's period, set by probe_start */
	_Atomic unsigned long long hist[PROBE_NBUCKET];	/* latencies per bucket, us */
};

/* The probe's counters at one edge of the window. */
struct probe_snap {
	unsigned long long t_ns;	/* CLOCK_MONOTONIC at the snapshot */
	unsigned long long index;	/* which snapshot this is (1, 2, ...) */
	unsigned long long wakeups, periods, met;	/* as in probe_shm */
	unsigned long long max_us;	/* largest latency since the previous snapshot */
	long long cpu_ns;		/* the probe's CPU time so far (user + sys), -1 if unknown */
	long long cpu_tk_ns;		/* the same from /proc/PID/stat's clock ticks, -1 if unknown */
	long long rq_ns;		/* /proc/PID/schedstat: time spent waiting on a run queue, -1 if unknown */
	long long slices;		/* and the times it was put on a CPU */
	long long period_ns;		/* the probe's period, for probe_window */
	unsigned long long hist[PROBE_NBUCKET];
};

/* What the log gets for one window. */
struct probe_stats {
	double secs;			/* length of the window */
	unsigned long long n;		/* lat_n: wake-ups in the window */
	unsigned long long p50, p99;	/* lat_p50, lat_p99, us: upper bound of the percentile's bucket */
	unsigned long long max;		/* lat_max, us: exact */
	unsigned long long periods;	/* deadlines in the window */
	double dl_met;			/* percentage of those met; NAN if none */
	double cpu;			/* probe_cpu: the probe's CPU seconds in the window; -1 if unknown */
	double rq;			/* lat_rq, us: its run-queue wait per time it ran, the kernel's own count; -1 if unknown */
};

/* parse a --probe value; 0, or -1 with a message in err */
int probe_parse(const char *arg, struct probe_cfg *cfg, char *err, size_t errlen);
/* time the work on this (idle) machine, fill the calibration fields; 0, or -1 with errno */
int probe_calibrate(struct probe_cfg *cfg);

/* the shared counters, mapped zero-filled; NULL with errno */
struct probe_shm *probe_map(void);
void probe_unmap(struct probe_shm *shm);	/* NULL: nothing */
/* fork the probe on shm; in the child enter(arg) first unless enter is
 * NULL (-1: the child exits 1); its pid, or -1 with errno */
pid_t probe_start(struct probe_shm *shm, const struct probe_cfg *cfg, int (*enter)(void *), void *arg);
/* the probe's loop, in the child; never returns: _exit(0) on SIGTERM, _exit(1) on an error */
void probe_main(struct probe_shm *shm, const struct probe_cfg *cfg) __attribute__((noreturn));
/* 1 (and *status, the probe reaped) if the probe has ended, 0 if it runs */
int probe_ended(pid_t pid, int *status);
/* SIGTERM, SIGKILL after grace seconds, reap; its wait status */
int probe_stop(pid_t pid, double grace);

/* copy the counters at a window edge and clear the max cell; 0, or -1 if
 * the probe stayed in the middle of an update for a second (stuck, or
 * died there) */
int probe_snap(struct probe_shm *shm, struct probe_snap *snap);
/* the window from snapshot a to the very next snapshot b; 0, or -1 with
 * why the probe's figures are not to be trusted (the run is invalid) */
int probe_window(const struct probe_snap *a, const struct probe_snap *b,
    struct probe_stats *out, char *why, size_t whylen);

/* the histogram, for probe_window and the unit test */
unsigned probe_bucket(unsigned long long us);		/* bucket of a latency */
unsigned long long probe_bucket_lo(unsigned i);		/* smallest value in bucket i */
unsigned long long probe_bucket_hi(unsigned i);		/* largest value in bucket i; PROBE_OVER for the overflow */
/* nearest-rank percentile pct (0 < pct <= 100) of the n values counted in
 * hist: the largest value of the bucket holding it; 0 if n is 0 */
unsigned long long probe_hist_pct(const unsigned long long *hist, double pct);
/* the same, never above max, the exact largest value counted (the probe's
 * and an I/O load's window: a bucket's upper bound may pass it) */
unsigned long long probe_pct_max(const unsigned long long *hist, double pct, unsigned long long max);
/* the probe's own step: record one wake-up late by lat_ns; periods
 * ended with it (1, more when periods were skipped) and whether its
 * deadline was met.  Only the probe (one writer) calls it. */
void probe_record(struct probe_shm *shm, long long lat_ns, unsigned long long periods, int met);

#endif
