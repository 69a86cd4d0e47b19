/*
 * contest.c: the harness.  Times a reference compile while one
 * background load runs, N times per load, and appends one record per run
 * to the results log; renders the report with -r.  It owns every
 * process, the clock, signals, the log and all output; only this file
 * decides to exit.
 *
 * System calls at the heart of it: fork/exec of make in its own process
 * group, wait4(2) for the compile's rusage, clock_gettime(CLOCK_MONOTONIC)
 * for elapsed time, /proc/PID/stat for the load's CPU time, a shared
 * anonymous mapping for the load's work counter.
 */
#include <ctype.h>
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "config.h"
#include "gen.h"
#include "load.h"
#include "log.h"
#include "report.h"
#include "util.h"

#define VERSION "0.1"

static struct {
	long runs;
	char label[LABEL_MAX + 1];
	const char *log;
	const char *workdir;
	const char *tree;		/* -s: kernel tree, NULL: built-in */
	const char *target;
	long jobs;
	long lead;
	long units;
	const char *other;		/* -o */
	const char *walk;
	unsigned long long size;
	int no_baseline;
	int report;
	struct report_opts ro;
} opt;

/* state of the run in progress, for the signal path */
static volatile sig_atomic_t caught;	/* signal that asks us to stop */
static volatile sig_atomic_t ticked;	/* the live counter's alarm */
static pid_t compile_pid, load_pid;
static char run_dir[PATH_MAX];		/* the load's directory, removed after each run */
static char out_path[PATH_MAX];		/* the compile's output of the run in progress */

static char tree_dir[PATH_MAX];		/* where the compile runs */
static char workload[1024];		/* builtin:N or the tree path */
static char config_hash[17];
static char host[65], kernel[65];
static long ncpu;
static unsigned long long ram;
static int compiled;			/* a compile ran in this invocation */
static int cannot_drop;			/* dropping the page cache failed once */
static int live;			/* stderr is a terminal: show the counter */

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: contest [-n RUNS] [-k LABEL] [-l LOG] [-d WORKDIR] [-s KERNEL_TREE]\n"
	    "               [-T TARGET] [-j JOBS] [-o OTHER_DIR] [--lead SECONDS]\n"
	    "               [--units N] [--size SIZE] [--walk DIR] [--no-baseline] [LOAD...]\n"
	    "       contest -r [-v] [-b LABEL] [-c LABEL] [--format table|csv|json]\n"
	    "               [--bars] [--svg FILE] [LOG...]\n"
	    "       contest --list-loads | --help | --version\n");
}

static void
handler(int sig)
{
	if (sig == SIGALRM)
		ticked = 1;
	else if (!caught)
		caught = sig;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double
tv(const struct timeval *t)
{
	return (double)t->tv_sec + t->tv_usec / 1e6;
}

/*
 * Numbers from the command line: whole, in range, nothing after them.
 */
static long
number(const char *what, const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || v < lo || v > hi) {
		warnx("%s must be a whole number from %ld to %ld, not '%s'", what, lo, hi, s);
		exit(2);
	}
	return v;
}

/* A size: bytes with an optional k, M or G suffix (powers of 1024). */
static unsigned long long
size_arg(const char *what, const char *s)
{
	unsigned long long v, mul = 1;
	char *end;

	errno = 0;
	if (!isdigit((unsigned char)*s))
		goto bad;
	v = strtoull(s, &end, 10);
	if (errno)
		goto bad;
	switch (*end) {
	case 'k': case 'K': mul = 1ULL << 10; end++; break;
	case 'm': case 'M': mul = 1ULL << 20; end++; break;
	case 'g': case 'G': mul = 1ULL << 30; end++; break;
	}
	if (*end != '\0' || v == 0 || v > (1ULL << 50) / mul)
		goto bad;
	return v * mul;
bad:
	warnx("%s must be a size like 64M, 512k or 2G, not '%s'", what, s);
	exit(2);
}

static void
sanitise(char *dst, const char *src, size_t len)
{
	size_t i;

	for (i = 0; src[i] && i + 1 < len; i++) {
		unsigned char c = src[i];
		dst[i] = isalnum(c) || c == '.' || c == '-' || c == '_' || c == '+' ? (char)c : '_';
	}
	dst[i] = '\0';
}

static void
list_loads(void)
{
	const struct load *const *l;

	for (l = load_table; *l; l++)
		printf("%-14s %-9s %s%s\n", (*l)->name, (*l)->unit, (*l)->desc,
		    (*l)->flags & LOAD_EXTRA ? " (not in the default suite)" : "");
}

/* Is prog an executable in PATH (or a path to one)? */
static int
in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p;
	char buf[PATH_MAX];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path; ; p += strcspn(p, ":") + 1) {
		int n = (int)strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/%s", n ? n : 1, n ? p : ".", prog);
		if (access(buf, X_OK) == 0)
			return 1;
		if (p[n] == '\0')
			return 0;
	}
}

static void
set_oom_adj(const char *val)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);

	/* not permitted: the inherited value stays */
	if (fd >= 0) {
		ssize_t w = write(fd, val, strlen(val));
		(void)w;
		close(fd);
	}
}

/*
 * CPU seconds (user + sys) used so far by the live processes of process
 * group pgid, including children they have reaped: the sum of utime,
 * stime, cutime and cstime in /proc/PID/stat.
 */
static double
group_cpu(pid_t pgid)
{
	unsigned long long ticks = 0;
	struct dirent *de;
	DIR *d;

	if (pgid <= 0 || (d = opendir("/proc")) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		char path[64], buf[1024], *p;
		unsigned long long ut, st, cut, cst;
		long pgrp;
		ssize_t n;
		int fd;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", de->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		/* the command name may hold anything: parse after its last ')' */
		if ((p = strrchr(buf, ')')) == NULL)
			continue;
		if (sscanf(p + 2, "%*c %*d %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
		    &pgrp, &ut, &st, &cut, &cst) != 5 || pgrp != pgid)
			continue;
		ticks += ut + st + cut + cst;
	}
	closedir(d);
	return (double)ticks / (double)sysconf(_SC_CLK_TCK);
}

/* Kill process group pgid and reap every child of ours in it. */
static void
kill_group(pid_t pgid)
{
	if (pgid <= 0)
		return;
	kill(-pgid, SIGKILL);
	while (waitpid(-pgid, NULL, 0) > 0 || errno == EINTR)
		;
}

/* On a signal: stop everything, remove what this run made, exit. */
static void
abort_run(void)
{
	int sig = caught;

	kill_group(compile_pid);
	kill_group(load_pid);
	compile_pid = load_pid = 0;
	if (run_dir[0])
		rmtree(run_dir);
	if (out_path[0])
		unlink(out_path);
	fprintf(stderr, "%scontest: %s: stopped, no record written for the run in progress\n",
	    live ? "\n" : "", strsignal(sig));
	signal(sig, SIG_DFL);
	exit(128 + sig);
}

static void
check_caught(void)
{
	if (caught)
		abort_run();
}

/* Sleep s seconds unless a signal asks us to stop. */
static void
pause_for(double s)
{
	double end = now() + s, left;

	while ((left = end - now()) > 0) {
		struct timespec ts = { (time_t)left, (long)((left - (time_t)left) * 1e9) };
		nanosleep(&ts, NULL);
		check_caught();
	}
}

static void
drop_caches(char *cache, size_t len)
{
	int fd;

	sync();
	if ((fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC)) >= 0) {
		if (write(fd, "3\n", 2) == 2) {
			close(fd);
			snprintf(cache, len, "dropped");
			return;
		}
		close(fd);
	}
	if (!cannot_drop++)
		warn("cannot drop the page cache (/proc/sys/vm/drop_caches); runs are logged with cache=kept");
	snprintf(cache, len, "kept");
}

/*
 * Run make with args in the tree, output to path (appended when append),
 * in its own process group.  Returns the pid; the caller waits.
 */
static pid_t
spawn_make(char *const argv[], const char *path, int append)
{
	pid_t pid;
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644)) < 0)
		err(1, "cannot open '%s'", path);
	if ((pid = fork()) < 0)
		err(1, "cannot fork the compile");
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY);
		setpgid(0, 0);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGALRM, SIG_DFL);
		set_oom_adj("0");
		if (in < 0 || dup2(in, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		if (chdir(tree_dir) < 0) {
			dprintf(2, "contest: cannot enter '%s': %s\n", tree_dir, strerror(errno));
			_exit(126);
		}
		execvp(argv[0], argv);
		dprintf(2, "contest: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	close(fd);
	compile_pid = pid;	/* for the signal path */
	return pid;
}

/* Wait for the compile, keeping the live counter; abort on a signal. */
static int
wait_make(pid_t pid, struct rusage *ru, const char *what, double t0)
{
	int status;

	for (;;) {
		pid_t r = wait4(pid, &status, 0, ru);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			err(1, "wait4");
		check_caught();
		if (ticked && live) {
			ticked = 0;
			fprintf(stderr, "\r  %s: %d s ", what, (int)(now() - t0));
		}
	}
	kill_group(pid);	/* anything make left behind */
	compile_pid = 0;
	return status;
}

/* Print the last lines of a failed compile's output. */
static void
show_tail(const char *path)
{
	char *lines[OUTPUT_TAIL] = { 0 }, buf[1024];
	int i, n = 0;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return;
	while (fgets(buf, sizeof(buf), f)) {
		free(lines[n % OUTPUT_TAIL]);
		lines[n++ % OUTPUT_TAIL] = strdup(buf);
	}
	fclose(f);
	fprintf(stderr, "contest: last lines of '%s':\n", path);
	for (i = n > OUTPUT_TAIL ? n - OUTPUT_TAIL : 0; i < n; i++)
		if (lines[i % OUTPUT_TAIL])
			fprintf(stderr, "  %s", lines[i % OUTPUT_TAIL]);
	for (i = 0; i < OUTPUT_TAIL; i++)
		free(lines[i]);
}

/* The make to run: $MAKE (one program, no arguments) or make. */
static const char *
make_prog(void)
{
	const char *m = getenv("MAKE");

	return m && *m ? m : "make";
}

/* make clean in the tree (untimed); 0 if it worked. */
static int
clean_tree(const char *outfile)
{
	char *argv[] = { (char *)make_prog(), "-s", "clean", NULL };
	struct rusage ru;
	int st;

	st = wait_make(spawn_make(argv, outfile, 0), &ru, "make clean", now());
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		warnx("'make clean' failed in '%s'", tree_dir);
		show_tail(outfile);
		return -1;
	}
	return 0;
}

static void
make_argv(char *argv[], char *jobs, size_t len)
{
	int n = 0;

	snprintf(jobs, len, "-j%ld", opt.jobs);
	argv[n++] = (char *)make_prog();
	argv[n++] = jobs;
	if (opt.tree)
		argv[n++] = (char *)opt.target;
	argv[n] = NULL;
}

/* An untimed compile, to warm the page cache for cacherun. */
static int
warm_up(void)
{
	char jobs[32], *argv[4], path[PATH_MAX];
	struct rusage ru;
	int st;

	snprintf(path, sizeof(path), "%s/output/warm-up.txt", opt.workdir);
	if (clean_tree(path) < 0)
		return -1;
	fprintf(stderr, "contest: warm-up compile for cacherun (untimed)\n");
	make_argv(argv, jobs, sizeof(jobs));
	st = wait_make(spawn_make(argv, path, 1), &ru, "warm-up", now());
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		warnx("the warm-up compile failed");
		show_tail(path);
		return -1;
	}
	compiled = 1;
	return 0;
}

/*
 * Fork the load: its own process group, first in line for the OOM killer,
 * setup, then wait for "go".  Returns 0 when the load is ready, -1 when
 * setup failed (ctx->reason says why).
 */
static int
start_load(const struct load *l, struct load_ctx *ctx, int *go_fd)
{
	int ready[2], go[2];
	char c;
	ssize_t n;

	if (pipe(ready) < 0 || pipe(go) < 0)
		err(1, "pipe");
	if ((load_pid = fork()) < 0)
		err(1, "cannot fork the load");
	if (load_pid == 0) {
		struct sigaction sa;
		int rc;

		setpgid(0, 0);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = load_stop_handler;
		sigaction(SIGTERM, &sa, NULL);
		signal(SIGINT, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGALRM, SIG_DFL);
		set_oom_adj("1000");
		close(ready[0]);
		close(go[1]);
		rc = l->setup ? l->setup(ctx) : 0;
		if (rc < 0 && !ctx->reason[0])
			snprintf(ctx->reason, sizeof(ctx->reason), "setup failed");
		if (write(ready[1], rc < 0 ? "f" : "r", 1) != 1 || rc < 0) {
			if (l->cleanup)
				l->cleanup(ctx);
			_exit(1);
		}
		close(ready[1]);
		if (read(go[0], &c, 1) == 1 && !load_stopping()) {
			rc = l->run(ctx);
			if (rc < 0 && !ctx->reason[0])
				snprintf(ctx->reason, sizeof(ctx->reason), "load failed");
		}
		if (l->cleanup)
			l->cleanup(ctx);
		_exit(rc < 0 ? 1 : 0);
	}
	setpgid(load_pid, load_pid);
	close(ready[1]);
	close(go[0]);
	while ((n = read(ready[0], &c, 1)) < 0 && errno == EINTR)
		check_caught();
	close(ready[0]);
	check_caught();
	*go_fd = go[1];
	if (n == 1 && c == 'r')
		return 0;
	if (!ctx->reason[0])
		snprintf(ctx->reason, sizeof(ctx->reason), "load died in setup");
	return -1;
}

/* Describe how a process ended, for a reason. */
static void
describe_exit(char *buf, size_t len, int status)
{
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
}

/*
 * Stop the load at the end of the window: SIGTERM to its group so it
 * cleans up, SIGKILL after STOP_GRACE seconds, reap all of it.
 */
static void
stop_load(void)
{
	double end = now() + STOP_GRACE;

	kill(-load_pid, SIGTERM);
	while (now() < end) {
		struct timespec ts = { 0, 10000000 };
		pid_t r = waitpid(load_pid, NULL, WNOHANG);
		if (r == load_pid || (r < 0 && errno == ECHILD))
			break;
		nanosleep(&ts, NULL);
	}
	kill_group(load_pid);
	load_pid = 0;
}

static void
fill_common(struct rec *r, const struct load *l, long run)
{
	time_t t = time(NULL);
	struct tm tm;

	memset(r, 0, sizeof(*r));
	r->version = LOG_VERSION;
	gmtime_r(&t, &tm);
	strftime(r->date, sizeof(r->date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	snprintf(r->host, sizeof(r->host), "%s", host);
	snprintf(r->label, sizeof(r->label), "%s", opt.label);
	snprintf(r->kernel, sizeof(r->kernel), "%s", kernel);
	snprintf(r->load, sizeof(r->load), "%s", l->name);
	r->run = run;
	snprintf(r->unit, sizeof(r->unit), "%s", l->unit);
	r->jobs = opt.jobs;
	snprintf(r->workload, sizeof(r->workload), "%s", workload);
	snprintf(r->config, sizeof(r->config), "%s", config_hash);
	r->ncpu = ncpu;
}

/* One timed run of load l; returns 0 if it was ok. */
static int
do_run(const struct load *l, long run, long runs)
{
	char jobs[32], *argv[4], what[64], why[LOAD_REASON_MAX + 160], path[PATH_MAX];
	struct load_ctx *ctx = NULL;
	struct rusage ru, self0, self1;
	double t0, t1, c0 = 0, c1 = 0;
	unsigned long long w0 = 0, w1 = 0;
	int idle = (l->flags & LOAD_IDLE) != 0, go_fd = -1, st, load_ok = 1;
	struct rec r;

	fill_common(&r, l, run);
	snprintf(what, sizeof(what), "%s %ld/%ld", l->name, run, runs);
	fprintf(stderr, "contest: %s: starting\n", what);
	snprintf(out_path, sizeof(out_path), "%s/output/%s-%s-%ld.txt", opt.workdir, opt.label, l->name, run);
	if ((l->flags & LOAD_WARM) && !compiled && warm_up() < 0)
		return -1;
	if (clean_tree(out_path) < 0)
		return -1;
	why[0] = '\0';

	if (!idle) {
		ctx = mmap(NULL, sizeof(*ctx), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (ctx == MAP_FAILED)
			err(1, "mmap");
		snprintf(run_dir, sizeof(run_dir), "%s/contest-run.%ld",
		    l->flags & LOAD_OTHER ? opt.other : opt.workdir, (long)getpid());
		rmtree(run_dir);
		if (mkdirs(run_dir, 0755) < 0)
			err(1, "cannot create '%s'", run_dir);
		ctx->dir = run_dir;
		ctx->base = l->flags & LOAD_OTHER ? opt.other : opt.workdir;
		ctx->tree = opt.tree;
		ctx->walk = opt.walk;
		ctx->size = opt.size;
		ctx->ram = ram;
		ctx->ncpu = (int)ncpu;
		if (start_load(l, ctx, &go_fd) < 0) {
			load_ok = 0;
			snprintf(why, sizeof(why), "%s", ctx->reason);
		}
	}

	if (l->flags & LOAD_WARM)
		snprintf(r.cache, sizeof(r.cache), "warm");
	else
		drop_caches(r.cache, sizeof(r.cache));
	check_caught();

	if (!idle && load_ok) {
		if (write(go_fd, "g", 1) != 1)
			err(1, "cannot start the load");
		close(go_fd);
		r.lead = (double)opt.lead;
		pause_for((double)opt.lead);
	}

	if (!load_ok) {
		/* nothing to measure: the load never ran */
		stop_load();
		rmtree(run_dir);
		run_dir[0] = '\0';
		munmap(ctx, sizeof(*ctx));
		snprintf(r.status, sizeof(r.status), "invalid");
		snprintf(r.reason, sizeof(r.reason), "%s", why);
		check_caught();
		if (log_append(opt.log, &r) < 0)
			err(1, "cannot append to '%s'", opt.log);
		unlink(out_path);
		out_path[0] = '\0';
		fprintf(stderr, "contest: %s: invalid: %s\n", what, why);
		return -1;
	}
	make_argv(argv, jobs, sizeof(jobs));
	if (ctx) {
		w0 = atomic_load(&ctx->work);
		c0 = group_cpu(load_pid);
	}
	getrusage(RUSAGE_SELF, &self0);
	t0 = now();
	compile_pid = spawn_make(argv, out_path, 1);
	st = wait_make(compile_pid, &ru, what, t0);
	t1 = now();
	compiled = 1;
	if (ctx) {
		w1 = atomic_load(&ctx->work);
		c1 = group_cpu(load_pid);
	}
	getrusage(RUSAGE_SELF, &self1);
	r.self = tv(&self1.ru_utime) + tv(&self1.ru_stime) - tv(&self0.ru_utime) - tv(&self0.ru_stime);
	if (live)
		fprintf(stderr, "\r\033[K");

	r.elapsed = t1 - t0;
	r.user = tv(&ru.ru_utime);
	r.sys = tv(&ru.ru_stime);
	r.majflt = (double)ru.ru_majflt;
	r.minflt = (double)ru.ru_minflt;
	r.nvcsw = (double)ru.ru_nvcsw;
	r.nivcsw = (double)ru.ru_nivcsw;
	r.maxrss = (double)ru.ru_maxrss;
	r.lcpu = c1 > c0 ? c1 - c0 : 0;
	r.units = ctx ? (double)(w1 - w0) / l->scale : 0;

	if (ctx) {
		int lst;
		pid_t p = waitpid(load_pid, &lst, WNOHANG);
		if (p == load_pid) {
			char how[64];
			describe_exit(how, sizeof(how), lst);
			snprintf(why, sizeof(why), "load %s%s%s", how, ctx->reason[0] ? ": " : "", ctx->reason);
			load_pid = p;	/* reaped; stop_load reaps the rest of the group */
			load_ok = 0;
		} else if (w1 == w0) {
			snprintf(why, sizeof(why), "load did no work in the compile window");
			load_ok = 0;
		}
	}
	if (ctx) {
		if (load_pid)
			stop_load();
		rmtree(run_dir);
		run_dir[0] = '\0';
		if (ctx->note[0])
			snprintf(r.extra, sizeof(r.extra), "%s", ctx->note);
		munmap(ctx, sizeof(*ctx));
	}

	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		char how[64];
		describe_exit(how, sizeof(how), st);
		snprintf(r.status, sizeof(r.status), "failed");
		snprintf(r.reason, sizeof(r.reason), "compile %s", how);
	} else if (!load_ok) {
		snprintf(r.status, sizeof(r.status), "invalid");
		snprintf(r.reason, sizeof(r.reason), "%s", why);
	} else {
		snprintf(r.status, sizeof(r.status), "ok");
	}
	check_caught();
	if (log_append(opt.log, &r) < 0)
		err(1, "cannot append to '%s'", opt.log);
	snprintf(path, sizeof(path), "%s", out_path);
	out_path[0] = '\0';

	fprintf(stderr, "contest: %s: %.2f s elapsed, CPU %.0f%%", what, r.elapsed,
	    r.elapsed > 0 ? (r.user + r.sys) / r.elapsed * 100 : 0.0);
	if (!idle)
		fprintf(stderr, ", load %.1f %s, LCPU %.0f%%", r.units, l->unit,
		    r.elapsed > 0 ? r.lcpu / r.elapsed * 100 : 0.0);
	if (!strcmp(r.status, "ok")) {
		fprintf(stderr, "\n");
		return 0;
	}
	fprintf(stderr, ", %s: %s\n", r.status, r.reason);
	if (!strcmp(r.status, "failed"))
		show_tail(path);
	return -1;
}

/* Does the log hold an ok no_load run comparable with this invocation? */
static int
have_baseline(void)
{
	struct logreader *lr;
	struct rec r;
	int found = 0;
	FILE *f;

	if ((f = fopen(opt.log, "r")) == NULL)
		return 0;
	if ((lr = calloc(1, sizeof(*lr))) == NULL)
		err(1, "calloc");
	lr->f = f;
	lr->name = opt.log;
	lr->quiet = 1;
	while (!found && log_next(lr, &r))
		found = !strcmp(r.load, "no_load") && !strcmp(r.status, "ok") &&
		    !strcmp(r.label, opt.label) && !strcmp(r.workload, workload) &&
		    r.jobs == opt.jobs && !strcmp(r.config, config_hash);
	free(lr);
	fclose(f);
	return found;
}

/* FNV-1a 64 of a file, as 16 hex digits. */
static int
hash_file(const char *path, char out[17])
{
	unsigned long long h = 0xcbf29ce484222325ULL;
	unsigned char buf[65536];
	size_t n, i;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		for (i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
	fclose(f);
	snprintf(out, 17, "%016llx", h);
	return 0;
}

/* Everything that can be checked before the first compile. */
static void
preflight(const struct load **loads, int nloads)
{
	char path[PATH_MAX + 32];
	const char *cc = getenv("CC");
	struct stat sb;
	int fd, i;

	if (!in_path(make_prog()))
		errx(1, "cannot find '%s' in PATH", make_prog());
	if (!in_path(cc && *cc ? cc : "cc"))
		errx(1, "cannot find the compiler '%s' in PATH", cc && *cc ? cc : "cc");

	if (mkdirs(opt.workdir, 0755) < 0)
		err(1, "cannot create the work directory '%s'", opt.workdir);
	/* one contest per work directory: a second would rebuild the same
	 * tree under the first one's feet.  The lock dies with the process. */
	if ((fd = open(opt.workdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(1, "cannot open the work directory '%s'", opt.workdir);
	if (flock(fd, LOCK_EX | LOCK_NB) < 0)
		errx(1, "another contest is running in the work directory '%s'", opt.workdir);
	snprintf(path, sizeof(path), "%s/.contest-probe.XXXXXX", opt.workdir);
	if ((fd = mkstemp(path)) < 0)
		err(1, "cannot write in the work directory '%s'", opt.workdir);
	close(fd);
	unlink(path);
	snprintf(path, sizeof(path), "%s/output", opt.workdir);
	if (mkdirs(path, 0755) < 0)
		err(1, "cannot create '%s'", path);

	/* the log: appendable if it exists, creatable if not */
	if ((fd = open(opt.log, O_WRONLY | O_APPEND | O_CLOEXEC)) >= 0)
		close(fd);
	else if (errno != ENOENT)
		err(1, "cannot append to the log '%s'", opt.log);
	else {
		char dir[PATH_MAX], *slash;
		snprintf(dir, sizeof(dir), "%s", opt.log);
		slash = strrchr(dir, '/');
		if (slash == dir)
			dir[1] = '\0';
		else if (slash)
			*slash = '\0';
		else
			snprintf(dir, sizeof(dir), ".");
		if (stat(dir, &sb) < 0 || !S_ISDIR(sb.st_mode) || access(dir, W_OK | X_OK) < 0)
			errx(1, "cannot create the log '%s': directory '%s' is not writable", opt.log, dir);
	}

	if (opt.tree) {
		snprintf(path, sizeof(path), "%s/Makefile", opt.tree);
		if (stat(opt.tree, &sb) < 0 || !S_ISDIR(sb.st_mode))
			errx(1, "kernel tree '%s' is not a directory", opt.tree);
		if (access(path, R_OK) < 0)
			errx(1, "kernel tree '%s' has no Makefile", opt.tree);
		snprintf(path, sizeof(path), "%s/.config", opt.tree);
		if (hash_file(path, config_hash) < 0)
			errx(1, "kernel tree '%s' has no .config: configure it first, "
			    "e.g. 'make -C %s defconfig'", opt.tree, opt.tree);
		if (realpath(opt.tree, tree_dir) == NULL)
			err(1, "cannot resolve '%s'", opt.tree);
		if (strlen(tree_dir) >= sizeof(workload))
			errx(1, "kernel tree path '%s' is too long", tree_dir);
		memcpy(workload, tree_dir, strlen(tree_dir) + 1);
	}

	for (i = 0; i < nloads; i++) {
		struct load_ctx ctx;

		if ((loads[i]->flags & LOAD_OTHER) && opt.other == NULL)
			errx(2, "%s needs -o DIR: a directory on another disk for its files", loads[i]->name);
		if (loads[i]->check == NULL)
			continue;
		memset(&ctx, 0, sizeof(ctx));
		ctx.base = loads[i]->flags & LOAD_OTHER ? opt.other : opt.workdir;
		ctx.tree = opt.tree;
		ctx.walk = opt.walk;
		ctx.size = opt.size;
		ctx.ram = ram;
		ctx.ncpu = (int)ncpu;
		if (loads[i]->check(&ctx) < 0)
			errx(1, "%s: %s", loads[i]->name, ctx.reason);
	}
}

static void
setup_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;	/* no SA_RESTART: waits return EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static int
run_mode(int argc, char **argv)
{
	const struct load *loads[64];
	const char *names[64];
	int nloads = 0, i, failed = 0, nnames = 0;
	struct utsname u;
	long run;

	if (argc == 0) {
		const struct load *const *l;
		fprintf(stderr, "contest: no load named, running the default suite:");
		for (l = load_table; *l; l++)
			if (!((*l)->flags & LOAD_EXTRA)) {
				loads[nloads++] = *l;
				fprintf(stderr, " %s", (*l)->name);
			}
		fprintf(stderr, "\n");
	}
	for (i = 0; i < argc; i++) {
		const struct load *l = load_find(argv[i]);
		int k, dup = 0;
		if (l == NULL) {
			const struct load *const *t;
			fprintf(stderr, "contest: unknown load '%s'; the loads are:", argv[i]);
			for (t = load_table; *t; t++)
				fprintf(stderr, " %s", (*t)->name);
			fprintf(stderr, "\n");
			exit(2);
		}
		for (k = 0; k < nloads; k++)
			dup |= loads[k] == l;
		if (dup)
			continue;
		if (nloads == (int)(sizeof(loads) / sizeof(loads[0])))
			errx(2, "too many loads named");
		loads[nloads++] = l;
	}

	uname(&u);
	snprintf(host, sizeof(host), "%s", u.nodename);
	snprintf(kernel, sizeof(kernel), "%s", u.release);
	if (!opt.label[0])
		sanitise(opt.label, u.release, sizeof(opt.label));
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 1)
		ncpu = 1;
	ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	if (opt.jobs == 0)
		opt.jobs = DEF_JOBS_PER_CPU * ncpu;
	snprintf(workload, sizeof(workload), "builtin:%ld", opt.units);
	if (opt.tree == NULL)
		snprintf(tree_dir, sizeof(tree_dir), "%s/builtin", opt.workdir);

	preflight(loads, nloads);
	if (opt.tree == NULL) {
		char e[512];
		int rc;
		/* the tree path must not depend on where make runs */
		char abs[PATH_MAX];
		if (realpath(opt.workdir, abs) == NULL)
			err(1, "cannot resolve '%s'", opt.workdir);
		abs[sizeof(abs) - 16] = '\0';
		snprintf(tree_dir, sizeof(tree_dir), "%.4000s/builtin", abs);
		if ((rc = gen_tree(tree_dir, (unsigned)opt.units, e, sizeof(e))) < 0)
			errx(1, "%s", e);
		if (rc == 1)
			fprintf(stderr, "contest: wrote the built-in tree of %ld units to '%s'\n",
			    opt.units, tree_dir);
	}

	set_oom_adj("-1000");
#ifdef __linux__
	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* orphans of a load come back to us */
#endif
	live = isatty(2);
	setup_signals();
	if (live) {
		struct itimerval it = { { 1, 0 }, { 1, 0 } };
		setitimer(ITIMER_REAL, &it, NULL);
	}

	if (!opt.no_baseline) {
		int asked = 0;
		for (i = 0; i < nloads; i++)
			asked |= !strcmp(loads[i]->name, "no_load");
		if (!asked && !have_baseline()) {
			fprintf(stderr, "contest: no no_load baseline for '%s' in '%s': running no_load first\n",
			    opt.label, opt.log);
			memmove(loads + 1, loads, (size_t)nloads * sizeof(loads[0]));
			loads[0] = load_find("no_load");
			nloads++;
		}
	}

	for (i = 0; i < nloads; i++) {
		names[nnames++] = loads[i]->name;
		for (run = 1; run <= opt.runs; run++)
			if (do_run(loads[i], run, opt.runs) < 0)
				failed = 1;
	}

	if (live) {
		struct itimerval it = { { 0, 0 }, { 0, 0 } };
		setitimer(ITIMER_REAL, &it, NULL);
	}
	fprintf(stderr, "contest: results appended to '%s'\n\n", opt.log);
	{
		struct report_opts ro = { 0 };
		const char *logs[1] = { opt.log };
		ro.loads = names;
		ro.nloads = nnames;
		fflush(stderr);
		if (report(&ro, 1, logs, stdout) != 0)
			failed = 1;
	}
	return failed;
}

int
main(int argc, char **argv)
{
	enum { O_LEAD = 256, O_UNITS, O_SIZE, O_WALK, O_NOBASE, O_LIST, O_HELP, O_VERSION,
	       O_FORMAT, O_BARS, O_SVG };
	static const struct option longopts[] = {
		{ "runs", required_argument, NULL, 'n' },
		{ "label", required_argument, NULL, 'k' },
		{ "log", required_argument, NULL, 'l' },
		{ "workdir", required_argument, NULL, 'd' },
		{ "source", required_argument, NULL, 's' },
		{ "target", required_argument, NULL, 'T' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "other", required_argument, NULL, 'o' },
		{ "report", no_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "base", required_argument, NULL, 'b' },
		{ "compare", required_argument, NULL, 'c' },
		{ "lead", required_argument, NULL, O_LEAD },
		{ "units", required_argument, NULL, O_UNITS },
		{ "size", required_argument, NULL, O_SIZE },
		{ "walk", required_argument, NULL, O_WALK },
		{ "no-baseline", no_argument, NULL, O_NOBASE },
		{ "list-loads", no_argument, NULL, O_LIST },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "bars", no_argument, NULL, O_BARS },
		{ "svg", required_argument, NULL, O_SVG },
		{ "help", no_argument, NULL, O_HELP },
		{ "version", no_argument, NULL, O_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opt.runs = DEF_RUNS;
	opt.log = DEF_LOG;
	opt.workdir = DEF_WORKDIR;
	opt.target = DEF_TARGET;
	opt.lead = DEF_LEAD;
	opt.units = DEF_UNITS;
	opt.walk = "/";

	while ((c = getopt_long(argc, argv, "n:k:l:d:s:T:j:o:rvb:c:", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': opt.runs = number("-n RUNS", optarg, 1, MAX_RUNS); break;
		case 'k':
			if (!*optarg)
				errx(2, "-k LABEL must not be empty");
			sanitise(opt.label, optarg, sizeof(opt.label));
			break;
		case 'l':
			if (!*optarg)
				errx(2, "-l LOG must not be empty");
			opt.log = optarg;
			break;
		case 'd':
			if (!*optarg)
				errx(2, "-d WORKDIR must not be empty");
			opt.workdir = optarg;
			break;
		case 's': opt.tree = optarg; break;
		case 'T':
			if (!*optarg || *optarg == '-')
				errx(2, "-T TARGET must be a make target, not '%s'", optarg);
			opt.target = optarg;
			break;
		case 'j': opt.jobs = number("-j JOBS", optarg, 1, MAX_JOBS); break;
		case 'o': opt.other = optarg; break;
		case 'r': opt.report = 1; break;
		case 'v': opt.ro.verbose = 1; break;
		case 'b': opt.ro.base = optarg; break;
		case 'c': opt.ro.compare = optarg; break;
		case O_LEAD: opt.lead = number("--lead SECONDS", optarg, 0, MAX_LEAD); break;
		case O_UNITS: opt.units = number("--units N", optarg, 1, MAX_UNITS); break;
		case O_SIZE: opt.size = size_arg("--size", optarg); break;
		case O_WALK: opt.walk = optarg; break;
		case O_NOBASE: opt.no_baseline = 1; break;
		case O_LIST: list_loads(); return 0;
		case O_FORMAT:
			if (!strcmp(optarg, "table"))
				opt.ro.format = REPORT_TABLE;
			else if (!strcmp(optarg, "csv"))
				opt.ro.format = REPORT_CSV;
			else if (!strcmp(optarg, "json"))
				opt.ro.format = REPORT_JSON;
			else
				errx(2, "--format must be table, csv or json, not '%s'", optarg);
			break;
		case O_BARS: opt.ro.bars = 1; break;
		case O_SVG: opt.ro.svg = optarg; break;
		case O_HELP: usage(stdout); return 0;
		case O_VERSION: printf("contest %s (log format %d)\n", VERSION, LOG_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	argc -= optind;
	argv += optind;

	if (opt.report) {
		const char *def[1];
		if (argc == 0) {
			def[0] = opt.log;
			return report(&opt.ro, 1, def, stdout);
		}
		return report(&opt.ro, argc, (const char *const *)argv, stdout);
	}
	if (opt.ro.verbose || opt.ro.base || opt.ro.compare || opt.ro.bars || opt.ro.svg || opt.ro.format)
		errx(2, "-v, -b, -c, --format, --bars and --svg go with -r");
	return run_mode(argc, argv);
}
