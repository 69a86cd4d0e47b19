/*
 * mem_load: holds 110% of RAM, as the original did, where swap can take
 * the excess with room to spare; elsewhere (no swap, or too little, or a
 * memory cgroup's limit) as much as fits below MemAvailable and the
 * cgroup's limit once the compile's memory and a reserve are kept free,
 * so the OOM killer has no reason to act: the sizing policy's SZ_RECLAIM
 * (sizing.c).  --size sets the size, under the same cap.  The log note
 * records the size used, why, and the figures it came from.
 *
 * The memory is one anonymous mmap(2).  Each pass visits every page once
 * in an order that strides across the whole area (a step coprime with
 * the page count, near the golden section), so neither the caches, the
 * TLB nor the prefetcher can follow; in each page it writes one word
 * of every cache line, which makes the CPU fetch the whole line and
 * write it back dirty: the memory traffic of writing the page.  Counts
 * bytes of pages so written (MiB), as stress-ng --vm-method write64
 * counts the bytes it writes.
 *
 * /proc/meminfo is read below CONTEST_ROOT when set (kfile.h; sizing.c
 * reads it): tests of the sizing fake it, for they must not fill a real
 * machine.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "load.h"

#define MEM_LINE	64		/* bytes of a cache line */
#define MEM_BATCH	256		/* pages between two load_count() calls */

struct mem {
	unsigned char *p;
	size_t size, pagesz, npages, step;
};

/* The size to use, noted for the log when note is set; -1 with a reason. */
static int
mem_size(struct load_ctx *ctx, unsigned long long *size, int note)
{
	struct sz_machine m;
	struct sz_out sz;
	const struct sz_mem *mm = &m.mem;

	if (load_sized(ctx, &sz, &m) < 0)
		return -1;
	if (note) {
		load_note(ctx, "size", "%llu", sz.size);
		load_note(ctx, "memavailable", "%llu", mm->avail);
		load_note(ctx, "swapfree", "%llu", mm->swapfree);
		if (mm->cg[0]) {
			load_note(ctx, "memcg_limit", "%llu", mm->cg_limit);
			load_note(ctx, "memcg_avail", "%llu", mm->cg_avail);
		}
	}
	*size = sz.size;
	return 0;
}

static int
mem_check(struct load_ctx *ctx)
{
	unsigned long long size;

	return mem_size(ctx, &size, 0);
}

static size_t
gcd(size_t a, size_t b)
{
	while (b) {
		size_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static int
mem_setup(struct load_ctx *ctx)
{
	unsigned long long size;
	struct mem *m;
	void *p;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return load_fail(ctx, "out of memory");
	ctx->priv = m;
	if (mem_size(ctx, &size, 1) < 0)
		return -1;
	if ((p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED)
		return load_fail(ctx, "cannot map %llu MiB: %s", size >> 20, strerror(errno));
	m->p = p;
	m->size = (size_t)size;
	m->pagesz = (size_t)sysconf(_SC_PAGESIZE);
	m->npages = m->size / m->pagesz;
	if (m->npages == 0)
		m->npages = 1;	/* the mapping holds at least one page */
	m->step = (size_t)((double)m->npages * 0.6180339887) | 1;
	while (m->step > 1 && gcd(m->step, m->npages) != 1)
		m->step++;
	if (m->step == 0 || m->step >= m->npages)
		m->step = 1;
	return 0;
}

static int
mem_run(struct load_ctx *ctx)
{
	struct mem *m = ctx->priv;
	size_t idx = 0, i, batch = 0;

	unsigned long pass = 0;

	while (!load_stopping()) {
		pass++;
		for (i = 0; i < m->npages && !load_stopping(); i++) {
			volatile unsigned long *page = (volatile unsigned long *)(m->p + idx * m->pagesz);
			size_t off;
			/* a store fetches and dirties the whole line: the page's traffic */
			for (off = 0; off < m->pagesz / sizeof(*page); off += MEM_LINE / sizeof(*page))
				page[off] = pass;
			idx += m->step;
			if (idx >= m->npages)
				idx -= m->npages;
			if (++batch == MEM_BATCH) {
				load_count(ctx, (unsigned long long)batch * m->pagesz);
				batch = 0;
			}
		}
	}
	load_count(ctx, (unsigned long long)batch * m->pagesz);
	return 0;
}

static void
mem_cleanup(struct load_ctx *ctx)
{
	struct mem *m = ctx->priv;

	if (m == NULL)
		return;
	if (m->p)
		munmap(m->p, m->size);
	free(m);
	ctx->priv = NULL;
}

static const struct load_option mem_options[] = {
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load mem_load = {
	.name = "mem_load",
	.alias = NULL,
	.unit = "MiB",
	.scale = 1048576,
	.desc = "writes 110% of RAM page by page (capped below MemAvailable and the memcg without swap)",
	.flags = 0,
	.sizing = SZ_RECLAIM,
	.options = mem_options,
	.check = mem_check,
	.setup = mem_setup,
	.run = mem_run,
	.cleanup = mem_cleanup,
};
