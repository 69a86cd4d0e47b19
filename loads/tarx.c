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
 * file, directory or link, and each write.
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
	struct load_ctx *timed;		/* extracting for the load: its requests are timed here */
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

/*
 * Extract the archive under directory fd root; with root < 0 only add up
 * what a copy takes on disk.  0 at the end of the archive, 1 when
 * load_stopping(), -1 on an error (x->err; EPROTO: a corrupt archive).
 */
static int
extract(struct load_ctx *ctx, struct tarx *x, int root, unsigned long long *disk)
{
	char name[BLOCK], link[101];

	*disk = 0;
	x->timed = root >= 0 ? ctx : NULL;
	if (lseek(x->fd, 0, SEEK_SET) < 0) {
		x->err = errno;
		return -1;
	}
	x->pos = x->len = 0;
	for (;;) {
		unsigned char *h;
		long long size, mode, mtime;
		unsigned long long left;
		int out = -1, rc;
		long long t;
		size_t k;

		if (root >= 0 && load_stopping())
			return 1;
		if (x->pos == x->len && refill(x) < 0)
			return -1;
		if (x->len - x->pos < BLOCK)
			return 0;	/* end of file without end blocks: GNU tar warns, we stop */
		h = x->buf + x->pos;
		if (h[0] == '\0')
			return 0;	/* the first zero block ends the archive */
		if (!ustar_sum_ok(h) || (size = ustar_octal(h + 124, 12)) < 0) {
			x->err = EPROTO;
			return -1;
		}
		mode = ustar_octal(h + 100, 8);
		mtime = ustar_octal(h + 136, 12);
		k = 0;
		if (h[345]) {
			k = strnlen((char *)h + 345, 155);
			memcpy(name, h + 345, k);
			name[k++] = '/';
		}
		memcpy(name + k, h, strnlen((char *)h, 100));
		k += strnlen((char *)h, 100);
		name[k] = '\0';
		memcpy(link, h + 157, 100);
		link[100] = '\0';
		x->pos += BLOCK;
		if (root >= 0)
			load_count(ctx, BLOCK);
		if (unsafe(name)) {
			x->err = EPROTO;
			return -1;
		}
		switch (h[156]) {
		case '0':
		case '\0':
			*disk += ((unsigned long long)size + 4095) / 4096 * 4096;
			if (root < 0)
				break;
			t = load_req_begin(x->timed);
			out = openat(root, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    mode >= 0 ? (mode_t)(mode & 07777) : 0644);
			load_req_end(x->timed, t);
			if (out < 0) {
				x->err = errno;
				return -1;
			}
			break;
		case '5':
			*disk += 4096;
			if (root < 0)
				break;
			while (k > 1 && name[k - 1] == '/')
				name[--k] = '\0';
			t = load_req_begin(x->timed);
			rc = mkdirat(root, name, (mode >= 0 ? (mode_t)(mode & 07777) : 0755) | 0700);
			load_req_end(x->timed, t);
			if (rc < 0 && errno != EEXIST) {
				x->err = errno;
				return -1;
			}
			break;
		case '2':
			if (root < 0)
				break;
			t = load_req_begin(x->timed);
			rc = symlinkat(link, root, name);
			load_req_end(x->timed, t);
			if (rc < 0) {
				x->err = errno;
				return -1;
			}
			break;
		default:
			break;	/* not written by ustar.c: its data is skipped */
		}
		/* the data, padded to the block: written out, or skipped */
		for (left = ((unsigned long long)size + BLOCK - 1) / BLOCK * BLOCK; left > 0; ) {
			unsigned long long data = (unsigned long long)size;
			size_t n;

			if (x->pos == x->len && refill(x) < 0)
				break;
			if (x->len == 0) {
				x->err = EPROTO;	/* cut short */
				break;
			}
			n = x->len - x->pos < left ? x->len - x->pos : (size_t)left;
			if (out >= 0) {
				/* bytes of this piece that are data, not padding */
				unsigned long long done = (unsigned long long)(((unsigned long long)size + BLOCK - 1)
				    / BLOCK * BLOCK) - left;
				size_t d = done >= data ? 0 : data - done < n ? (size_t)(data - done) : n;
				const unsigned char *p = x->buf + x->pos;
				while (d > 0) {
					ssize_t w;
					t = load_req_begin(x->timed);
					w = write(out, p, d);
					load_req_end(x->timed, t);
					if (w < 0 && errno == EINTR)
						continue;
					if (w < 0) {
						x->err = errno;
						break;
					}
					p += w;
					d -= (size_t)w;
				}
				if (d > 0)
					break;
				load_count(ctx, n);
				if (load_stopping())
					break;
			}
			x->pos += n;
			left -= n;
		}
		if (out >= 0) {
			struct timespec ts[2] = { { 0, UTIME_OMIT }, { mtime > 0 ? (time_t)mtime : 0, 0 } };
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
			if (USTAR_FULL(errno)) {
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
			if (!USTAR_FULL(x->err))
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
