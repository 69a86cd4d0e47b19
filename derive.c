/*
 * derive.c: the run's parts and the numbers derived from a record
 * (derive.h), one definition each: the harness's progress line, its
 * machine figures and its baseline call these, and so does the report.
 */
#include <string.h>

#include "derive.h"
#include "log.h"

/* the record's split keys are the split's order (log.h) */
_Static_assert(K_SYS_NICE == K_SYS_USER + SPLIT_NICE && K_SYS_SYSTEM == K_SYS_USER + SPLIT_SYSTEM &&
    K_SYS_IRQ == K_SYS_USER + SPLIT_IRQ && K_SYS_IOWAIT == K_SYS_USER + SPLIT_IOWAIT &&
    K_SYS_STEAL == K_SYS_USER + SPLIT_STEAL && K_SYS_IDLE == K_SYS_USER + SPLIT_IDLE,
    "the sys_ keys of log.h follow the split's order");
/* and the kernel profile's keys the parts' (prof_job, prof_load, prof_probe, prof_rest) */
_Static_assert(K_PROF_LOAD == K_PROF_JOB + PART_LOAD && K_PROF_PROBE == K_PROF_JOB + PART_PROBE &&
    K_PROF_REST == K_PROF_JOB + PART_REST, "the prof_ keys of log.h follow the parts' order");

#define PART_ROW(id, key, word) [id] = { key, word },
const struct part_name part_names[PART_N] = { PARTS(PART_ROW) };
#undef PART_ROW

double
derive_cpu(const struct rec *r)
{
	const double *n = r->num;

	return n[K_ELAPSED] > 0 ? (n[K_USER] + n[K_SYS]) / n[K_ELAPSED] * 100 : 0;
}

double
derive_lcpu(const struct rec *r)
{
	const double *n = r->num;

	return n[K_ELAPSED] > 0 ? n[K_LCPU] / n[K_ELAPSED] * 100 : 0;
}

double
derive_tasks(const double *split)
{
	return split[SPLIT_USER] + split[SPLIT_NICE] + split[SPLIT_SYSTEM];
}

double
derive_busy(const double *split)
{
	return split[SPLIT_USER] + split[SPLIT_NICE] + split[SPLIT_SYSTEM] + split[SPLIT_IRQ];
}

double
derive_unidle(const double *split)
{
	return 100 - split[SPLIT_IDLE] - split[SPLIT_IOWAIT];
}

double
derive_rest(double busy, double compile, double load)
{
	return busy - compile - load;
}

int
derive_short(const struct rec *r)
{
	return !(r->num[K_ELAPSED] >= DERIVE_MIN_ELAPSED);
}

int
derive_left_out(const struct rec *r, int disturbed)
{
	return r->has[K_DISTURBED] && !disturbed;
}

const char *
derive_alias(const char *const *aliases, const char *load)
{
	size_t i;

	for (i = 0; aliases && aliases[i]; i += 2)
		if (!strcmp(aliases[i], load))
			return aliases[i + 1];
	return NULL;
}
