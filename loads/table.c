/*
 * table.c: every load contest knows, in the original contest's order.
 * This table is the list of what contest can measure; the default suite
 * is every entry without LOAD_EXTRA, in this order.
 */
#include <stddef.h>
#include <string.h>

#include "../load.h"

extern const struct load noload_load;
extern const struct load cacherun_load;
extern const struct load process_load;
extern const struct load io_load;
extern const struct load io_other_load;
extern const struct load read_load;
extern const struct load mem_load;
extern const struct load tarc_load;
extern const struct load tarx_load;
extern const struct load lslr_load;

const struct load *const load_table[] = {
	&noload_load,
	&cacherun_load,
	&process_load,
	&tarc_load,
	&tarx_load,
	&io_load,
	&io_other_load,
	&read_load,
	&lslr_load,
	&mem_load,
	NULL
};

const struct load *
load_find(const char *name)
{
	const struct load *const *l;

	for (l = load_table; *l; l++)
		if (!strcmp((*l)->name, name) || ((*l)->alias && !strcmp((*l)->alias, name)))
			return *l;
	return NULL;
}
