/*
 * util.c: the shared helpers of util.h: rm -rf, mkdir -p, whole writes,
 * closing descriptors, /proc/PID/stat and mountinfo's escapes, and where a
 * process's cgroup lies (/proc/self/mountinfo, /proc/self/cgroup), with
 * nftw(3), mkdir(2), write(2), close_range(2) and read(2).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

static int
rm1(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
	return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
}

int
rmtree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	/* FTW_PHYS: never follow a link out of the tree */
	return nftw(path, rm1, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

int
mkdirs(const char *path, int mode)
{
	char buf[4096], *p;

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, (mode_t)mode) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, (mode_t)mode) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

int
write_file(const char *path, const char *data, unsigned long len)
{
	int fd, saved;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
		return -1;
	if (write_all(fd, data, len) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

int
write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		if (w == 0) {
			errno = EIO;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

void
close_fds(int lo)
{
	struct dirent *de;
	DIR *d;
	int fd;

#ifdef __linux__
	if (close_range((unsigned)lo, ~0U, 0) == 0)
		return;
#endif
	/* an older kernel: the descriptors open, whatever their number */
	if ((d = opendir("/proc/self/fd")) == NULL) {
		for (fd = lo; fd < 4096; fd++)
			close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL)
		if ((fd = atoi(de->d_name)) >= lo && fd != dirfd(d))
			close(fd);
	closedir(d);
}

int
proc_stat_parse(const char *line, struct proc_stat *ps)
{
	const char *p = strrchr(line, ')');

	if (p == NULL || p[1] != ' ' ||
	    sscanf(p + 2, "%c %ld %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %llu",
	    &ps->state, &ps->ppid, &ps->pgrp, &ps->utime, &ps->stime, &ps->cutime, &ps->cstime,
	    &ps->start) != 8)
		return -1;
	return 0;
}

int
proc_stat_read(const char *path, struct proc_stat *ps)
{
	char buf[1024];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf) - 1)) < 0 && errno == EINTR)
		;
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return proc_stat_parse(buf, ps);
}

void
mnt_unescape(char *s)
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

/* Is word a member of the comma-separated list of len bytes? */
static int
in_list(const char *list, size_t len, const char *word)
{
	size_t wl = strlen(word);
	const char *p = list, *e = list + len;

	while (p < e) {
		size_t n = strcspn(p, ",");
		if (p + n > e)
			n = (size_t)(e - p);
		if (n == wl && !strncmp(p, word, wl))
			return 1;
		p += n + 1;
	}
	return 0;
}

/* The mount of ctrl's hierarchy (v1 first), its root and mount point: 1 v1, 2 v2, 0 none. */
static int
cgroup_mount(const char *proc, const char *ctrl, char *root, size_t rlen, char *mnt, size_t mlen)
{
	/* static: contest runs under ulimit -s 64 */
	static char path[PATH_MAX], line[4096], r[PATH_MAX], m[PATH_MAX];
	int kind = 0, k;
	FILE *f;

	snprintf(path, sizeof(path), "%s/self/mountinfo", proc);
	if ((f = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *dash = strstr(line, " - "), *opts;

		if (dash == NULL)
			continue;
		if (!strncmp(dash, " - cgroup2 ", 11))
			k = 2;
		else if (ctrl && !strncmp(dash, " - cgroup ", 10) && (opts = strrchr(dash, ' ')) != NULL &&
		    in_list(opts + 1, strcspn(opts + 1, "\n"), ctrl))
			k = 1;
		else
			continue;
		/* a controller bound to a v1 hierarchy is not on v2: v1 first, else the first v2 */
		if ((k == 2 && kind) || (k == 1 && kind == 1) ||
		    sscanf(line, "%*s %*s %*s %4095s %4095s", r, m) != 2)
			continue;
		mnt_unescape(r);
		mnt_unescape(m);
		snprintf(root, rlen, "%s", r);
		snprintf(mnt, mlen, "%s", m);
		kind = k;
	}
	fclose(f);
	return kind;
}

int
cgroup_dir(const char *proc, const char *ctrl, char *dir, size_t len, char *mnt, size_t mlen,
    char *why, size_t whylen)
{
	static char path[PATH_MAX], line[4096], own[PATH_MAX], root[PATH_MAX];	/* ulimit -s 64 */
	int kind;
	FILE *f;

	own[0] = root[0] = '\0';
	kind = cgroup_mount(proc, ctrl, root, sizeof(root), mnt, mlen);

	if (!kind) {
		snprintf(why, whylen, ctrl ? "no cgroup with the %s controller mounted" : "no cgroup v2 mounted",
		    ctrl ? ctrl : "");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/self/cgroup", proc);
	if ((f = fopen(path, "re")) != NULL) {
		while (fgets(line, sizeof(line), f)) {
			char *a = strchr(line, ':'), *b = a ? strchr(a + 1, ':') : NULL;
			if (b == NULL)
				continue;
			line[strcspn(line, "\n")] = '\0';
			if (kind == 2 ? !strncmp(line, "0::", 3) : in_list(a + 1, (size_t)(b - a - 1), ctrl))
				snprintf(own, sizeof(own), "%s", b + 1);
		}
		fclose(f);
	}
	if (!own[0]) {
		snprintf(why, whylen, "not in a cgroup %s (/proc/self/cgroup)", kind == 2 ? "v2" : ctrl);
		return 0;
	}
	/* a mount of a subtree shows paths below its root; a cgroup outside it is not there */
	if (strcmp(root, "/") != 0) {
		size_t rl = strlen(root);
		if (strncmp(own, root, rl) != 0 || (own[rl] != '/' && own[rl] != '\0')) {
			snprintf(why, whylen, "own cgroup '%.40s' is not under the mount's root '%.40s'", own, root);
			return 0;
		}
		memmove(own, own + rl, strlen(own + rl) + 1);
	}
	if (snprintf(dir, len, "%s%s", mnt, strcmp(own, "/") ? own : "") >= (int)len) {
		snprintf(why, whylen, "cgroup path too long");
		return 0;
	}
	return kind;
}

unsigned long long
file_key(const char *path, const char *key, char sep)
{
	unsigned long long v = 0;
	size_t klen = strlen(key);
	char line[256];
	FILE *f;

	if ((f = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == sep) {
			v = strtoull(line + klen + 1, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

long long
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
