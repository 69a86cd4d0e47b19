/*
 * lslr_load: `ls -lRa DIR >/dev/null`, again and again.  For each
 * directory: read every name, sort them (strcmp, as ls does in the C
 * locale), lstat each entry, readlink each symbolic link, and format the
 * long line (mode string, links, owner and group names, size or device
 * numbers, mtime, name, link target) and the "total" line into a buffer
 * that is thrown away; then the same for each subdirectory, depth first.
 * It stays on the filesystem of DIR (st_dev), so /proc, /sys, /dev and
 * every other mount below it are left out, and check refuses a DIR that
 * is itself on a virtual filesystem.  DIR: --walk, default "/".
 * Unit: thousands of entries, each file system object counted once: DIR
 * itself and everything under it, as `find DIR -xdev | wc -l` counts
 * them (the "." and ".." lines are formatted, not counted).
 * System calls: open/getdents (opendir, readdir), fstatat, readlinkat;
 * getpwuid/getgrgid once per id (a small cache).  A timed request
 * (LOAD_IO) is the listing of one directory, from its open to its close:
 * its names read, sorted, lstat'ed and formatted, what `ls -la DIR`
 * makes a user wait for (an lstat alone is too short to time at under
 * 1% of its cost).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "../kfile.h"
#include "load.h"

#define SINK		65536	/* bytes of the thrown-away output */
#define MAXDEPTH	512	/* directories nested deeper are not entered */

struct lslr {
	dev_t dev;			/* filesystem of the walk */
	time_t recent;			/* mtimes after this show the time, not the year */
	char path[PATH_MAX];		/* directory being listed */
	char sink[SINK];		/* the formatted lines, thrown away */
	size_t used;			/* bytes of sink in use */
	unsigned long long entries;	/* entries of the pass in progress */
	unsigned long long last;	/* entries of the last whole pass */
	unsigned long skipped;		/* directories that could not be read */
};

/* Filesystems with no files on a disk: nothing to list. */
static int
virtual_fs(long type)
{
	static const long magic[] = {
		0x9fa0,		/* proc */
		0x62656572,	/* sysfs */
		0x1cd1,		/* devpts */
		0x27e0eb,	/* cgroup */
		0x63677270,	/* cgroup2 */
		0x64626720,	/* debugfs */
		0x74726163,	/* tracefs */
		0x73636673,	/* securityfs */
		0xcafe4a11,	/* bpf */
		0x6165676c,	/* pstore */
		0x62656570,	/* configfs */
		0x65735543,	/* fusectl */
		0x19800202,	/* mqueue */
		0x42494e4d,	/* binfmt_misc */
		0xf97cff8c,	/* selinuxfs */
		0x1373,		/* devfs */
	};
	size_t i;

	for (i = 0; i < sizeof(magic) / sizeof(magic[0]); i++)
		if ((unsigned long)type == (unsigned long)magic[i])
			return 1;
	return 0;
}

/* every refusal here is of the --walk the user gave: bad input */
static int
lslr_check(struct load_ctx *ctx)
{
	const char *walk = load_arg(ctx, "walk") ? load_arg(ctx, "walk") : "/";
	char real[PATH_MAX];
	struct statfs sf;
	struct stat st;
	size_t i;
	DIR *d;
	static const char *const skip[] = { KF_PROC_DIR, KF_SYS_DIR, "/dev" };

	if (stat(walk, &st) < 0)
		return load_refuse(ctx, "cannot walk '%s': %s", walk, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return load_refuse(ctx, "cannot walk '%s': not a directory", walk);
	if (realpath(walk, real) == NULL || statfs(real, &sf) < 0)
		return load_refuse(ctx, "cannot walk '%s': %s", walk, strerror(errno));
	for (i = 0; i < sizeof(skip) / sizeof(skip[0]); i++) {
		size_t n = strlen(skip[i]);
		if (!strncmp(real, skip[i], n) && (real[n] == '\0' || real[n] == '/'))
			return load_refuse(ctx, "will not walk '%s': it is under %s", walk, skip[i]);
	}
	if (virtual_fs((long)sf.f_type))
		return load_refuse(ctx, "will not walk '%s': a virtual filesystem", walk);
	/* an unreadable top would make every pass one entry long */
	if ((d = opendir(walk)) == NULL)
		return load_refuse(ctx, "cannot read '%s': %s", walk, strerror(errno));
	closedir(d);
	return 0;
}

static int
lslr_setup(struct load_ctx *ctx)
{
	const char *walk = load_arg(ctx, "walk") ? load_arg(ctx, "walk") : "/";
	struct lslr *s;
	struct stat st;

	if (lslr_check(ctx) < 0)
		return -1;	/* the tree changed since contest checked it */
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return load_fail(ctx, "out of memory");
	ctx->priv = s;
	if (stat(walk, &st) < 0)
		return load_fail(ctx, "cannot walk '%s': %s", walk, strerror(errno));
	s->dev = st.st_dev;
	s->recent = time(NULL) - 365 * 24 * 3600 / 2;
	snprintf(s->path, sizeof(s->path), "%s", walk);
	tzset();
	load_note(ctx, "walk", "%s", walk);
	return 0;
}

static void
modestr(char *m, mode_t mode)
{
	m[0] = S_ISDIR(mode) ? 'd' : S_ISLNK(mode) ? 'l' : S_ISCHR(mode) ? 'c' :
	    S_ISBLK(mode) ? 'b' : S_ISFIFO(mode) ? 'p' : S_ISSOCK(mode) ? 's' : '-';
	m[1] = mode & S_IRUSR ? 'r' : '-';
	m[2] = mode & S_IWUSR ? 'w' : '-';
	m[3] = mode & S_ISUID ? (mode & S_IXUSR ? 's' : 'S') : mode & S_IXUSR ? 'x' : '-';
	m[4] = mode & S_IRGRP ? 'r' : '-';
	m[5] = mode & S_IWGRP ? 'w' : '-';
	m[6] = mode & S_ISGID ? (mode & S_IXGRP ? 's' : 'S') : mode & S_IXGRP ? 'x' : '-';
	m[7] = mode & S_IROTH ? 'r' : '-';
	m[8] = mode & S_IWOTH ? 'w' : '-';
	m[9] = mode & S_ISVTX ? (mode & S_IXOTH ? 't' : 'T') : mode & S_IXOTH ? 'x' : '-';
	m[10] = '\0';
}

/* Room for one more line in the sink; what was there is dropped. */
static char *
line(struct lslr *s, size_t *room)
{
	if (SINK - s->used < PATH_MAX + 512)
		s->used = 0;
	*room = SINK - s->used;
	return s->sink + s->used;
}

static void
format(struct lslr *s, int dfd, const char *name, const struct stat *st)
{
	char mode[11], when[32], target[PATH_MAX], size[48], *p;
	struct tm tm;
	size_t room;
	int n;

	modestr(mode, st->st_mode);
	localtime_r(&st->st_mtime, &tm);
	strftime(when, sizeof(when), st->st_mtime > s->recent ? "%b %e %H:%M" : "%b %e  %Y", &tm);
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		snprintf(size, sizeof(size), "%u, %u", major(st->st_rdev), minor(st->st_rdev));
	else
		snprintf(size, sizeof(size), "%lld", (long long)st->st_size);
	p = line(s, &room);
	n = snprintf(p, room, "%s %lu %s %s %s %s %s", mode, (unsigned long)st->st_nlink,
	    load_idname(st->st_uid, 0, 1), load_idname(st->st_gid, 1, 1), size, when, name);
	if (n < 0 || (size_t)n >= room)
		return;
	if (S_ISLNK(st->st_mode)) {
		ssize_t k = readlinkat(dfd, name, target, sizeof(target) - 1);
		target[k > 0 ? k : 0] = '\0';
		n += snprintf(p + n, room - (size_t)n, " -> %s", target);
	}
	if ((size_t)n + 1 < room) {
		p[n++] = '\n';
		s->used += (size_t)n;
	}
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names in directory d, sorted: (*names)[i] point into *blob; the
 * caller frees both.  How many (0 with both NULL when memory ran out).
 */
static size_t
read_names(DIR *d, char ***names, char **blob)
{
	size_t count = 0, cap = 0, blen = 0, bcap = 0, i, *off = NULL;
	struct dirent *de;

	*blob = NULL;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name) + 1;
		if (count == cap) {
			size_t *no = realloc(off, (cap = cap ? cap * 2 : 64) * sizeof(*off));
			if (no == NULL)
				break;
			off = no;
		}
		if (blen + len > bcap) {
			char *nb = realloc(*blob, bcap = (blen + len) * 2 + 4096);
			if (nb == NULL)
				break;
			*blob = nb;
		}
		memcpy(*blob + blen, de->d_name, len);
		off[count++] = blen;
		blen += len;
	}
	if ((*names = malloc((count ? count : 1) * sizeof(**names))) == NULL)
		count = 0;
	for (i = 0; i < count; i++)
		(*names)[i] = *blob + off[i];
	if (count)
		qsort(*names, count, sizeof((*names)[0]), cmp);
	free(off);
	return count;
}

static int list(struct load_ctx *ctx, struct lslr *s, size_t n, int depth);

/* Each of the count names isdir marks, under s->path (n bytes): 0, or 1
 * when load_stopping(). */
static int
descend(struct load_ctx *ctx, struct lslr *s, size_t n, int depth, char *const *names,
    const unsigned char *isdir, size_t count)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < count; i++) {
		size_t len, m = n;
		if (!isdir[i])
			continue;
		if (load_stopping())
			return 1;
		len = strlen(names[i]);
		if (depth >= MAXDEPTH || n + len + 2 >= sizeof(s->path)) {
			s->skipped++;
			continue;
		}
		if (m == 0 || s->path[m - 1] != '/')
			s->path[m++] = '/';
		memcpy(s->path + m, names[i], len + 1);
		rc = list(ctx, s, m + len, depth + 1);
		s->path[n] = '\0';
		if (rc)
			break;
	}
	return rc;
}

/*
 * List s->path (n bytes), then its subdirectories.  0, or 1 when
 * load_stopping().
 */
static int
list(struct load_ctx *ctx, struct lslr *s, size_t n, int depth)
{
	char **names = NULL, *blob = NULL, *sub;
	size_t count, i, room;
	unsigned long long blocks = 0, counted = 0;
	unsigned char *isdir = NULL;
	long long t;
	DIR *d;
	int rc, k;

	/* the request: the whole listing of this directory, as `ls -la DIR` */
	t = load_req_begin(ctx);
	if ((d = opendir(s->path)) == NULL) {
		load_req_end(ctx, t);
		s->skipped++;
		return 0;
	}
	count = read_names(d, &names, &blob);
	if ((isdir = calloc(count ? count : 1, 1)) == NULL)
		count = 0;
	for (i = 0; i < count; i++) {
		const char *name = names[i];
		int dot = name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
		struct stat st;

		if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;	/* gone since readdir */
		blocks += (unsigned long long)st.st_blocks;
		format(s, dirfd(d), name, &st);
		if (dot)
			continue;
		counted++;
		/* a directory on another filesystem is a mount point: listed, not entered */
		isdir[i] = S_ISDIR(st.st_mode) && st.st_dev == s->dev;
	}
	closedir(d);
	load_req_end(ctx, t);
	sub = line(s, &room);
	k = snprintf(sub, room, "%s:\ntotal %llu\n", s->path, blocks / 2);
	if (k > 0 && (size_t)k < room)
		s->used += (size_t)k;
	load_count(ctx, counted);
	s->entries += counted;
	rc = descend(ctx, s, n, depth, names, isdir, count);
	free(isdir);
	free(names);
	free(blob);
	return rc;
}

static int
lslr_run(struct load_ctx *ctx)
{
	struct lslr *s = ctx->priv;
	int noted = 0;

	while (!load_stopping()) {
		s->entries = 1;	/* the walked directory itself */
		load_count(ctx, 1);
		if (list(ctx, s, strlen(s->path), 0))
			break;
		s->last = s->entries;
		if (!noted++) {
			load_note(ctx, "entries", "%llu", s->last);
			load_note(ctx, "unreadable", "%lu", s->skipped);
		}
		load_pass();
	}
	return 0;
}

static void
lslr_cleanup(struct load_ctx *ctx)
{
	free(ctx->priv);
	ctx->priv = NULL;
}

static const struct load_option lslr_options[] = {
	{ "walk", 0, "DIR", LOAD_OPT_DIR, 0, "the tree lslr_load lists (default /)", 0 },
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load lslr_load = {
	.name = "lslr_load",
	.alias = "list_load",
	.unit = "kentries",
	.scale = 1000,
	.desc = "ls -lRa of a tree (--walk, default /), on one filesystem",
	.flags = LOAD_IO,
	.options = lslr_options,
	.check = lslr_check,
	.setup = lslr_setup,
	.run = lslr_run,
	.cleanup = lslr_cleanup,
};
