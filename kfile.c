/*
 * kfile.c: the kernel's files (kfile.h): where /proc and /sys lie
 * ($CONTEST_ROOT for tests, never for the processes), whole files, their
 * lines and keys, a process's stat and the list of the box's processes,
 * /proc/meminfo, /proc/self/mountinfo and CPU lists, with open(2),
 * read(2), write(2) and opendir(3).  Prints nothing, exits never.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kfile.h"

/*
 * The lines of the scans made here (a key, meminfo, mountinfo): not on
 * the stack, contest runs under ulimit -s 64.  None of them runs inside
 * another, and contest has one thread.
 */
static char lines[65536];

/* $CONTEST_ROOT, or "" */
static const char *
root(void)
{
	const char *r = getenv("CONTEST_ROOT");

	return r ? r : "";
}

/* a, b and c joined into out: 0, or -1 (ENAMETOOLONG); no snprintf, for a child just forked */
static int
join3(char *out, size_t len, const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);

	if (na + nb + nc + 1 > len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(out, a, na);
	memcpy(out + na, b, nb);
	memcpy(out + na + nb, c, nc + 1);
	return 0;
}

int
kf_path(char *out, size_t len, enum kf_tree t, const char *name)
{
	if (t == KF_FILE)
		return join3(out, len, "", "", name);
	return join3(out, len, root(), t == KF_SYS ? KF_SYS_DIR "/" : KF_PROC_DIR "/", name);
}

/* Does path lie below top (or is it top)? */
static int
below(const char *path, const char *top)
{
	size_t k = strlen(top);

	return strncmp(path, top, k) == 0 && (path[k] == '/' || path[k] == '\0');
}

int
kf_map(const char *path, char *out, size_t len)
{
	if (!below(path, KF_SYSCTL_DIR) && !below(path, KF_SYS_DIR)) {
		errno = ENOENT;
		return -1;
	}
	return join3(out, len, root(), "", path);
}

static int
open_path(const char *path, int flags)
{
	int fd;

	while ((fd = open(path, flags | O_CLOEXEC)) < 0 && errno == EINTR)
		;
	return fd;
}

static int
kopen(enum kf_tree t, const char *name, int flags)
{
	char path[PATH_MAX];

	if (t == KF_FILE)
		return open_path(name, flags);
	return kf_path(path, sizeof(path), t, name) < 0 ? -1 : open_path(path, flags);
}

FILE *
kf_fopen(enum kf_tree t, const char *name)
{
	char path[PATH_MAX];

	return kf_path(path, sizeof(path), t, name) < 0 ? NULL : fopen(path, "re");
}

DIR *
kf_opendir(enum kf_tree t, const char *name)
{
	char path[PATH_MAX];

	return kf_path(path, sizeof(path), t, name) < 0 ? NULL : opendir(path);
}

int
kf_access(enum kf_tree t, const char *name, int mode)
{
	char path[PATH_MAX];

	return kf_path(path, sizeof(path), t, name) < 0 ? -1 : access(path, mode);
}

/* ------------------------------------------------------------- reading */

ssize_t
kf_read_fd(int fd, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t r;

	while (n < len - 1 && (r = read(fd, buf + n, len - 1 - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			buf[n] = '\0';
			return -1;
		}
		n += (size_t)r;
	}
	buf[n] = '\0';
	return (ssize_t)n;
}

/* Read fd whole, close it: kf_read_fd's answer, errno kept. */
static ssize_t
read_close(int fd, char *buf, size_t len)
{
	ssize_t n;
	int e;

	if (fd < 0)
		return -1;
	n = kf_read_fd(fd, buf, len);
	e = errno;
	close(fd);
	errno = e;
	return n;
}

ssize_t
kf_read(enum kf_tree t, const char *name, char *buf, size_t len)
{
	return read_close(kopen(t, name, O_RDONLY), buf, len);
}

int
kf_line(enum kf_tree t, const char *name, char *buf, size_t len)
{
	size_t k;

	if (kf_read(t, name, buf, len) < 0)
		return -1;
	k = strcspn(buf, "\n");
	while (k > 0 && (buf[k - 1] == ' ' || buf[k - 1] == '\t'))
		k--;
	buf[k] = '\0';
	return (int)k;
}

char *
kf_slurp(enum kf_tree t, const char *name, size_t *len)
{
	size_t cap = 1 << 20, n = 0;
	char *buf = malloc(cap), *q;
	ssize_t k;
	int fd, err = 0;

	if (buf == NULL || (fd = kopen(t, name, O_RDONLY)) < 0) {
		free(buf);
		return NULL;
	}
	for (;;) {
		if (cap - n < 65536) {
			if ((q = realloc(buf, cap * 2)) == NULL) {
				err = ENOMEM;
				break;
			}
			buf = q;
			cap *= 2;
		}
		k = read(fd, buf + n, cap - n - 1);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			err = errno;
		if (k <= 0)
			break;
		n += (size_t)k;
	}
	close(fd);
	if (err) {	/* out of memory, or a read error, before the end */
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

int
kf_write(enum kf_tree t, const char *name, const char *s)
{
	size_t n = strlen(s);
	ssize_t w;
	int fd = kopen(t, name, O_WRONLY), e;

	if (fd < 0)
		return -1;
	while ((w = write(fd, s, n)) < 0 && errno == EINTR)
		;
	e = w < 0 ? errno : EIO;
	close(fd);
	if (w != (ssize_t)n) {
		errno = e;
		return -1;
	}
	return 0;
}

int
kf_scan(enum kf_tree t, const char *name, char *buf, size_t size, int (*fn)(char *, size_t, void *),
    void *arg)
{
	size_t have = 0, start;
	int fd, saved, skip = 0, stop = 0;
	ssize_t n;
	char *nl;

	if ((fd = kopen(t, name, O_RDONLY)) < 0)
		return -1;
	while (!stop) {
		if ((n = read(fd, buf + have, size - 1 - have)) < 0) {
			if (errno == EINTR)
				continue;
			saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		for (start = 0; (nl = memchr(buf + start, '\n', have - start)) != NULL; start = (size_t)(nl - buf) + 1) {
			*nl = '\0';
			if (!skip && fn(buf + start, (size_t)(nl - buf) - start, arg)) {
				stop = 1;
				break;
			}
			skip = 0;
		}
		memmove(buf, buf + start, have - start);
		have -= start;
		if (have == size - 1) {
			skip = 1;
			have = 0;
		}
	}
	if (!stop && !skip && have > 0) {
		buf[have] = '\0';
		fn(buf, have, arg);
	}
	close(fd);
	return 0;
}

struct keyscan {
	const char *key;
	size_t klen;
	char sep;
	unsigned long long v;
};

static int
key_line(char *l, size_t len, void *arg)
{
	struct keyscan *k = arg;

	if (len <= k->klen || strncmp(l, k->key, k->klen) != 0 || l[k->klen] != k->sep)
		return 0;
	k->v = strtoull(l + k->klen + 1, NULL, 10);
	return 1;
}

unsigned long long
kf_key(enum kf_tree t, const char *name, const char *key, char sep)
{
	struct keyscan k = { key, strlen(key), sep, 0 };

	kf_scan(t, name, lines, sizeof(lines), key_line, &k);
	return k.v;
}

/* ----------------------------------------------------------- processes */

int
kf_stat_parse(const char *line, struct proc_stat *ps)
{
	const char *p = strrchr(line, ')');

	if (p == NULL || p[1] != ' ' ||
	    sscanf(p + 2, "%c %ld %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %llu",
	    &ps->state, &ps->ppid, &ps->pgrp, &ps->utime, &ps->stime, &ps->cutime, &ps->cstime,
	    &ps->start) != 8)
		return -1;
	return 0;
}

ssize_t
kf_pid_read(long pid, const char *name, char *buf, size_t len)
{
	char path[64 + NAME_MAX];

	/* the real /proc, whatever the root (kfile.h) */
	if (snprintf(path, sizeof(path), "%s/%ld/%s", KF_PROC_DIR, pid, name) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return read_close(open_path(path, O_RDONLY), buf, len);
}

int
kf_pid_stat(long pid, struct proc_stat *ps)
{
	char buf[1024];

	if (kf_pid_read(pid, "stat", buf, sizeof(buf)) <= 0)
		return -1;
	return kf_stat_parse(buf, ps);
}

int
kf_pids(int (*fn)(long, const struct proc_stat *, void *), void *arg)
{
	struct dirent *de;
	DIR *d;

	if ((d = opendir(KF_PROC_DIR)) == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		struct proc_stat ps;
		char *end;
		long pid;

		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		pid = strtol(de->d_name, &end, 10);
		if (*end != '\0' || kf_pid_stat(pid, &ps) < 0)
			continue;
		if (fn(pid, &ps, arg))
			break;
	}
	closedir(d);
	return 0;
}

/* -------------------------------------------------------------- meminfo */

static int
meminfo_line(char *l, size_t len, void *arg)
{
	static const char *const key[] = { "MemTotal", "MemAvailable", "SwapTotal", "SwapFree" };
	struct kf_meminfo *m = arg;
	long long *field[] = { &m->total, &m->avail, &m->swaptotal, &m->swapfree };
	char *colon = memchr(l, ':', len), *p;
	size_t i;

	if (colon == NULL)
		return 0;
	for (p = colon + 1; *p == ' ' || *p == '\t'; p++)
		;
	if (*p < '0' || *p > '9')
		return 0;
	for (i = 0; i < sizeof(key) / sizeof(key[0]); i++)
		if (strlen(key[i]) == (size_t)(colon - l) && !strncmp(l, key[i], (size_t)(colon - l)))
			*field[i] = (long long)strtoull(p, NULL, 10);
	return 0;
}

int
kf_meminfo(struct kf_meminfo *m)
{
	m->total = m->avail = m->swaptotal = m->swapfree = -1;
	return kf_scan(KF_PROC, "meminfo", lines, sizeof(lines), meminfo_line, m);
}

/* ------------------------------------------------------------ mountinfo */

void
kf_unescape(char *s)
{
	char *d = s;

	/* the kernel escapes a byte as three octal digits: 0377 at most */
	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else
			*d++ = *s;
	}
	*d = '\0';
}

/* The next space-separated field of *p, NUL-ended; NULL at the end. */
static char *
field(char **p)
{
	char *s = *p, *e;

	while (*s == ' ')
		s++;
	if (!*s)
		return NULL;
	for (e = s; *e && *e != ' '; e++)
		;
	if (*e)
		*e++ = '\0';
	*p = e;
	return s;
}

struct mountscan {
	int (*fn)(struct kf_mount *, void *);
	void *arg;
};

static int
mount_line(char *l, size_t len, void *arg)
{
	struct mountscan *ms = arg;
	struct kf_mount m;
	char *p = l, *f[6], *t;
	int i;

	(void)len;
	/* ID PARENT MAJ:MIN ROOT POINT OPTS [OPTIONAL...] - FSTYPE SOURCE SUPER */
	for (i = 0; i < 6; i++)
		if ((f[i] = field(&p)) == NULL)
			return 0;
	while ((t = field(&p)) != NULL && strcmp(t, "-"))
		;
	if (!t || (m.fstype = field(&p)) == NULL || (m.source = field(&p)) == NULL)
		return 0;
	if ((m.super = field(&p)) == NULL)
		m.super = "";
	m.root = f[3];
	m.point = f[4];
	m.opts = f[5];
	kf_unescape(m.root);
	kf_unescape(m.point);
	kf_unescape(m.source);
	return ms->fn(&m, ms->arg);
}

int
kf_mounts(int (*fn)(struct kf_mount *, void *), void *arg)
{
	struct mountscan ms = { fn, arg };

	return kf_scan(KF_PROC, "self/mountinfo", lines, sizeof(lines), mount_line, &ms);
}

/* ------------------------------------------------------------ CPU lists */

int
kf_cpulist(const char *s, unsigned long *mask, int nbits)
{
	int n = 0;

	memset(mask, 0, (size_t)(nbits / KF_LONGBITS) * sizeof(*mask));
	while (*s && *s != '\n') {
		char *end;
		long lo, hi, i;

		errno = 0;
		lo = strtol(s, &end, 10);
		if (end == s || errno || lo < 0)
			return -1;
		hi = lo;
		if (*end == '-') {
			s = end + 1;
			hi = strtol(s, &end, 10);
			if (end == s || errno || hi < lo)
				return -1;
		}
		for (i = lo; i <= hi && i < nbits; i++)
			if (!(mask[i / KF_LONGBITS] & 1UL << (i % KF_LONGBITS))) {
				mask[i / KF_LONGBITS] |= 1UL << (i % KF_LONGBITS);
				n++;
			}
		s = end;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return -1;
	}
	return n;
}
