/*
 * dbench_load: a file server's mix in the manner of dbench (seed 002
 * compared kernels with "dbench 128 processes"; contest 0.61 ran dbench
 * itself).  --clients N worker processes (default 2 x the CPUs), each in
 * its own directory c.N of eight subdirectories, each with its own pool
 * of files written in setup, doing one operation after another with no
 * pause, drawn from the table below.  System calls: openat(2) (open and
 * create), close(2), pread(2), pwrite(2), fstatat(2), fstat(2),
 * fstatvfs(2), utimensat(2), renameat(2), unlinkat(2), fsync(2),
 * getdents (opendir/readdir/closedir).
 *
 * The mix is that of dbench 4's NBENCH client load (client.txt, 458,344
 * operations of a Windows client's session against a file server),
 * counted by kind and mapped to the system calls dbench's own fileio
 * back end makes for each: ReadX is a pread, WriteX a pwrite, Flush an
 * fsync, NTCreateX an open (or a create), QUERY_PATH_INFORMATION a stat
 * by name (a third of them of a name that does not exist, with the
 * NTCreateX of missing names), QUERY_FILE_INFORMATION an fstat,
 * QUERY_FS_INFORMATION a statvfs, SET_FILE_INFORMATION a utime,
 * FIND_FIRST a directory listing.  Lock and unlock (0.1%) are left out.
 * Sizes of reads and writes follow client.txt's most common ones; files
 * start with the sizes of its files (a fifth to 4 KiB, a fifth to
 * 64 KiB, the rest to 1 MiB; mean about 210 KiB).  Opens and creates
 * equal closes and creates equal unlinks, so the pool keeps its size;
 * a client whose files reach its share of the size writes within them
 * instead of past their end.  An operation that needs an open file when
 * none is open opens one first, and a later open of the mix is skipped
 * for it (so for a close with too many open), so that the counts keep
 * the proportions.
 *
 * Unit: kops, thousands of operations done.  Each operation is one timed
 * request (LOAD_IO), timed back to back as dbench times them (its
 * finish_op): from the end of the client's previous request, so that a
 * request costs one read of the clock, not two (its operations are the
 * shortest of any load, and two reads were 1.5% of its CPU on a tmpfs).  A full disk (ENOSPC, EDQUOT) fails the operation,
 * which is counted, and the client goes on.  Sizing: the policy's
 * SZ_CLIENTS (sizing.c): --size bytes of files in all (default
 * CLIENT_MIB, 24 MiB, a client: about what one client of client.txt
 * keeps), the setup's writing within a third of a run, within the disk
 * budget.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "../config.h"
#include "load.h"
#include "../util.h"

#define DB_DIRS		8		/* subdirectories of a client's directory */
#define DB_HANDLES	16		/* files a client holds open at once, at most */
#define DB_MEAN_FILE	(210ULL << 10)	/* mean file of client.txt, bytes: files = share / this */
#define DB_MIN_FILES	8		/* fewest files of a client */
#define DB_FILE_MAX	(1ULL << 20)	/* a write never makes a file larger than this, bytes */
#define DB_PASS		1000		/* operations of one pass (load_pass, for the test driver) */
#define DB_BUF		65536		/* largest read or write, bytes */
#define DB_CLIENTS_MAX	LOAD_PROCS

/* what the sizing policy (SZ_CLIENTS) sets aside for a client is what it may use */
_Static_assert(SZ_MAXCLIENTS == DB_CLIENTS_MAX, "sizing.h's clients are the load's");
_Static_assert(CLIENT_SLACK_KIB * 1024 == DB_BUF + (DB_DIRS + 1) * 4096, "config.h's slack: a write and the directories");

/* The kinds of operation, in the order the note lists them. */
enum kind { K_READ, K_STAT, K_CLOSE, K_OPEN, K_WRITE, K_LIST, K_CREATE, K_UNLINK,
	K_SETATTR, K_FSYNC, K_RENAME, NKIND };

/*
 * The mix, per 10,000 operations: client.txt's count of each kind over
 * the 457,825 operations kept (ReadX 124,199; stat 118,597 of which
 * QUERY_PATH_INFORMATION 71,814, missing names' NTCreateX 21,030,
 * QUERY_FS_INFORMATION 13,168, QUERY_FILE_INFORMATION 12,585; Close
 * 58,200; open 42,132; WriteX 39,502; FIND_FIRST 27,765; create 16,068;
 * Unlink 16,000; SET_FILE_INFORMATION 6,454; Flush 5,553; Rename 3,355).
 */
static const struct {
	const char *name;
	int per10k;
} mix[NKIND] = {
	[K_READ] = { "read", 2715 },
	[K_STAT] = { "stat", 2590 },
	[K_CLOSE] = { "close", 1271 },
	[K_OPEN] = { "open", 920 },
	[K_WRITE] = { "write", 863 },
	[K_LIST] = { "list", 606 },
	[K_CREATE] = { "create", 351 },
	[K_UNLINK] = { "unlink", 349 },
	[K_SETATTR] = { "setattr", 141 },
	[K_FSYNC] = { "fsync", 121 },
	[K_RENAME] = { "rename", 73 },
};

/* stat's four kinds, per 1,000: by name 400 (a file that exists), a
 * missing name 383, fstat of an open file 106, statvfs 111 */
#define ST_NAME		400
#define ST_MISSING	783
#define ST_FSTAT	889

/* sizes of reads and writes, weights per 100: client.txt's commonest */
struct sz {
	unsigned size, per100;
};
static const struct sz rsizes[] = {
	{ 4096, 67 }, { 61440, 13 }, { 8192, 4 }, { 2048, 4 }, { 1024, 6 }, { 16384, 2 },
	{ 32768, 3 }, { 512, 1 }, { 0, 0 } };
static const struct sz wsizes[] = {
	{ 65536, 32 }, { 4096, 25 }, { 1, 19 }, { 16384, 17 }, { 2048, 4 }, { 8192, 3 }, { 0, 0 } };

/* What one client did, in memory it shares with the load's process. */
struct dbstat {
	unsigned long long ops[NKIND];	/* operations done, each kind */
	unsigned long long full;	/* of them, failed for a full disk */
};

struct client;

struct db {
	int n;				/* clients */
	unsigned long long share;	/* bytes of each client's files */
	struct client *cl;		/* n of them: each worker uses its own copy */
	struct dbstat *st;		/* n of them, shared */
	int ran;
};

/* One file of a client's pool. */
struct dbfile {
	unsigned id;			/* named f<id> */
	unsigned char sub;		/* in subdirectory d<sub> */
	signed char slot;		/* its place in the open list, -1 when closed */
	int fd;
	int dirty;			/* written since its last fsync */
	unsigned long long size;
};

/* A client, in its own process. */
struct client {
	int id;				/* its number, from 0 */
	struct load_ctx *ctx;
	struct dbstat *st;
	int top, sub[DB_DIRS];		/* directory fds */
	struct dbfile *f;		/* the pool */
	unsigned nf, cap;
	int open[DB_HANDLES];		/* pool indices of the open files */
	int nopen;
	unsigned long long bytes, share;	/* the pool's bytes, and its bound */
	unsigned next_id, missing;
	unsigned long long rng;
	unsigned long long owed[NKIND];	/* done ahead of the mix: skip that many */
	unsigned long long done;	/* operations done */
	unsigned char *buf;		/* DB_BUF incompressible bytes */
	char name[32];
};

static unsigned
pick(struct client *c, unsigned n)
{
	return (unsigned)(rng_next(&c->rng) % n);
}

static unsigned
size_of(struct client *c, const struct sz *t)
{
	unsigned r = pick(c, 100), acc = 0;

	for (; t->size; t++)
		if (r < (acc += t->per100))
			return t->size;
	return t[-1].size;
}

/* a file's first size: client.txt's files, log-uniform above 64 KiB */
static unsigned long long
first_size(struct client *c)
{
	unsigned r = pick(c, 100);
	double u;

	if (r < 22)
		return 1 + pick(c, 4096);
	if (r < 41)
		return 4096 + pick(c, 65536 - 4096);
	u = (double)pick(c, 1u << 20) / (double)(1u << 20);
	return (unsigned long long)(65536.0 * pow(16.0, u));
}

static const char *
fname(struct client *c, unsigned id)
{
	snprintf(c->name, sizeof(c->name), "f%u", id);
	return c->name;
}

/* Count one operation of kind k done; a pass is DB_PASS of them. */
static void
done(struct client *c, enum kind k)
{
	c->st->ops[k]++;
	load_count(c->ctx, 1);
	if (++c->done % DB_PASS == 0)
		load_pass();
}

/* A call failed: 0 when the disk was full (the operation counts), else -1 with why. */
static int
failed(struct client *c, const char *what, unsigned sub, const char *name)
{
	if (LOAD_DISK_FULL(errno)) {
		c->st->full++;
		return 0;
	}
	return load_fail(c->ctx, "cannot %s 'c.%d/d%u/%s': %s", what, c->id, sub, name,
	    strerror(errno));
}

/* ---- the pool ---- */

static int
add_file(struct client *c, unsigned id, unsigned sub, int fd, unsigned long long size)
{
	struct dbfile *f;

	if (c->nf == c->cap) {
		unsigned cap = c->cap ? c->cap * 2 : 64;
		if ((f = realloc(c->f, cap * sizeof(*f))) == NULL)
			return -1;
		c->f = f;
		c->cap = cap;
	}
	f = &c->f[c->nf];
	f->id = id;
	f->sub = (unsigned char)sub;
	f->slot = -1;
	f->fd = fd;
	f->dirty = 0;
	f->size = size;
	return (int)c->nf++;
}

/* put pool file i in the open list */
static void
push_open(struct client *c, int i, int fd)
{
	c->f[i].fd = fd;
	c->f[i].slot = (signed char)c->nopen;
	c->open[c->nopen++] = i;
}

/* take open slot s out of the open list (its file is closed) */
static void
pop_open(struct client *c, int s)
{
	int i = c->open[s];

	c->f[i].fd = -1;
	c->f[i].slot = -1;
	c->open[s] = c->open[--c->nopen];
	if (s < c->nopen)
		c->f[c->open[s]].slot = (signed char)s;
}

/* remove closed pool file i */
static void
drop_file(struct client *c, unsigned i)
{
	c->f[i] = c->f[--c->nf];
	if (i < c->nf && c->f[i].slot >= 0)
		c->open[(int)c->f[i].slot] = (int)i;
}

/* a closed file of the pool, or -1 after a few tries */
static int
closed_file(struct client *c)
{
	int k;

	for (k = 0; k < 16 && c->nf > 0; k++) {
		unsigned i = pick(c, c->nf);
		if (c->f[i].fd < 0)
			return (int)i;
	}
	return -1;
}

/* ---- the operations: 0 done, 1 not possible now (draw again), -1 failed ---- */

static int handle(struct client *, int *);

static int
op_close(struct client *c)
{
	int s, i;
	long long t;

	/* nothing open: the mix's next open is done now, as for a read */
	if (c->nopen == 0 && handle(c, &s) < 0)
		return s;
	s = (int)pick(c, (unsigned)c->nopen);
	i = c->open[s];
	t = load_req_chain(c->ctx);
	close(c->f[i].fd);
	load_req_end(c->ctx, t);
	pop_open(c, s);
	return 0;
}

/*
 * Room for one more open file: the mix's next close is done now.  At
 * most half the pool is open, so that an open, an unlink or a rename
 * finds a closed file at once however small the pool.
 */
static int
room(struct client *c)
{
	int most = (int)(c->nf / 2) < DB_HANDLES ? (int)(c->nf / 2) : DB_HANDLES;

	if (c->nopen < (most > 0 ? most : 1))
		return 0;
	op_close(c);
	done(c, K_CLOSE);
	c->owed[K_CLOSE]++;
	return 0;
}

static int
op_open(struct client *c)
{
	int i = closed_file(c), fd;
	long long t;

	if (i < 0)
		return 1;
	room(c);
	t = load_req_chain(c->ctx);
	fd = openat(c->sub[c->f[i].sub], fname(c, c->f[i].id), O_RDWR | O_CLOEXEC);
	load_req_end(c->ctx, t);
	if (fd < 0)
		return failed(c, "open", c->f[i].sub, c->name);
	push_open(c, i, fd);
	return 0;
}

static int
op_create(struct client *c)
{
	unsigned sub = pick(c, DB_DIRS), id = c->next_id++;
	long long t;
	int fd, i;

	room(c);
	t = load_req_chain(c->ctx);
	fd = openat(c->sub[sub], fname(c, id), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	load_req_end(c->ctx, t);
	if (fd < 0)
		return failed(c, "create", sub, c->name);
	if ((i = add_file(c, id, sub, -1, 0)) < 0) {
		close(fd);
		return load_fail(c->ctx, "out of memory");
	}
	push_open(c, i, fd);
	return 0;
}

/*
 * An open file for an operation that needs one: when none is open, the
 * mix's next open is done now.  Its pool index, or -1 (failed, or 1 in
 * *rc when there is nothing to open).
 */
static int
handle(struct client *c, int *rc)
{
	*rc = 0;
	if (c->nopen == 0) {
		if ((*rc = op_open(c)) != 0)
			return -1;
		done(c, K_OPEN);
		c->owed[K_OPEN]++;
		if (c->nopen == 0) {
			*rc = 1;	/* a full disk failed the open: draw again */
			return -1;
		}
	}
	return c->open[pick(c, (unsigned)c->nopen)];
}

static int
op_read(struct client *c)
{
	unsigned long long off = 0, len = size_of(c, rsizes);
	struct dbfile *f;
	ssize_t r;
	long long t;
	int i, rc;

	if ((i = handle(c, &rc)) < 0)
		return rc;
	f = &c->f[i];
	if (f->size > len)
		off = pick(c, (unsigned)((f->size - len) / 512 + 1)) * 512ULL;
	t = load_req_chain(c->ctx);
	r = pread(f->fd, c->buf, (size_t)len, (off_t)off);
	load_req_end(c->ctx, t);
	if (r < 0)
		return failed(c, "read", f->sub, fname(c, f->id));
	return 0;
}

static int
op_write(struct client *c)
{
	unsigned long long off, len = size_of(c, wsizes);
	struct dbfile *f;
	long long t;
	ssize_t w;
	int i, rc;

	if ((i = handle(c, &rc)) < 0)
		return rc;
	f = &c->f[i];
	if (f->size == 0 && c->bytes >= c->share) {
		/* an empty file and no room to grow one: another open file with data */
		for (i = 0; i < c->nopen && c->f[c->open[i]].size == 0; i++)
			;
		if (i == c->nopen)
			return 1;
		f = &c->f[c->open[i]];
	}
	/* past the end while the client's files are under their share, else within */
	if ((f->size == 0 || pick(c, 2)) && c->bytes < c->share && f->size + len <= DB_FILE_MAX)
		off = f->size;
	else if (f->size >= len)
		off = pick(c, (unsigned)((f->size - len) / 512 + 1)) * 512ULL;
	else
		off = 0, len = f->size;
	t = load_req_chain(c->ctx);
	w = pwrite(f->fd, c->buf, (size_t)len, (off_t)off);
	load_req_end(c->ctx, t);
	if (w < 0)
		return failed(c, "write", f->sub, fname(c, f->id));
	if (off + (unsigned long long)w > f->size) {
		c->bytes += off + (unsigned long long)w - f->size;
		f->size = off + (unsigned long long)w;
	}
	f->dirty = 1;
	return 0;
}

static int
op_fsync(struct client *c)
{
	struct dbfile *f;
	long long t;
	int i, k, rc, r;

	if ((i = handle(c, &rc)) < 0)
		return rc;
	/* the file written since its last fsync, as a server's flush follows writes */
	for (k = 0; k < c->nopen; k++)
		if (c->f[c->open[k]].dirty) {
			i = c->open[k];
			break;
		}
	f = &c->f[i];
	t = load_req_chain(c->ctx);
	r = fsync(f->fd);
	load_req_end(c->ctx, t);
	if (r < 0)
		return failed(c, "fsync", f->sub, fname(c, f->id));
	f->dirty = 0;
	return 0;
}

static int
op_stat(struct client *c)
{
	unsigned r = pick(c, 1000), i = pick(c, c->nf ? c->nf : 1);
	struct statvfs sv;
	struct stat st;
	long long t;
	int rc;

	if (r >= ST_FSTAT) {
		t = load_req_chain(c->ctx);
		rc = fstatvfs(c->top, &sv);
		load_req_end(c->ctx, t);
		return rc < 0 ? failed(c, "statvfs", 0, ".") : 0;
	}
	if (r >= ST_MISSING && c->nopen > 0) {
		const struct dbfile *f = &c->f[c->open[pick(c, (unsigned)c->nopen)]];
		t = load_req_chain(c->ctx);
		rc = fstat(f->fd, &st);
		load_req_end(c->ctx, t);
		return rc < 0 ? failed(c, "fstat", f->sub, fname(c, f->id)) : 0;
	}
	if (r >= ST_NAME || c->nf == 0) {
		/* a name that does not exist: ENOENT is the answer */
		snprintf(c->name, sizeof(c->name), "m%u", c->missing++);
		t = load_req_chain(c->ctx);
		rc = fstatat(c->sub[i % DB_DIRS], c->name, &st, 0);
		load_req_end(c->ctx, t);
		return rc < 0 && errno != ENOENT ? failed(c, "stat", i % DB_DIRS, c->name) : 0;
	}
	t = load_req_chain(c->ctx);
	rc = fstatat(c->sub[c->f[i].sub], fname(c, c->f[i].id), &st, 0);
	load_req_end(c->ctx, t);
	return rc < 0 ? failed(c, "stat", c->f[i].sub, c->name) : 0;
}

static int
op_list(struct client *c)
{
	unsigned sub = pick(c, DB_DIRS);
	struct dirent *de;
	long long t;
	DIR *d;
	int fd;

	snprintf(c->name, sizeof(c->name), "d%u", sub);
	t = load_req_chain(c->ctx);
	if ((fd = openat(c->top, c->name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    (d = fdopendir(fd)) == NULL) {
		load_req_end(c->ctx, t);
		if (fd >= 0)
			close(fd);
		return failed(c, "list", sub, ".");
	}
	while ((de = readdir(d)) != NULL)
		;
	closedir(d);
	load_req_end(c->ctx, t);
	return 0;
}

static int
op_unlink(struct client *c)
{
	int i = closed_file(c), rc;
	long long t;

	if (i < 0 || c->nf <= 2)
		return 1;	/* the pool keeps a few files */
	t = load_req_chain(c->ctx);
	rc = unlinkat(c->sub[c->f[i].sub], fname(c, c->f[i].id), 0);
	load_req_end(c->ctx, t);
	if (rc < 0)
		return failed(c, "unlink", c->f[i].sub, c->name);
	c->bytes -= c->f[i].size;
	drop_file(c, (unsigned)i);
	return 0;
}

static int
op_rename(struct client *c)
{
	unsigned sub = pick(c, DB_DIRS), id = c->next_id++;
	int i = closed_file(c), rc;
	char to[32];
	long long t;

	if (i < 0)
		return 1;
	snprintf(to, sizeof(to), "f%u", id);
	t = load_req_chain(c->ctx);
	rc = renameat(c->sub[c->f[i].sub], fname(c, c->f[i].id), c->sub[sub], to);
	load_req_end(c->ctx, t);
	if (rc < 0)
		return failed(c, "rename", c->f[i].sub, c->name);
	c->f[i].id = id;
	c->f[i].sub = (unsigned char)sub;
	return 0;
}

static int
op_setattr(struct client *c)
{
	unsigned i;
	long long t;
	int rc;

	if (c->nf == 0)
		return 1;
	i = pick(c, c->nf);
	t = load_req_chain(c->ctx);
	rc = utimensat(c->sub[c->f[i].sub], fname(c, c->f[i].id), NULL, 0);
	load_req_end(c->ctx, t);
	return rc < 0 ? failed(c, "set the times of", c->f[i].sub, c->name) : 0;
}

static int (*const op[NKIND])(struct client *) = {
	[K_READ] = op_read, [K_STAT] = op_stat, [K_CLOSE] = op_close, [K_OPEN] = op_open,
	[K_WRITE] = op_write, [K_LIST] = op_list, [K_CREATE] = op_create, [K_UNLINK] = op_unlink,
	[K_SETATTR] = op_setattr, [K_FSYNC] = op_fsync, [K_RENAME] = op_rename,
};

static enum kind
draw(struct client *c)
{
	unsigned r = pick(c, 10000), acc = 0;
	int k;

	for (k = 0; k < NKIND - 1; k++)
		if (r < (acc += (unsigned)mix[k].per10k))
			break;
	return (enum kind)k;
}

/* The client's directories, opened in its own process. */
static int
client_dirs(struct client *c, const char *dir)
{
	char path[PATH_MAX];
	int d;

	snprintf(path, sizeof(path), "%s/c.%d", dir, c->id);
	if ((c->top = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return load_fail(c->ctx, "cannot open '%s': %s", path, strerror(errno));
	for (d = 0; d < DB_DIRS; d++) {
		snprintf(c->name, sizeof(c->name), "d%d", d);
		if ((c->sub[d] = openat(c->top, c->name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
			return load_fail(c->ctx, "cannot open 'c.%d/%s': %s", c->id, c->name, strerror(errno));
	}
	if ((c->buf = malloc(DB_BUF)) == NULL)
		return load_fail(c->ctx, "out of memory");
	load_fill_random(c->buf, DB_BUF, 0xdbe9c4ULL + (unsigned long long)c->id);
	return 0;
}

/* One client, in its own process: the mix until told to stop. */
static int
client(struct load_ctx *ctx, int i, void *arg)
{
	struct db *db = arg;
	struct client *c = &db->cl[i];

	c->st = &db->st[i];
	if (client_dirs(c, ctx->dir) < 0)
		return -1;
	while (!load_stopping()) {
		enum kind k = draw(c);
		int rc;

		if (c->owed[k] > 0) {	/* done ahead for another operation */
			c->owed[k]--;
			continue;
		}
		if ((rc = op[k](c)) < 0)
			return -1;
		if (rc == 0)
			done(c, k);
	}
	return 0;
}

/* ---- setup, in the load's process ---- */

/*
 * The clients and each one's share of the files: the sizing policy's
 * SZ_CLIENTS (sizing.c: --clients or CLIENTS_PER_CPU a usable CPU,
 * --size or CLIENT_MIB a client, the pool's writing in setup within a
 * third of a run, its files and each client's slack within half the free
 * disk), which notes sizing= for the log.
 */
static int
db_size(struct load_ctx *ctx, int *n, unsigned long long *share)
{
	struct sz_out o;
	int rc = load_sized(ctx, &o, NULL);

	if (rc != 0)
		return rc;
	*n = (int)o.count;
	*share = o.size / (unsigned long long)o.count;
	return 0;
}

static int
db_check(struct load_ctx *ctx)
{
	unsigned long long share;
	int n;

	return db_size(ctx, &n, &share);
}

/* Write one file of the pool: size bytes of buf, again and again. */
static int
fill(const char *path, unsigned char *buf, unsigned long long size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644), e;

	if (fd < 0)
		return -1;
	if (load_write_file(fd, size, buf, DB_BUF, NULL, NULL) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return close(fd);
}

/* Client i's directories and its pool of files, of client.txt's sizes. */
static int
client_setup(struct load_ctx *ctx, struct db *db, int i, unsigned char *buf)
{
	struct client *c = &db->cl[i];
	char path[PATH_MAX];
	int d;

	c->id = i;
	c->ctx = ctx;
	c->share = db->share;
	c->rng = ((unsigned long long)i + 1) * 0x9E3779B97F4A7C15ULL | 1;
	snprintf(path, sizeof(path), "%s/c.%d", ctx->dir, i);
	if (mkdir(path, 0755) < 0)
		return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
	for (d = 0; d < DB_DIRS; d++) {
		snprintf(path, sizeof(path), "%s/c.%d/d%d", ctx->dir, i, d);
		if (mkdir(path, 0755) < 0)
			return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
	}
	while (c->bytes < c->share) {
		unsigned long long size = first_size(c);
		unsigned sub = pick(c, DB_DIRS);

		if (size > c->share - c->bytes)
			size = c->share - c->bytes;
		snprintf(path, sizeof(path), "%s/c.%d/d%u/f%u", ctx->dir, i, sub, c->next_id);
		if (fill(path, buf, size) < 0)
			return load_stopping() ? load_fail(ctx, "stopped while writing '%s'", path) :
			    load_fail(ctx, "cannot write '%s': %s", path, strerror(errno));
		if (add_file(c, c->next_id++, sub, -1, size) < 0)
			return load_fail(ctx, "out of memory");
		c->bytes += size;
	}
	return 0;
}

static int
db_setup(struct load_ctx *ctx)
{
	unsigned long long bytes = 0, files = 0;
	unsigned char *buf;
	struct db *db;
	int i, fd, rc = 0;

	if ((db = calloc(1, sizeof(*db))) == NULL)
		return load_fail(ctx, "out of memory");
	ctx->priv = db;
	if (db_size(ctx, &db->n, &db->share) != 0)
		return -1;
	if ((db->cl = calloc((size_t)db->n, sizeof(*db->cl))) == NULL ||
	    (db->st = load_shared((size_t)db->n * sizeof(*db->st))) == NULL ||
	    (buf = malloc(DB_BUF)) == NULL)
		return load_fail(ctx, "out of memory");
	load_fill_random(buf, DB_BUF, 0xdbe9c0ULL);
	for (i = 0; i < db->n && rc == 0; i++) {
		rc = client_setup(ctx, db, i, buf);
		bytes += db->cl[i].bytes;
		files += db->cl[i].nf;
	}
	free(buf);
	if (rc < 0)
		return -1;
	/* the files reach the disk before the run: its reads are not of dirty pages */
	if ((fd = open(ctx->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		syncfs(fd);
		close(fd);
	}
	load_note(ctx, "clients", "%d", db->n);
	load_note(ctx, "size", "%llu", bytes);
	load_note(ctx, "files", "%llu", files);
	ctx->nparts = db->n;
	return 0;
}

static int
db_run(struct load_ctx *ctx)
{
	struct db *db = ctx->priv;

	db->ran = 1;
	return load_workers(ctx, client, db);
}

/* The clients' files lie in ctx->dir, which contest removes. */
static void
db_cleanup(struct load_ctx *ctx)
{
	struct db *db = ctx->priv;
	unsigned long long ops[NKIND] = { 0 }, full = 0;
	char list[LOAD_NOTE_VAL] = "";
	int i, k;

	if (db == NULL)
		return;
	for (i = 0; db->st && i < db->n; i++) {
		for (k = 0; k < NKIND; k++)
			ops[k] += db->st[i].ops[k];
		full += db->st[i].full;
	}
	if (db->ran && db->st) {
		for (k = 0; k < NKIND; k++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s:%llu",
			    k ? "," : "", mix[k].name, ops[k]);
		load_note(ctx, "ops", "%s", list);
		if (full)
			load_note(ctx, "full", "%llu", full);
	}
	for (i = 0; db->cl && i < db->n; i++)
		free(db->cl[i].f);
	free(db->cl);
	load_unshare(db->st, (size_t)db->n * sizeof(*db->st));
	free(db);
	ctx->priv = NULL;
}

static const struct load_option db_options[] = {
	LOAD_SIZE_OPTION,
	{ "clients", 0, "N", LOAD_OPT_COUNT, 0, "dbench_load's clients (default 2 x CPUs)", DB_CLIENTS_MAX },
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load dbench_load = {
	.name = "dbench_load",
	.alias = NULL,
	.unit = "kops",
	.scale = 1000,
	.desc = "a file server's mix of dbench's NBENCH clients, each in its own directory",
	.flags = LOAD_IO,
	.sizing = SZ_CLIENTS,
	.count_option = "clients",
	.options = db_options,
	.check = db_check,
	.setup = db_setup,
	.run = db_run,
	.cleanup = db_cleanup,
};
