/*
 * util.c: the shared helpers of util.h: rm -rf, mkdir -p, whole writes,
 * closing descriptors, /proc/PID/stat and mountinfo's escapes, with
 * nftw(3), mkdir(2), write(2), close_range(2) and read(2).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
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

long long
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
