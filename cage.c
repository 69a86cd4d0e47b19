/*
 * cage.c: the container of a run's processes (see cage.h).  Reads
 * /proc/self/mountinfo and /proc/self/cgroup to find where contest's own
 * cgroup v2 directory is, makes contest.PID/{load,job,probe} below it,
 * writes cgroup.procs, cgroup.kill and cgroup.freeze, reads cpu.stat and
 * cgroup.events; without cgroups, scans /proc/PID/stat.  Every file of
 * /proc through kfile.h.  prctl(2) PR_SET_CHILD_SUBREAPER makes orphans
 * of a run contest's to reap.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cage.h"
#include "kfile.h"
#include "settings.h"
#include "util.h"
#include "watchmsg.h"

/* each part's cgroup, by its key (derive.h) */
#define PART_DIR(id, key, word) [id] = key,
static const char *const part_name[PART_N] = { PARTS(PART_DIR) };
#undef PART_DIR

/* ------------------------------------------------------------- helpers */

static void
nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* group_cpu's sum */
struct groupcpu {
	long pgid;
	unsigned long long ticks;
};

static int
group_add(long pid, const struct proc_stat *ps, void *arg)
{
	struct groupcpu *g = arg;

	(void)pid;
	if (ps->pgrp == g->pgid)
		g->ticks += ps->utime + ps->stime + ps->cutime + ps->cstime;
	return 0;
}

/*
 * CPU seconds of the live processes of process group pgid, the children
 * they reaped included: utime + stime + cutime + cstime.
 */
static double
group_cpu(pid_t pgid)
{
	struct groupcpu g = { (long)pgid, 0 };

	if (pgid <= 0 || kf_pids(group_add, &g) < 0)
		return 0;
	return (double)g.ticks / (double)sysconf(_SC_CLK_TCK);
}

/* A list of pids being filled: my_children's, cage_pids' */
struct pidlist {
	pid_t *pids;
	int n, max;
	long ppid, pgrp;	/* the parent, or the group, wanted (-1: any) */
	pid_t but;		/* a pid left out */
};

static int
pid_add(long pid, const struct proc_stat *ps, void *arg)
{
	struct pidlist *l = arg;

	if ((l->ppid >= 0 && ps->ppid != l->ppid) || (l->pgrp >= 0 && ps->pgrp != l->pgrp) || pid == (long)l->but)
		return 0;
	l->pids[l->n++] = (pid_t)pid;
	return l->n == l->max;
}

/* Processes whose parent is contest, but the watchdog: up to max. */
static int
my_children(const struct cage *c, pid_t *pids, int max)
{
	struct pidlist l = { pids, 0, max, (long)getpid(), -1, c->wd_pid };

	if (max > 0)
		kf_pids(pid_add, &l);
	return l.n;
}

/* ------------------------------------------------------------- cgroups */

/* The directory of contest's own cgroup v2; -1 with why. */
static int
own_cgroup(char *dir, size_t len, char *why, size_t whylen)
{
	static char mnt[PATH_MAX];	/* not on the stack: contest runs under ulimit -s 64 */

	return cgroup_dir(NULL, dir, len, mnt, sizeof(mnt), why, whylen) == 2 ? 0 : -1;
}

static int
populated(const char *dir)
{
	char path[PATH_MAX + 32], buf[512], *p;

	snprintf(path, sizeof(path), "%s/cgroup.events", dir);
	if (kf_read(KF_FILE, path, buf, sizeof(buf)) < 0)
		return 0;
	return (p = strstr(buf, "populated ")) != NULL && p[10] == '1';
}

/* SIGKILL every process of the cgroup dir and its children. */
static void
cg_kill(const char *dir)
{
	static char buf[65536];	/* not on the stack: contest runs under ulimit -s 64 */
	char path[PATH_MAX + 32], *p;
	int i;

	snprintf(path, sizeof(path), "%s/cgroup.kill", dir);
	if (kf_write(KF_FILE, path, "1") == 0)
		return;
	/* before Linux 5.14: freeze, kill each process, thaw */
	snprintf(path, sizeof(path), "%s/cgroup.freeze", dir);
	kf_write(KF_FILE, path, "1");
	for (i = 0; i < CAGE_NPARTS; i++) {
		snprintf(path, sizeof(path), "%s/%s/cgroup.procs", dir, part_name[i]);
		if (kf_read(KF_FILE, path, buf, sizeof(buf)) <= 0)
			continue;
		for (p = buf; *p; p += strcspn(p, "\n"), p += *p == '\n')
			if (isdigit((unsigned char)*p))
				kill((pid_t)atol(p), SIGKILL);
	}
	snprintf(path, sizeof(path), "%s/cgroup.freeze", dir);
	kf_write(KF_FILE, path, "0");
}

static void
cg_remove(const char *dir)
{
	char path[PATH_MAX + 320];
	int i;

	for (i = 0; i < CAGE_NPARTS; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, part_name[i]);
		rmdir(path);
	}
	rmdir(dir);
}

/* When process pid started (ticks after boot), 0 if it is not there. */
static unsigned long long
started(long pid)
{
	struct proc_stat ps;

	return kf_pid_stat(pid, &ps) < 0 ? 0 : ps.start;
}

/*
 * Kill and remove the cgroups of contests that died: contest.PID.START
 * below base whose process PID is gone, or is another that reused the
 * number (it started at another time).
 */
static void
sweep_cgroups(const char *base)
{
	struct dirent *de;
	DIR *d;

	if ((d = opendir(base)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char dir[PATH_MAX + 300], *dot;
		unsigned long long t;
		long pid;
		int i;

		if (strncmp(de->d_name, "contest.", 8) != 0 || !isdigit((unsigned char)de->d_name[8]))
			continue;
		pid = strtol(de->d_name + 8, &dot, 10);
		t = *dot == '.' ? strtoull(dot + 1, NULL, 10) : 0;
		if (t != 0 && started(pid) == t)
			continue;	/* a live contest's (or a test driver's) */
		snprintf(dir, sizeof(dir), "%s/%s", base, de->d_name);
		cg_kill(dir);
		for (i = 0; i < 500 && populated(dir); i++)
			nap(10);
		cg_remove(dir);
		fprintf(stderr, "contest: removed cgroup '%s' left by a contest that died\n", dir);
	}
	closedir(d);
}

static int
cg_open(struct cage *c)
{
	char base[PATH_MAX], path[PATH_MAX + 32];
	int i, st;
	pid_t pid;

	if (own_cgroup(base, sizeof(base), c->why, sizeof(c->why)) < 0)
		return -1;
	sweep_cgroups(base);
	if (snprintf(c->root, sizeof(c->root), "%s/contest.%ld.%llu", base, (long)getpid(),
	    started((long)getpid())) >= (int)sizeof(c->root)) {
		snprintf(c->why, sizeof(c->why), "cgroup path too long");
		return -1;
	}
	if (mkdir(c->root, 0755) < 0 && errno != EEXIST) {
		snprintf(c->why, sizeof(c->why), "cannot create a cgroup in '%.100s': %s", base, strerror(errno));
		return -1;
	}
	for (i = 0; i < CAGE_NPARTS; i++) {
		snprintf(path, sizeof(path), "%s/%s", c->root, part_name[i]);
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			snprintf(c->why, sizeof(c->why), "cannot create '%.100s': %s", path, strerror(errno));
			cg_remove(c->root);
			return -1;
		}
	}
	/* may a child of ours move into it?  (delegation, v1 controllers) */
	c->cgroup = 1;
	if ((pid = fork()) == 0)
		_exit(cage_enter(c, PART_JOB) < 0 ? 1 : 0);
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		c->cgroup = 0;
		snprintf(c->why, sizeof(c->why), "cannot move processes into '%.100s'", c->root);
		cg_remove(c->root);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ watchdog */

/* Does the environment of process pid hold the entry env ("KEY=VALUE")? */
static int
marked(long pid, const char *env)
{
	static char buf[1 << 20];	/* an environment's first MiB; the watchdog's own */
	size_t k = strlen(env);
	char *p, *end;
	ssize_t n;

	if ((n = kf_pid_read(pid, "environ", buf, sizeof(buf))) <= 0)
		return 0;	/* gone, or another user's */
	for (p = buf, end = buf + n; p < end; p += strlen(p) + 1)
		if (strlen(p) == k && memcmp(p, env, k) == 0)
			return 1;
	return 0;
}

/* kill_marked's pass: SIGKILL each process marked with env (arg), counted in found */
struct markpass {
	const char *env;
	int found;
};

static int
kill_if_marked(long pid, const struct proc_stat *ps, void *arg)
{
	struct markpass *m = arg;

	(void)ps;
	if (pid != (long)getpid() && marked(pid, m->env) && kill((pid_t)pid, SIGKILL) == 0)
		m->found++;
	return 0;
}

/*
 * SIGKILL every process whose environment holds env, until none is
 * left: what every process the compile started inherits, whatever it
 * did with sessions and process groups (setsid), and whoever its parent
 * is now (init, once contest is gone).  Without a cgroup, nothing else
 * finds them after contest's death.
 */
static void
kill_marked(const char *env)
{
	struct markpass m = { env, 0 };
	int pass;

	for (pass = 0; pass < 100; pass++) {
		m.found = 0;
		if (kf_pids(kill_if_marked, &m) < 0 || !m.found)
			return;
		nap(10);	/* a fork of one just killed shows up in the next pass */
	}
}

/*
 * contest died with settings changed: give each its value back, in the
 * order sent, a second time for those that did not take (a value
 * another bounds); the journal goes once every one holds its value.
 * Says what it did on stderr, where contest's messages went.
 */
static void
restore_settings(const struct watch *w)
{
	static char now[SET_VALUE_MAX];
	const char *file, *value, *slash;
	int pass, r, left = 0, e = 0;
	size_t off;

	for (pass = 0; pass < 2 && w->nset > 0; pass++) {
		left = 0;
		for (off = 0; watch_setting(w, &off, &file, &value);)
			if ((r = settings_write(file, value, now, sizeof(now))) != 0 && pass == 1) {
				e = errno;
				fprintf(stderr, "contest: contest died, and its watchdog cannot give '%s' its value "
				    "'%s' back: %s%s\n", file, value, r == 1 ? "it reads " : r == 2 ?
				    "it cannot be read back: " : "", r == 1 ? now : strerror(e));
				left++;
			} else
				left += r != 0;
		if (left == 0)
			break;
	}
	if (w->nset > 0 && left == 0)
		fprintf(stderr, "contest: contest died: its watchdog gave %d setting%s the value%s found "
		    "before\n", w->nset, w->nset == 1 ? "" : "s", w->nset == 1 ? "" : "s");
	slash = strrchr(w->journal, '/');
	if (w->journal[0] && left == 0 && strcmp(slash ? slash + 1 : w->journal, SET_JOURNAL) == 0)
		unlink(w->journal);
	else if (w->journal[0] && left > 0)
		fprintf(stderr, "contest: the journal '%s' keeps the values found\n", w->journal);
}

/* Only a run directory of contest's is removed: its name says so. */
static int
run_dir(const char *dir)
{
	const char *base = strrchr(dir, '/');

	return strncmp(base ? base + 1 : dir, "contest-run.", 12) == 0;
}

/*
 * The watchdog: reads what to clean up (watchmsg.h) until the pipe ends,
 * then kills and removes what is left.  It has its own process group,
 * so ^C at the terminal does not reach it, and ignores the signals that
 * end contest.
 */
static void
watchdog(int fd, const struct cage *c)
{
	static struct watch w;
	char buf[4096];
	ssize_t n;
	int i;

	setpgid(0, 0);
#ifdef __linux__
	prctl(PR_SET_NAME, "contest-watch");	/* what ps shows */
#endif
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGTSTP, SIG_IGN);
	for (i = 3; i < 1024; i++)
		if (i != fd)
			close(i);
	watch_init(&w);
	while ((n = read(fd, buf, sizeof(buf))) != 0)
		if (n > 0)
			watch_feed(&w, buf, (size_t)n);
		else if (errno != EINTR)
			break;
	/* contest is gone: nothing of its run may stay */
	if (c->cgroup) {
		cg_kill(c->root);
		for (i = 0; i < 1000 && populated(c->root); i++)
			nap(10);
		cg_remove(c->root);
	}
	for (i = 0; i < w.npg; i++)
		kill(-w.pg[i], SIGKILL);
	if (!c->cgroup)
		kill_marked(c->env);
	restore_settings(&w);	/* after the kill: cage.h says why */
	if (w.dir[0] && run_dir(w.dir))
		rmtree(w.dir);
	_exit(0);
}

/* One message to the watchdog (watchmsg.h): 0, or -1 if it was not sent. */
static int
tell(struct cage *c, char op, const char *arg)
{
	char buf[WATCH_ARG_MAX + 2];
	int n;

	if (c->wd_fd < 0 || (n = watch_msg(buf, sizeof(buf), op, arg)) < 0)
		return -1;
	/* a watchdog that died: contest still cleans up itself */
	return write_all(c->wd_fd, buf, (size_t)n);
}

/* --------------------------------------------------------------- public */

int
cage_open(struct cage *c, char *err, size_t errlen)
{
	int p[2];

	memset(c, 0, sizeof(*c));
	c->wd_fd = -1;
	snprintf(c->env, sizeof(c->env), "CONTEST_CAGE=%ld.%llu", (long)getpid(), started((long)getpid()));
#ifdef __linux__
	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* orphans of a run come back to us */
#endif
	cg_open(c);
	if (pipe(p) < 0) {
		snprintf(err, errlen, "cannot make a pipe for the watchdog: %s", strerror(errno));
		return -1;
	}
	if ((c->wd_pid = fork()) < 0) {
		snprintf(err, errlen, "cannot fork the watchdog: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (c->wd_pid == 0) {
		close(p[1]);
		watchdog(p[0], c);
	}
	close(p[0]);
	if (fcntl(p[1], F_SETFD, FD_CLOEXEC) < 0) {
		/* only exec'd children would keep the pipe open, and they are killed */
	}
	c->wd_fd = p[1];
	return 0;
}

const char *
cage_kind(const struct cage *c)
{
	return c->cgroup ? "cgroup" : "pgroup";
}

int
cage_enter(const struct cage *c, int part)
{
	char path[PATH_MAX + 32];

	if (c->wd_fd >= 0)
		close(c->wd_fd);	/* the watchdog must see the pipe end with contest */
	if (!c->cgroup)
		return 0;
	/* snprintf is not listed async-signal-safe: build the path by hand */
	path[0] = '\0';
	if (strlen(c->root) + 32 > sizeof(path))
		return -1;
	strcpy(path, c->root);
	strcat(path, "/");
	strcat(path, part_name[part]);
	strcat(path, "/cgroup.procs");
	return kf_write(KF_FILE, path, "0");
}

void
cage_track(struct cage *c, int part, pid_t pgid)
{
	char num[24];

	if (c->pgid[part] > 0) {
		snprintf(num, sizeof(num), "%ld", (long)c->pgid[part]);
		tell(c, 'G', num);
	}
	c->pgid[part] = pgid;
	if (pgid > 0) {
		snprintf(num, sizeof(num), "%ld", (long)pgid);
		tell(c, 'g', num);
	}
}

void
cage_dir(struct cage *c, const char *dir)
{
	tell(c, dir ? 'd' : 'D', dir);
}

int
cage_settings(struct cage *c, struct settings *s)
{
	static char arg[WATCH_ARG_MAX];	/* not on the stack: ulimit -s 64 */
	int i, rc = 0;

	s->watched = 0;
	if (s->journal[0])
		rc |= tell(c, 'j', s->journal);
	for (i = s->nfile - 1; i >= 0; i--)	/* in the order restored */
		if (snprintf(arg, sizeof(arg), "%s\n%s", s->file[i].path, s->file[i].found) >= (int)sizeof(arg) ||
		    tell(c, 's', arg) < 0)
			rc = -1;
	s->watched = rc == 0;
	return rc;
}

void
cage_settings_done(struct cage *c)
{
	tell(c, 'S', NULL);
	tell(c, 'J', NULL);
}

const char *
cage_env(const struct cage *c)
{
	return c->env;
}

double
cage_cpu(const struct cage *c, int part)
{
	char path[PATH_MAX + 32], buf[1024], *p;

	if (!c->cgroup)
		return c->pgid[part] > 0 ? group_cpu(c->pgid[part]) : -1;
	snprintf(path, sizeof(path), "%s/%s/cpu.stat", c->root, part_name[part]);
	if (kf_read(KF_FILE, path, buf, sizeof(buf)) <= 0 || (p = strstr(buf, "usage_usec ")) == NULL)
		return -1;
	return (double)strtoull(p + 11, NULL, 10) / 1e6;
}

int
cage_pids(const struct cage *c, int part, pid_t *pids, int max)
{
	static char buf[16384];	/* not on the stack: contest runs under ulimit -s 64 */
	char path[PATH_MAX + 32], *p;
	struct pidlist l = { pids, 0, max, -1, (long)c->pgid[part], 0 };
	int n = 0;

	if (c->cgroup) {
		snprintf(path, sizeof(path), "%s/%s/cgroup.procs", c->root, part_name[part]);
		if (kf_read(KF_FILE, path, buf, sizeof(buf)) <= 0)
			return 0;
		for (p = buf; *p && n < max; p += strcspn(p, "\n"), p += *p == '\n')
			if (isdigit((unsigned char)*p))
				pids[n++] = (pid_t)atol(p);
		return n;
	}
	if (c->pgid[part] > 0 && max > 0)
		kf_pids(pid_add, &l);
	return l.n;
}

/* The processes of part that have not ended (zombies aside), their pids in pids. */
static int
live_pids(const struct cage *c, int part, pid_t *pids, int max)
{
	struct proc_stat ps;
	int n = cage_pids(c, part, pids, max), i, k = 0;

	for (i = 0; i < n; i++) {
		if (kf_pid_stat((long)pids[i], &ps) == 0 && ps.state != 'Z' && ps.state != 'X')
			pids[k++] = pids[i];
	}
	return k;
}

int
cage_term_part(struct cage *c, int part, long ms)
{
	static pid_t pids[4096];	/* not on the stack: contest runs under ulimit -s 64 */
	int n, i, waited;

	if (c->pgid[part] > 0) {
		kill(-c->pgid[part], SIGTERM);
		kill(-c->pgid[part], SIGCONT);
	}
	n = live_pids(c, part, pids, 4096);
	for (i = 0; i < n; i++) {
		kill(pids[i], SIGTERM);
		kill(pids[i], SIGCONT);
	}
	for (waited = 0; n > 0 && waited < ms; waited += 10) {
		nap(10);
		n = live_pids(c, part, pids, 4096);
	}
	return n == 0;
}

void
cage_kill_part(struct cage *c, int part)
{
	char path[PATH_MAX + 32];

	if (c->pgid[part] > 0)
		kill(-c->pgid[part], SIGKILL);
	if (c->cgroup) {
		snprintf(path, sizeof(path), "%s/%s/cgroup.kill", c->root, part_name[part]);
		kf_write(KF_FILE, path, "1");
	}
}

int
cage_kill(struct cage *c)
{
	pid_t kids[256];
	int i, k, n, busy;

	for (i = 0; i < 1000; i++) {
		if (c->cgroup)
			cg_kill(c->root);
		for (k = 0; k < CAGE_NPARTS; k++)
			if (c->pgid[k] > 0)
				kill(-c->pgid[k], SIGKILL);
		/* orphans that left every group came back to us: the subreaper */
		n = my_children(c, kids, 256);
		for (k = 0; k < n; k++)
			kill(kids[k], SIGKILL);
		for (;;) {
			pid_t r = waitpid(-1, NULL, WNOHANG);
			if (r == c->wd_pid && r > 0)
				c->wd_pid = 0;
			if (r <= 0)
				break;
		}
		busy = n > 0;
		if (c->cgroup)
			busy |= populated(c->root);
		if (!busy)
			break;
		nap(10);
	}
	for (k = 0; k < CAGE_NPARTS; k++)
		cage_track(c, k, 0);
	return busy ? -1 : 0;
}

void
cage_close(struct cage *c)
{
	cage_kill(c);
	if (c->cgroup)
		cg_remove(c->root);
	if (c->wd_fd >= 0) {
		close(c->wd_fd);
		c->wd_fd = -1;
	}
	if (c->wd_pid > 0) {
		waitpid(c->wd_pid, NULL, 0);
		c->wd_pid = 0;
	}
}
