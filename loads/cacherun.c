/*
 * cacherun: the compile alone straight after another compile, page cache
 * kept: what the tree costs when every source and header is in memory.
 */
#include "load.h"

const struct load cacherun_load = {
	.name = "cacherun",
	.alias = NULL,
	.unit = "none",
	.scale = 1,
	.desc = "the compile alone straight after another, page cache warm",
	.flags = LOAD_IDLE | LOAD_WARM,
};
