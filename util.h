/*
 * util.h: the one copy of each small helper (files, I/O, the clock, the
 * generator, the hash and its table) that the harness, the loads, the
 * built-in tree generator, the report and the test drivers share; the
 * kernel's files have theirs, kfile.h.  The Makefile links util.o into
 * every program through one variable, UTIL: a helper needed twice goes
 * here, not into a second static copy.  They return -1 with errno set
 * and print nothing.
 */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

#include <stddef.h>

int rmtree(const char *path);		/* rm -rf; 0 also if path is absent */
int mkdirs(const char *path, int mode);	/* mkdir -p */
int write_file(const char *path, const char *data, unsigned long len);	/* create, write, close */
/* write(2) all of buf, again after EINTR; 0, or -1 with the failing write's
 * errno (EIO if write returned 0) */
int write_all(int fd, const void *buf, size_t n);
/* Close every descriptor from lo up: close_range(2), else each one open */
void close_fds(int lo);
/* CLOCK_MONOTONIC in nanoseconds (the vDSO: no system call); mono_s: in seconds */
long long mono_ns(void);
double mono_s(void);

/* Is w (n bytes) one of the words of list, separated by sep? */
int in_list(const char *list, int sep, const char *w, size_t n);

/*
 * The directory of this process's cgroup for controller ctrl (on the
 * cgroup v1 hierarchy that has it, else on cgroup v2, where the
 * controller's files may still be missing), or of its cgroup v2 when
 * ctrl is NULL, and that hierarchy's mount point, from
 * /proc/self/mountinfo and /proc/self/cgroup (kfile.h: below the fake
 * root of tests).  1: v1, 2: v2; 0 with why filled: none.
 */
int cgroup_dir(const char *ctrl, char *dir, size_t len, char *mnt, size_t mlen, char *why, size_t whylen);

/*
 * xorshift64* (Vigna): the next number of the sequence state holds
 * (never 0; a fixed seed gives the same numbers everywhere), state moved
 * on.  rng_unit: the next one as a uniform in [0, 1), its top 53 bits.
 */
unsigned long long rng_next(unsigned long long *state);
double rng_unit(unsigned long long *state);

/*
 * FNV-1a 64 of n bytes at p, on from h (FNV_INIT to start).  hash_strs:
 * of the strings, each ended by a byte 0xff, then num mixed in: one
 * hash of a tuple of strings and a number, for a table's lookups (never
 * written anywhere, so it may change).
 */
#define FNV_INIT	0xcbf29ce484222325ULL
unsigned long long fnv1a(unsigned long long h, const void *p, size_t n);
unsigned long long hash_strs(const char *const parts[], size_t n, long num);

/*
 * An index from hashes to entries the caller keeps (their places in its
 * own array): open addressing, at most half full.  Hashes may repeat:
 * htab_next gives each entry put under h in turn, for the caller to
 * compare with what it looks for.  Zero it to start.
 */
#define HTAB_NONE	((size_t)-1)
struct htab {
	struct htab_slot {
		unsigned long long h;
		size_t v;		/* the entry; HTAB_NONE: an empty slot */
	} *slot;
	size_t cap, n;			/* cap: a power of two, or 0 */
};
int htab_put(struct htab *, unsigned long long h, size_t v);	/* 0, or -1 out of memory */
/* The next entry under h after *pos (HTAB_NONE to start), its slot in
 * *pos; HTAB_NONE when there is none */
size_t htab_next(const struct htab *, unsigned long long h, size_t *pos);
void htab_free(struct htab *);

#endif
