/*
 * common.c: helpers the loads share, run in a load's own process:
 * counting work, the stop flag, failure reasons, free space, the
 * load's size (the policy of sizing.c, with the machine as it is now),
 * an incompressible fill, and the worker processes of a load of several.
 * Uses statvfs(3), fork(2), sigsuspend(2), waitpid(2), mmap(2) and
 * nothing that prints.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "../kfile.h"
#include "load.h"
#include "../util.h"

static volatile sig_atomic_t stopping;
static int worker = -1;		/* this process's worker number, -1: the load's own process */
static char *reason_to;		/* a worker's reasons go here, not to ctx->reason */

void
load_count(struct load_ctx *ctx, unsigned long long n)
{
	atomic_fetch_add_explicit(&ctx->work, n, memory_order_relaxed);
	if (worker >= 0)
		atomic_fetch_add_explicit(&ctx->part[worker], n, memory_order_relaxed);
}

int
load_stopping(void)
{
	return stopping != 0;
}

void
load_stop_handler(int sig)
{
	(void)sig;
	stopping = 1;
}

int
load_fail(struct load_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason_to ? reason_to : ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return -1;
}

int
load_refuse(struct load_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return LOAD_BAD_OPTION;
}

void
load_note(struct load_ctx *ctx, const char *key, const char *fmt, ...)
{
	va_list ap;
	int i;

	for (i = 0; i < ctx->nnotes; i++)
		if (!strcmp(ctx->note[i].key, key))
			break;
	if (i == LOAD_NOTES)
		return;		/* a load with more to say than the log holds */
	snprintf(ctx->note[i].key, sizeof(ctx->note[i].key), "%s", key);
	va_start(ap, fmt);
	vsnprintf(ctx->note[i].val, sizeof(ctx->note[i].val), fmt, ap);
	va_end(ap);
	if (i == ctx->nnotes)
		ctx->nnotes++;
}

/* The index of the load's option called name in ctx->opt, -1 if it has none. */
static int
opt_index(const struct load_ctx *ctx, const char *name)
{
	const struct load_option *o;
	int i;

	if (ctx->load == NULL || ctx->load->options == NULL)
		return -1;
	for (i = 0, o = ctx->load->options; o->name && i < LOAD_OPTS; o++, i++)
		if (!strcmp(o->name, name))
			return i;
	return -1;
}

const char *
load_arg(const struct load_ctx *ctx, const char *name)
{
	int i = opt_index(ctx, name);

	return i < 0 ? NULL : ctx->opt[i];
}

unsigned long long
load_size(const struct load_ctx *ctx)
{
	int i = opt_index(ctx, "size");

	return i >= 0 && ctx->opt[i] ? ctx->optsize[i] : 0;
}

long
load_count_opt(const struct load_ctx *ctx, const char *name, long def)
{
	int i = opt_index(ctx, name);

	return i >= 0 && ctx->opt[i] ? (long)ctx->optsize[i] : def;
}

unsigned long long
load_free_bytes(const char *path)
{
	struct statvfs sv;

	if (statvfs(path, &sv) < 0)
		return 0;
	return (unsigned long long)sv.f_bavail * sv.f_frsize;
}

/*
 * A load never plans to use more than half of the free space of the
 * filesystem it writes to: the box must not fill up, whatever else runs.
 */
unsigned long long
load_budget(const char *path)
{
	return load_free_bytes(path) / 2;
}

unsigned long long
load_ctx_budget(const struct load_ctx *ctx)
{
	return ctx->mach ? ctx->mach->disk_free / 2 : load_budget(ctx->base);
}

unsigned long long
load_ctx_fsize(const struct load_ctx *ctx)
{
	return ctx->mach ? ctx->mach->fsize : sz_fsize();
}

void
load_fill_random(void *buf, size_t len, unsigned long long seed)
{
	unsigned char *p = buf;
	unsigned long long x = seed ? seed : 0x9E3779B97F4A7C15ULL;
	size_t i;

	/* xorshift64*: fixed seed, same bytes everywhere, not compressible */
	for (i = 0; i < len; i += 8) {
		unsigned long long v = rng_next(&x);
		size_t k;

		for (k = 0; k < 8 && i + k < len; k++)
			p[i + k] = (unsigned char)(v >> (8 * k));
	}
}

int
load_write_file(int fd, unsigned long long size, unsigned char *buf, size_t len,
    void (*refill)(unsigned char *, size_t, unsigned long long, void *), void *arg)
{
	unsigned long long off;

	for (off = 0; off < size; ) {
		size_t k = size - off < len ? (size_t)(size - off) : len;

		if (load_stopping()) {
			errno = EINTR;
			return -1;
		}
		if (refill)
			refill(buf, k, off, arg);
		if (write_all(fd, buf, k) < 0)
			return -1;
		off += k;
	}
	return 0;
}

void
load_sz_in(const struct load_ctx *ctx, struct sz_in *in)
{
	memset(in, 0, sizeof(*in));
	in->size = load_size(ctx);
	in->jobs = ctx->jobs;
	in->kernel = ctx->tree != NULL;
	in->run_s = ctx->run_s;
	if (ctx->load && ctx->load->count_option)
		in->count = load_count_opt(ctx, ctx->load->count_option, 0);
}

int
load_sized(struct load_ctx *ctx, struct sz_out *out, struct sz_machine *mp)
{
	const char *where = ctx->dir ? ctx->dir : ctx->base;
	static struct sz_machine own;
	struct sz_machine *mm = mp ? mp : &own;
	struct sz_in in;
	struct statvfs sv;
	enum sz_kind kind = ctx->load ? ctx->load->sizing : SZ_NONE;

	memset(mm, 0, sizeof(*mm));
	if (ctx->mach) {
		*mm = *ctx->mach;	/* --plan's machine */
	} else {
		mm->cpu.online = mm->cpu.set = mm->cpu.usable = ctx->ncpu > 0 ? ctx->ncpu : 1;
		sz_mem_read(&mm->mem);
		mm->fsize = sz_fsize();
		if (where && statvfs(where, &sv) == 0)
			mm->disk_free = (unsigned long long)sv.f_bavail * sv.f_frsize;
		else if (sz_rule(kind)->disk_w > 0)
			return load_fail(ctx, "cannot statvfs '%s': %s", where ? where : "", strerror(errno));
	}
	load_sz_in(ctx, &in);
	if (sz_load(mm, kind, &in, out) < 0) {
		if (out->bad_option)
			return load_refuse(ctx, "%s", out->why);
		if (sz_rule(kind)->disk_w > 0 && strstr(out->why, "free space"))
			return load_fail(ctx, "%s in '%s'", out->why, where);
		return load_fail(ctx, "%s", out->why);
	}
	load_note(ctx, "sizing", "%s", out->sizing);
	return 0;
}

/*
 * A counter of this process from /proc/self/io ("wchar", "rchar",
 * "read_bytes"...): the kernel's own count, for the log to set beside
 * the load's.  0 where there is none.
 */
unsigned long long
load_proc_io(const char *key)
{
	return kf_key(KF_PROC, "self/io", key, ':');
}

/*
 * Passes: a load calls load_pass() each time it finishes a whole pass
 * over its tree or file.  contest never sets a limit; a test helper
 * (tests/load-solo.c) sets one to stop a load after a known amount of work,
 * exactly as the stop signal would.
 */
static unsigned long pass_limit, passes;

void
load_set_pass_limit(unsigned long n)
{
	pass_limit = n;
}

unsigned long
load_pass(void)
{
	passes++;
	if (pass_limit && passes >= pass_limit)
		stopping = 1;
	return passes;
}

/*
 * Owner and group names for lslr_load's long lines and the tar headers:
 * looked up once per id, as ls and tar do, so a walk does not become a
 * benchmark of the passwd file.
 */
#define NAMECACHE	16	/* ids kept per kind */

static struct idname {
	unsigned long id;
	int used, known;
	char name[32];		/* "" when the id has no name */
	char num[24];		/* the id in decimal */
} idcache[2][NAMECACHE];

const char *
load_idname(unsigned long id, int group, int numeric)
{
	struct idname *e = &idcache[group != 0][id % NAMECACHE];

	if (!e->used || e->id != id) {
		const char *n = NULL;
		if (group) {
			struct group *g = getgrgid((gid_t)id);
			n = g ? g->gr_name : NULL;
		} else {
			struct passwd *p = getpwuid((uid_t)id);
			n = p ? p->pw_name : NULL;
		}
		e->used = 1;
		e->id = id;
		e->known = n != NULL;
		snprintf(e->name, sizeof(e->name), "%s", n ? n : "");
		snprintf(e->num, sizeof(e->num), "%lu", id);
	}
	return !e->known && numeric ? e->num : e->name;
}

/* ---- a load of several processes ---- */

int
load_worker(void)
{
	return worker;
}

void *
load_shared(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void
load_unshare(void *p, size_t len)
{
	if (p)
		munmap(p, len);
}

/* What the workers share with the load's process: who failed first, and why. */
struct crew {
	_Atomic int first;		/* worker number + 1 of the first failure, 0 none */
	char reason[LOAD_PROCS][LOAD_REASON_MAX];
};

static volatile sig_atomic_t child_ended;

static void
on_child(int sig)
{
	(void)sig;
	child_ended = 1;
}

/* In worker i: run fn, say why it failed, and end.  Never returns. */
static void
work(struct load_ctx *ctx, struct crew *c, int i, pid_t parent,
    int (*fn)(struct load_ctx *, int, void *), void *arg)
{
	sigset_t none;

#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	worker = i;
	atomic_store(&ctx->partpid[i], getpid());	/* before any work: the parent may not have yet */
	reason_to = c->reason[i];
	signal(SIGCHLD, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (getppid() != parent)
		_exit(1);
	if (fn(ctx, i, arg) < 0) {
		int no = 0;
		if (!c->reason[i][0])
			snprintf(c->reason[i], LOAD_REASON_MAX, "worker %d failed", i);
		atomic_compare_exchange_strong(&c->first, &no, i + 1);
		_exit(1);
	}
	_exit(0);
}

/* Reap what has ended; 1 if one of them ended badly (its reason in c). */
static int
reap(struct load_ctx *ctx, struct crew *c, pid_t *pid, int n, int *left, int block)
{
	int i, st, bad = 0;
	pid_t r;

	while (*left > 0 && (r = waitpid(-1, &st, block ? 0 : WNOHANG)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < n && pid[i] != r; i++)
			;
		if (i == n)
			continue;
		pid[i] = 0;
		atomic_store(&ctx->partpid[i], 0);	/* its pid may soon be another process's */
		(*left)--;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			continue;
		bad = 1;
		if (!c->reason[i][0]) {
			int no = 0;
			if (WIFSIGNALED(st))
				snprintf(c->reason[i], LOAD_REASON_MAX, "worker %d killed by signal %d (%s)",
				    i, WTERMSIG(st), strsignal(WTERMSIG(st)));
			else
				snprintf(c->reason[i], LOAD_REASON_MAX, "worker %d exited with status %d",
				    i, WEXITSTATUS(st));
			atomic_compare_exchange_strong(&c->first, &no, i + 1);
		}
	}
	return bad;
}

/* SIGTERM to the workers still running (not to the group: contest's own stop goes there) */
static void
halt(pid_t *pid, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pid[i] > 0)
			kill(pid[i], SIGTERM);
}

int
load_workers(struct load_ctx *ctx, int (*fn)(struct load_ctx *, int, void *), void *arg)
{
	int n = ctx->nparts, i, left = 0, bad = 0, rc = 0;
	pid_t parent = getpid(), *pid;
	struct sigaction sa, oldchld;
	sigset_t block, old;
	struct crew *c;

	if (n < 1 || n > LOAD_PROCS)
		return load_fail(ctx, "cannot run %d workers (1 to %d)", n, LOAD_PROCS);
	if ((c = load_shared(sizeof(*c))) == NULL || (pid = calloc((size_t)n, sizeof(*pid))) == NULL) {
		load_unshare(c, sizeof(*c));
		return load_fail(ctx, "out of memory");
	}
	/* the stop and the workers' ends are taken only in sigsuspend: none is lost */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_child;
	sigaction(SIGCHLD, &sa, &oldchld);
	for (i = 0; i < n && !stopping; i++) {
		if ((pid[i] = fork()) < 0) {
			pid[i] = 0;
			rc = load_fail(ctx, "cannot fork worker %d: %s", i, strerror(errno));
			break;
		}
		if (pid[i] == 0)
			work(ctx, c, i, parent, fn, arg);
		atomic_store(&ctx->partpid[i], pid[i]);
		left++;
	}
	while (rc == 0 && left > 0 && !stopping && !bad) {
		sigset_t wait = old;
		sigdelset(&wait, SIGTERM);
		sigdelset(&wait, SIGCHLD);
		if (!child_ended)
			sigsuspend(&wait);
		child_ended = 0;
		bad = reap(ctx, c, pid, n, &left, 0);
	}
	halt(pid, n);
	if (reap(ctx, c, pid, n, &left, 1))
		bad = 1;
	if (rc == 0 && bad) {
		int f = atomic_load(&c->first);
		rc = load_fail(ctx, "%s", f > 0 ? c->reason[f - 1] : "a worker failed");
	}
	sigaction(SIGCHLD, &oldchld, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(pid);
	load_unshare(c, sizeof(*c));
	return rc;
}
