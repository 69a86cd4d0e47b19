/*
 * cli.c: contest's command line.  One table of its own options, typed:
 * getopt's short and long options, --help's synopsis and lines, the
 * check that an option goes with its mode, and parsing itself are made
 * from it; the loads' options come from the load table (loads/load.h)
 * and join them.  Numbers go through num.h's one parser.  Also the loads
 * named on the command line, --list-loads, and what the report knows of
 * the loads.  Nothing here exits: a bad command line is said on stderr
 * and returned (contest.c exits 2).
 */
#include <err.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "contest.h"
#include "num.h"

/* The command line an option belongs to; one given in the other mode is refused. */
enum mode {
	RUN = 1,		/* a run of the suite (and --plan) */
	REPORT = 2,		/* -r */
	BOTH = RUN | REPORT,
	ALONE = 4		/* does its job and exits */
};

/* What an option's argument is: how it is checked, and the type of its field. */
enum kind {
	K_FLAG,			/* no argument: the int field is set to 1 */
	K_WHOLE,		/* a whole number from lo to hi: long */
	K_PCT,			/* a percentage from lo to hi: double */
	K_MS,			/* milliseconds from lo to hi in at most 3 decimals: double */
	K_SIZE,			/* a size in bytes, k, M, G or T: unsigned long long */
	K_TEXT,			/* any text: const char * */
	K_FILLED,		/* text, not empty: const char * */
	K_WORD,			/* text, not empty nor starting with '-' (a make target): const char * */
	K_CALL			/* the row's function takes it */
};

struct option_row {
	const char *name;	/* --NAME */
	int key;		/* -KEY as well, or 0 */
	const char *arg;	/* the argument's name in --help; NULL: it takes none */
	enum mode mode;		/* the command line it belongs to */
	enum kind kind;		/* how its argument is checked and stored */
	size_t field;		/* where it is stored: an offset into struct opts */
	double lo, hi;		/* K_WHOLE, K_PCT, K_MS: the range */
	int (*take)(struct opts *, const char *arg, char *why, size_t len);
				/* K_CALL: 0, -1 refused (why said), 1 all done (--help) */
	const char *def;	/* the default, as it would be typed; NULL: none (zero) */
	const char *help;	/* one line for --help */
};

#define AT(f)		offsetof(struct opts, f)
#define FLAG(f)		K_FLAG, AT(f), 0, 0, NULL
#define WHOLE(f, lo, hi) K_WHOLE, AT(f), lo, hi, NULL
#define PCT(f, lo, hi)	K_PCT, AT(f), lo, hi, NULL
#define MS(f)		K_MS, AT(f), 0.001, MAX_REQ_MS, NULL
#define SIZE(f)		K_SIZE, AT(f), 0, 0, NULL
#define TEXT(f)		K_TEXT, AT(f), 0, 0, NULL
#define FILLED(f)	K_FILLED, AT(f), 0, 0, NULL
#define WORD(f)		K_WORD, AT(f), 0, 0, NULL
#define CALL(fn)	K_CALL, 0, 0, 0, fn
#define STR(x)		STR_(x)
#define STR_(x)		#x

static int take_probe(struct opts *, const char *, char *, size_t);
static int take_profile(struct opts *, const char *, char *, size_t);
static int take_format(struct opts *, const char *, char *, size_t);
static int take_origin(struct opts *, const char *, char *, size_t);
static int list_loads(struct opts *, const char *, char *, size_t);
static int help(struct opts *, const char *, char *, size_t);
static int version(struct opts *, const char *, char *, size_t);

/*
 * contest's own options, one row each, in --help's order (contest.h says
 * what else to touch when adding one).
 */
static const struct option_row core[] = {
	{ "runs", 'n', "RUNS", RUN, WHOLE(runs, 1, MAX_RUNS), STR(DEF_RUNS),
	    "runs of each load, 1 to 1000 (default 3)" },
	{ "label", 'k', "LABEL", BOTH, TEXT(label), NULL,
	    "the kernel's name in the log; with -r, the candidate" },
	{ "log", 'l', "LOG", BOTH, FILLED(log), DEF_LOG, "the results log (default contest.log)" },
	{ "workdir", 'd', "WORKDIR", RUN, FILLED(workdir), DEF_WORKDIR,
	    "the work directory (default contest-work)" },
	{ "source", 's', "KERNEL_TREE", RUN, FILLED(tree), NULL, "compile this kernel tree, not the built-in one" },
	{ "target", 'T', "TARGET", RUN, WORD(target), DEF_TARGET,
	    "the make target in a kernel tree (default vmlinux)" },
	{ "jobs", 'j', "JOBS", RUN, WHOLE(jobs, 1, MAX_JOBS), NULL,
	    "make -j JOBS (default 4 x usable CPUs, as memory allows)" },
	{ "lead", 0, "SECONDS", RUN, WHOLE(lead, 0, MAX_LEAD), STR(DEF_LEAD),
	    "a load runs alone this long first (default 3)" },
	{ "units", 0, "N", RUN, WHOLE(units, 1, MAX_UNITS), NULL,
	    "units of the built-in tree (default: a 90 s no_load here)" },
	{ "timeout", 0, "SECONDS", RUN, WHOLE(timeout, 1, MAX_TIMEOUT), NULL, "the longest a compile may take" },
	{ "by-load", 0, NULL, RUN, FLAG(by_load), NULL, "all runs of a load together, not rounds" },
	{ "no-baseline", 0, NULL, RUN, FLAG(no_baseline), NULL, "no no_load first when the log has none" },
	{ "probe", 0, "RHYTHM", RUN, CALL(take_probe), DEF_PROBE,
	    "audio, video, PERIOD_MS:PERCENT, off (default audio)" },
	{ "plan", 0, NULL, RUN, FLAG(plan), NULL, "print what the run would do here, run nothing" },
	{ "cpus", 0, "N", RUN, WHOLE(plan_cpus, 1, SZ_MAXCPU), NULL, "with --plan: plan for N usable CPUs" },
	{ "mem", 0, "SIZE", RUN, SIZE(plan_mem), NULL, "with --plan: plan for SIZE of RAM" },
	{ "disk", 0, "SIZE", RUN, SIZE(plan_disk), NULL, "with --plan: plan for SIZE of free disk" },
	{ "req-t1", 0, "MS", RUN, MS(req_t[0]), STR(REQ_T1_MS),
	    "an I/O load's request this long is slow (default 100)" },
	{ "req-t2", 0, "MS", RUN, MS(req_t[1]), STR(REQ_T2_MS), "... and this long a stall (default 1000)" },
	{ "profile", 0, "MODE", RUN, CALL(take_profile), NULL,
	    "the kernel profile: kernel, all, off (default kernel)" },
	{ "until", 0, "PCT", RUN, PCT(until, 0.1, 100), NULL, "rounds until every Ratio is known within PCT %" },
	{ "max-rounds", 0, "N", RUN, WHOLE(max_rounds, 1, MAX_RUNS), NULL,
	    "with --until: rounds at most (default 20)" },
	{ "max-time", 0, "MINUTES", RUN, WHOLE(max_time, 1, 100000), NULL,
	    "with --until: no round that would end past this" },
	{ "against", 0, "LABEL", RUN, FILLED(against), NULL, "with --until: the change against LABEL within PCT" },
	{ "report", 'r', NULL, REPORT, FLAG(report), NULL, "render the logs instead of running" },
	{ "verbose", 'v', NULL, REPORT, FLAG(ro.verbose), NULL,
	    "the long form: sd, paired Ratio, details, snapshots" },
	{ "base", 'b', "LABEL", REPORT, TEXT(ro.base), NULL, "the label other labels' rows are compared with" },
	{ "compare", 'c', "LABEL", REPORT, TEXT(ro.compare), NULL, "each label against LABEL, metric by metric" },
	{ "format", 0, REPORT_FORMAT_ARG, REPORT, CALL(take_format), NULL, "the report's form (default table)" },
	{ "origin", 0, "NAME", REPORT, CALL(take_origin), NULL,
	    "with --format kcidb: the CI system named in ids (default contest)" },
	{ "bars", 0, NULL, REPORT, FLAG(ro.bars), NULL, "Ratio as text bars" },
	{ "svg", 0, "FILE", REPORT, TEXT(ro.svg), NULL, "the charts as an SVG file as well" },
	{ "disturbed", 0, NULL, REPORT, FLAG(ro.disturbed), NULL, "keep the runs marked disturbed in the means" },
	{ "profiles", 'p', NULL, REPORT, FLAG(ro.profiles), NULL,
	    "the kernel profiles; with -c, each load's diffprofile" },
	{ "verdict", 0, "BASE", REPORT, FILLED(ro.verdict), NULL,
	    "is the newest label (-k) worse than BASE: 0, 1, 125" },
	{ "threshold", 0, "PCT", REPORT, PCT(ro.threshold, 0.1, 1000), NULL,
	    "with --verdict: worse by over PCT % (default: floors)" },
	{ "list-loads", 0, NULL, ALONE, CALL(list_loads), NULL, "print every load and exit" },
	{ "help", 0, NULL, ALONE, CALL(help), NULL, "print this and exit" },
	{ "version", 0, NULL, ALONE, CALL(version), NULL, "print the version and exit" },
};

#define NCORE		(sizeof(core) / sizeof(core[0]))
#define MAXLOADOPTS	32	/* the loads' options offered, at most */
#define GETOPT_LONG	256	/* getopt's value for a long option: this + its index */
/* -r: of the report, but not one that needs it */
#define IS_REPORT_SWITCH(r)	((r)->kind == K_FLAG && (r)->field == AT(report))

/* ------------------------------------------------------------ --help */

/* One option in synopsis form, "[-n RUNS]" or "[--by-load]". */
static void
synopsis_item(char *buf, size_t len, int key, const char *name, const char *arg)
{
	if (key)
		snprintf(buf, len, "[-%c%s%s]", key, arg ? " " : "", arg ? arg : "");
	else
		snprintf(buf, len, "[--%s%s%s]", name, arg ? " " : "", arg ? arg : "");
}

/* Add item to the synopsis line being printed, wrapping before column 80. */
static void
synopsis_add(FILE *f, int *col, const char *item)
{
	int n = (int)strlen(item);

	if (*col + 1 + n > 79) {
		fprintf(f, "\n%15s", "");
		*col = 15;
	} else {
		fputc(' ', f);
		(*col)++;
	}
	fputs(item, f);
	*col += n;
}

/* The synopsis of one mode: its core options, then the loads' for RUN. */
static void
synopsis(FILE *f, const char *lead, enum mode mode, const char *tail)
{
	const struct load *const *l;
	const struct load_option *o;
	char item[96];
	size_t i;
	int col;

	col = fprintf(f, "%s", lead);
	for (i = 0; i < NCORE; i++)
		if ((core[i].mode & mode) && !IS_REPORT_SWITCH(&core[i])) {
			synopsis_item(item, sizeof(item), core[i].key, core[i].name, core[i].arg);
			synopsis_add(f, &col, item);
		}
	for (l = load_table; mode == RUN && *l; l++)
		for (o = (*l)->options; o && o->name; o++)
			if (load_option_find(o->name) == o) {
				synopsis_item(item, sizeof(item), o->key, o->name, o->arg);
				synopsis_add(f, &col, item);
			}
	synopsis_add(f, &col, tail);
	fputc('\n', f);
}

/* One line of help: "  -n, --runs RUNS   what it is". */
static void
help_line(FILE *f, int key, const char *name, const char *arg, const char *text)
{
	char flag[64];

	snprintf(flag, sizeof(flag), "%c%c%s--%s%s%s", key ? '-' : ' ', key ? key : ' ',
	    key ? ", " : "  ", name, arg ? " " : "", arg ? arg : "");
	if (strlen(flag) > 23)	/* at least two spaces before the help */
		fprintf(f, "  %s\n%27s%s\n", flag, "", text);
	else
		fprintf(f, "  %-24s %s\n", flag, text);
}

/* The synopsis, and with full every option's line of help (--help). */
static void
usage(FILE *f, int full)
{
	static const struct { enum mode mode; const char *title; } part[] = {
		{ RUN, "options of a run" }, { REPORT, "options of the report (with -r)" },
		{ ALONE, "on their own" },
	};
	const struct load *const *l;
	const struct load_option *o;
	size_t i, p;

	synopsis(f, "usage: contest", RUN, "[LOAD...]");
	synopsis(f, "       contest -r", REPORT, "[LOG...]");
	fprintf(f, "       contest");
	for (i = 0, p = 0; i < NCORE; i++)
		if (core[i].mode == ALONE)
			fprintf(f, "%s--%s", p++ ? " | " : " ", core[i].name);
	fprintf(f, "\n");
	for (p = 0; full && p < sizeof(part) / sizeof(part[0]); p++) {
		fprintf(f, "%s:\n", part[p].title);
		for (i = 0; i < NCORE; i++)
			if (core[i].mode & part[p].mode)
				help_line(f, core[i].key, core[i].name, core[i].arg, core[i].help);
	}
	if (full)
		fprintf(f, "options of the loads (of a run):\n");
	for (l = load_table; full && *l; l++)
		for (o = (*l)->options; o && o->name; o++)
			if (load_option_find(o->name) == o)
				help_line(f, o->key, o->name, o->arg, o->help);
}

/* ------------------------------------------------- the options' takers */

/* --probe: the probe's rhythm, its numbers as num.h's. */
static int
take_probe(struct opts *o, const char *arg, char *why, size_t len)
{
	return probe_parse(arg, &o->probe, why, len);
}

/* --profile: its mode, which then wins over CONTEST_PROFILE. */
static int
take_profile(struct opts *o, const char *arg, char *why, size_t len)
{
	if ((o->prof_mode = prof_mode_parse(arg)) < 0) {
		snprintf(why, len, "--profile must be kernel, all or off, not '%s'", arg);
		return -1;
	}
	o->prof_set = 1;
	return 0;
}

/* --format: the report's form, by its name in the format table (report.h). */
static int
take_format(struct opts *o, const char *arg, char *why, size_t len)
{
	if (report_format_find(arg, &o->ro.format) == 0)
		return 0;
	snprintf(why, len, "--format must be %s, not '%s'", report_format_choices(), arg);
	return -1;
}

/* --origin: KCIDB's origin, the CI system its ids name: [a-z0-9_]+, as KCIDB's schema has it. */
static int
take_origin(struct opts *o, const char *arg, char *why, size_t len)
{
	size_t n = strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_");

	if (n == 0 || arg[n] != '\0' || n > MAX_ORIGIN) {
		snprintf(why, len, "--origin must be 1 to %d of a-z, 0-9 and _ (KCIDB's origin, [a-z0-9_]+), "
		    "not '%s'", MAX_ORIGIN, arg);
		return -1;
	}
	o->ro.origin = arg;
	return 0;
}

/* --list-loads: every load, its unit, what it does and its options. */
static int
list_loads(struct opts *unused, const char *arg, char *why, size_t len)
{
	const struct load *const *l;
	const struct load_option *o;

	(void)unused, (void)arg, (void)why, (void)len;
	for (l = load_table; *l; l++) {
		printf("%-14s %-9s %s%s", (*l)->name, (*l)->unit, (*l)->desc,
		    (*l)->flags & LOAD_EXTRA ? " (not in the default suite)" : "");
		for (o = (*l)->options; o && o->name; o++)
			printf("%s--%s", o == (*l)->options ? "; options: " : ", ", o->name);
		printf("\n");
	}
	return 1;
}

static int
help(struct opts *o, const char *arg, char *why, size_t len)
{
	(void)o, (void)arg, (void)why, (void)len;
	usage(stdout, 1);
	return 1;
}

static int
version(struct opts *o, const char *arg, char *why, size_t len)
{
	(void)o, (void)arg, (void)why, (void)len;
	printf("contest %s (log format %d)\n", VERSION, LOG_VERSION);
	return 1;
}

/* ------------------------------------------------------------ parsing */

/* An option's name as typed: "-n" when it has a letter, else "--lead". */
static const char *
option_name(char *buf, size_t len, int key, const char *name)
{
	if (key)
		snprintf(buf, len, "-%c", key);
	else
		snprintf(buf, len, "--%s", name);
	return buf;
}

/*
 * Row r's argument arg into o, checked by its kind: 0, -1 refused (why
 * says why, naming the option as --help does: "-n RUNS"), 1 all done.
 */
static int
take(const struct option_row *r, struct opts *o, const char *arg, char *why, size_t len)
{
	char *field = (char *)o + r->field, what[64];

	option_name(what, sizeof(what), r->key, r->name);
	if (r->arg)
		snprintf(what + strlen(what), sizeof(what) - strlen(what), " %s", r->arg);
	switch (r->kind) {
	case K_FLAG:
		*(int *)(void *)field = 1;
		return 0;
	case K_WHOLE:
		return num_whole(what, arg, (long)r->lo, (long)r->hi, (long *)(void *)field, why, len);
	case K_PCT:
		return num_pct(what, arg, r->lo, r->hi, (double *)(void *)field, why, len);
	case K_MS:
		return num_millis(what, arg, r->lo, r->hi, (double *)(void *)field, why, len);
	case K_SIZE:
		return num_size(what, arg, (unsigned long long *)(void *)field, why, len);
	case K_FILLED:
	case K_WORD:
		if (!*arg || (r->kind == K_WORD && *arg == '-')) {
			snprintf(why, len, r->kind == K_WORD ? "%s must not be empty nor start with '-', "
			    "not '%s'" : "%s must not be empty", what, arg);
			return -1;
		}
		/* FALLTHROUGH */
	case K_TEXT:
		*(const char **)(void *)field = arg;
		return 0;
	case K_CALL:
		return r->take(o, arg, why, len);
	}
	return 0;
}

/* Every row's default, through the same checks as an argument. */
static int
defaults(struct opts *o, char *why, size_t len)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < NCORE; i++)
		if (core[i].def && take(&core[i], o, core[i].def, why, len) != 0)
			return -1;
	return 0;
}

/*
 * getopt's short and long options: the core table's, then the loads'
 * (getopt reports each as GETOPT_LONG + its index; lopt[i] is index
 * NCORE + i).  How many options in all.
 */
static int
getopt_tables(char *shortopts, size_t slen, struct option *longopts, const struct load_option **lopt)
{
	const struct load *const *l;
	const struct load_option *o;
	size_t sl = 0, i;
	int n = 0;

	for (i = 0; i < NCORE; i++) {
		longopts[n].name = core[i].name;
		longopts[n].has_arg = core[i].arg ? required_argument : no_argument;
		longopts[n].flag = NULL;
		longopts[n].val = GETOPT_LONG + n;
		n++;
	}
	for (l = load_table; *l; l++)
		for (o = (*l)->options; o && o->name && n < (int)NCORE + MAXLOADOPTS; o++)
			if (load_option_find(o->name) == o) {
				lopt[n - NCORE] = o;
				longopts[n].name = o->name;
				longopts[n].has_arg = required_argument;
				longopts[n].flag = NULL;
				longopts[n].val = GETOPT_LONG + n;
				n++;
			}
	memset(&longopts[n], 0, sizeof(longopts[0]));
	for (i = 0; i < (size_t)n; i++) {
		int key = i < NCORE ? core[i].key : lopt[i - NCORE]->key;

		if (key && sl + 3 < slen) {
			shortopts[sl++] = (char)key;
			if (longopts[i].has_arg)
				shortopts[sl++] = ':';
		}
	}
	shortopts[sl] = '\0';
	return n;
}

/* What getopt returned as the option's index (see getopt_tables), -1 if none. */
static int
option_index(int c, const struct load_option *const *lopt, int n)
{
	int i;

	if (c >= GETOPT_LONG && c < GETOPT_LONG + n)
		return c - GETOPT_LONG;
	for (i = 0; i < n && c != '?'; i++)
		if ((i < (int)NCORE ? core[i].key : lopt[i - NCORE]->key) == c)
			return i;
	return -1;
}

/* The report's own options given without -r, or a run's with it: -1, said. */
static int
check_mode(const struct opts *o, int report_only, const char *run_only)
{
	char list[512], name[64];
	size_t n = 0, i;
	int k = 0, m = 0;

	if (o->report && run_only) {
		warnx("%s is an option of a run: it does not go with -r", run_only);
		return -1;
	}
	if (o->report || !report_only)
		return 0;
	for (i = 0; i < NCORE; i++)
		m += core[i].mode == REPORT && !IS_REPORT_SWITCH(&core[i]);
	for (i = 0; i < NCORE; i++)
		if (core[i].mode == REPORT && !IS_REPORT_SWITCH(&core[i]) && n < sizeof(list)) {
			k++;
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", k == 1 ? "" : k == m ? " and " : ", ",
			    option_name(name, sizeof(name), core[i].key, core[i].name));
		}
	warnx("%s go with -r", list);
	return -1;
}

/*
 * -k: in a run the label written to the log (log_label_ok says what it
 * may be); with -r --verdict's candidate, a row as -b and -c take it
 * (LABEL#N, or a label seen in one configuration), which the report
 * resolves.  -1 if refused, said.
 */
static int
take_label(struct opts *o)
{
	char why[512], vis[256];
	size_t len;

	if (o->label == NULL)
		return 0;
	len = strlen(o->label);
	if (o->report) {
		if (!*o->label) {
			warnx("-k LABEL must not be empty");
			return -1;
		}
		o->ro.candidate = o->label;
		return 0;
	}
	if (log_label_ok(o->label, why, sizeof(why)) < 0) {
		log_vis(vis, sizeof(vis), o->label, len > 80 ? 80 : len);
		warnx("-k LABEL '%s%s': %s", vis, len > 80 ? "..." : "", why);
		return -1;
	}
	return 0;
}

/* Note, for check_mode, an option of the report alone, and the first of a run. */
static void
note_mode(int i, const struct load_option *const *lopt, int *report_only, char *run_only, size_t len)
{
	if (i < (int)NCORE && core[i].mode == REPORT && !IS_REPORT_SWITCH(&core[i]))
		*report_only = 1;
	if ((i >= (int)NCORE || core[i].mode == RUN) && !run_only[0])
		option_name(run_only, len, i < (int)NCORE ? core[i].key : lopt[i - NCORE]->key,
		    i < (int)NCORE ? core[i].name : lopt[i - NCORE]->name);
}

int
parse_options(int argc, char **argv, struct opts *o)
{
	struct option longopts[NCORE + MAXLOADOPTS + 1];
	const struct load_option *lopt[MAXLOADOPTS];
	char shortopts[2 * NCORE + 2 * MAXLOADOPTS + 1], why[512], run_only[64] = "";
	int c, i, n, rc, report_only = 0;

	if (defaults(o, why, sizeof(why)) < 0) {
		warnx("%s", why);
		return -1;
	}
	n = getopt_tables(shortopts, sizeof(shortopts), longopts, lopt);
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if ((i = option_index(c, lopt, n)) < 0) {
			usage(stderr, 0);
			return -1;
		}
		note_mode(i, lopt, &report_only, run_only, sizeof(run_only));
		rc = i < (int)NCORE ? take(&core[i], o, optarg, why, sizeof(why)) :
		    load_option_set(&o->values, lopt[i - NCORE]->name, optarg, why, sizeof(why));
		if (rc < 0)
			warnx("%s", why);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (check_mode(o, report_only, run_only[0] ? run_only : NULL) < 0 || take_label(o) < 0)
		return -1;
	if (o->req_t[0] >= o->req_t[1]) {
		warnx("--req-t1 (%g ms) must be shorter than --req-t2 (%g ms)", o->req_t[0], o->req_t[1]);
		return -1;
	}
	return optind;
}

/* Say why, for check_options: STEP_BAD. */
static int
bad(const char *why)
{
	warnx("%s", why);
	return STEP_BAD;
}

int
check_options(const struct opts *o)
{
	const struct report_opts *ro = &o->ro;
	char why[128];

	if ((o->max_rounds || o->max_time > 0 || o->against) && !(o->until > 0))
		return bad("--max-rounds, --max-time and --against go with --until PCT");
	if (o->until > 0 && o->by_load)
		return bad("--until adds rounds: not with --by-load");
	if (o->until > 0 && o->max_rounds && o->max_rounds < o->runs) {
		snprintf(why, sizeof(why), "--max-rounds %ld is below -n %ld, the rounds --until runs at least",
		    o->max_rounds, o->runs);
		return bad(why);
	}
	if (ro->threshold > 0 && !ro->verdict)
		return bad("--threshold goes with --verdict BASE");
	if (ro->origin && ro->format != REPORT_KCIDB)
		return bad("--origin goes with --format kcidb");
	if (ro->verdict && (ro->compare || ro->base || ro->bars || ro->svg))
		return bad("--verdict goes with neither -b, -c, --bars nor --svg");
	if (ro->verdict && ro->profiles)
		return bad("-p does not go with --verdict: the verdict judges Time, Ratio, Loads and "
		    "latency p99, never the profiles (-r -c BASE -p shows the diffprofiles)");
	if (ro->candidate && o->report && !ro->verdict)
		return bad("-k goes with -r only to name --verdict's candidate");
	if (!o->report && !o->plan && (o->plan_cpus || o->plan_mem || o->plan_disk))
		return bad("--cpus, --mem and --disk go with --plan");
	return STEP_OK;
}

/* ------------------------------------------------------------ the loads */

/* The default suite into loads, said: how many. */
static int
default_suite(const struct opts *o, const struct load **loads)
{
	const struct load *const *l;
	int n = 0;

	fprintf(stderr, "contest: no load named, %s the default suite:", o->plan ? "planning" : "running");
	for (l = load_table; *l; l++)
		if (!((*l)->flags & LOAD_EXTRA)) {
			loads[n++] = *l;
			fprintf(stderr, " %s", (*l)->name);
		}
	fprintf(stderr, "\n");
	return n;
}

/* An option of a load that does not run is probably a mistake: said. */
static void
unused_options(const struct opts *o, const struct load **loads, int n)
{
	const struct load *const *l;
	const struct load_option *p, *q;
	int k, used;

	for (l = load_table; *l; l++)
		for (p = (*l)->options; p && p->name; p++) {
			if (load_option_find(p->name) != p || load_option_value(&o->values, p->name) == NULL)
				continue;
			for (k = 0, used = 0; k < n; k++)
				for (q = loads[k]->options; q && q->name; q++)
					used |= !strcmp(q->name, p->name);
			if (!used)
				warnx("--%s is an option of a load that is not run here", p->name);
		}
}

int
choose_loads(const struct opts *o, int argc, char **argv, const struct load **loads)
{
	const struct load *const *l;
	int n = 0, i, k, dup;

	if (argc == 0)
		n = default_suite(o, loads);
	for (i = 0; i < argc; i++) {
		const struct load *x = load_find(argv[i]);

		if (x == NULL) {
			char vis[256];
			log_vis(vis, sizeof(vis), argv[i], strlen(argv[i]));
			fprintf(stderr, "contest: unknown load '%s'; the loads are:", vis);
			for (l = load_table; *l; l++)
				fprintf(stderr, " %s", (*l)->name);
			fprintf(stderr, "\n");
			return -1;
		}
		for (k = 0, dup = 0; k < n; k++)
			dup |= loads[k] == x;
		if (dup)
			continue;
		if (n == MAXLOADS) {
			warnx("too many loads named");
			return -1;
		}
		loads[n++] = x;
	}
	unused_options(o, loads, n);
	return n;
}

void
report_data(struct report_opts *ro)
{
	static const char *order[MAXLOADS + 1], *aliases[2 * MAXLOADS + 1];
	const struct load *const *l;
	int n = 0, a = 0;

	for (l = load_table; *l && n < MAXLOADS; l++) {
		order[n++] = (*l)->name;
		if ((*l)->alias) {
			aliases[a++] = (*l)->alias;
			aliases[a++] = (*l)->name;
		}
	}
	order[n] = NULL;
	aliases[a] = NULL;
	ro->order = order;
	ro->aliases = aliases;
}
