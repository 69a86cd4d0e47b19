/*
 * tarc_load: `tar -cf` of the reference tree, again and again, each pass
 * to a new archive file in the run directory; when the next archive would
 * pass the disk budget the oldest ones are removed first.  The tree is
 * the kernel tree given with -s, or a generated data tree (ustar.c) that
 * setup writes in the run directory.  Unit: MiB of archive written
 * (headers, data, padding and end blocks), counted as each write(2)
 * returns, so a pass the window cuts counts what it wrote.  System
 * calls: those of ustar.c, open/close/unlink for the archives.  Timed
 * requests (LOAD_IO): those of ustar.c, each archive's create and each
 * removal of an old one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "load.h"
#include "ustar.h"

struct tarc {
	const char *src;		/* tree to archive */
	char top[64];			/* its members' first component */
	char gen[PATH_MAX];		/* the generated tree, or "" */
	unsigned long long budget;	/* bytes the archives may take together */
	unsigned long long cap;		/* most bytes of one archive; 0: none */
	unsigned long long *size;	/* sizes of kept archives, oldest first */
	unsigned long first, next;	/* number of the oldest kept archive, of the next */
	unsigned long long kept;	/* their bytes together */
	unsigned long enospc;		/* passes a full disk ended */
	struct ustar_w w;
};

static int
tarc_check(struct load_ctx *ctx)
{
	struct ustar_plan plan;

	return ustar_fit(ctx, 1, &plan) ? 0 : -1;
}

static int
tarc_setup(struct load_ctx *ctx)
{
	unsigned long long budget = load_budget(ctx->base), fit;
	struct ustar_plan plan;
	struct tarc *t;

	if ((fit = ustar_fit(ctx, 1, &plan)) == 0)
		return -1;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return load_fail(ctx, "out of memory");
	ctx->priv = t;
	t->first = t->next = 1;
	if (ctx->tree) {
		ustar_top(ctx->tree, t->top, sizeof(t->top));
		t->src = ctx->tree;
		t->budget = budget;
		t->cap = fit;
		load_note(ctx, "tree", "kernel");
		load_note(ctx, "cap", "%llu", fit);
		return 0;
	}
	if (ustar_gen(ctx->dir, fit, &plan) < 0)
		return load_fail(ctx, "cannot write the data tree in '%s': %s", ctx->dir, strerror(errno));
	snprintf(t->gen, sizeof(t->gen), "%s/%s", ctx->dir, USTAR_TOP);
	snprintf(t->top, sizeof(t->top), "%s", USTAR_TOP);
	t->src = t->gen;
	t->budget = budget > plan.disk ? budget - plan.disk : 0;
	load_note(ctx, "tree", "generated");
	load_note(ctx, "size", "%llu", plan.bytes);
	load_note(ctx, "files", "%lu", plan.files);
	load_note(ctx, "dirs", "%lu", plan.dirs);
	load_note(ctx, "links", "%lu", plan.links);
	load_note(ctx, "archive", "%llu", plan.archive);
	return 0;
}

static void
archive_path(char *buf, size_t len, struct load_ctx *ctx, unsigned long n)
{
	snprintf(buf, len, "%s/archive.%lu.tar", ctx->dir, n);
}

static void
drop_oldest(struct load_ctx *ctx, struct tarc *t)
{
	char path[PATH_MAX];
	long long rq;

	archive_path(path, sizeof(path), ctx, t->first);
	rq = load_req_begin(ctx);
	unlink(path);
	load_req_end(ctx, rq);
	t->kept -= t->size[0];
	memmove(t->size, t->size + 1, (t->next - t->first - 1) * sizeof(t->size[0]));
	t->first++;
}

static int
tarc_run(struct load_ctx *ctx)
{
	struct tarc *t = ctx->priv;
	unsigned long long expect = 0;
	int noted = 0;

	t->w.ctx = ctx;
	while (!load_stopping()) {
		char path[PATH_MAX];
		long long rq;
		int fd, rc;

		while (t->next > t->first && t->kept + expect > t->budget)
			drop_oldest(ctx, t);
		t->w.limit = t->budget > t->kept ? t->budget - t->kept : 1;
		if (t->cap && t->cap < t->w.limit)
			t->w.limit = t->cap;
		archive_path(path, sizeof(path), ctx, t->next);
		rq = load_req_begin(ctx);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		load_req_end(ctx, rq);
		if (fd < 0) {
			if (LOAD_DISK_FULL(errno)) {
				/* not even a new file fits: make room, or try again */
				t->enospc++;
				if (t->next > t->first)
					drop_oldest(ctx, t);
				continue;
			}
			return load_fail(ctx, "cannot create '%s': %s", path, strerror(errno));
		}
		t->w.fd = fd;
		rc = ustar_create(&t->w, t->src, t->top);
		if (close(fd) < 0 && rc >= 0) {
			rc = -1;
			t->w.err = errno;
		}
		if (rc < 0 || (rc == 1 && !t->w.full)) {
			unlink(path);
			if (rc == 1)
				break;
			if (!LOAD_DISK_FULL(t->w.err))
				return load_fail(ctx, "cannot archive '%s' to '%s': %s", t->src, path,
				    strerror(t->w.err));
			/* a full disk ends the pass; room is made before the next */
			t->enospc++;
			if (t->next > t->first)
				drop_oldest(ctx, t);
			continue;
		}
		if (!noted) {
			load_note(ctx, "members", "%lu", t->w.files);
			load_note(ctx, "bytes", "%llu", t->w.written);
			load_note(ctx, "skipped", "%lu", t->w.skipped);
			if (t->w.full)
				load_note(ctx, "capped", "1");
			noted = 1;
		}
		if (t->size == NULL || (t->next - t->first) % 64 == 0) {
			unsigned long long *p = realloc(t->size, (t->next - t->first + 64) * sizeof(*p));
			if (p == NULL)
				return load_fail(ctx, "out of memory");
			t->size = p;
		}
		t->size[t->next - t->first] = t->w.written;
		t->kept += t->w.written;
		t->next++;
		expect = t->w.written;
		load_pass();
	}
	return 0;
}

/* The archives and the tree lie in ctx->dir, which contest removes. */
static void
tarc_cleanup(struct load_ctx *ctx)
{
	struct tarc *t = ctx->priv;

	if (t == NULL)
		return;
	if (t->enospc)
		load_note(ctx, "enospc", "%lu", t->enospc);
	ustar_free(&t->w);
	free(t->size);
	free(t);
	ctx->priv = NULL;
}

static const struct load_option tarc_options[] = {
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load tarc_load = {
	.name = "tarc_load",
	.alias = "ctar_load",
	.unit = "MiB",
	.scale = 1048576,
	.desc = "tar -cf of the reference tree to a new archive each pass",
	.flags = LOAD_IO,
	.options = tarc_options,
	.check = tarc_check,
	.setup = tarc_setup,
	.run = tarc_run,
	.cleanup = tarc_cleanup,
};
