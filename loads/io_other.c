/*
 * io_other: io_load in the directory given with -o, on another disk, so
 * the compile's own disk sees none of the writes: what is left is the
 * VM's handling of a writer, not the I/O scheduler's (the complaint that
 * made the original add it).  Without -o contest refuses before any
 * compile (its -o option is required).  Same unit, sizes and note as io_load.
 */
#include "load.h"

extern const struct load io_load;

static int
other_check(struct load_ctx *ctx)
{
	return io_load.check(ctx);
}

static int
other_setup(struct load_ctx *ctx)
{
	return io_load.setup(ctx);
}

static int
other_run(struct load_ctx *ctx)
{
	return io_load.run(ctx);
}

static void
other_cleanup(struct load_ctx *ctx)
{
	io_load.cleanup(ctx);
}

static const struct load_option other_options[] = {
	{ "other", 'o', "DIR", LOAD_OPT_DIR, 1, "directory on another disk for its files", 0 },
	LOAD_SIZE_OPTION,
	{ NULL, 0, NULL, 0, 0, NULL, 0 },
};

const struct load io_other_load = {
	.name = "io_other",
	.alias = NULL,
	.unit = "MiB",
	.scale = 1048576,
	.desc = "io_load in the directory given with -o (another disk)",
	.flags = LOAD_EXTRA | LOAD_IO,
	.options = other_options,
	.dir_option = "other",
	.check = other_check,
	.setup = other_setup,
	.run = other_run,
	.cleanup = other_cleanup,
};
