/*
 * words.c: the report's vocabulary (format.h), one word for each thing
 * every format prints: the marks of -c's family of tests, and the units
 * of the loads' work spelled out.  A format prints these, never a copy.
 */
#include <string.h>

#include "format.h"

const char *
word_mark(enum vd_mark mark)
{
	static const char *const word[] = {
		[VD_UNTESTED] = "untested",
		[VD_NOISE] = "noise",
		[VD_SMALL] = "small",
		[VD_HELD] = "held",
		[VD_CHANGED] = "changed",
		[VD_BETTER] = "better",
		[VD_WORSE] = "worse",
	};

	return word[mark];
}

const char *
word_unit(const char *unit)
{
	static const struct { const char *unit, *words; } u[] = {
		{ "none", "none: the load counts no work" },
		{ "MiB", "MiB, mebibytes of 2^20 bytes" },
		{ "kmsg", "kmsg, thousands of messages" },
		{ "kentries", "kentries, thousands of directory entries" },
		{ "kops", "kops, thousands of file operations" },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++)
		if (!strcmp(u[i].unit, unit))
			return u[i].words;
	return unit;
}
