/*
 * read_load: in setup, before the timed window, writes a file of
 * READ_FILE_MIB (the sizing policy's SZ_STREAM: large enough that its
 * passes go to the disk and outlast readahead, its setup at most a third
 * of a run; or --size), within the disk budget, of pseudo-random bytes,
 * fsync(2)s it and drops it from the page cache with posix_fadvise(2)
 * POSIX_FADV_DONTNEED.  Then reads it start to end with 1 MiB read(2)s
 * (to its known size: no read that only finds the end of file),
 * again and again, dropping it from the cache before every pass so the
 * reads go to the disk as they did in the original (whose file was
 * larger than the cache: the drop makes a RAM-sized file needless).
 *
 * --streams N (default 1): N readers, several competing streaming reads
 * (seed 000).  The size is then the total: N files of a share each,
 * written one after the other, and N worker processes (load_workers),
 * each reading its own file as above.  The harness logs each stream's
 * share of the window and the slowest against the fastest.
 *
 * Counts bytes returned by read(2) and times each read(2) (LOAD_IO).
 * The log note says the size and how it was chosen, and over the whole
 * run the bytes counted, the kernel's rchar for the same span (bytes
 * read by the processes: they must agree, give or take each stream's
 * read of /proc/self/io itself), its read_bytes (bytes fetched from the
 * storage layer: near the count when the cache drop works) and the
 * passes done, each summed over the streams.
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
#define STREAMS_MAX	32		/* largest --streams: each one's share fits the log's note */
#define STREAM_MIN	(1ULL << 20)	/* smallest file of one stream, bytes */

/* What one stream did, in memory it shares with the load's process. */
struct stream {
	unsigned long long bytes, passes;	/* counted */
	unsigned long long rchar, disk;		/* its /proc/self/io over its run */
	int ran;				/* it ran and wrote these */
};

struct rd {
	int n;				/* streams */
	unsigned long long size;	/* bytes of each stream's file */
	unsigned char *buf;		/* READ_CHUNK bytes */
	struct stream *st;		/* n of them, shared */
	const char *dir;		/* the run directory */
};

static int ran;

static void
stream_path(char *buf, size_t len, const struct rd *rd, int i)
{
	snprintf(buf, len, "%s/read_load.%d.dat", rd->dir, i);
}

/* The size of each stream's file: the load's size shared out, 4 KiB pages. */
static int
stream_size(struct load_ctx *ctx, int n, unsigned long long *each)
{
	unsigned long long total;
	struct sz_out sz;

	/* the policy sizes the load, and the streams share it */
	if (load_sized(ctx, &sz, NULL) < 0)
		return -1;
	total = sz.size;
	*each = total / (unsigned long long)n / 4096 * 4096;
	if (*each < STREAM_MIN)
		return load_refuse(ctx, "%d stream%s need%s %llu MiB at least, the size is %llu MiB",
		    n, n == 1 ? "" : "s", n == 1 ? "s" : "", (unsigned long long)n * STREAM_MIN >> 20,
		    total >> 20);
	return 0;
}

static int
read_check(struct load_ctx *ctx)
{
	unsigned long long each;

	return stream_size(ctx, (int)load_count_opt(ctx, "streams", 1), &each);
}

/* A piece of a stream's file: a fresh seed per piece, no two pieces alike. */
static void
refill(unsigned char *buf, size_t n, unsigned long long off, void *seq)
{
	(void)off;
	load_fill_random(buf, n, ++*(unsigned long long *)seq * 0x9E3779B97F4A7C15ULL);
}

/* Write one stream's file, flush it and drop it from the cache. */
static int
write_file(struct load_ctx *ctx, struct rd *rd, int i, unsigned long long *seq)
{
	char path[PATH_MAX];
	int fd;

	stream_path(path, sizeof(path), rd, i);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
		return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
	if (load_write_file(fd, rd->size, rd->buf, READ_CHUNK, refill, seq) < 0) {
		int e = errno;
		close(fd);
		if (load_stopping())
			return load_fail(ctx, "stopped while writing '%s'", path);
		return load_fail(ctx, "cannot write '%s': %s", path, strerror(e));
	}
	if (fsync(fd) < 0) {
		int e = errno;
		close(fd);
		return load_fail(ctx, "cannot fsync '%s': %s", path, strerror(e));
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	return 0;
}

/* Write the files: not timed, not counted. */
static int
read_setup(struct load_ctx *ctx)
{
	unsigned long long seq = 0;
	struct rd *rd;
	int i;

	if ((rd = calloc(1, sizeof(*rd))) == NULL || (rd->buf = malloc(READ_CHUNK)) == NULL) {
		free(rd);
		return load_fail(ctx, "out of memory");
	}
	ctx->priv = rd;
	rd->n = (int)load_count_opt(ctx, "streams", 1);
	rd->dir = ctx->dir;
	if ((rd->st = load_shared((size_t)rd->n * sizeof(*rd->st))) == NULL)
		return load_fail(ctx, "cannot map the streams' counts: %s", strerror(errno));
	if (stream_size(ctx, rd->n, &rd->size) < 0)
		return -1;
	load_note(ctx, "size", "%llu", rd->size * (unsigned long long)rd->n);
	load_note(ctx, "streams", "%d", rd->n);
	for (i = 0; i < rd->n; i++)
		if (write_file(ctx, rd, i, &seq) < 0)
			return -1;
	ctx->nparts = rd->n;
	return 0;
}

/* One stream, in its own process: its file start to end, again and again. */
static int
stream(struct load_ctx *ctx, int i, void *arg)
{
	struct rd *rd = arg;
	struct stream *st = &rd->st[i];
	unsigned long long rchar0 = load_proc_io("rchar"), disk0 = load_proc_io("read_bytes");
	char path[PATH_MAX];
	int rc = 0;

	stream_path(path, sizeof(path), rd, i);
	while (!load_stopping() && rc == 0) {
		unsigned long long left = rd->size;
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			rc = load_fail(ctx, "cannot open '%s': %s", path, strerror(errno));
			break;
		}
		/* clean pages after fsync: DONTNEED really drops them */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		/* to the file's known end: no read(2) that only finds the end of file */
		while (left > 0 && !load_stopping()) {
			long long t = load_req_begin(ctx);
			ssize_t r = read(fd, rd->buf, left < READ_CHUNK ? (size_t)left : READ_CHUNK);

			load_req_end(ctx, t);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				rc = load_fail(ctx, "cannot read '%s': %s", path,
				    r < 0 ? strerror(errno) : "shorter than written");
				break;
			}
			left -= (unsigned long long)r;
			st->bytes += (unsigned long long)r;
			load_count(ctx, (unsigned long long)r);
		}
		close(fd);
		if (left == 0) {
			st->passes++;
			load_pass();
		}
	}
	st->rchar = load_proc_io("rchar");
	st->disk = load_proc_io("read_bytes");
	if (st->rchar) {
		st->rchar -= rchar0;
		st->disk -= disk0;
	}
	st->ran = 1;
	return rc;
}

static int
read_run(struct load_ctx *ctx)
{
	ran = 1;
	return load_workers(ctx, stream, ctx->priv);
}

static void
read_cleanup(struct load_ctx *ctx)
{
	struct rd *rd = ctx->priv;
	unsigned long long bytes = 0, passes = 0, rchar = 0, disk = 0;
	char path[PATH_MAX];
	int i, io = 0;

	if (rd == NULL)
		return;
	for (i = 0; i < rd->n; i++) {
		stream_path(path, sizeof(path), rd, i);
		unlink(path);
		if (rd->st && rd->st[i].ran) {
			bytes += rd->st[i].bytes;
			passes += rd->st[i].passes;
			rchar += rd->st[i].rchar;
			disk += rd->st[i].disk;
			io |= rd->st[i].rchar > 0;
		}
	}
	if (ran) {
		load_note(ctx, "bytes", "%llu", bytes);
		load_note(ctx, "passes", "%llu", passes);
		if (io) {
			load_note(ctx, "rchar", "%llu", rchar);
			load_note(ctx, "disk", "%llu", disk);
		}
	}
	load_unshare(rd->st, (size_t)rd->n * sizeof(*rd->st));
	free(rd->buf);
	free(rd);
	ctx->priv = NULL;
}

static const struct load_option read_options[] = {
	LOAD_SIZE_OPTION,
	{ "streams", 0, "N", LOAD_OPT_COUNT, 0, "read_load's readers, each of its own file (default 1)", STREAMS_MAX },
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load read_load = {
	.name = "read_load",
	.alias = NULL,
	.unit = "MiB",
	.scale = 1048576,
	.desc = "reads a 1 GiB file (--streams N: N files sharing it) again and again, uncached",
	.flags = LOAD_IO,
	.sizing = SZ_STREAM,
	.options = read_options,
	.check = read_check,
	.setup = read_setup,
	.run = read_run,
	.cleanup = read_cleanup,
};
