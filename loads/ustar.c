/*
 * ustar.c: the generated data tree and the ustar writer that tarc_load
 * and tarx_load share.  System calls: mkdirat/openat/write/symlinkat to
 * make the tree; openat/fdopendir/readdir/fstatat/read/readlinkat to
 * walk it, write(2) in USTAR_BUF pieces to the archive.  When the
 * archive is a load's (w->ctx), each openat, fstatat, readlinkat and
 * read of the tree and each write of the archive is one of its timed
 * requests; the directory reads inside readdir(3) are not.
 *
 * Archive format (POSIX.1-1988 ustar, what GNU tar writes with
 * --format=ustar): 512-byte headers with octal fields, file data padded
 * to 512 bytes, two zero blocks at the end.  Names longer than 100 bytes
 * are split at a '/' into the 155-byte prefix field; an entry whose name
 * cannot be split that way, a link target over 100 bytes, a file of 8 GiB
 * or more, and anything but files, directories and symbolic links are
 * left out and counted in `skipped`.  Hard links are archived as
 * separate files.  Owner ids over 7 octal digits are written as 0.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util.h"
#include "ustar.h"

#define BLOCK		512
#define PAD(n)		(((n) + BLOCK - 1) / BLOCK * BLOCK)
#define FILES_PER_DIR	32	/* generated tree: files in each leaf directory */
#define DIRS_PER_DIR	16	/* generated tree: leaf directories under each top one */
#define GEN_PIECE	65536	/* generated tree: bytes written per write(2) */
#define LONG_FILES	3	/* generated tree: files under the long path */
#define LONG_DIR	"long/a-directory-name-long-enough-that-the-path-needs-the-ustar-prefix-field" \
			"/and-one-more-level-of-it"

/* --- the generated tree --- */

/*
 * Size of file i: 70% small (64 B to 16 KiB), 28% medium (to 64 KiB),
 * 2% large (to 1 MiB, at most a quarter of the tree): about the mix of a
 * kernel source tree, mean near 27 KiB.
 */
static unsigned long long
file_size(unsigned long long *rng, unsigned long long total)
{
	unsigned long long r = rng_next(rng) % 100, v = rng_next(rng), n;

	if (r < 70)
		n = 64 + v % (16384 - 64);
	else if (r < 98)
		n = 16384 + v % (65536 - 16384);
	else
		n = 65536 + v % ((1ULL << 20) - 65536);
	if (n > total / 4 && total / 4 > 0)
		n = total / 4;
	return n ? n : 1;
}

static void
file_path(char *buf, size_t len, unsigned long i)
{
	static const char *const ext[] = { "c", "h", "S", "txt", "bin", "dts" };
	unsigned long g;

	if (i < LONG_FILES) {
		snprintf(buf, len, "%s/f%05lu.%s", LONG_DIR, i, ext[i % 6]);
		return;
	}
	g = (i - LONG_FILES) / FILES_PER_DIR;
	snprintf(buf, len, "d%02lu/d%02lu/f%05lu.%s", g / DIRS_PER_DIR, g % DIRS_PER_DIR, i, ext[i % 6]);
}

/*
 * The directories rel adds to those of prev, the file before it: the
 * components of its directory past those they share (the files come in
 * order, a directory's all together).  The plan counts them this way
 * whether or not the tree is written.
 */
static unsigned long
new_dirs(const char *prev, const char *rel)
{
	const char *a = prev, *b = rel, *sa, *sb;
	unsigned long n = 0;

	while ((sa = strchr(a, '/')) != NULL && (sb = strchr(b, '/')) != NULL &&
	    sa - a == sb - b && !memcmp(a, b, (size_t)(sa - a))) {
		a = sa + 1;
		b = sb + 1;
	}
	for (; (b = strchr(b, '/')) != NULL; b++)
		n++;
	return n;
}

/* mkdir -p of the directories in rel (not its last component), under dfd */
static int
mkparents(int dfd, char *rel)
{
	char *p;

	for (p = rel; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdirat(dfd, rel, 0755) < 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

/* dir/USTAR_TOP, made if missing, opened; -1 with errno. */
static int
open_top(const char *dir)
{
	int dfd, top, saved;

	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	if (mkdirat(dfd, USTAR_TOP, 0755) < 0 && errno != EEXIST)
		top = -1;
	else
		top = openat(dfd, USTAR_TOP, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	saved = errno;
	close(dfd);
	errno = saved;
	return top;
}

/* A piece of file i: seeded by the file's number and the piece's, never by the buffer size. */
static void
refill(unsigned char *buf, size_t k, unsigned long long off, void *i)
{
	load_fill_random(buf, k, ((unsigned long long)(*(unsigned long *)i + 1) << 20 ^ off / GEN_PIECE) *
	    0x9E3779B97F4A7C15ULL | 1);
}

/* File i of n bytes at rel under top, its parents made; 0 or -1 with errno. */
static int
gen_file(int top, char *rel, unsigned long i, unsigned long long n, unsigned char *buf)
{
	int fd, saved;

	if (mkparents(top, rel) < 0 ||
	    (fd = openat(top, rel, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
		return -1;
	if (load_write_file(fd, n, buf, GEN_PIECE, refill, &i) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

int
ustar_gen(const char *dir, unsigned long long size, struct ustar_plan *plan)
{
	static const char *const link[2][2] = {
		{ "link-to-file", "d00/d00/f00003.txt" },
		{ "link-to-dir", "d00" },
	};
	unsigned long long rng = 0xC0DE5EED ^ size, done = 0;
	unsigned char *buf = NULL;
	char rel[2][PATH_MAX] = { "", "" };
	unsigned long i;
	int top = -1, rc = -1, saved;

	memset(plan, 0, sizeof(*plan));
	if (dir && ((top = open_top(dir)) < 0 || (buf = malloc(GEN_PIECE)) == NULL))
		goto out;
	plan->dirs = 1;
	for (i = 0; done < size; i++) {
		unsigned long long n = file_size(&rng, size);
		char *r = rel[i % 2];

		if (n > size - done)
			n = size - done;
		file_path(r, PATH_MAX, i);
		plan->dirs += new_dirs(rel[(i + 1) % 2], r);
		plan->files++;
		plan->bytes += n;
		plan->archive += BLOCK + PAD(n);
		plan->disk += (n + 4095) / 4096 * 4096;
		done += n;
		if (top >= 0 && gen_file(top, r, i, n, buf) < 0)
			goto out;
	}
	for (i = 0; i < 2 && plan->files > 3; i++) {
		plan->links++;
		if (top >= 0 && symlinkat(link[i][1], top, link[i][0]) < 0 && errno != EEXIST)
			goto out;
	}
	plan->archive += (plan->dirs + plan->links) * BLOCK + 2 * BLOCK;
	plan->disk += plan->dirs * 4096;
	rc = 0;
out:
	saved = errno;
	free(buf);
	if (top >= 0)
		close(top);
	errno = saved;
	return rc;
}

/* --- the writer --- */


/* width-1 octal digits and a NUL; -1 if v does not fit */
static int
octal(unsigned char *f, size_t width, unsigned long long v)
{
	size_t i = width - 1;

	f[i] = '\0';
	while (i > 0) {
		f[--i] = (unsigned char)('0' + (v & 7));
		v >>= 3;
	}
	return v ? -1 : 0;
}

long long
ustar_octal(const unsigned char *p, size_t len)
{
	long long v = 0;
	size_t i = 0;

	while (i < len && p[i] == ' ')
		i++;
	if (i == len || p[i] < '0' || p[i] > '7')
		return -1;
	for (; i < len && p[i] >= '0' && p[i] <= '7'; i++)
		v = v * 8 + (p[i] - '0');
	return v;
}

int
ustar_sum_ok(const unsigned char *h)
{
	const unsigned char *c = USTAR_AT(h, chksum);
	long long want = ustar_octal(c, USTAR_LEN(chksum));
	unsigned long sum = 0;
	int i;

	for (i = 0; i < BLOCK; i++)
		sum += h + i >= c && h + i < c + USTAR_LEN(chksum) ? ' ' : h[i];
	return want >= 0 && (unsigned long long)want == sum;
}

static int
flush(struct ustar_w *w)
{
	unsigned char *p = w->buf;
	size_t n = w->len;

	while (n > 0) {
		long long t = load_req_begin(w->ctx);
		ssize_t k = write(w->fd, p, n);

		load_req_end(w->ctx, t);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			w->err = errno;
			return -1;
		}
		p += k;
		n -= (size_t)k;
		w->written += (unsigned long long)k;
		if (w->ctx)
			load_count(w->ctx, (unsigned long long)k);
	}
	w->len = 0;
	return 0;
}

/*
 * Where to cut a name of n bytes into prefix '/' name: the index of the
 * '/', 0 when it fits the name field alone, -1 when ustar cannot hold it.
 */
static long
split(const char *p, size_t n)
{
	size_t i;

	if (n <= USTAR_LEN(name))
		return 0;
	for (i = n > USTAR_LEN(name) + 1 ? n - USTAR_LEN(name) - 1 : 1; i <= USTAR_LEN(prefix) && i + 1 < n; i++)
		if (p[i] == '/')
			return (long)i;
	return -1;
}

/*
 * Append a header for w->path (n bytes) to the buffer: 0, -1 when ustar
 * cannot hold the entry, -2 when flushing the buffer failed.
 */
static int
header(struct ustar_w *w, size_t n, const struct stat *st, char type,
    unsigned long long size, const char *target)
{
	unsigned char *h;
	unsigned long sum = 0;
	long cut = split(w->path, n);
	int i;

	if (cut < 0 || (type == '0' && size >= (1ULL << 33)))
		return -1;
	if (w->len + BLOCK > USTAR_BUF && flush(w) < 0)
		return -2;
	h = w->buf + w->len;
	memset(h, 0, BLOCK);
	if (cut > 0) {
		memcpy(USTAR_AT(h, prefix), w->path, (size_t)cut);
		memcpy(USTAR_AT(h, name), w->path + cut + 1, n - (size_t)cut - 1);
	} else
		memcpy(USTAR_AT(h, name), w->path, n);
	octal(USTAR_AT(h, mode), USTAR_LEN(mode), st->st_mode & 07777);
	if (octal(USTAR_AT(h, uid), USTAR_LEN(uid), st->st_uid) < 0)
		octal(USTAR_AT(h, uid), USTAR_LEN(uid), 0);
	if (octal(USTAR_AT(h, gid), USTAR_LEN(gid), st->st_gid) < 0)
		octal(USTAR_AT(h, gid), USTAR_LEN(gid), 0);
	octal(USTAR_AT(h, size), USTAR_LEN(size), size);
	octal(USTAR_AT(h, mtime), USTAR_LEN(mtime), st->st_mtime > 0 ? (unsigned long long)st->st_mtime : 0);
	*USTAR_AT(h, typeflag) = (unsigned char)type;
	if (target)
		memcpy(USTAR_AT(h, linkname), target, strlen(target));
	memcpy(USTAR_AT(h, magic), "ustar", USTAR_LEN(magic));
	memcpy(USTAR_AT(h, version), "00", USTAR_LEN(version));
	memcpy(USTAR_AT(h, uname), load_idname(st->st_uid, 0, 0), USTAR_LEN(uname) - 1);
	memcpy(USTAR_AT(h, gname), load_idname(st->st_gid, 1, 0), USTAR_LEN(gname) - 1);
	octal(USTAR_AT(h, devmajor), USTAR_LEN(devmajor), 0);
	octal(USTAR_AT(h, devminor), USTAR_LEN(devminor), 0);
	memset(USTAR_AT(h, chksum), ' ', USTAR_LEN(chksum));
	for (i = 0; i < BLOCK; i++)
		sum += h[i];
	/* six digits, NUL, and the space left in place */
	octal(USTAR_AT(h, chksum), USTAR_LEN(chksum) - 1, sum);
	w->len += BLOCK;
	w->files++;
	return 0;
}

/*
 * Copy size bytes of fd; a file that shrank meanwhile is padded with
 * zeros.  0, -1 when a write failed, 1 when load_stopping() cut it.
 */
static int
copy(struct ustar_w *w, int fd, unsigned long long size)
{
	unsigned long long left = size;
	int eof = 0;

	while (left > 0) {
		size_t room, want;
		ssize_t k = 0;

		if (w->len == USTAR_BUF) {
			if (flush(w) < 0)
				return -1;
			if (load_stopping())
				return 1;	/* a big file must not outlast the stop grace */
		}
		room = USTAR_BUF - w->len;
		want = left < room ? (size_t)left : room;
		if (!eof) {
			long long t = load_req_begin(w->ctx);
			k = read(fd, w->buf + w->len, want);
			load_req_end(w->ctx, t);
			if (k < 0 && errno == EINTR)
				continue;
		}
		if (eof || k <= 0) {
			eof = 1;
			memset(w->buf + w->len, 0, want);
			k = (ssize_t)want;
		}
		w->len += (size_t)k;
		left -= (unsigned long long)k;
	}
	w->data += size;
	/* padding to the block; buf is a whole number of blocks */
	if (size % BLOCK) {
		size_t pad = BLOCK - size % BLOCK;
		memset(w->buf + w->len, 0, pad);
		w->len += pad;
	}
	return 0;
}

/* Would a member of size bytes pass the limit?  Always room for one. */
static int
over(struct ustar_w *w, unsigned long long size)
{
	if (!w->limit || w->files == 0)
		return 0;
	if (w->written + w->len + BLOCK + PAD(size) + 2 * BLOCK <= w->limit)
		return 0;
	w->full = 1;
	return 1;
}

static int walk(struct ustar_w *w, int dfd, size_t n);

/* A regular file of the tree, w->path its name (n bytes): its header and data. */
static int
entry_file(struct ustar_w *w, int dfd, const char *name, size_t n)
{
	long long t = load_req_begin(w->ctx);
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC), rc;
	struct stat st;

	load_req_end(w->ctx, t);
	if (fd < 0) {
		if (errno != ENOENT)
			w->skipped++;
		return 0;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		w->skipped++;
		return 0;
	}
	if (over(w, (unsigned long long)st.st_size)) {
		close(fd);
		return 1;
	}
	rc = header(w, n, &st, '0', (unsigned long long)st.st_size, NULL);
	if (rc == 0)
		rc = copy(w, fd, (unsigned long long)st.st_size);
	else if (rc == -1) {
		w->skipped++;
		rc = 0;
	} else
		rc = -1;
	close(fd);
	return rc;
}

/* A symbolic link of the tree: its header with its target. */
static int
entry_link(struct ustar_w *w, int dfd, const char *name, size_t n, const struct stat *st)
{
	char target[101];
	long long t = load_req_begin(w->ctx);
	ssize_t k = readlinkat(dfd, name, target, sizeof(target));
	int rc;

	load_req_end(w->ctx, t);
	if (k < 0 || (size_t)k > USTAR_LEN(linkname)) {
		w->skipped++;
		return 0;
	}
	target[k] = '\0';
	if (over(w, 0))
		return 1;
	rc = header(w, n, st, '2', 0, target);
	if (rc == -1)
		w->skipped++;
	return rc < -1 ? -1 : 0;
}

/* A directory of the tree: its header, then what is under it. */
static int
entry_dir(struct ustar_w *w, int dfd, const char *name, size_t n, const struct stat *st)
{
	long long t;
	int fd, rc;

	if (n + 2 >= sizeof(w->path)) {
		w->skipped++;
		return 0;
	}
	w->path[n++] = '/';
	w->path[n] = '\0';
	if (over(w, 0))
		return 1;
	if ((rc = header(w, n, st, '5', 0, NULL)) == -1) {
		w->skipped++;	/* and what is under it, uncounted */
		return 0;
	}
	if (rc < 0)
		return -1;
	t = load_req_begin(w->ctx);
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	load_req_end(w->ctx, t);
	if (fd < 0) {
		if (errno != ENOENT)
			w->skipped++;
		return 0;
	}
	return walk(w, fd, n);
}

/* One entry of a directory; w->path holds its name, n bytes. */
static int
entry(struct ustar_w *w, int dfd, const char *name, size_t n, int dtype)
{
	struct stat st;
	long long t;
	int rc;

	/* a file readdir says is regular is opened and fstat'ed: no lstat */
	if (dtype == DT_REG)
		return entry_file(w, dfd, name, n);
	t = load_req_begin(w->ctx);
	rc = fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW);
	load_req_end(w->ctx, t);
	if (rc < 0) {
		if (errno != ENOENT)	/* gone since readdir: not an entry any more */
			w->skipped++;
		return 0;
	}
	if (S_ISREG(st.st_mode))
		return entry_file(w, dfd, name, n);
	if (S_ISLNK(st.st_mode))
		return entry_link(w, dfd, name, n, &st);
	if (S_ISDIR(st.st_mode))
		return entry_dir(w, dfd, name, n, &st);
	w->skipped++;
	return 0;
}

/* Every entry of directory fd (closed here); w->path holds its name/, n bytes. */
static int
walk(struct ustar_w *w, int fd, size_t n)
{
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		w->skipped++;
		return 0;
	}
	while (rc == 0 && (de = readdir(d)) != NULL) {
		size_t k = strlen(de->d_name);
		if (de->d_name[0] == '.' && (k == 1 || (k == 2 && de->d_name[1] == '.')))
			continue;
		if (load_stopping()) {
			rc = 1;
			break;
		}
		if (n + k + 2 >= sizeof(w->path)) {
			w->skipped++;
			continue;
		}
		memcpy(w->path + n, de->d_name, k + 1);
		rc = entry(w, dirfd(d), de->d_name, n + k, de->d_type);
	}
	closedir(d);
	return rc;
}

void
ustar_top(const char *tree, char *buf, size_t len)
{
	char name[PATH_MAX], *b;
	size_t n;

	/* members named "linux/..." as `tar -C .. -cf x linux` names them */
	snprintf(name, sizeof(name), "%s", tree);
	for (n = strlen(name); n > 1 && name[n - 1] == '/'; n--)
		name[n - 1] = '\0';
	b = strrchr(name, '/');
	snprintf(buf, len, "%s", b ? b + 1 : name);
	if (!buf[0] || !strcmp(buf, ".") || !strcmp(buf, ".."))
		snprintf(buf, len, "tree");
}

int
ustar_create(struct ustar_w *w, const char *src, const char *top)
{
	struct stat st;
	size_t n = strlen(top);
	int fd, rc;

	w->written = w->data = 0;
	w->files = w->skipped = 0;
	w->len = 0;
	w->err = 0;
	w->full = 0;
	if (w->buf == NULL && (w->buf = malloc(USTAR_BUF)) == NULL) {
		w->err = errno;
		return -1;
	}
	if ((fd = open(src, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 || fstat(fd, &st) < 0) {
		w->err = errno;
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (n + 2 >= sizeof(w->path) || n == 0) {
		close(fd);
		w->err = ENAMETOOLONG;
		return -1;
	}
	memcpy(w->path, top, n);
	w->path[n++] = '/';
	w->path[n] = '\0';
	if (header(w, n, &st, '5', 0, NULL) < 0) {
		close(fd);
		if (!w->err)
			w->err = ENAMETOOLONG;
		return -1;
	}
	rc = walk(w, fd, n);
	if (rc < 0 || (rc == 1 && !w->full))
		return rc < 0 ? -1 : 1;
	if (w->len + 2 * BLOCK > USTAR_BUF && flush(w) < 0)
		return -1;
	memset(w->buf + w->len, 0, 2 * BLOCK);
	w->len += 2 * BLOCK;
	if (flush(w) < 0)
		return -1;
	return rc;
}

void
ustar_free(struct ustar_w *w)
{
	free(w->buf);
	w->buf = NULL;
}

#define MiB(x)	((x) >> 20)

unsigned long long
ustar_fit(struct load_ctx *ctx, int per, struct ustar_plan *plan)
{
	unsigned long long budget = load_ctx_budget(ctx), size, need;

	memset(plan, 0, sizeof(*plan));
	if (ctx->tree) {
		/* the kernel tree is not measured: archives stop at the cap */
		size = load_size(ctx) ? load_size(ctx) : budget / (unsigned long long)per;
		need = (load_size(ctx) ? load_size(ctx) : USTAR_MIN_SIZE) * (unsigned long long)per;
		if (need > budget) {
			load_fail(ctx, "needs %llu MiB on '%s', half its free space is %llu MiB",
			    MiB(need), ctx->base, MiB(budget));
			return 0;
		}
		return size;
	}
	if (load_size(ctx)) {
		size = load_size(ctx);
		load_note(ctx, "sizing", "size-option");
	} else {
		/* the policy's size: within a third of a run's setup, the disk, RLIMIT_FSIZE */
		struct sz_out sz;
		if (load_sized(ctx, &sz, NULL) < 0)
			return 0;
		size = sz.size;
	}
	for (;;) {
		ustar_gen(NULL, size, plan);
		need = plan->disk + plan->archive;
		if (need <= budget && plan->archive <= load_ctx_fsize(ctx))
			return size;
		if (load_size(ctx) || size / 2 < USTAR_MIN_SIZE)
			break;
		size /= 2;
	}
	if (plan->archive > load_ctx_fsize(ctx))
		load_fail(ctx, "needs an archive of %llu MiB, the file size limit (ulimit -f) is %llu MiB",
		    MiB(plan->archive), MiB(load_ctx_fsize(ctx)));
	else
		load_fail(ctx, "needs %llu MiB on '%s', half its free space is %llu MiB",
		    MiB(need), ctx->base, MiB(budget));
	return 0;
}
