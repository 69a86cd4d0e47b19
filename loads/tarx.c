/*
 * tarx_load: `tar -xf` of one archive, again and again, each pass into a
 * fresh directory x.N of the run directory (new names, nothing is ever
 * overwritten); when the next copy would pass the disk budget the oldest
 * copies are removed first.  Setup writes the archive, of the kernel tree
 * given with -s or of a generated data tree (ustar.c, removed once
 * archived).  Unit: MiB of archive extracted (headers, data, padding),
 * counted as each member's header is read and as its data is written, so
 * a pass the window cuts counts what it did.  System calls: read(2) of
 * the archive in USTAR_BUF pieces; openat/write/futimens/close,
 * mkdirat, symlinkat to extract; unlinkat/rmdir (rmtree) to remove.
 * Timed requests (LOAD_IO): each read of the archive, each create of a
 * file, directory or link, and each write of a member's data.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load.h"
#include "../util.h"
#include "ustar.h"

#define BLOCK	512

struct tarx {
	int fd;				/* the archive */
	unsigned char *buf;		/* USTAR_BUF bytes read from it */
	size_t pos, len;		/* next byte in buf, bytes in buf */
	unsigned long long footprint;	/* bytes one extracted copy takes on disk */
	unsigned long long budget;	/* bytes the copies may take together */
	unsigned long first, next;	/* number of the oldest kept copy, of the next */
	unsigned long enospc;		/* passes a full disk ended */
	int err;			/* errno of the failure */
	struct load_ctx *timed;		/* extracting for the load: its requests are timed here, else NULL */
};

static int
tarx_check(struct load_ctx *ctx)
{
	struct ustar_plan plan;

	return ustar_fit(ctx, 2, &plan) ? 0 : -1;
}

/* Fill buf from the archive; a whole number of blocks unless at its end. */
static int
refill(struct tarx *x)
{
	x->pos = x->len = 0;
	while (x->len < USTAR_BUF) {
		long long t = load_req_begin(x->timed);
		ssize_t n = read(x->fd, x->buf + x->len, USTAR_BUF - x->len);

		load_req_end(x->timed, t);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			x->err = errno;
			return -1;
		}
		if (n == 0)
			break;
		x->len += (size_t)n;
	}
	return 0;
}

/* A member name that could step out of the copy: never in our archives. */
static int
unsafe(const char *name)
{
	const char *p;

	if (name[0] == '/')
		return 1;
	for (p = name; (p = strstr(p, "..")) != NULL; p += 2)
		if ((p == name || p[-1] == '/') && (p[2] == '/' || p[2] == '\0'))
			return 1;
	return 0;
}

/* One member, from its header block. */
struct member {
	char name[BLOCK];		/* prefix/name */
	char link[USTAR_LEN(linkname) + 1];	/* a symbolic link's target */
	long long size;			/* bytes of data that follow the header */
	long long mode, mtime;		/* -1 when malformed */
	int type;			/* the typeflag */
};

/* The header at x->pos into mb: 1, 0 at the archive's end, -1 (x->err). */
static int
read_header(struct tarx *x, struct member *mb)
{
	const unsigned char *h;
	size_t k = 0, n;

	if (x->pos == x->len && refill(x) < 0)
		return -1;
	if (x->len - x->pos < BLOCK)
		return 0;	/* end of file without end blocks: GNU tar warns, we stop */
	h = x->buf + x->pos;
	if (h[0] == '\0')
		return 0;	/* the first zero block ends the archive */
	if (!ustar_sum_ok(h) || (mb->size = ustar_octal(USTAR_AT(h, size), USTAR_LEN(size))) < 0) {
		x->err = EPROTO;
		return -1;
	}
	mb->mode = ustar_octal(USTAR_AT(h, mode), USTAR_LEN(mode));
	mb->mtime = ustar_octal(USTAR_AT(h, mtime), USTAR_LEN(mtime));
	if (*USTAR_AT(h, prefix)) {
		k = strnlen((const char *)USTAR_AT(h, prefix), USTAR_LEN(prefix));
		memcpy(mb->name, USTAR_AT(h, prefix), k);
		mb->name[k++] = '/';
	}
	n = strnlen((const char *)USTAR_AT(h, name), USTAR_LEN(name));
	memcpy(mb->name + k, USTAR_AT(h, name), n);
	mb->name[k + n] = '\0';
	memcpy(mb->link, USTAR_AT(h, linkname), USTAR_LEN(linkname));
	mb->link[USTAR_LEN(linkname)] = '\0';
	mb->type = *USTAR_AT(h, typeflag);
	x->pos += BLOCK;
	return 1;
}

/*
 * Make the member under directory fd root (with root < 0, only count the
 * disk it takes): 0, with *out the file to write its data to or -1; -1
 * with x->err.
 */
static int
make_member(struct tarx *x, int root, struct member *mb, unsigned long long *disk, int *out)
{
	size_t k = strlen(mb->name);
	long long t = 0;
	int rc;

	*out = -1;
	switch (mb->type) {
	case '0':
	case '\0':
		*disk += ((unsigned long long)mb->size + 4095) / 4096 * 4096;
		if (root < 0)
			return 0;
		t = load_req_begin(x->timed);
		*out = openat(root, mb->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		    mb->mode >= 0 ? (mode_t)(mb->mode & 07777) : 0644);
		load_req_end(x->timed, t);
		if (*out < 0)
			break;
		return 0;
	case '5':
		*disk += 4096;
		if (root < 0)
			return 0;
		while (k > 1 && mb->name[k - 1] == '/')
			mb->name[--k] = '\0';
		t = load_req_begin(x->timed);
		rc = mkdirat(root, mb->name, (mb->mode >= 0 ? (mode_t)(mb->mode & 07777) : 0755) | 0700);
		load_req_end(x->timed, t);
		if (rc < 0 && errno != EEXIST)
			break;
		return 0;
	case '2':
		if (root < 0)
			return 0;
		t = load_req_begin(x->timed);
		rc = symlinkat(mb->link, root, mb->name);
		load_req_end(x->timed, t);
		if (rc < 0)
			break;
		return 0;
	default:
		return 0;	/* not written by ustar.c: its data is skipped */
	}
	x->err = errno;
	return -1;
}

/*
 * The member's data, padded to the block: written to out, or skipped
 * when out < 0.  The bytes of padded data left: 0 when all is done, more
 * when it stopped (load_stopping(), or an error in x->err).
 */
static unsigned long long
member_data(struct load_ctx *ctx, struct tarx *x, const struct member *mb, int out)
{
	unsigned long long padded = ((unsigned long long)mb->size + BLOCK - 1) / BLOCK * BLOCK;
	unsigned long long left = padded;
	long long t;
	int rc;

	while (left > 0) {
		unsigned long long done = padded - left, data = (unsigned long long)mb->size;
		size_t n, d;

		if (x->pos == x->len && refill(x) < 0)
			break;
		if (x->len == 0) {
			x->err = EPROTO;	/* cut short */
			break;
		}
		n = x->len - x->pos < left ? x->len - x->pos : (size_t)left;
		if (out >= 0) {
			/* the bytes of this piece that are data, not padding */
			d = done >= data ? 0 : data - done < n ? (size_t)(data - done) : n;
			t = load_req_begin(x->timed);
			rc = write_all(out, x->buf + x->pos, d);
			load_req_end(x->timed, t);
			if (rc < 0) {
				x->err = errno;
				break;
			}
			load_count(ctx, n);
			if (load_stopping())
				break;
		}
		x->pos += n;
		left -= n;
	}
	return left;
}

/*
 * Extract the archive under directory fd root; with root < 0 only add up
 * what a copy takes on disk.  0 at the end of the archive, 1 when
 * load_stopping(), -1 on an error (x->err; EPROTO: a corrupt archive).
 */
static int
extract(struct load_ctx *ctx, struct tarx *x, int root, unsigned long long *disk)
{
	struct member mb;
	int rc;

	*disk = 0;
	x->timed = root >= 0 ? ctx : NULL;
	if (lseek(x->fd, 0, SEEK_SET) < 0) {
		x->err = errno;
		return -1;
	}
	x->pos = x->len = 0;
	for (;;) {
		unsigned long long left;
		int out;

		if (root >= 0 && load_stopping())
			return 1;
		if ((rc = read_header(x, &mb)) <= 0)
			return rc;
		if (root >= 0)
			load_count(ctx, BLOCK);
		if (unsafe(mb.name)) {
			x->err = EPROTO;
			return -1;
		}
		if (make_member(x, root, &mb, disk, &out) < 0)
			return -1;
		left = member_data(ctx, x, &mb, out);
		if (out >= 0) {
			struct timespec ts[2] = { { 0, UTIME_OMIT }, { mb.mtime > 0 ? (time_t)mb.mtime : 0, 0 } };
			if (left == 0 && futimens(out, ts) < 0)
				x->err = errno;
			if (close(out) < 0 && !x->err)
				x->err = errno;
		}
		if (x->err)
			return -1;
		if (left > 0)
			return 1;	/* stopped in the middle of a file */
	}
}

static int
tarx_setup(struct load_ctx *ctx)
{
	unsigned long long budget = load_budget(ctx->base), fit, disk;
	struct ustar_plan plan;
	struct ustar_w w;
	char path[PATH_MAX], src[PATH_MAX];
	char top[64] = USTAR_TOP;
	struct tarx *x;
	int rc;

	if ((fit = ustar_fit(ctx, 2, &plan)) == 0)
		return -1;
	if ((x = calloc(1, sizeof(*x))) == NULL || (x->buf = malloc(USTAR_BUF)) == NULL) {
		free(x);
		return load_fail(ctx, "out of memory");
	}
	ctx->priv = x;
	x->fd = -1;
	x->first = x->next = 1;
	memset(&w, 0, sizeof(w));
	if (ctx->tree) {
		snprintf(src, sizeof(src), "%s", ctx->tree);
		ustar_top(ctx->tree, top, sizeof(top));
		w.limit = fit;
	} else {
		snprintf(src, sizeof(src), "%s/%s", ctx->dir, USTAR_TOP);
		if (ustar_gen(ctx->dir, fit, &plan) < 0)
			return load_fail(ctx, "cannot write the data tree in '%s': %s", ctx->dir, strerror(errno));
	}
	snprintf(path, sizeof(path), "%s/archive.tar", ctx->dir);
	if ((w.fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) < 0)
		return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
	x->fd = w.fd;
	rc = ustar_create(&w, src, top);
	ustar_free(&w);
	if (rc == 1 && !w.full)
		return load_fail(ctx, "stopped while writing the archive");
	if (rc < 0)
		return load_fail(ctx, "cannot archive '%s' to '%s': %s", src, path, strerror(w.err));
	if (!ctx->tree && rmtree(src) < 0)
		return load_fail(ctx, "cannot remove '%s': %s", src, strerror(errno));
	if (extract(ctx, x, -1, &disk) < 0)
		return load_fail(ctx, "cannot read back '%s': %s", path, strerror(x->err));
	x->footprint = disk;
	x->budget = budget > w.written ? budget - w.written : 0;
	load_note(ctx, "tree", "%s", ctx->tree ? "kernel" : "generated");
	load_note(ctx, "size", "%llu", w.data);
	load_note(ctx, "members", "%lu", w.files);
	load_note(ctx, "archive", "%llu", w.written);
	load_note(ctx, "skipped", "%lu", w.skipped);
	if (w.full)
		load_note(ctx, "capped", "1");
	return 0;
}

static void
copy_path(char *buf, size_t len, struct load_ctx *ctx, unsigned long n)
{
	snprintf(buf, len, "%s/x.%lu", ctx->dir, n);
}

static void
drop_oldest(struct load_ctx *ctx, struct tarx *x)
{
	char path[PATH_MAX];

	copy_path(path, sizeof(path), ctx, x->first++);
	rmtree(path);
}

static int
tarx_run(struct load_ctx *ctx)
{
	struct tarx *x = ctx->priv;

	while (!load_stopping()) {
		unsigned long long disk;
		char path[PATH_MAX];
		int root, rc;

		while (x->next > x->first && (x->next - x->first + 1) * x->footprint > x->budget)
			drop_oldest(ctx, x);
		copy_path(path, sizeof(path), ctx, x->next);
		if (mkdir(path, 0755) < 0 || (root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
			if (LOAD_DISK_FULL(errno)) {
				/* not even a directory fits: make room, or try again */
				rmdir(path);
				x->enospc++;
				if (x->next > x->first)
					drop_oldest(ctx, x);
				continue;
			}
			return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
		}
		x->err = 0;
		rc = extract(ctx, x, root, &disk);
		close(root);
		if (rc == 1)
			break;
		if (rc < 0) {
			rmtree(path);
			if (!LOAD_DISK_FULL(x->err))
				return load_fail(ctx, "cannot extract to '%s': %s", path, strerror(x->err));
			/* a full disk ends the pass: the partial copy is gone, room is made */
			x->enospc++;
			if (x->next > x->first)
				drop_oldest(ctx, x);
			continue;
		}
		x->next++;
		load_pass();
	}
	return 0;
}

/* The archive and the copies lie in ctx->dir, which contest removes. */
static void
tarx_cleanup(struct load_ctx *ctx)
{
	struct tarx *x = ctx->priv;

	if (x == NULL)
		return;
	if (x->enospc)
		load_note(ctx, "enospc", "%lu", x->enospc);
	if (x->fd >= 0)
		close(x->fd);
	free(x->buf);
	free(x);
	ctx->priv = NULL;
}

static const struct load_option tarx_options[] = {
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load tarx_load = {
	.name = "tarx_load",
	.alias = "xtar_load",
	.unit = "MiB",
	.scale = 1048576,
	.desc = "tar -xf of one archive into a fresh directory each pass",
	.flags = LOAD_IO,
	.options = tarx_options,
	.check = tarx_check,
	.setup = tarx_setup,
	.run = tarx_run,
	.cleanup = tarx_cleanup,
};
