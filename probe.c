/*
 * probe.c: the interactivity probe (see probe.h and doc/probe.md).  A
 * child process at nice 0, SCHED_OTHER, sleeps to each period's start
 * with clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME), notes how late it
 * woke, does a calibrated number of iterations of integer work and notes
 * whether they were done before the next period began.  Its counters
 * live in a shared anonymous mapping the caller made; the loop neither
 * allocates nor does I/O.
 *
 * System calls: clock_nanosleep(2), clock_gettime(2) (vDSO), fork(2),
 * prctl(PR_SET_PDEATHSIG), sched_setscheduler(2), setpriority(2),
 * sigaction(2), kill(2), waitpid(2), clock_getcpuclockid(3) for the
 * probe's CPU time; /proc/PID/stat and schedstat through kfile.h.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "kfile.h"
#include "num.h"
#include "probe.h"
#include "util.h"

#define CAL_WARM_NS	5000000LL	/* warm-up and sizing: double the work until one run lasts this long */
#define CAL_BLOCK_NS	50000LL		/* one timed block of work: about 50 us */
#define CAL_BLOCKS	4000		/* timed blocks at most (0.2 s on an idle CPU) */
#define CAL_BUDGET_NS	300000000LL	/* stop timing blocks after 0.3 s of wall time */
#define CAL_MIN_BLOCKS	100		/* fewer than this in the budget: too busy to calibrate */
#define CAL_PCT		50		/* the percentile of the blocks' ns per iteration that is kept */
#define SNAP_GIVEUP_NS	1000000000LL	/* probe_snap waits this long for an update to end */


/* The same from utime + stime of /proc/PID/stat (clock ticks), -1 if unknown. */
static long long
cpu_tk_ns(pid_t pid)
{
	long hz = sysconf(_SC_CLK_TCK);
	struct proc_stat ps;

	if (pid <= 0 || hz <= 0 || kf_pid_stat((long)pid, &ps) < 0)
		return -1;
	return (long long)((ps.utime + ps.stime) * (1000000000ULL / (unsigned long long)hz));
}

/*
 * The scheduler's own account of pid (/proc/PID/schedstat, kernels with
 * CONFIG_SCHED_INFO): nanoseconds spent runnable but waiting on a run
 * queue, and the times it was put on a CPU.  -1 each when unknown.
 */
static void
schedstat(pid_t pid, long long *wait, long long *slices)
{
	unsigned long long run, w, n;
	char buf[128];

	*wait = *slices = -1;
	if (pid <= 0 || kf_pid_read((long)pid, "schedstat", buf, sizeof(buf)) <= 0)
		return;
	if (sscanf(buf, "%llu %llu %llu", &run, &w, &n) == 3 && w <= LLONG_MAX && n <= LLONG_MAX) {
		*wait = (long long)w;
		*slices = (long long)n;
	}
}

/* ---- the histogram ---- */

unsigned
probe_bucket(unsigned long long us)
{
	unsigned e = PROBE_SUB_BITS;

	if (us < PROBE_SUB)
		return (unsigned)us;
	if (us >= 1ULL << PROBE_TOP_BITS)
		return PROBE_NBUCKET - 1;
	/* e: the top bit, PROBE_SUB_BITS .. PROBE_TOP_BITS - 1; one instruction
	 * where the compiler has it (an I/O load buckets each request) */
#if defined(__GNUC__)
	e = 63u - (unsigned)__builtin_clzll(us);
#else
	while (us >> (e + 1))
		e++;
#endif
	return (e - PROBE_SUB_BITS + 1) * PROBE_SUB +
	    (unsigned)((us >> (e - PROBE_SUB_BITS)) & (PROBE_SUB - 1));
}

unsigned long long
probe_bucket_lo(unsigned i)
{
	unsigned e;

	if (i < PROBE_SUB)
		return i;
	if (i >= PROBE_NBUCKET - 1)
		return 1ULL << PROBE_TOP_BITS;
	e = i / PROBE_SUB + PROBE_SUB_BITS - 1;
	return (unsigned long long)(PROBE_SUB + i % PROBE_SUB) << (e - PROBE_SUB_BITS);
}

unsigned long long
probe_bucket_hi(unsigned i)
{
	if (i >= PROBE_NBUCKET - 1)
		return PROBE_OVER;
	return probe_bucket_lo(i + 1) - 1;
}

unsigned long long
probe_hist_pct(const unsigned long long *hist, double pct)
{
	unsigned long long n = 0, rank, cum = 0;
	unsigned i;

	for (i = 0; i < PROBE_NBUCKET; i++)
		n += hist[i];
	if (n == 0)
		return 0;
	/* nearest rank: the smallest value with at least pct% of them at or below it */
	rank = (unsigned long long)ceil(pct / 100.0 * (double)n);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	for (i = 0; i < PROBE_NBUCKET; i++) {
		cum += hist[i];
		if (cum >= rank)
			return probe_bucket_hi(i);
	}
	return PROBE_OVER;
}

unsigned long long
probe_pct_max(const unsigned long long *hist, double pct, unsigned long long max)
{
	unsigned long long v = probe_hist_pct(hist, pct);

	/* a bucket's upper bound may pass the exact maximum: no percentile above it */
	return v > max ? max : v;
}

/* ---- --probe: the probe's rhythm ---- */

static int
set_rhythm(struct probe_cfg *cfg, const char *name, double period_ms, double share)
{
	snprintf(cfg->name, sizeof(cfg->name), "%s", name);
	cfg->period_ns = llround(period_ms * 1e6);
	cfg->share = share;
	return 0;
}

int
probe_parse(const char *arg, struct probe_cfg *cfg, char *err, size_t errlen)
{
	const char *colon;
	char name[PROBE_NAME_MAX];
	double period, share;

	memset(cfg, 0, sizeof(*cfg));
	if (strcmp(arg, "audio") == 0)
		return set_rhythm(cfg, "audio", 50.0, 5.0);
	if (strcmp(arg, "video") == 0)
		return set_rhythm(cfg, "video", 16.7, 40.0);
	if (strcmp(arg, "off") == 0) {
		cfg->off = 1;
		snprintf(cfg->name, sizeof(cfg->name), "off");
		return 0;
	}
	/* the numbers as every number contest is given (num.h): 16.7, not .5 or 1e3 */
	if ((colon = strchr(arg, ':')) == NULL ||
	    num_decimal(arg, (size_t)(colon - arg), 1, &period, NULL) < 0 ||
	    num_decimal(colon + 1, strlen(colon + 1), 1, &share, NULL) < 0) {
		snprintf(err, errlen, "bad probe '%s': not audio, video, off or PERIOD_MS:PERCENT", arg);
		return -1;
	}
	/* the numbers as given: %g would print 100.0001 as 100, which is allowed */
	if (!(period >= PROBE_PERIOD_MIN && period <= PROBE_PERIOD_MAX)) {
		snprintf(err, errlen, "bad probe '%s': period %.*s ms is not within %g to %g ms",
		    arg, (int)(colon - arg), arg, PROBE_PERIOD_MIN, PROBE_PERIOD_MAX);
		return -1;
	}
	if (!(share > 0 && share <= 100)) {
		snprintf(err, errlen, "bad probe '%s': share %s%% is not above 0 and at most 100",
		    arg, colon + 1);
		return -1;
	}
	snprintf(name, sizeof(name), "%.10g:%.10g", period, share);
	return set_rhythm(cfg, name, period, share);
}

/* ---- the work ---- */

/*
 * The probe's unit of work: one step of xorshift64, a chain of dependent
 * integer operations on registers that no compiler can fold or
 * vectorise.  Not inlined, so that calibration and the loop run the very
 * same code.
 */
static __attribute__((noinline)) unsigned long long
work(unsigned long long n, unsigned long long x)
{
	while (n-- > 0) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

static volatile unsigned long long sink;	/* keeps the work's result alive */

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
probe_calibrate(struct probe_cfg *cfg)
{
	static double ns[CAL_BLOCKS];	/* not on the stack: 32 KiB */
	unsigned long long n = 1024, block;
	long long t0 = mono_ns(), a, b;
	int k = 0;

	if (cfg->off)
		return 0;
	/* warm up (clock, caches, frequency) and size a block */
	for (;;) {
		a = mono_ns();
		sink = work(n, sink | 1);
		b = mono_ns();
		if (b - a >= CAL_WARM_NS)
			break;
		n *= 2;
	}
	/* a preemption above makes the work look slow: the fastest of a few */
	for (k = 0; k < 4; k++) {
		long long a2 = mono_ns(), b2;
		sink = work(n, sink | 1);
		b2 = mono_ns();
		if (b2 - a2 < b - a) {
			a = a2;
			b = b2;
		}
	}
	k = 0;
	block = (unsigned long long)((double)n * CAL_BLOCK_NS / (double)(b - a));
	if (block < 1)
		block = 1;
	/* time short blocks: the few that are preempted or interrupted come
	 * out slow, so the median is the cost of the work on a CPU of its own */
	while (k < CAL_BLOCKS && mono_ns() - t0 < CAL_BUDGET_NS) {
		a = mono_ns();
		sink = work(block, sink | 1);
		b = mono_ns();
		ns[k++] = (double)(b - a) / (double)block;
	}
	cfg->cal_blocks = k;
	cfg->cal_secs = (double)(mono_ns() - t0) / 1e9;
	if (k < CAL_MIN_BLOCKS) {
		errno = EAGAIN;
		return -1;
	}
	qsort(ns, (size_t)k, sizeof(ns[0]), cmp_double);
	cfg->ns_per_iter = ns[k * CAL_PCT / 100];
	cfg->iters = (unsigned long long)llround(cfg->share / 100.0 * (double)cfg->period_ns / cfg->ns_per_iter);
	return 0;
}

/* ---- the probe's side ---- */

void
probe_record(struct probe_shm *shm, long long lat_ns, unsigned long long periods, int met)
{
	unsigned long long us = lat_ns > 0 ? ((unsigned long long)lat_ns + 999) / 1000 : 0;
	unsigned long long s = atomic_load(&shm->seq), cur;

	/* odd: the reader retries until it sees the same even value before
	 * and after its copy, so it never sees half of a wake-up */
	atomic_store(&shm->seq, s + 1);
	atomic_fetch_add(&shm->hist[probe_bucket(us)], 1);
	atomic_fetch_add(&shm->periods, periods);
	if (met)
		atomic_fetch_add(&shm->met, 1);
	atomic_fetch_add(&shm->wakeups, 1);
	/* the reader may clear max_us at any time: a compare-and-swap maximum */
	cur = atomic_load(&shm->max_us);
	while (us > cur && !atomic_compare_exchange_weak(&shm->max_us, &cur, us))
		;
	atomic_store(&shm->seq, s + 2);
}

static volatile sig_atomic_t stopping, recording;

/*
 * SIGTERM: the probe has nothing to clean up, so it ends at once, from
 * wherever it is (asleep, working), unless it is in the middle of a
 * record; then the loop ends after it.  No race with the sleep, however
 * long the period.
 */
static void
on_term(int sig)
{
	(void)sig;
	stopping = 1;
	if (!recording)
		_exit(0);
}

static void
probe_signals(void)
{
	struct sigaction sa;
	sigset_t none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigfillset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	/* the caller's handlers are its own business: die as a plain process */
	signal(SIGINT, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

void
probe_main(struct probe_shm *shm, const struct probe_cfg *cfg)
{
	struct sched_param sp;
	long long period = cfg->period_ns, target, wake, end, next;
	unsigned long long periods;
	struct timespec ts;
	int r;

	probe_signals();
	/* a user's interactive program: normal policy, nice 0; EPERM (a
	 * niced parent without the right to renice) leaves the inherited */
	memset(&sp, 0, sizeof(sp));
	sched_setscheduler(0, SCHED_OTHER, &sp);
	setpriority(PRIO_PROCESS, 0, 0);
	atomic_store(&shm->pid, (long long)getpid());

	target = mono_ns() + period;
	for (;;) {
		ts.tv_sec = (time_t)(target / 1000000000LL);
		ts.tv_nsec = (long)(target % 1000000000LL);
		while ((r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)) == EINTR)
			;
		if (r != 0)
			_exit(1);
		wake = mono_ns();
		sink = work(cfg->iters, sink | 1);
		end = mono_ns();
		/* the next period whose start is still ahead; periods whose
		 * start passed while this one was late are skipped (missed) */
		next = target + period;
		periods = 1;
		if (end > next) {
			long long skip = (end - next + period - 1) / period;
			next += skip * period;
			periods += (unsigned long long)skip;
		}
		recording = 1;
		atomic_signal_fence(memory_order_seq_cst);
		probe_record(shm, wake - target, periods, end <= target + period);
		atomic_signal_fence(memory_order_seq_cst);
		recording = 0;
		if (stopping)
			_exit(0);
		target = next;
	}
}

struct probe_shm *
probe_map(void)
{
	struct probe_shm *shm;

	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return shm == MAP_FAILED ? NULL : shm;
}

void
probe_unmap(struct probe_shm *shm)
{
	if (shm)
		munmap(shm, sizeof(*shm));
}

pid_t
probe_start(struct probe_shm *shm, const struct probe_cfg *cfg, int (*enter)(void *), void *arg)
{
	pid_t parent = getpid(), pid;

	atomic_store(&shm->period_ns, cfg->period_ns);
	if ((pid = fork()) < 0)
		return -1;
	if (pid == 0) {
#ifdef __linux__
		prctl(PR_SET_NAME, "contest-probe");
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		/* the parent may have died before the prctl */
		if (getppid() != parent || (enter && enter(arg) < 0))
			_exit(1);
		/* the probe must not hold a pipe end of the caller's (a load's
		 * "ready" pipe, a compile's output) open */
		close_fds(3);
		probe_main(shm, cfg);
	}
	atomic_store(&shm->pid, (long long)pid);
	return pid;
}

int
probe_ended(pid_t pid, int *status)
{
	int st = 0;
	pid_t r;

	while ((r = waitpid(pid, &st, WNOHANG)) < 0 && errno == EINTR)
		;
	if (r == 0)
		return 0;
	if (status)
		*status = r == pid ? st : 0;
	return 1;
}

int
probe_stop(pid_t pid, double grace)
{
	long long end = mono_ns() + llround(grace * 1e9);
	struct timespec ts = { 0, 1000000 };
	int st = 0;
	pid_t r;

	if (pid <= 0)
		return 0;
	kill(pid, SIGTERM);
	while (mono_ns() < end) {
		if ((r = waitpid(pid, &st, WNOHANG)) == pid)
			return st;
		if (r < 0 && errno != EINTR)
			return 0;	/* already reaped */
		nanosleep(&ts, NULL);
	}
	kill(pid, SIGKILL);
	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	return r == pid ? st : 0;
}

/* ---- the reader's side ---- */

/* CPU time (user + sys) of process pid so far, -1 if unknown */
static long long
cpu_ns(pid_t pid)
{
	struct timespec ts;
	clockid_t id;

	if (pid <= 0 || clock_getcpuclockid(pid, &id) != 0 || clock_gettime(id, &ts) != 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int
probe_snap(struct probe_shm *shm, struct probe_snap *snap)
{
	unsigned long long s0, s1, m = 0, x, cur;
	long long giveup = mono_ns() + SNAP_GIVEUP_NS;
	struct timespec ts = { 0, 100000 };
	unsigned i, tries;

	for (tries = 0;; tries++) {
		s0 = atomic_load(&shm->seq);
		if ((s0 & 1) == 0) {
			for (i = 0; i < PROBE_NBUCKET; i++)
				snap->hist[i] = atomic_load(&shm->hist[i]);
			snap->wakeups = atomic_load(&shm->wakeups);
			snap->periods = atomic_load(&shm->periods);
			snap->met = atomic_load(&shm->met);
			/* what a failed try took belongs to wake-ups that the
			 * next try's copy holds: keep it */
			x = atomic_exchange(&shm->max_us, 0);
			if (x > m)
				m = x;
			s1 = atomic_load(&shm->seq);
			if (s1 == s0)
				break;
		}
		if (mono_ns() > giveup) {
			/* give back what was taken, for a later snapshot */
			cur = atomic_load(&shm->max_us);
			while (m > cur && !atomic_compare_exchange_weak(&shm->max_us, &cur, m))
				;
			return -1;
		}
		if (tries >= 16)
			nanosleep(&ts, NULL);
	}
	snap->max_us = m;
	snap->t_ns = (unsigned long long)mono_ns();
	snap->index = atomic_fetch_add(&shm->snaps, 1) + 1;
	snap->cpu_ns = cpu_ns((pid_t)atomic_load(&shm->pid));
	snap->cpu_tk_ns = cpu_tk_ns((pid_t)atomic_load(&shm->pid));
	schedstat((pid_t)atomic_load(&shm->pid), &snap->rq_ns, &snap->slices);
	snap->period_ns = atomic_load(&shm->period_ns);
	return 0;
}

int
probe_window(const struct probe_snap *a, const struct probe_snap *b,
    struct probe_stats *out, char *why, size_t whylen)
{
	unsigned long long h[PROBE_NBUCKET], met;
	unsigned i;

	memset(out, 0, sizeof(*out));
	out->dl_met = NAN;
	out->cpu = out->rq = -1;
	if (b->index != a->index + 1 || b->t_ns < a->t_ns || b->wakeups < a->wakeups) {
		snprintf(why, whylen, "probe snapshots %llu and %llu are not consecutive",
		    a->index, b->index);
		return -1;
	}
	out->secs = (double)(b->t_ns - a->t_ns) / 1e9;
	for (i = 0; i < PROBE_NBUCKET; i++)
		h[i] = b->hist[i] - a->hist[i];
	out->n = b->wakeups - a->wakeups;
	out->max = b->max_us;
	out->p50 = probe_pct_max(h, 50, out->max);
	out->p99 = probe_pct_max(h, 99, out->max);
	out->periods = b->periods - a->periods;
	met = b->met - a->met;
	if (out->periods > 0)
		out->dl_met = 100.0 * (double)met / (double)out->periods;
	/* the process CPU clock; when it gave no figure (seen in 2 of about
	 * 100 short windows of t0060, cause not found), /proc's ticks */
	if (a->cpu_ns >= 0 && b->cpu_ns >= a->cpu_ns)
		out->cpu = (double)(b->cpu_ns - a->cpu_ns) / 1e9;
	else if (a->cpu_tk_ns >= 0 && b->cpu_tk_ns >= a->cpu_tk_ns)
		out->cpu = (double)(b->cpu_tk_ns - a->cpu_tk_ns) / 1e9;
	/* the kernel's count of the same waits: per time the probe ran */
	if (a->rq_ns >= 0 && b->rq_ns >= a->rq_ns && b->slices > a->slices)
		out->rq = (double)(b->rq_ns - a->rq_ns) / 1e3 / (double)(b->slices - a->slices);
	if (out->n == 0 && b->period_ns > 0 &&
	    (long long)(b->t_ns - a->t_ns) >= 2 * b->period_ns) {
		snprintf(why, whylen, "the probe recorded no wake-up in %.1f s (period %.1f ms)",
		    out->secs, (double)b->period_ns / 1e6);
		return -1;
	}
	return 0;
}
