/*
 * table.c: every load contest knows, in the original contest's order.
 * This table is the list of what contest can measure; the default suite
 * is every entry without LOAD_EXTRA, in this order.  Also the loads' own
 * options, checked by type as they are given (numbers by num.h's parser,
 * as contest's own options are) into the caller's struct load_values.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "load.h"
#include "../num.h"

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
extern const struct load dbench_load;

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
	&dbench_load,
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

const struct load_option *
load_option_find(const char *name)
{
	const struct load *const *l;
	const struct load_option *o;

	for (l = load_table; *l; l++)
		for (o = (*l)->options; o && o->name; o++)
			if (!strcmp(o->name, name))
				return o;
	return NULL;
}

int
load_option_set(struct load_values *lv, const char *name, const char *val, char *why, size_t whylen)
{
	const struct load_option *o = load_option_find(name);
	unsigned long long size = 0;
	char what[64];
	struct stat st;
	long count;
	int i;

	if (o == NULL) {
		snprintf(why, whylen, "no load has an option '%s'", name);
		return -1;
	}
	/* named as --help names it: "--size SIZE", "-o DIR" */
	if (o->key)
		snprintf(what, sizeof(what), "-%c %s", o->key, o->arg);
	else
		snprintf(what, sizeof(what), "--%s %s", o->name, o->arg);
	switch (o->type) {
	case LOAD_OPT_SIZE:
		if (num_size(what, val, &size, why, whylen) < 0)
			return -1;
		break;
	case LOAD_OPT_DIR:
		if (*val == '\0' || stat(val, &st) < 0) {
			snprintf(why, whylen, "--%s: cannot use '%s': %s", name, val,
			    *val ? strerror(errno) : "empty name");
			return -1;
		}
		if (!S_ISDIR(st.st_mode)) {
			snprintf(why, whylen, "--%s: '%s' is not a directory", name, val);
			return -1;
		}
		break;
	case LOAD_OPT_COUNT:
		if (num_whole(what, val, 1, o->max, &count, why, whylen) < 0)
			return -1;
		size = (unsigned long long)count;
		break;
	case LOAD_OPT_STRING:
		break;
	}
	for (i = 0; i < lv->n && strcmp(lv->v[i].name, o->name); i++)
		;
	if (i == LOAD_VALUES) {
		snprintf(why, whylen, "too many load options");
		return -1;
	}
	lv->v[i].name = o->name;
	lv->v[i].val = val;
	lv->v[i].size = size;
	if (i == lv->n)
		lv->n++;
	return 0;
}

const char *
load_option_value(const struct load_values *lv, const char *name)
{
	int i;

	for (i = 0; i < lv->n; i++)
		if (!strcmp(lv->v[i].name, name))
			return lv->v[i].val;
	return NULL;
}

void
load_ctx_options(const struct load_values *lv, const struct load *l, struct load_ctx *ctx)
{
	const struct load_option *o;
	int i, k;

	ctx->load = l;
	for (i = 0, o = l->options; o && o->name && i < LOAD_OPTS; o++, i++) {
		ctx->opt[i] = NULL;
		ctx->optsize[i] = 0;
		for (k = 0; k < lv->n; k++)
			if (!strcmp(lv->v[k].name, o->name)) {
				ctx->opt[i] = lv->v[k].val;
				ctx->optsize[i] = lv->v[k].size;
			}
	}
}
