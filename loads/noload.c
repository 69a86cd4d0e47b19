/*
 * no_load: the baseline.  No background process; the compile runs alone
 * after the page cache is dropped.  Every other load's Ratio divides by
 * this one's Time.
 */
#include "load.h"

const struct load noload_load = {
	.name = "no_load",
	.alias = "noload",
	.unit = "none",
	.scale = 1,
	.desc = "the compile alone, page cache dropped first: the baseline",
	.flags = LOAD_IDLE,
};
