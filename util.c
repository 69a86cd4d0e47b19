/*
 * util.c: the shared helpers of util.h: rm -rf, mkdir -p, whole writes,
 * closing descriptors, where a process's cgroup lies (through kfile.h:
 * /proc/self/mountinfo, /proc/self/cgroup), the clock, the generator,
 * the hash and its table, with nftw(3), mkdir(2), write(2),
 * close_range(2) and clock_gettime(2).
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

#include "kfile.h"
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
	if ((d = kf_opendir(KF_PROC, "self/fd")) == NULL) {
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
in_list(const char *list, int sep, const char *w, size_t n)
{
	const char *p = list, *e;

	while (*p) {
		if ((e = strchr(p, sep)) == NULL)
			e = p + strlen(p);
		if ((size_t)(e - p) == n && !memcmp(p, w, n))
			return 1;
		p = *e ? e + 1 : e;
	}
	return 0;
}

/* cgroup_dir's search of the mounts */
struct cgmount {
	const char *ctrl;
	char *root, *mnt;
	size_t rlen, mlen;
	int kind;		/* of the mount found: 1 v1, 2 v2, 0 none yet */
};

static int
cg_mount_line(struct kf_mount *m, void *arg)
{
	struct cgmount *c = arg;
	int k;

	if (!strcmp(m->fstype, "cgroup2"))
		k = 2;
	else if (c->ctrl && !strcmp(m->fstype, "cgroup") && in_list(m->super, ',', c->ctrl, strlen(c->ctrl)))
		k = 1;
	else
		return 0;
	/* a controller bound to a v1 hierarchy is not on v2: v1 first, else the first v2 */
	if ((k == 2 && c->kind) || (k == 1 && c->kind == 1))
		return 0;
	snprintf(c->root, c->rlen, "%s", m->root);
	snprintf(c->mnt, c->mlen, "%s", m->point);
	c->kind = k;
	return 0;
}

/* cgroup_dir's search of self/cgroup: the path of the line of kind, ctrl */
struct cgown {
	const char *ctrl;
	int kind;
	char *own;
	size_t len;
};

static int
cg_own_line(char *line, size_t len, void *arg)
{
	struct cgown *c = arg;
	char *a = strchr(line, ':'), *b = a ? strchr(a + 1, ':') : NULL;
	int hit;

	(void)len;
	if (b == NULL)
		return 0;
	if (c->kind == 2) {
		hit = !strncmp(line, "0::", 3);
	} else {
		*b = '\0';
		hit = in_list(a + 1, ',', c->ctrl, strlen(c->ctrl));
	}
	if (hit)
		snprintf(c->own, c->len, "%s", b + 1);
	return 0;
}

int
cgroup_dir(const char *ctrl, char *dir, size_t len, char *mnt, size_t mlen, char *why, size_t whylen)
{
	static char line[4096], own[PATH_MAX], root[PATH_MAX];	/* ulimit -s 64 */
	struct cgmount cm = { ctrl, root, mnt, sizeof(root), mlen, 0 };
	struct cgown co = { ctrl, 0, own, sizeof(own) };

	own[0] = root[0] = '\0';
	kf_mounts(cg_mount_line, &cm);
	if (!cm.kind) {
		snprintf(why, whylen, ctrl ? "no cgroup with the %s controller mounted" : "no cgroup v2 mounted",
		    ctrl ? ctrl : "");
		return 0;
	}
	co.kind = cm.kind;
	kf_scan(KF_PROC, "self/cgroup", line, sizeof(line), cg_own_line, &co);
	if (!own[0]) {
		snprintf(why, whylen, "not in a cgroup %s (/proc/self/cgroup)", cm.kind == 2 ? "v2" : ctrl);
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
	return cm.kind;
}

long long
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

double
mono_s(void)
{
	return (double)mono_ns() / 1e9;
}

unsigned long long
rng_next(unsigned long long *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545F4914F6CDD1DULL;
}

double
rng_unit(unsigned long long *state)
{
	return (double)(rng_next(state) >> 11) / 9007199254740992.0;
}

unsigned long long
fnv1a(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

unsigned long long
hash_strs(const char *const parts[], size_t n, long num)
{
	static const unsigned char end = 0xff;
	unsigned long long h = FNV_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		h = fnv1a(fnv1a(h, parts[i], strlen(parts[i])), &end, 1);
	return h ^ (unsigned long long)num * 0x9e3779b97f4a7c15ULL;
}

int
htab_put(struct htab *t, unsigned long long h, size_t v)
{
	size_t i, j;

	if (2 * (t->n + 1) > t->cap) {
		size_t ncap = t->cap ? 2 * t->cap : 64;
		struct htab_slot *ns = malloc(ncap * sizeof(*ns));

		if (ns == NULL)
			return -1;
		for (i = 0; i < ncap; i++)
			ns[i].v = HTAB_NONE;
		for (i = 0; i < t->cap; i++) {
			if (t->slot[i].v == HTAB_NONE)
				continue;
			for (j = t->slot[i].h & (ncap - 1); ns[j].v != HTAB_NONE; j = (j + 1) & (ncap - 1))
				;
			ns[j] = t->slot[i];
		}
		free(t->slot);
		t->slot = ns;
		t->cap = ncap;
	}
	for (j = h & (t->cap - 1); t->slot[j].v != HTAB_NONE; j = (j + 1) & (t->cap - 1))
		;
	t->slot[j].h = h;
	t->slot[j].v = v;
	t->n++;
	return 0;
}

size_t
htab_next(const struct htab *t, unsigned long long h, size_t *pos)
{
	size_t i;

	if (t->cap == 0)
		return HTAB_NONE;
	i = *pos == HTAB_NONE ? h & (t->cap - 1) : (*pos + 1) & (t->cap - 1);
	for (; t->slot[i].v != HTAB_NONE; i = (i + 1) & (t->cap - 1))
		if (t->slot[i].h == h) {
			*pos = i;
			return t->slot[i].v;
		}
	return HTAB_NONE;
}

void
htab_free(struct htab *t)
{
	free(t->slot);
	memset(t, 0, sizeof(*t));
}
