/*
 * run.c: the life of one run (see run.h).  Signals are blocked while
 * contest works and taken only inside ppoll(2), so none is lost between
 * a check and a wait; a child's end is seen with waitid(2) WNOWAIT
 * before it is reaped with wait4(2) for its rusage.  Children get the
 * default signal state, PR_SET_PDEATHSIG, an oom_score_adj and a place
 * in the run's container (cage.c) before they run.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "config.h"
#include "kfile.h"
#include "run.h"
#include "util.h"

extern char **environ;

static volatile sig_atomic_t caught;	/* INT, TERM, HUP or QUIT: stop */
static volatile sig_atomic_t continued;	/* SIGCONT: contest was stopped, and went on */
static sigset_t waitmask;		/* the mask inside ppoll: ours unblocked */
static const int stop_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

static void
on_signal(int sig)
{
	if (sig == SIGCONT)
		continued = 1;
	else if (sig != SIGCHLD && !caught)
		caught = sig;
}

void
run_signals(void)
{
	struct sigaction sa;
	sigset_t block;
	size_t i;

	sigemptyset(&block);
	for (i = 0; i < sizeof(stop_sigs) / sizeof(stop_sigs[0]); i++)
		sigaddset(&block, stop_sigs[i]);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGCONT);	/* a stop of contest: it goes on at once, its handler waits */
	sigprocmask(SIG_BLOCK, &block, &waitmask);
	for (i = 0; i < sizeof(stop_sigs) / sizeof(stop_sigs[0]); i++)
		sigdelset(&waitmask, stop_sigs[i]);
	sigdelset(&waitmask, SIGCHLD);
	sigdelset(&waitmask, SIGCONT);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_mask = block;
	for (i = 0; i < sizeof(stop_sigs) / sizeof(stop_sigs[0]); i++)
		sigaction(stop_sigs[i], &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);	/* a handler, so that ppoll wakes */
	sigaction(SIGCONT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int
run_caught(void)
{
	return caught;
}

int
run_pending(void)
{
	sigset_t set;
	size_t i;

	if (caught)
		return caught;
	if (sigpending(&set) < 0)
		return 0;
	for (i = 0; i < sizeof(stop_sigs) / sizeof(stop_sigs[0]); i++)
		if (sigismember(&set, stop_sigs[i]) == 1)
			return caught = stop_sigs[i];
	return 0;
}

void
run_default_signals(void)
{
	sigset_t none;
	int s;

	for (s = 1; s < NSIG; s++) {
		if (s == SIGKILL || s == SIGSTOP)
			continue;
		if (signal(s, SIG_DFL) == SIG_ERR) {
#ifdef __linux__
			/* the C library keeps 32 and 33 for itself, but a parent may
			 * have left them ignored: SIG_DFL, no flags, no mask is an
			 * all-zero struct sigaction on every architecture */
			unsigned long zero[8] = { 0 };
			syscall(SYS_rt_sigaction, s, zero, NULL, sizeof(unsigned long));
#endif
		}
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/*
 * Wait until fd is readable (fd >= 0), a child changes state, a signal
 * comes or the monotonic deadline passes (<= 0: none).  The caller looks
 * at what happened.
 */
static void
await(int fd, double deadline)
{
	struct pollfd p = { fd, POLLIN, 0 };
	struct timespec ts, *tp = NULL;

	if (caught)
		return;
	if (deadline > 0) {
		double left = deadline - mono_s();
		if (left <= 0)
			return;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		tp = &ts;
	}
	ppoll(fd >= 0 ? &p : NULL, fd >= 0 ? 1 : 0, tp, &waitmask);
}

int
run_sleep(double s)
{
	double end = mono_s() + s;

	while (!caught && mono_s() < end)
		await(-1, end);
	return caught ? -1 : 0;
}

/* Has child pid ended?  Not reaped: WNOWAIT. */
static int
ended(pid_t pid)
{
	siginfo_t si;

	if (pid <= 0)
		return 0;
	si.si_pid = 0;
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* ------------------------------------------------------------ children */

void
run_oom_adj(const char *val)
{
	/* not permitted: the inherited value stays */
	kf_write(KF_PROC, "self/oom_score_adj", val);
}

/*
 * What every child of a run does first: its own process group, death
 * with contest, its place in the container, the default signal state,
 * stdin from /dev/null.  -1: it must not run.
 */
static int
child_start(const struct run_env *e, int part, pid_t parent, const char *oom)
{
	int in;

	setpgid(0, 0);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (getppid() != parent)	/* contest died before PDEATHSIG was set */
		return -1;
	if (cage_enter(e->cage, part) < 0)
		return -1;
	run_default_signals();
	run_oom_adj(oom);
	if ((in = open("/dev/null", O_RDONLY)) < 0 || dup2(in, 0) < 0)
		return -1;
	if (in > 0)
		close(in);
	return 0;
}

/*
 * The environment of the commands: contest's, without what would tie
 * them to the make that started contest (a jobserver, -e, MAKE= naming a
 * wrapper that every recursive $(MAKE) would run), with the run's mark
 * (cage_env) that every process they start inherits.
 */
static char **
job_environ(const struct run_env *e)
{
	static const char *const drop[] = { "MAKE=", "MAKEFLAGS=", "MFLAGS=", "MAKELEVEL=",
	    "MAKEOVERRIDES=", "GNUMAKEFLAGS=", "CONTEST_CAGE=" };
	static char **env;
	size_t n = 0, i, k = 0;

	if (env)
		return env;
	while (environ[n])
		n++;
	if ((env = calloc(n + 2, sizeof(*env))) == NULL)
		return environ;
	env[k++] = (char *)cage_env(e->cage);
	for (i = 0; i < n; i++) {
		size_t d;
		for (d = 0; d < sizeof(drop) / sizeof(drop[0]); d++)
			if (!strncmp(environ[i], drop[d], strlen(drop[d])))
				break;
		if (d == sizeof(drop) / sizeof(drop[0]))
			env[k++] = environ[i];
	}
	return env;
}

/* Fork and exec argv in e->job_dir, output to fd; the pid. */
static pid_t
spawn(const struct run_env *e, char *const argv[], int fd)
{
	pid_t parent = getpid(), pid;
	char **env = job_environ(e);

	if ((pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		if (child_start(e, PART_JOB, parent, "0") < 0)
			_exit(126);
		if (dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		/* nothing of contest's, nor of whatever started it (a make's
		 * jobserver), reaches the compile */
		close_fds(3);
		if (chdir(e->job_dir) < 0) {
			dprintf(2, "contest: cannot enter '%s': %s\n", e->job_dir, strerror(errno));
			_exit(126);
		}
		environ = env;
		execvp(argv[0], argv);
		dprintf(2, "contest: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	cage_track(e->cage, PART_JOB, pid);
	return pid;
}

/* Wait for the command pid (abortable); -1 on a signal. */
static int
wait_cmd(pid_t pid, int *status, struct rusage *ru)
{
	while (!ended(pid)) {
		if (caught)
			return -1;
		await(-1, 0);
	}
	while (wait4(pid, status, 0, ru) < 0 && errno == EINTR)
		;
	return 0;
}

/* ------------------------------------------------------------ the load */

/*
 * The load's process: set up, say so on ready, wait for go, run until
 * SIGTERM, clean up.  Never returns.
 */
static void
load_child(const struct run_env *e, struct run *r, pid_t parent, int ready, int go)
{
	const struct load *l = r->load;
	struct load_ctx *ctx = r->ctx;
	struct sigaction sa;
	char c;
	int rc;

#ifdef __linux__
	prctl(PR_SET_NAME, l->name);	/* ps shows io_load, not contest */
#endif
	if (child_start(e, PART_LOAD, parent, "1000") < 0) {
		snprintf(ctx->reason, sizeof(ctx->reason), "cannot start in the run's container");
		_exit(1);
	}
	/* the load keeps its two pipes, as 3 and 4, and nothing else of contest's */
	if ((ready = fcntl(ready, F_DUPFD, 10)) < 0 || (go = fcntl(go, F_DUPFD, 10)) < 0 ||
	    dup2(ready, 3) < 0 || dup2(go, 4) < 0)
		_exit(1);
	ready = 3;
	go = 4;
	close_fds(5);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = load_stop_handler;
	sigaction(SIGTERM, &sa, NULL);
	load_set_pass_limit(e->passes);
	rc = l->setup ? l->setup(ctx) : 0;
	if (rc < 0 && !ctx->reason[0])
		snprintf(ctx->reason, sizeof(ctx->reason), "setup failed");
	if (write(ready, rc < 0 ? "f" : "r", 1) != 1 || rc < 0) {
		if (l->cleanup)
			l->cleanup(ctx);
		_exit(1);
	}
	close(ready);
	if (read(go, &c, 1) == 1 && !load_stopping()) {
		rc = l->run(ctx);
		if (rc < 0 && !ctx->reason[0])
			snprintf(ctx->reason, sizeof(ctx->reason), "load failed");
	}
	if (l->cleanup && !e->keep)
		l->cleanup(ctx);
	_exit(rc < 0 ? 1 : 0);
}

/* ----------------------------------------------------------- the probe */

/* What the probe's child needs to enter the run's container. */
struct probe_entry {
	const struct run_env *e;
	pid_t parent;
};

static int
enter_probe(void *arg)
{
	const struct probe_entry *pe = arg;

	return child_start(pe->e, PART_PROBE, pe->parent, "0");
}

/*
 * Fork the probe into the run's container, its counters in shared
 * memory (probe.h's lifecycle); it settles while the load sets up and
 * leads.  0, or -1 with the run's reason set.
 */
static int
start_probe(const struct run_env *e, struct run *r)
{
	struct probe_entry pe = { e, getpid() };

	if ((r->pshm = probe_map()) == NULL) {
		snprintf(r->reason, sizeof(r->reason), "cannot map the probe's counters: %s", strerror(errno));
		return -1;
	}
	if ((r->probe_pid = probe_start(r->pshm, e->probe, enter_probe, &pe)) < 0) {
		r->probe_pid = 0;
		snprintf(r->reason, sizeof(r->reason), "cannot fork the probe: %s", strerror(errno));
		return -1;
	}
	setpgid(r->probe_pid, r->probe_pid);
	cage_track(e->cage, PART_PROBE, r->probe_pid);
	return 0;
}

/* Has the probe ended?  Reaped if so. */
static void
check_probe(struct run *r)
{
	if (r->probe_pid > 0 && !r->probe_ended && !r->probe_stopped &&
	    probe_ended(r->probe_pid, &r->probe_status))
		r->probe_ended = 1;
}

/* The run's directory: made fresh, never through a symbolic link, locked. */
static int
make_dir(struct run *r, int *dfd)
{
	char name[64];
	int bfd;

	snprintf(name, sizeof(name), "contest-run.%ld", (long)getpid());
	if (snprintf(r->dir, sizeof(r->dir), "%s/%s", r->base, name) >= (int)sizeof(r->dir)) {
		snprintf(r->reason, sizeof(r->reason), "run directory path too long");
		return -1;
	}
	if ((bfd = open(r->base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		snprintf(r->reason, sizeof(r->reason), "cannot open '%.72s': %s", r->base, strerror(errno));
		return -1;
	}
	rmtree(r->dir);
	if (mkdirat(bfd, name, 0755) < 0 ||
	    (*dfd = openat(bfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		snprintf(r->reason, sizeof(r->reason), "cannot create '%.72s': %s", r->dir, strerror(errno));
		close(bfd);
		return -1;
	}
	close(bfd);
	flock(*dfd, LOCK_EX);	/* a live run: run_sweep leaves it */
	return 0;
}

/*
 * Fork the load and wait for its setup.  0: ready; 1: it failed (reason
 * set); -1: a signal.
 */
static int
start_load(const struct run_env *e, struct run *r)
{
	int ready[2], go[2], rc;
	pid_t parent = getpid();
	ssize_t n = 0;
	char c = 0;

	if (pipe2(ready, O_CLOEXEC) < 0) {
		snprintf(r->reason, sizeof(r->reason), "cannot make a pipe: %s", strerror(errno));
		return 1;
	}
	if (pipe2(go, O_CLOEXEC) < 0) {
		snprintf(r->reason, sizeof(r->reason), "cannot make a pipe: %s", strerror(errno));
		close(ready[0]);
		close(ready[1]);
		return 1;
	}
	if ((r->load_pid = fork()) < 0) {
		snprintf(r->reason, sizeof(r->reason), "cannot fork the load: %s", strerror(errno));
		r->load_pid = 0;
		close(ready[0]);
		close(ready[1]);
		close(go[0]);
		close(go[1]);
		return 1;
	}
	if (r->load_pid == 0) {
		close(ready[0]);
		close(go[1]);
		load_child(e, r, parent, ready[1], go[0]);
	}
	setpgid(r->load_pid, r->load_pid);
	cage_track(e->cage, PART_LOAD, r->load_pid);
	close(ready[1]);
	close(go[0]);
	r->go_fd = go[1];
	/* setup may take minutes (a RAM-sized file): wait so a signal ends it */
	fcntl(ready[0], F_SETFL, O_NONBLOCK);
	while ((n = read(ready[0], &c, 1)) < 0 && (errno == EAGAIN || errno == EINTR) && !caught)
		await(ready[0], 0);
	close(ready[0]);
	if (caught)
		return -1;
	rc = n == 1 && c == 'r' ? 0 : 1;
	if (rc && !r->ctx->reason[0])
		snprintf(r->ctx->reason, sizeof(r->ctx->reason), "load died in setup");
	if (rc)
		snprintf(r->reason, sizeof(r->reason), "%s", r->ctx->reason);
	return rc;
}

/* ---------------------------------------------------------- the window */

static double
self_cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* the load's counters first: they change fastest */
/* the work of each of the load's workers */
static void
parts(const struct run *r, struct sample *s)
{
	int i;

	for (i = 0; r->ctx && i < r->ctx->nparts && i < LOAD_PROCS; i++)
		s->part[i] = atomic_load(&r->ctx->part[i]);
}

static void
sample_open(const struct run_env *e, const struct run *r, struct sample *s)
{
	s->work = r->ctx ? atomic_load(&r->ctx->work) : 0;
	parts(r, s);
	if (r->ctx && (r->load->flags & LOAD_IO))
		load_req_take(r->ctx, 0, &s->req);
	s->lcpu = r->ctx ? cage_cpu(e->cage, PART_LOAD) : 0;
	s->self = self_cpu();
	if (e->sys) {
		sys_take(e->sys, &s->sys);
		sys_kthreads_take(&s->procs);
	}
	if (r->pshm)
		s->probe_ok = probe_snap(r->pshm, &s->probe) == 0;
}

static void prof_close_window(const struct run_env *e, struct run *r);

/* the same samples in the reverse order, so each lies inside the other's */
static void
sample_close(const struct run_env *e, struct run *r, struct sample *s)
{
	if (r->pshm)
		s->probe_ok = probe_snap(r->pshm, &s->probe) == 0;
	if (e->sys) {
		sys_kthreads_take(&s->procs);
		sys_take(e->sys, &s->sys);
	}
	s->self = self_cpu();
	s->lcpu = r->ctx ? cage_cpu(e->cage, PART_LOAD) : 0;
	if (r->ctx && (r->load->flags & LOAD_IO))
		load_req_take(r->ctx, 1, &s->req);
	parts(r, s);
	s->work = r->ctx ? atomic_load(&r->ctx->work) : 0;
	prof_close_window(e, r);	/* opened before the command's fork */
}

/*
 * Stops.  A stop of contest (SIGSTOP, ^Z) leaves the compile running
 * unwatched, in its own process group, while contest's clock runs on; a
 * stop of the compile adds its length to the Time; a stop of the load
 * takes its work away.  Each is seen the surest way there is for it:
 * contest's own by the SIGCONT every resumption sends (a stopped process
 * sees nothing while stopped, and a clock cannot tell a stop from a busy
 * machine); the compile's leader by waitid(2) WSTOPPED, which reports a
 * stop however short; the other processes of the compile and every
 * process of the load (its container's: a worker, a ring member, not
 * only its leader) by their state in /proc (T or t) once a second, which
 * a stop shorter than that may slip through.  Any stop seen makes the
 * run invalid: one worker stopped while the others work would show as
 * the kernel's unfairness.
 */

/* Forget a SIGCONT from before the window: only one inside it counts. */
static void
cont_reset(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGCONT);
	while (sigtimedwait(&s, NULL, &zero) == SIGCONT)
		;
	continued = 0;
}

/* Was contest stopped since cont_reset: a SIGCONT taken, or waiting? */
static int
cont_seen(void)
{
	sigset_t s;

	return continued || (sigpending(&s) == 0 && sigismember(&s, SIGCONT) == 1);
}

/* Did child pid (the compile's leader) stop since asked last?  Each stop is told once. */
static int
leader_stopped(pid_t pid)
{
	siginfo_t si;

	si.si_pid = 0;
	return waitid(P_PID, (id_t)pid, &si, WSTOPPED | WNOHANG) == 0 && si.si_pid == pid;
}

/* Is process pid stopped (SIGSTOP, ^Z, a tracer: T or t)? */
static int
proc_stopped(pid_t pid)
{
	struct proc_stat ps;

	return kf_pid_stat((long)pid, &ps) == 0 && (ps.state == 'T' || ps.state == 't');
}

/* Is any process of part stopped? */
static int
part_stopped(const struct run_env *e, int part)
{
	static pid_t pids[4096];	/* not on the stack: contest runs under ulimit -s 64 */
	int n = cage_pids(e->cage, part, pids, 4096), i;

	for (i = 0; i < n; i++)
		if (proc_stopped(pids[i]))
			return 1;
	return 0;
}

/* Which of the load's processes pid is: its worker number, -1 its leader, -2 another. */
static int
load_who(const struct run *r, pid_t pid)
{
	int i;

	for (i = 0; i < r->ctx->nparts && i < LOAD_PROCS; i++)
		if (atomic_load(&r->ctx->partpid[i]) == pid)
			return i;
	return pid == r->load_pid ? -1 : -2;
}

/*
 * Look at every process of the load (its container: workers, a ring,
 * whatever it started, not only its leader) and note in r->stop each one
 * stopped, one look more for it; at_end: the look when the window closes.
 */
static void
load_look(const struct run_env *e, struct run *r, int at_end)
{
	static pid_t pids[4096];	/* not on the stack: contest runs under ulimit -s 64 */
	int n = cage_pids(e->cage, PART_LOAD, pids, 4096), i, k;

	for (i = 0; i < n; i++) {
		if (!proc_stopped(pids[i]))
			continue;
		for (k = 0; k < r->nstop && r->stop[k].pid != pids[i]; k++)
			;
		if (k == r->nstop) {
			if (k == RUN_STOPS) {
				r->stop_more = 1;
				continue;
			}
			r->stop[k].pid = pids[i];
			r->stop[k].worker = load_who(r, pids[i]);
			r->nstop++;
		}
		if (at_end)
			r->stop[k].at_end = 1;
		else
			r->stop[k].looks++;
	}
}

/* See whether the load ended; reap its leader if so. */
static void
check_load(struct run *r)
{
	if (r->load_pid > 0 && !r->load_ended && ended(r->load_pid)) {
		waitpid(r->load_pid, &r->load_status, 0);
		r->load_ended = 1;
	}
}

/* Is the kernel profile on? */
static int
profiling(const struct run_env *e)
{
	return e->prof && e->prof->mode != PROF_OFF;
}

/*
 * The kernel profile's events on, its map of PIDs started from the container's
 * load and probe (read once: a cgroup's list, or the process groups).
 */
static void
prof_open_window(const struct run_env *e)
{
	static pid_t pids[8192];
	static const int part[2] = { PART_LOAD, PART_PROBE };
	int i, n;

	if (!profiling(e))
		return;
	prof_start(e->prof);
	for (i = 0; i < 2; i++) {
		n = cage_pids(e->cage, part[i], pids, (int)(sizeof(pids) / sizeof(pids[0])));
		prof_seed(e->prof, part[i], pids, n);
	}
}

/* The kernel profile's events off, its rings read to their end, its figures kept in r. */
static void
prof_close_window(const struct run_env *e, struct run *r)
{
	int n;

	if (!profiling(e) || !e->prof->on)
		return;
	prof_stop(e->prof);
	r->pt = e->prof->t;
	n = prof_top(e->prof, r->ptop, PROF_TOP, PROF_COVER);
	r->nptop = n > 0 ? n : 0;
	n = e->prof->mode == PROF_ALL ? prof_comms(e->prof, r->pcomm, PROF_COMMS) : 0;
	r->npcomm = n > 0 ? n : 0;
	r->profiled = 1;
}

/*
 * End a compile before its end (its timeout, or its load's end with
 * end_with_load): SIGTERM first, so that cc removes its temporary files
 * and make the target it was writing, then SIGKILL to whatever is left.
 */
static void
end_compile(const struct run_env *e)
{
	if (!cage_term_part(e->cage, PART_JOB, COMPILE_GRACE_MS))
		cage_kill_part(e->cage, PART_JOB);	/* its process group and its cgroup */
}

/*
 * Open the window, wait for the command, close the window.  0, or -1 on
 * a signal.
 */
static int
measure(const struct run_env *e, struct run *r, int fd)
{
	double next, drain, deadline = 0;

	cont_reset();
	r->win.open.t = mono_s();
	prof_open_window(e);
	if ((r->job_pid = spawn(e, e->job_argv, fd)) < 0) {
		r->job_pid = 0;
		r->status = ST_FAILED;	/* not "exited with status 127": it never ran */
		snprintf(r->reason, sizeof(r->reason), "cannot fork the compile: %s", strerror(errno));
		prof_close_window(e, r);
		r->profiled = 0;
		r->win.close = r->win.open;
		return 0;
	}
	if (profiling(e))
		prof_child(e->prof, r->job_pid, PART_JOB);
	sample_open(e, r, &r->win.open);
	next = r->win.open.t + 1;
	drain = r->win.open.t + PROF_DRAIN_S;
	if (e->timeout > 0)
		deadline = r->win.open.t + e->timeout;
	for (;;) {
		double t, wake;

		if (ended(r->job_pid))
			break;
		r->job_stops += leader_stopped(r->job_pid);
		check_load(r);
		check_probe(r);
		if (e->end_with_load && r->load_ended)
			break;
		if (caught) {
			prof_close_window(e, r);
			return -1;
		}
		t = mono_s();
		if (profiling(e) && t >= drain) {
			prof_drain(e->prof);
			while (drain <= t)
				drain += PROF_DRAIN_S;
		}
		if (deadline > 0 && t >= deadline && !r->timed_out) {
			r->timed_out = 1;
			/* the kernel profile's window ends here: its rings are not
			 * drained through the compile's grace */
			prof_close_window(e, r);
			end_compile(e);
		}
		if (t >= next) {
			if (r->ctx) {
				r->samples++;
				load_look(e, r, 0);
			}
			r->job_stops += part_stopped(e, PART_JOB);
			if (e->live)
				fprintf(stderr, "\r  %s: %d s ", r->what, (int)(t - r->win.open.t));
			next += 1;
		}
		wake = profiling(e) && drain < next ? drain : next;
		await(-1, deadline > 0 && deadline < wake && !r->timed_out ? deadline : wake);
	}
	sample_close(e, r, &r->win.close);
	r->win.close.t = mono_s();
	r->self_stopped = cont_seen();
	r->job_stops += leader_stopped(r->job_pid);
	check_probe(r);
	if (r->ctx)
		load_look(e, r, 1);
	if (e->end_with_load && !ended(r->job_pid))
		end_compile(e);
	while (wait4(r->job_pid, &r->job_status, 0, &r->ru) < 0 && errno == EINTR)
		;
	if (e->live)
		fprintf(stderr, "\r\033[K");
	return 0;
}

static void describe_exit(char *buf, size_t len, int status);

/* ---------------------------------------------------------------- stop */

/* SIGTERM to the load so it cleans up, then whatever is left of the run dies. */
static void
stop(const struct run_env *e, struct run *r, int dfd)
{
	/* a compile (or make clean) cut short by a signal: as end_compile */
	cage_term_part(e->cage, PART_JOB, COMPILE_GRACE_MS);
	if (r->load_pid > 0 && !r->load_ended) {
		double end = mono_s() + STOP_GRACE;
		kill(-r->load_pid, SIGTERM);
		kill(-r->load_pid, SIGCONT);	/* a stopped load could not act on it */
		while (!ended(r->load_pid) && mono_s() < end)
			await(-1, end);
		/* reaped by cage_kill: after the window, its end is no news */
	}
	if (r->go_fd >= 0) {
		close(r->go_fd);
		r->go_fd = -1;
	}
	if (r->probe_pid > 0 && !r->probe_ended && !r->probe_stopped) {
		probe_stop(r->probe_pid, STOP_GRACE);
		r->probe_stopped = 1;
	}
	cage_kill(e->cage);	/* whatever else of the run is left */
	if (r->dir[0]) {
		char kept[PATH_MAX];
		if (e->keep && snprintf(kept, sizeof(kept), "%.4000s.kept", r->dir) < (int)sizeof(kept) &&
		    (rmtree(kept), rename(r->dir, kept) == 0))
			snprintf(r->dir, sizeof(r->dir), "%s", kept);
		else
			rmtree(r->dir);
		cage_dir(e->cage, NULL);
	}
	if (dfd >= 0)
		close(dfd);
	if (r->ctx) {
		r->final = *r->ctx;
		munmap(r->ctx, sizeof(*r->ctx));
		r->ctx = NULL;
	}
	probe_unmap(r->pshm);
	r->pshm = NULL;
}

/* The probe's window, or why it has none worth logging. */
static void
probe_figures(const struct run_env *e, struct run *r)
{
	char how[64];

	if (e->probe == NULL || e->probe->off || r->probe_pid == 0 || r->win.close.t == 0)
		return;
	if (r->probe_ended) {
		describe_exit(how, sizeof(how), r->probe_status);
		r->probe_bad = 1;
		snprintf(r->probe_why, sizeof(r->probe_why), "probe %s", how);
	} else if (!r->win.open.probe_ok || !r->win.close.probe_ok) {
		r->probe_bad = 1;
		snprintf(r->probe_why, sizeof(r->probe_why), "probe's counters unreadable (stuck mid-update)");
	} else if (probe_window(&r->win.open.probe, &r->win.close.probe, &r->pst, r->probe_why,
	    sizeof(r->probe_why)) < 0)
		r->probe_bad = 1;
}

/* ------------------------------------------------------------ classify */

static void
describe_exit(char *buf, size_t len, int status)
{
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
}

/*
 * Why a load seen stopped is no result: the process seen stopped in the
 * most looks (of those, one stopped at the end first), which one of the
 * load it is, how long (each look stands for a second) and how many more
 * of its processes were seen stopped.
 */
static void
stop_reason(struct run *r)
{
	const struct run_stop *s = &r->stop[0];
	char who[48], when[64], more[48] = "";
	int i;

	for (i = 1; i < r->nstop; i++)
		if (r->stop[i].looks > s->looks || (r->stop[i].looks == s->looks && r->stop[i].at_end > s->at_end))
			s = &r->stop[i];
	if (s->worker >= 0)
		snprintf(who, sizeof(who), "worker %d (pid %ld)", s->worker, (long)s->pid);
	else if (s->worker == -1)
		snprintf(who, sizeof(who), "its leader (pid %ld)", (long)s->pid);
	else
		snprintf(who, sizeof(who), "its process %ld", (long)s->pid);
	if (s->looks > 0)
		snprintf(when, sizeof(when), "%d of %d s of the window%s", s->looks, r->samples,
		    s->at_end ? " and at its end" : "");
	else
		snprintf(when, sizeof(when), "at the end of the window");
	if (r->nstop > 1 || r->stop_more)
		snprintf(more, sizeof(more), "; %s%d more processes too",
		    r->stop_more ? "over " : "", r->nstop - 1);
	snprintf(r->reason, sizeof(r->reason), "load stopped (SIGSTOP, a tracer): %s %s%s", who, when, more);
}

static void
classify(const struct run_env *e, struct run *r)
{
	char how[64];

	if (r->status)		/* set on the way: clean or setup failed */
		return;
	probe_figures(e, r);
	if (e->end_with_load && r->load_ended) {
		/* the test driver's window ended with the load; its command was cut */
		if (!WIFEXITED(r->load_status) || WEXITSTATUS(r->load_status) != 0) {
			describe_exit(how, sizeof(how), r->load_status);
			r->status = ST_INVALID;
			snprintf(r->reason, sizeof(r->reason), "load %s%s%s", how,
			    r->final.reason[0] ? ": " : "", r->final.reason);
		} else
			r->status = ST_OK;
		return;
	}
	if (r->timed_out) {
		r->status = ST_TIMEOUT;
		snprintf(r->reason, sizeof(r->reason), "compile still running after %.0f s (--timeout)", e->timeout);
		r->show_tail = 1;
	} else if (!WIFEXITED(r->job_status) || WEXITSTATUS(r->job_status) != 0) {
		describe_exit(how, sizeof(how), r->job_status);
		r->status = ST_FAILED;
		snprintf(r->reason, sizeof(r->reason), "compile %s", how);
		r->show_tail = 1;
	} else if (r->self_stopped) {
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "contest was stopped in the window (SIGSTOP "
		    "or ^Z: it got SIGCONT); the compile ran unwatched, the Time is not its own");
	} else if (r->job_stops) {
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "the compile was stopped in the window "
		    "(SIGSTOP, ^Z or a tracer): the Time holds the stop");
	} else if (r->probe_bad) {
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "%s", r->probe_why);
	} else if (r->load->flags & LOAD_IDLE) {
		r->status = ST_OK;
	} else if (r->load_ended) {
		describe_exit(how, sizeof(how), r->load_status);
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "load %s%s%s", how,
		    r->final.reason[0] ? ": " : "", r->final.reason);
	} else if (r->nstop > 0) {
		r->status = ST_INVALID;
		stop_reason(r);
	} else if (r->win.close.work == r->win.open.work) {
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "load did no work in the compile window");
	} else {
		r->status = ST_OK;
	}
}

/* ---------------------------------------------------------------- a run */

static void
drop_caches(const struct run_env *e, struct run *r)
{
	if (r->load->flags & LOAD_WARM) {
		snprintf(r->cache, sizeof(r->cache), "warm");
		return;
	}
	snprintf(r->cache, sizeof(r->cache), "kept");
	if (!e->drop)
		return;
	sync();
	if (kf_write(KF_PROC, "sys/vm/drop_caches", "3\n") == 0)
		snprintf(r->cache, sizeof(r->cache), "dropped");
}

/* The output file, made fresh: an old one (or a link planted there) goes first. */
static int
open_output(const struct run_env *e, struct run *r)
{
	int fd;

	if (e->outfd < 0)
		return open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (unlinkat(e->outfd, r->out_name, 0) < 0 && errno != ENOENT && errno != EISDIR)
		return -1;
	fd = openat(e->outfd, r->out_name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0644);
	return fd;
}

/*
 * The untimed make clean.  0 done, 1 it failed (r->status set), -1 a
 * signal.
 */
static int
clean(const struct run_env *e, struct run *r, int fd)
{
	char how[64];
	pid_t pid;
	int st;

	if (e->clean_argv == NULL)
		return 0;
	if ((pid = spawn(e, e->clean_argv, fd)) < 0) {
		r->status = ST_FAILED;
		snprintf(r->reason, sizeof(r->reason), "cannot fork make clean: %s", strerror(errno));
		return 1;
	}
	if (wait_cmd(pid, &st, &r->ru) < 0)
		return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		describe_exit(how, sizeof(how), st);
		r->status = ST_FAILED;
		snprintf(r->reason, sizeof(r->reason), "make clean %s", how);
		r->show_tail = 1;
		return 1;
	}
	cage_kill(e->cage);	/* anything clean left behind */
	return 0;
}

/*
 * The load's shared context and directory, then the load itself, set
 * up and waiting for go.  0 ready (or an idle load), 1 it cannot run
 * (r->status set), -1 a signal.
 */
static int
prepare_load(const struct run_env *e, struct run *r, int *dfd)
{
	int rc;

	if (r->load->flags & LOAD_IDLE)
		return 0;
	r->ctx = mmap(NULL, sizeof(*r->ctx), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->ctx == MAP_FAILED) {
		r->ctx = NULL;
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "cannot map the load's context: %s", strerror(errno));
		return 1;
	}
	if (make_dir(r, dfd) < 0) {
		r->status = ST_INVALID;
		return 1;
	}
	cage_dir(e->cage, r->dir);
	load_ctx_options(e->values, r->load, r->ctx);
	r->ctx->dir = r->dir;
	r->ctx->base = r->base;
	r->ctx->tree = e->tree;
	r->ctx->ram = e->ram;
	r->ctx->ncpu = e->usable > 0 ? e->usable : e->ncpu;
	r->ctx->jobs = e->jobs;
	r->ctx->run_s = e->run_s;
	r->ctx->req.limit_ns[0] = llround((e->req_t_ms[0] > 0 ? e->req_t_ms[0] : REQ_T1_MS) * 1e6);
	r->ctx->req.limit_ns[1] = llround((e->req_t_ms[1] > 0 ? e->req_t_ms[1] : REQ_T2_MS) * 1e6);
	if ((rc = start_load(e, r)) > 0)
		r->status = ST_INVALID;
	return rc;
}

/* Go to the load, then its lead.  0, 1 it could not be told (r->status), -1 a signal. */
static int
lead(const struct run_env *e, struct run *r)
{
	if (r->go_fd < 0)
		return 0;
	if (write(r->go_fd, "g", 1) != 1) {
		r->status = ST_INVALID;
		snprintf(r->reason, sizeof(r->reason), "cannot start the load: %s", strerror(errno));
		return 1;
	}
	close(r->go_fd);
	r->go_fd = -1;
	r->lead = e->lead;
	return run_sleep(e->lead) < 0 ? -1 : 0;
}

int
run_do(const struct run_env *e, struct run *r)
{
	int fd, dfd = -1, rc;

	r->start = (long)time(NULL);
	r->go_fd = -1;
	r->status = NULL;
	if ((fd = open_output(e, r)) < 0) {
		r->status = ST_FAILED;
		snprintf(r->reason, sizeof(r->reason), "cannot create the output file '%s': %s",
		    r->out_name, strerror(errno));
		r->end = (long)time(NULL);
		return 0;
	}
	/* prepare: each step 0 goes on, 1 ends the run (status set), -1 a signal */
	if ((rc = clean(e, r, fd)) == 0) {
		if (e->probe && !e->probe->off && start_probe(e, r) < 0) {
			r->status = ST_INVALID;
			rc = 1;
		} else if ((rc = prepare_load(e, r, &dfd)) == 0) {
			drop_caches(e, r);
			rc = caught ? -1 : lead(e, r);
		}
	}
	/* open, measure, close */
	if (rc == 0 && measure(e, r, fd) < 0)
		rc = -1;
	stop(e, r, dfd);
	close(fd);
	if (rc < 0) {
		if (e->outfd >= 0)
			unlinkat(e->outfd, r->out_name, 0);
		return -1;
	}
	classify(e, r);
	r->end = (long)time(NULL);
	return 0;
}

/* ------------------------------------------------------------- records */

static void
utc(char *buf, size_t len, long t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static double
tv(const struct timeval *t)
{
	return (double)t->tv_sec + t->tv_usec / 1e6;
}

/*
 * The machine over the window: its keys, and whether others took so much
 * of it that the run measured them as much as the kernel.  Others: the
 * machine's busy time in user and system mode (/proc/stat) less the run's
 * own (the compile's rusage, the load's, the probe's, contest's) and the
 * kernel's threads', plus the time the hypervisor stole.  A run is
 * disturbed when that exceeds e->disturb_pct of all CPUs' time beyond the
 * tick sampling's slack.  "All CPUs" are those the run could use: when
 * sys_cpus gave a set smaller than the machine, the busy and stolen time
 * are its CPUs' lines', and the share is of their time (the kernel's
 * threads' time is taken off whole, wherever it ran: others is then at
 * most what it was).
 */
static void
machine(const struct run_env *e, const struct run *r, struct rec *rec)
{
	const struct sample *a = &r->win.open, *b = &r->win.close;
	double el = b->t - a->t, own, others, share, busy, steal, slack, ncpu;
	static struct sys_delta d;

	if (e->sys == NULL || !(el > 0))
		return;
	sys_delta(e->sys, &a->sys, &b->sys, el, &d);
	sys_split(&d, rec->num[K_USER] + rec->num[K_SYS], rec->num[K_LCPU], e->ncpu);
	sys_record(&d, rec);
	if (!d.split || (d.cpu_have & 7u) != 7u)
		return;
	own = rec->num[K_USER] + rec->num[K_SYS] + rec->num[K_LCPU] + rec->num[K_SELF] +
	    (rec->has[K_PROBE_CPU] ? rec->num[K_PROBE_CPU] : 0);
	if (d.set_n > 0) {
		busy = d.set_busy_s;
		steal = d.set_steal_s;
		ncpu = d.set_n;
		slack = d.set_slack;
	} else {
		busy = derive_tasks(d.cpu) / 100 * d.cpu_s;
		steal = d.cpu_have & 1u << SYS_STEAL ? d.cpu[SYS_STEAL] / 100 * d.cpu_s : 0;
		ncpu = e->ncpu;
		slack = d.slack;
	}
	others = busy - own - sys_kthreads_delta(e->sys, &a->procs, &b->procs);
	if (others < 0)
		others = 0;
	others += steal;
	share = others / (el * ncpu) * 100;
	if (share > e->disturb_pct + slack)
		rec_set(rec, K_DISTURBED, share);
}

/*
 * The load's own: its requests' latency over the window (an I/O load),
 * and for a load of several workers each one's share of the window's
 * work (note shares=, when they fit) and the slowest against the fastest.
 */
static void
requests(const struct run *r, struct rec *rec)
{
	const struct sample *a = &r->win.open, *b = &r->win.close;
	unsigned long long lo = ~0ULL, hi = 0, all = 0, w;
	struct load_req_stats st;
	char shares[LOAD_NOTE_VAL] = "";
	int i, n = r->final.nparts;

	if ((r->load->flags & LOAD_IO) && r->status && !strcmp(r->status, ST_OK) && r->win.close.t > 0) {
		rec_set(rec, K_REQ_T1, (double)r->final.req.limit_ns[0] / 1e6);
		rec_set(rec, K_REQ_T2, (double)r->final.req.limit_ns[1] / 1e6);
		if (load_req_window(&a->req, &b->req, &st) < 0)
			rec_set(rec, K_REQ_N, 0);
		else {
			rec_set(rec, K_REQ_N, (double)st.n);
			rec_set(rec, K_REQ_MEAN, st.mean_us);
			rec_set(rec, K_REQ_P50, (double)st.p50_us);
			rec_set(rec, K_REQ_P99, (double)st.p99_us);
			rec_set(rec, K_REQ_MAX, (double)st.max_us);
			rec_set(rec, K_REQ_OVER1, st.over[0]);
			rec_set(rec, K_REQ_OVER2, st.over[1]);
		}
	}
	if (n < 2 || n > LOAD_PROCS || r->win.close.t == 0)
		return;
	for (i = 0; i < n; i++) {
		w = b->part[i] - a->part[i];
		all += w;
		lo = w < lo ? w : lo;
		hi = w > hi ? w : hi;
	}
	if (hi == 0)
		return;
	rec_set(rec, K_FAIRNESS, 100.0 * (double)lo / (double)hi);
	for (i = 0; i < n; i++) {
		size_t k = strlen(shares);
		if (snprintf(shares + k, sizeof(shares) - k, "%s%.1f", i ? "," : "",
		    100.0 * (double)(b->part[i] - a->part[i]) / (double)all) >= (int)(sizeof(shares) - k))
			return;	/* too many to list: fairness= alone */
	}
	rec_note(rec, "shares", shares);
}

void
run_record(const struct run_env *e, const struct run *r, struct rec *rec)
{
	const struct sample *a = &r->win.open, *b = &r->win.close;
	int i;

	if (e->who)
		*rec = *e->who;
	else
		rec_init(rec);
	snprintf(rec->load, sizeof(rec->load), "%s", r->load->name);
	snprintf(rec->unit, sizeof(rec->unit), "%s", r->load->unit);
	rec->run = r->run;
	rec->round = r->round;
	utc(rec->date, sizeof(rec->date), r->start);
	utc(rec->end, sizeof(rec->end), r->end);
	snprintf(rec->status, sizeof(rec->status), "%s", r->status);
	snprintf(rec->reason, sizeof(rec->reason), "%.127s", r->reason);
	snprintf(rec->cache, sizeof(rec->cache), "%s", r->cache[0] ? r->cache : "kept");
	snprintf(rec->contain, sizeof(rec->contain), "%s", cage_kind(e->cage));
	rec_set(rec, K_ELAPSED, b->t - a->t);
	rec_set(rec, K_USER, tv(&r->ru.ru_utime));
	rec_set(rec, K_SYS, tv(&r->ru.ru_stime));
	rec_set(rec, K_LCPU, a->lcpu >= 0 && b->lcpu > a->lcpu ? b->lcpu - a->lcpu : 0);
	rec_set(rec, K_WORK, (double)(b->work - a->work) / r->load->scale);
	if (r->lead > 0)
		rec_set(rec, K_LEAD, r->lead);
	rec_set(rec, K_MAJFLT, (double)r->ru.ru_majflt);
	rec_set(rec, K_MINFLT, (double)r->ru.ru_minflt);
	rec_set(rec, K_NVCSW, (double)r->ru.ru_nvcsw);
	rec_set(rec, K_NIVCSW, (double)r->ru.ru_nivcsw);
	rec_set(rec, K_MAXRSS, (double)r->ru.ru_maxrss);
	rec_set(rec, K_SELF, b->self - a->self > 0 ? b->self - a->self : 0);
	if (e->probe && !e->probe->off) {
		snprintf(rec->probe, sizeof(rec->probe), "%.23s", e->probe->name);
		if (r->probe_pid > 0 && !r->probe_bad && r->win.close.t > 0) {
			rec_set(rec, K_LAT_N, (double)r->pst.n);
			rec_set(rec, K_LAT_P50, (double)r->pst.p50);
			rec_set(rec, K_LAT_P99, (double)r->pst.p99);
			rec_set(rec, K_LAT_MAX, (double)r->pst.max);
			if (!isnan(r->pst.dl_met))
				rec_set(rec, K_DL_MET, r->pst.dl_met);
			if (r->pst.cpu >= 0)
				rec_set(rec, K_PROBE_CPU, r->pst.cpu);
			if (r->pst.rq >= 0)
				rec_set(rec, K_LAT_RQ, r->pst.rq);
		}
	}
	requests(r, rec);
	machine(e, r, rec);	/* after the probe: its CPU is the run's own */
	if (profiling(e))
		snprintf(rec->profile, sizeof(rec->profile), "%s", prof_mode_name(e->prof->mode));
	else {
		snprintf(rec->profile, sizeof(rec->profile), "off");
		snprintf(rec->profile_why, sizeof(rec->profile_why), "%.127s",
		    e->prof_why ? e->prof_why : "--profile off");
	}
	for (i = 0; i < r->final.nnotes && i < LOAD_NOTES; i++)
		if (rec_note(rec, r->final.note[i].key, r->final.note[i].val) < 0)
			rec->notes_cut = 1;	/* a key the log refuses: say so, keep the rest */
}

int
run_profile(const struct run_env *e, const struct run *r, const struct rec *rec, struct rec *p)
{
	const struct prof_tally *t = &r->pt;
	int i;

	if (!profiling(e) || !r->profiled)
		return -1;
	rec_init(p);
	p->prof = 1;
	/* the run's identity and configuration, as its record has them */
	memcpy(p->date, rec->date, sizeof(p->date));
	memcpy(p->host, rec->host, sizeof(p->host));
	memcpy(p->label, rec->label, sizeof(p->label));
	memcpy(p->kernel, rec->kernel, sizeof(p->kernel));
	memcpy(p->load, rec->load, sizeof(p->load));
	p->run = rec->run;
	p->round = rec->round;
	memcpy(p->inv, rec->inv, sizeof(p->inv));
	memcpy(p->status, rec->status, sizeof(p->status));
	p->jobs = rec->jobs;
	memcpy(p->workload, rec->workload, sizeof(p->workload));
	memcpy(p->config, rec->config, sizeof(p->config));
	memcpy(p->drop, rec->drop, sizeof(p->drop));
	memcpy(p->set, rec->set, sizeof(p->set));
	p->ncpu = rec->ncpu;
	p->ncpu_online = rec->ncpu_online;
	rec_set(p, K_ELAPSED, rec->num[K_ELAPSED]);
	if (rec->has[K_DISTURBED])
		rec_set(p, K_DISTURBED, rec->num[K_DISTURBED]);
	snprintf(p->profile, sizeof(p->profile), "%s", prof_mode_name(e->prof->mode));
	rec_set(p, K_PROF_HZ, e->prof->hz);
	rec_set(p, K_PROF_S, t->t1 - t->t0);
	rec_set(p, K_PROF_KERNEL, (double)t->kernel);
	rec_set(p, K_PROF_USER, (double)t->user);
	rec_set(p, K_PROF_IDLE, (double)t->idle);
	rec_set(p, K_PROF_LOST, (double)t->lost);
	if (t->throttled)
		rec_set(p, K_PROF_THROTTLED, (double)t->throttled);
	rec_set(p, K_PROF_UNKNOWN, (double)t->unknown);
	rec_set(p, K_PROF_JOB, (double)t->part[PART_JOB]);
	rec_set(p, K_PROF_LOAD, (double)t->part[PART_LOAD]);
	if (e->probe && !e->probe->off)
		rec_set(p, K_PROF_PROBE, (double)t->part[PART_PROBE]);
	rec_set(p, K_PROF_REST, (double)t->part[PART_REST]);
	rec_set(p, K_PROF_CPU, t->cpu);
	/* what does not fit in the line log_format leaves out: prof_kernel keeps the total */
	for (i = 0; i < r->npcomm; i++)
		if (rec_sym_add(p, 1, r->pcomm[i].name, (double)r->pcomm[i].n) < 0)
			break;
	for (i = 0; i < r->nptop; i++)
		if (rec_sym_add(p, 0, r->ptop[i].name, (double)r->ptop[i].n) < 0)
			break;
	return 0;
}

void
run_show_tail(const struct run_env *e, const struct run *r)
{
	char *lines[OUTPUT_TAIL] = { 0 }, buf[1024], vis[4200];
	int i, n = 0, fd;
	FILE *f;

	if (e->outfd < 0 || (fd = openat(e->outfd, r->out_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0 ||
	    (f = fdopen(fd, "r")) == NULL)
		return;
	while (fgets(buf, sizeof(buf), f)) {
		free(lines[n % OUTPUT_TAIL]);
		lines[n++ % OUTPUT_TAIL] = strdup(buf);
	}
	fclose(f);
	fprintf(stderr, "contest: last lines of the output (%s):\n", r->out_name);
	for (i = n > OUTPUT_TAIL ? n - OUTPUT_TAIL : 0; i < n; i++)
		if (lines[i % OUTPUT_TAIL]) {
			log_vis(vis, sizeof(vis), lines[i % OUTPUT_TAIL], strcspn(lines[i % OUTPUT_TAIL], "\n"));
			fprintf(stderr, "  %s\n", vis);
		}
	for (i = 0; i < OUTPUT_TAIL; i++)
		free(lines[i]);
}

void
run_sweep(const char *base)
{
	struct dirent *de;
	DIR *d;

	if ((d = opendir(base)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char path[PATH_MAX];
		int fd;

		if (strncmp(de->d_name, "contest-run.", 12) != 0)
			continue;
		if ((fd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		/* a live run holds the lock on its directory */
		if (flock(fd, LOCK_EX | LOCK_NB) == 0 &&
		    snprintf(path, sizeof(path), "%s/%s", base, de->d_name) < (int)sizeof(path)) {
			rmtree(path);
			fprintf(stderr, "contest: removed '%s', left by a contest that died\n", path);
		}
		close(fd);
	}
	closedir(d);
}
