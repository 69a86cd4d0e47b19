/*
 * read_load: in setup, before the timed window, writes a file of
 * READ_FILE_MIB (the sizing policy's SZ_STREAM: large enough that its
 * passes go to the disk and outlast readahead, its setup at most a third
 * of a run; or --size), within the disk budget, of pseudo-random bytes,
 * fsync(2)s it and drops it from the page cache with posix_fadvise(2)
 * POSIX_FADV_DONTNEED.  Then reads it start to end with 1 MiB read(2)s,
 * again and again, dropping it from the cache before every pass so the
 * reads go to the disk as they did in the original (whose file was
 * larger than the cache: the drop makes a RAM-sized file needless).
 *
 * Counts bytes returned by read(2).  The log note says the size and how
 * it was chosen, and over the whole run the bytes counted, the kernel's
 * rchar for the same span (bytes read by the process: they must agree,
 * give or take the read of /proc/self/io itself), its read_bytes (bytes
 * fetched from the storage layer: near the count when the cache drop
 * works) and the passes done.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "load.h"

#define READ_CHUNK	(1UL << 20)	/* bytes per read(2) and write(2), as dd bs=1M */

struct rd {
	unsigned long long size;	/* bytes of the file */
	unsigned char *buf;		/* READ_CHUNK bytes */
	char path[PATH_MAX];
};

/* the counts of run() that the note reports */
static unsigned long long got, rchar0, disk0, passes;
static int ran;

static int
read_check(struct load_ctx *ctx)
{
	struct sz_out sz;

	return load_sized(ctx, &sz, NULL);
}

/* Write the file, flush it and drop it from the cache: not timed, not counted. */
static int
read_setup(struct load_ctx *ctx)
{
	unsigned long long left, seq = 0;
	struct sz_out sz;
	struct rd *rd;
	int fd;

	if ((rd = calloc(1, sizeof(*rd))) == NULL || (rd->buf = malloc(READ_CHUNK)) == NULL) {
		free(rd);
		return load_fail(ctx, "out of memory");
	}
	ctx->priv = rd;
	if (load_sized(ctx, &sz, NULL) < 0)
		return -1;
	rd->size = sz.size;
	load_note(ctx, "size", "%llu", rd->size);
	snprintf(rd->path, sizeof(rd->path), "%s/read_load.dat", ctx->dir);
	if ((fd = open(rd->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
		return load_fail(ctx, "cannot create '%s': %s", rd->path, strerror(errno));
	for (left = rd->size; left > 0; ) {
		size_t n = left < READ_CHUNK ? (size_t)left : READ_CHUNK, done = 0;
		/* a fresh seed per chunk: no two chunks alike */
		load_fill_random(rd->buf, n, ++seq * 0x9E3779B97F4A7C15ULL);
		while (done < n) {
			ssize_t w = write(fd, rd->buf + done, n - done);
			if (w < 0 && errno == EINTR) {
				if (load_stopping())
					break;
				continue;
			}
			if (w < 0) {
				int e = errno;
				close(fd);
				return load_fail(ctx, "cannot write '%s': %s", rd->path, strerror(e));
			}
			done += (size_t)w;
		}
		if (load_stopping()) {
			close(fd);
			return load_fail(ctx, "stopped while writing '%s'", rd->path);
		}
		left -= done;
	}
	if (fsync(fd) < 0) {
		int e = errno;
		close(fd);
		return load_fail(ctx, "cannot fsync '%s': %s", rd->path, strerror(e));
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	return 0;
}

static int
read_run(struct load_ctx *ctx)
{
	struct rd *rd = ctx->priv;

	ran = 1;
	rchar0 = load_proc_io("rchar");
	disk0 = load_proc_io("read_bytes");
	while (!load_stopping()) {
		int fd = open(rd->path, O_RDONLY | O_CLOEXEC);
		ssize_t r;

		if (fd < 0)
			return load_fail(ctx, "cannot open '%s': %s", rd->path, strerror(errno));
		/* clean pages after fsync: DONTNEED really drops them */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		while (!load_stopping()) {
			r = read(fd, rd->buf, READ_CHUNK);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0) {
				int e = errno;
				close(fd);
				return load_fail(ctx, "cannot read '%s': %s", rd->path, strerror(e));
			}
			if (r == 0) {
				passes++;
				break;
			}
			got += (unsigned long long)r;
			load_count(ctx, (unsigned long long)r);
		}
		close(fd);
	}
	return 0;
}

static void
read_cleanup(struct load_ctx *ctx)
{
	struct rd *rd = ctx->priv;

	if (rd == NULL)
		return;
	if (rd->path[0])
		unlink(rd->path);
	if (ran) {
		unsigned long long rchar = load_proc_io("rchar"), disk = load_proc_io("read_bytes");
		load_note(ctx, "bytes", "%llu", got);
		load_note(ctx, "passes", "%llu", passes);
		if (rchar) {
			load_note(ctx, "rchar", "%llu", rchar - rchar0);
			load_note(ctx, "disk", "%llu", disk - disk0);
		}
	}
	free(rd->buf);
	free(rd);
	ctx->priv = NULL;
}

static const struct load_option read_options[] = {
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL },
};

const struct load read_load = {
	.name = "read_load",
	.alias = NULL,
	.unit = "MiB",
	.scale = 1048576,
	.desc = "reads a 1 GiB file start to end again and again, uncached",
	.flags = 0,
	.sizing = SZ_STREAM,
	.options = read_options,
	.check = read_check,
	.setup = read_setup,
	.run = read_run,
	.cleanup = read_cleanup,
};
