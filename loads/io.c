/*
 * io_load: writes a file the size of RAM (or --size, within the disk
 * budget) in the run directory, again and again: each pass creates the
 * file, streams 1 MiB write(2)s of pseudo-random bytes into it, fsync(2)s
 * it so the pass really reaches the disk, and unlinks it.  Every 4 KiB
 * page written is stamped with a fresh counter, so no two pages are alike
 * and neither compression nor deduplication can flatter a kernel.
 * ENOSPC or EDQUOT ends a pass early; the load goes on.
 *
 * Counts bytes accepted by write(2); times each request (LOAD_IO): the
 * create, each write(2), the fsync(2) and the unlink.  The log note says
 * the size and how it was chosen, and over the whole run the bytes
 * counted, the kernel's wchar for the same span (they must agree), the
 * passes done and the passes cut short by a full disk.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "load.h"

#define IO_CHUNK	(1UL << 20)	/* bytes per write(2), as dd bs=1M */
#define IO_STAMP	4096		/* bytes between two stamps */
#define IO_MIN		(16ULL << 20)	/* smallest useful default file, bytes */

struct io {
	unsigned long long size;	/* bytes per pass */
	unsigned char *buf;		/* IO_CHUNK bytes */
	unsigned long long stamp;	/* next page stamp */
	char path[PATH_MAX];
};

/* the counts of run() that the note reports */
static unsigned long long written, wchar0, passes, full;
static int ran;

static int
io_check(struct load_ctx *ctx)
{
	unsigned long long size;

	return load_file_size(ctx, IO_MIN, &size);
}

static int
io_setup(struct load_ctx *ctx)
{
	struct io *io;

	if ((io = calloc(1, sizeof(*io))) == NULL ||
	    (io->buf = malloc(IO_CHUNK)) == NULL) {
		free(io);
		return load_fail(ctx, "out of memory");
	}
	ctx->priv = io;
	if (load_file_size(ctx, IO_MIN, &io->size) < 0)
		return -1;
	load_note(ctx, "size", "%llu", io->size);
	load_fill_random(io->buf, IO_CHUNK, 0x10ad10ULL);
	snprintf(io->path, sizeof(io->path), "%s/io_load.dat", ctx->dir);
	return 0;
}

/* make the next chunk unlike any written before */
static void
stamp(struct io *io)
{
	size_t off;

	for (off = 0; off < IO_CHUNK; off += IO_STAMP) {
		unsigned long long v = ++io->stamp * 0x9E3779B97F4A7C15ULL;
		memcpy(io->buf + off, &v, sizeof(v));
	}
}

/* One pass: 0 done or stopped, 1 cut short by a full disk, -1 failed. */
static int
pass(struct load_ctx *ctx, struct io *io)
{
	unsigned long long left = io->size;
	long long t;
	int fd, rc = 0;

	unlink(io->path);
	t = load_req_begin(ctx);
	fd = open(io->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	load_req_end(ctx, t);
	if (fd < 0)
		return LOAD_DISK_FULL(errno) ? 1 :
		    load_fail(ctx, "cannot create '%s': %s", io->path, strerror(errno));
	while (left > 0 && !load_stopping()) {
		size_t n = left < IO_CHUNK ? (size_t)left : IO_CHUNK, done = 0;
		stamp(io);
		while (done < n && !load_stopping()) {
			ssize_t w;
			t = load_req_begin(ctx);
			w = write(fd, io->buf + done, n - done);
			load_req_end(ctx, t);
			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0) {
				rc = LOAD_DISK_FULL(errno) ? 1 :
				    load_fail(ctx, "cannot write '%s': %s", io->path, strerror(errno));
				goto out;
			}
			done += (size_t)w;
			written += (unsigned long long)w;
			load_count(ctx, (unsigned long long)w);
		}
		left -= done;
	}
	/* the pass is on the disk before the next begins; not when told to stop */
	if (!load_stopping()) {
		int r;
		t = load_req_begin(ctx);
		r = fsync(fd);
		load_req_end(ctx, t);
		if (r < 0 && errno != EINTR)
			rc = LOAD_DISK_FULL(errno) ? 1 :
			    load_fail(ctx, "cannot fsync '%s': %s", io->path, strerror(errno));
	}
out:
	close(fd);
	/* freeing a big file's blocks takes time too: a request */
	t = load_req_begin(ctx);
	unlink(io->path);
	load_req_end(ctx, t);
	return rc;
}

static int
io_run(struct load_ctx *ctx)
{
	struct io *io = ctx->priv;

	ran = 1;
	wchar0 = load_proc_io("wchar");
	while (!load_stopping()) {
		int rc = pass(ctx, io);
		if (rc < 0)
			return -1;
		if (rc == 1) {
			/* a full disk: let it drain rather than spin */
			struct timespec ts = { 0, 100000000 };
			full++;
			nanosleep(&ts, NULL);
		} else if (!load_stopping()) {
			passes++;
		}
	}
	return 0;
}

static void
io_cleanup(struct load_ctx *ctx)
{
	struct io *io = ctx->priv;

	if (io == NULL)
		return;
	if (io->path[0])
		unlink(io->path);
	if (ran) {
		load_note(ctx, "bytes", "%llu", written);
		load_note(ctx, "passes", "%llu", passes);
		load_note(ctx, "full", "%llu", full);
	}
	if (ran && wchar0)
		load_note(ctx, "wchar", "%llu", load_proc_io("wchar") - wchar0);
	free(io->buf);
	free(io);
	ctx->priv = NULL;
}

static const struct load_option io_options[] = {
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load io_load = {
	.name = "io_load",
	.alias = NULL,
	.unit = "MiB",
	.scale = 1048576,
	.desc = "writes a RAM-sized file of random bytes again and again",
	.flags = LOAD_IO,
	.options = io_options,
	.check = io_check,
	.setup = io_setup,
	.run = io_run,
	.cleanup = io_cleanup,
};
