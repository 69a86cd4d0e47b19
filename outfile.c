/*
 * outfile.c: the one opener of the files contest writes as output (see
 * outfile.h).  The directory is opened first and the file is looked at
 * and opened relative to it (fstatat, openat), before the open
 * (AT_SYMLINK_NOFOLLOW: a device may act on being opened, a FIFO would
 * block) and again after it (O_NOFOLLOW | O_NONBLOCK, then fstat: the
 * same inode, still acceptable), so a name swapped meanwhile is refused
 * rather than followed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

static int refuse(char *why, size_t len, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Fill why, set errno to err: -1. */
static int
refuse(char *why, size_t len, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	errno = err;
	return -1;
}

/* What a file that is not a regular file is, for the message. */
static const char *
kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" :
	    S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO" :
	    S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* Open path's directory (its name in dir) and point *base at the last name. */
static int
parent(const char *path, char *dir, size_t dlen, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL) {
		snprintf(dir, dlen, ".");
		*base = path;
	} else if (slash == path) {
		snprintf(dir, dlen, "/");
		*base = slash + 1;
	} else {
		if ((size_t)(slash - path) >= dlen) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
		*base = slash + 1;
	}
	return open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* May contest write st, the file path in directory dir (ds)?  0, or -1 with why. */
static int
judge(const char *path, const char *dir, const struct stat *ds, const struct stat *st,
    enum out_how how, char *why, size_t len)
{
	if (S_ISLNK(st->st_mode))
		return refuse(why, len, ELOOP, "'%s' is a symbolic link: refused "
		    "(name the file it leads to)", path);
	if (!S_ISREG(st->st_mode))
		return refuse(why, len, EINVAL, "'%s' is %s, not a regular file: refused", path,
		    kind(st->st_mode));
	if (how == OUT_LOCK)
		return 0;	/* read-only: whoever made it, opening it writes nothing */
	if (st->st_nlink > 1)
		return refuse(why, len, EMLINK, "'%s' has %lu hard links: refused (contest would "
		    "write into each of its names)", path, (unsigned long)st->st_nlink);
	if ((ds->st_mode & 022) && st->st_uid != geteuid())
		return refuse(why, len, EPERM, "'%s' belongs to another user (uid %lu) in '%s', a "
		    "directory others may write in: refused", path, (unsigned long)st->st_uid, dir);
	return 0;
}

/* Make base in dfd, absent a moment ago; -1 with EEXIST if it appeared since. */
static int
make(int dfd, const char *base, enum out_how how)
{
	int fd = openat(dfd, base, (how == OUT_LOCK ? O_RDONLY : O_RDWR | O_APPEND) | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);

	if (fd >= 0 && how == OUT_LOCK && fchmod(fd, 0644) < 0) {
		/* under a umask of 077: only this user's contests see it */
	}
	return fd;
}

/* Open base, judged a moment ago as st, and judge it again. */
static int
reopen(int dfd, const char *base, const char *path, const char *dir, const struct stat *ds,
    const struct stat *st, enum out_how how, char *why, size_t len)
{
	int fl = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, fd, e;
	struct stat fs;

	fd = openat(dfd, base, fl | (how == OUT_LOCK ? O_RDONLY : O_RDWR | O_APPEND));
	if (fd < 0 && how == OUT_APPEND && errno == EACCES)	/* a log we may only append to */
		fd = openat(dfd, base, fl | O_WRONLY | O_APPEND);
	if (fd < 0) {
		e = errno;
		return refuse(why, len, e, "cannot open '%s': %s", path, strerror(e));
	}
	if (fstat(fd, &fs) < 0 || fs.st_dev != st->st_dev || fs.st_ino != st->st_ino) {
		close(fd);
		return refuse(why, len, EAGAIN, "'%s' changed while it was opened: refused", path);
	}
	if (judge(path, dir, ds, &fs, how, why, len) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

int
out_open(const char *path, enum out_how how, char *why, size_t whylen)
{
	char dir[PATH_MAX];
	struct stat ds, st;
	const char *base;
	int dfd, fd = -1, tries, e;

	if ((dfd = parent(path, dir, sizeof(dir), &base)) < 0) {
		e = errno;
		return refuse(why, whylen, e, "cannot open the directory of '%s': %s", path, strerror(e));
	}
	if (fstat(dfd, &ds) < 0 || *base == '\0' || !strcmp(base, ".") || !strcmp(base, "..")) {
		close(dfd);
		return refuse(why, whylen, EISDIR, "'%s' is a directory, not a regular file: refused", path);
	}
	for (tries = 0; tries < 3; tries++) {
		if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if ((e = errno) != ENOENT) {
				fd = refuse(why, whylen, e, "cannot look at '%s': %s", path, strerror(e));
				break;
			}
			if (how == OUT_CHECK) {
				fd = faccessat(dfd, ".", W_OK | X_OK, AT_EACCESS) < 0 ?
				    refuse(why, whylen, EACCES, "cannot create '%s': cannot write in "
				    "the directory '%s'", path, dir) : 0;
				break;
			}
			if ((fd = make(dfd, base, how)) >= 0 || errno != EEXIST) {
				if (fd < 0) {
					e = errno;
					fd = refuse(why, whylen, e, "cannot create '%s': %s", path, strerror(e));
				}
				break;
			}
			continue;	/* made by another meanwhile: judge it */
		}
		if (judge(path, dir, &ds, &st, how, why, whylen) < 0)
			break;
		if (how == OUT_CHECK) {
			fd = faccessat(dfd, base, W_OK, AT_EACCESS) < 0 ?
			    refuse(why, whylen, EACCES, "cannot write '%s': %s", path, strerror(errno)) : 0;
			break;
		}
		fd = reopen(dfd, base, path, dir, &ds, &st, how, why, whylen);
		if (fd >= 0 || errno != EAGAIN)
			break;
	}
	if (tries == 3)
		fd = refuse(why, whylen, EAGAIN, "'%s' keeps changing: refused", path);
	e = errno;
	close(dfd);
	errno = e;
	return fd;
}

int
out_temp(const char *path, char *tmp, size_t tmplen, char *why, size_t whylen)
{
	int fd, e;

	if (out_open(path, OUT_CHECK, why, whylen) < 0)
		return -1;
	if (snprintf(tmp, tmplen, "%s.tmpXXXXXX", path) >= (int)tmplen)
		return refuse(why, whylen, ENAMETOOLONG, "'%s': path too long", path);
	/* mkstemp makes the file with O_EXCL: never through a link */
	if ((fd = mkostemp(tmp, O_CLOEXEC)) < 0) {
		e = errno;
		return refuse(why, whylen, e, "cannot write '%s': %s", path, strerror(e));
	}
	if (fchmod(fd, 0644) < 0) {
		/* as the umask made it */
	}
	return fd;
}

int
out_commit(const char *tmp, const char *path, char *why, size_t whylen)
{
	int e;

	if (out_open(path, OUT_CHECK, why, whylen) < 0) {
		e = errno;
		unlink(tmp);
		errno = e;
		return -1;
	}
	if (rename(tmp, path) < 0) {
		e = errno;
		unlink(tmp);
		return refuse(why, whylen, e, "cannot write '%s': %s", path, strerror(e));
	}
	return 0;
}

/*
 * path with its directory resolved (realpath), into buf: the name of a
 * file that may not exist yet; path itself if the directory cannot be.
 */
static void
resolved(const char *path, char *buf, size_t len)
{
	static char dir[PATH_MAX], real[PATH_MAX];	/* not on the stack: ulimit -s 64 */
	const char *base, *slash = strrchr(path, '/');

	if (slash == NULL) {
		snprintf(dir, sizeof(dir), ".");
		base = path;
	} else {
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
		base = slash + 1;
	}
	if (realpath(dir, real) == NULL || snprintf(buf, len, "%s/%s", strcmp(real, "/") ? real : "",
	    base) >= (int)len)
		snprintf(buf, len, "%s", path);
}

int
out_not_input(const char *path, const char *const in[], int n, char *why, size_t whylen)
{
	static char a[2 * PATH_MAX], b[2 * PATH_MAX];
	struct stat os, is;
	int i, have = stat(path, &os) == 0, got;

	for (i = 0; i < n; i++) {
		if (!strcmp(in[i], "-"))
			got = fstat(STDIN_FILENO, &is) == 0;
		else
			got = stat(in[i], &is) == 0;
		if (have && got) {
			if (os.st_dev != is.st_dev || os.st_ino != is.st_ino)
				continue;
		} else if (!strcmp(in[i], "-")) {
			continue;
		} else {
			resolved(path, a, sizeof(a));
			resolved(in[i], b, sizeof(b));
			if (strcmp(a, b))
				continue;
		}
		return refuse(why, whylen, EEXIST, "'%s' is %s%s%s: refused (it would be written over)",
		    path, strcmp(in[i], "-") ? "the log '" : "standard input, a log read",
		    strcmp(in[i], "-") ? in[i] : "", strcmp(in[i], "-") ? "'" : "");
	}
	return 0;
}
