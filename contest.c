/*
 * contest.c: the harness.  Reads the command line, checks everything it
 * can before the first compile, writes the built-in tree, then runs the
 * suite (run.c does each run) in rounds and appends one record per run
 * to the log; renders the report with -r.  Only this file decides to
 * exit, and on a signal it dies by that signal once nothing of the run
 * in progress is left.
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "cage.h"
#include "gen.h"
#include "log.h"
#include "outfile.h"
#include "report.h"
#include "run.h"
#include "sizing.h"
#include "util.h"

#define VERSION "0.2"
#define MAXLOADS 64

static struct {
	long runs;
	char label[LOG_LABEL_MAX + 1];
	const char *log;
	const char *workdir;
	const char *tree;		/* -s: kernel tree, NULL: built-in */
	const char *target;
	long jobs;
	long lead;
	long units;			/* --units; 0: the sizing policy's */
	double timeout;			/* --timeout; 0: the default */
	int by_load;			/* --by-load: all runs of a load together */
	struct probe_cfg probe;		/* --probe */
	double req_t[2];		/* --req-t1, --req-t2: an I/O load's request thresholds, ms */
	int prof_mode;			/* --profile: PROF_* */
	int prof_set;			/* --profile given: CONTEST_PROFILE does not count */
	int no_baseline;
	int plan;			/* --plan: say what would be done, do nothing */
	long plan_cpus;			/* --cpus: plan for this many CPUs; 0: this box's */
	unsigned long long plan_mem;	/* --mem: ... this much RAM, bytes; 0: this box's */
	unsigned long long plan_disk;	/* --disk: ... this much free disk, bytes; 0: this box's */
	int report;
	struct report_opts ro;
	double until;			/* --until PCT: rounds until every Ratio is known within it; 0: off */
	long max_rounds;		/* --max-rounds; 0: DEF_MAX_ROUNDS with --until */
	double max_time;		/* --max-time MINUTES, in seconds; 0: none */
	const char *against;		/* --against LABEL */
	struct load_values values;	/* the loads' own options */
} opt;

/*
 * The invocation: what every record of this run of contest shares, built
 * once after the command line is parsed (identify, then settle) and
 * passed down; run.c starts each record from who (run_env.who).
 */
struct invocation {
	struct rec who;			/* host, kernel, label, inv, ncpu, jobs, workload, config, drop */
	struct sz_machine mach;		/* what the sizing policy sizes for: this box, or --plan's */
	char tree_dir[PATH_MAX];	/* where the compile runs */
	double disturb_pct;		/* the disturbed mark: CONTEST_DISTURB_PCT, else DISTURB_PCT */
	struct rec snap;		/* the box's snapshot ... */
	int snap_due;			/* ... to go in the log with the first run's record */
};

static struct cage cage;
static struct sys machine;		/* the machine's counters (sys.h) */
static int lock_fd = -1;		/* the machine-wide measuring lock */
static struct prof prof;		/* the kernel profile's events and kallsyms snapshot */

/* ------------------------------------------------------------- dying */

/* Die by sig, as a shell loop expects of a program stopped by ^C. */
static void
die_by(int sig)
{
	fflush(stdout);
	fflush(stderr);
	run_default_signals();
	raise(sig);
	_exit(128 + sig);
}

/* A signal stopped the run in progress: it is cleaned up; so is the rest. */
static void
stopped_by(int sig, int live)
{
	fprintf(stderr, "%scontest: %s: stopped, no record written for the run in progress\n",
	    live ? "\n" : "", strsignal(sig));
	cage_close(&cage);
	die_by(sig);
}

/* -------------------------------------------------------- command line */

/*
 * The core options, one row each.  getopt's short and long options,
 * usage() (--help) and the check that an option goes with its mode are
 * made from this table; the loads' own options come from the load table
 * (loads/load.h) and join them.  Adding an option:
 *   1. one row here: its id, --NAME, -KEY or 0, the argument's name for
 *      --help or NULL for none, the mode it belongs to, one line of help;
 *   2. its case, by id, in the switch of parse_options();
 *   3. its entry in doc/contest.1, in SYNOPSIS and OPTIONS (t0017 checks
 *      both against --help).
 * Modes: RUN (a run of the suite), REPORT (with -r), BOTH, ALONE (does
 * its job and exits).  An option given in the other mode is refused.
 */
#define CORE_OPTIONS(X) \
	X(OPT_RUNS,	"runs",		'n', "RUNS",	RUN,	"runs of each load, 1 to 1000 (default 3)") \
	X(OPT_LABEL,	"label",	'k', "LABEL",	BOTH,	"the kernel's name in the log; with -r, the candidate") \
	X(OPT_LOG,	"log",		'l', "LOG",	BOTH,	"the results log (default contest.log)") \
	X(OPT_WORKDIR,	"workdir",	'd', "WORKDIR",	RUN,	"the work directory (default contest-work)") \
	X(OPT_SOURCE,	"source",	's', "KERNEL_TREE", RUN, "compile this kernel tree, not the built-in one") \
	X(OPT_TARGET,	"target",	'T', "TARGET",	RUN,	"the make target in a kernel tree (default vmlinux)") \
	X(OPT_JOBS,	"jobs",		'j', "JOBS",	RUN,	"make -j JOBS (default 4 x usable CPUs, as memory allows)") \
	X(OPT_LEAD,	"lead",		0,   "SECONDS",	RUN,	"a load runs alone this long first (default 3)") \
	X(OPT_UNITS,	"units",	0,   "N",	RUN,	"units of the built-in tree (default: a 90 s no_load here)") \
	X(OPT_TIMEOUT,	"timeout",	0,   "SECONDS",	RUN,	"the longest a compile may take") \
	X(OPT_BYLOAD,	"by-load",	0,   NULL,	RUN,	"all runs of a load together, not rounds") \
	X(OPT_NOBASE,	"no-baseline",	0,   NULL,	RUN,	"no no_load first when the log has none") \
	X(OPT_PROBE,	"probe",	0,   "PROFILE",	RUN,	"audio, video, PERIOD_MS:PERCENT, off (default audio)") \
	X(OPT_PLAN,	"plan",		0,   NULL,	RUN,	"print what the run would do here, run nothing") \
	X(OPT_CPUS,	"cpus",		0,   "N",	RUN,	"with --plan: plan for N usable CPUs") \
	X(OPT_MEM,	"mem",		0,   "SIZE",	RUN,	"with --plan: plan for SIZE of RAM") \
	X(OPT_DISK,	"disk",		0,   "SIZE",	RUN,	"with --plan: plan for SIZE of free disk") \
	X(OPT_REQ_T1,	"req-t1",	0,   "MS",	RUN,	"an I/O load's request this long is slow (default 100)") \
	X(OPT_REQ_T2,	"req-t2",	0,   "MS",	RUN,	"... and this long a stall (default 1000)") \
	X(OPT_PROFILE,	"profile",	0,   "MODE",	RUN,	"the kernel profile: kernel, all, off (default kernel)") \
	X(OPT_UNTIL,	"until",	0,   "PCT",	RUN,	"rounds until every Ratio is known within PCT %") \
	X(OPT_MAXROUNDS, "max-rounds",	0,   "N",	RUN,	"with --until: rounds at most (default 20)") \
	X(OPT_MAXTIME,	"max-time",	0,   "MINUTES",	RUN,	"with --until: no round that would end past this") \
	X(OPT_AGAINST,	"against",	0,   "LABEL",	RUN,	"with --until: the change against LABEL within PCT") \
	X(OPT_REPORT,	"report",	'r', NULL,	REPORT,	"render the logs instead of running") \
	X(OPT_VERBOSE,	"verbose",	'v', NULL,	REPORT,	"the long form: sd, paired Ratio, details, snapshots") \
	X(OPT_BASE,	"base",		'b', "LABEL",	REPORT,	"the label other labels' rows are compared with") \
	X(OPT_COMPARE,	"compare",	'c', "LABEL",	REPORT,	"each label against LABEL, metric by metric") \
	X(OPT_FORMAT,	"format",	0,   REPORT_FORMAT_ARG, REPORT, "the report's form (default table)") \
	X(OPT_BARS,	"bars",		0,   NULL,	REPORT,	"Ratio as text bars") \
	X(OPT_SVG,	"svg",		0,   "FILE",	REPORT,	"the charts as an SVG file as well") \
	X(OPT_DISTURBED, "disturbed",	0,   NULL,	REPORT,	"keep the runs marked disturbed in the means") \
	X(OPT_PROFILES,	"profiles",	'p', NULL,	REPORT,	"the kernel profiles; with -c, each load's diffprofile") \
	X(OPT_VERDICT,	"verdict",	0,   "BASE",	REPORT,	"is the newest label (-k) worse than BASE: 0, 1, 125") \
	X(OPT_THRESHOLD, "threshold",	0,   "PCT",	REPORT,	"with --verdict: worse by over PCT % (default: floors)") \
	X(OPT_LIST,	"list-loads",	0,   NULL,	ALONE,	"print every load and exit") \
	X(OPT_HELP,	"help",		0,   NULL,	ALONE,	"print this and exit") \
	X(OPT_VERSION,	"version",	0,   NULL,	ALONE,	"print the version and exit")

enum mode { RUN = 1, REPORT = 2, BOTH = RUN | REPORT, ALONE = 4 };

struct core_option {
	const char *name;	/* --NAME */
	int key;		/* -KEY as well, or 0 */
	const char *arg;	/* the argument's name in --help; NULL: it takes none */
	enum mode mode;		/* the command line it belongs to */
	const char *help;	/* one line for --help */
};

#define AS_ID(id, name, key, arg, mode, help) id,
#define AS_ROW(id, name, key, arg, mode, help) { name, key, arg, mode, help },
enum core_id { CORE_OPTIONS(AS_ID) NCORE };
static const struct core_option core[NCORE] = { CORE_OPTIONS(AS_ROW) };

#define GETOPT_LONG	256	/* getopt's value for a long option: this + its index */
#define MAXLOADOPTS	32	/* the loads' options offered, at most */

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
	int i, col;

	col = fprintf(f, "%s", lead);
	for (i = 0; i < NCORE; i++)
		if ((core[i].mode & mode) && i != OPT_REPORT) {
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
help_line(FILE *f, int key, const char *name, const char *arg, const char *help)
{
	char flag[64];

	snprintf(flag, sizeof(flag), "%c%c%s--%s%s%s", key ? '-' : ' ', key ? key : ' ',
	    key ? ", " : "  ", name, arg ? " " : "", arg ? arg : "");
	if (strlen(flag) > 23)	/* at least two spaces before the help */
		fprintf(f, "  %s\n%27s%s\n", flag, "", help);
	else
		fprintf(f, "  %-24s %s\n", flag, help);
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
	size_t p;
	int i;

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

/*
 * Milliseconds from the command line, as the log keeps them: a plain
 * decimal from 0.001 to MAX_REQ_MS in at most 3 decimals (req_t1 and
 * req_t2 are written with 3), so that what is logged is what was given:
 * 1e-300 would be logged as 0.000, and 0.0015 as another threshold than
 * the one the requests were timed against.
 */
static double
millis(const char *what, const char *s)
{
	size_t whole = strspn(s, "0123456789"), frac = 0, dec;
	double v;

	if (s[whole] == '.')
		frac = strspn(s + whole + 1, "0123456789");
	for (dec = frac; dec > 0 && s[whole + dec] == '0'; dec--)	/* trailing zeros say nothing */
		;
	v = strtod(s, NULL);
	if (whole == 0 || s[whole + (s[whole] == '.') + frac] != '\0' || dec > 3 ||
	    !(v >= 0.001 && v <= MAX_REQ_MS)) {
		warnx("%s must be milliseconds from 0.001 to %d in at most 3 decimals (the log keeps "
		    "them to a microsecond), not '%s'", what, MAX_REQ_MS, s);
		exit(2);
	}
	return v;
}

/* Numbers from the command line: whole, in range, nothing after them. */
static long
number(const char *what, const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || v < lo || v > hi) {
		warnx("%s must be a whole number from %ld to %ld, not '%s'", what, lo, hi, s);
		exit(2);
	}
	return v;
}

static void
list_loads(void)
{
	const struct load *const *l;
	const struct load_option *o;

	for (l = load_table; *l; l++) {
		printf("%-14s %-9s %s%s", (*l)->name, (*l)->unit, (*l)->desc,
		    (*l)->flags & LOAD_EXTRA ? " (not in the default suite)" : "");
		for (o = (*l)->options; o && o->name; o++)
			printf("%s--%s", o == (*l)->options ? "; options: " : ", ", o->name);
		printf("\n");
	}
}

/* What the report knows of the loads: their order and their aliases. */
static void
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

/* ----------------------------------------------------------- preflight */

/* Is prog an executable in PATH (or a path to one)? */
static int
in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p;
	char buf[PATH_MAX];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path; ; p += strcspn(p, ":") + 1) {
		int n = (int)strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/%s", n ? n : 1, n ? p : ".", prog);
		if (access(buf, X_OK) == 0)
			return 1;
		if (p[n] == '\0')
			return 0;
	}
}

/* The make to run: $MAKE (one program, no arguments) or make. */
static const char *
make_prog(void)
{
	const char *m = getenv("MAKE");

	return m && *m ? m : "make";
}

/*
 * FNV-1a 64 of a regular file, as 16 hex digits.  -1 with errno, EINVAL
 * for what is not a regular file (a FIFO would block the read forever).
 */
static int
hash_file(const char *path, char out[17])
{
	static unsigned char buf[65536];	/* not on the stack: contest runs under ulimit -s 64 */
	unsigned long long h = 0xcbf29ce484222325ULL;
	struct stat st;
	ssize_t n, i;
	int fd;

	if (stat(path, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		for (i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
	close(fd);
	if (n < 0)
		return -1;
	snprintf(out, 17, "%016llx", h);
	return 0;
}

/*
 * A directory contest writes in as root must not be a way to write
 * elsewhere: not a symbolic link, and not writable by others.
 */
static void
check_dir_safe(const char *what, const char *path, int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		err(2, "cannot stat the %s '%s'", what, path);
	if (st.st_uid != geteuid() && (st.st_mode & 022))
		errx(2, "the %s '%s' belongs to another user and others may write in it: refused",
		    what, path);
	if ((st.st_mode & 002) && !(st.st_mode & S_ISVTX))
		errx(2, "the %s '%s' is writable by everyone: refused", what, path);
}

/* Open (made if missing) a directory of contest's, never through a link. */
static int
open_own_dir(const char *what, const char *path)
{
	int fd;

	if (mkdirs(path, 0755) < 0)
		err(2, "cannot create the %s '%s'", what, path);
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		if (errno == ELOOP || errno == ENOTDIR) {
			struct stat st;
			if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
				errx(2, "the %s '%s' is a symbolic link: refused", what, path);
		}
		err(2, "cannot open the %s '%s'", what, path);
	}
	check_dir_safe(what, path, fd);
	return fd;
}

/*
 * CC as make takes it: a command whose words the shell splits, so
 * "gcc -std=gnu11" is the compiler gcc with an argument.  Its first
 * word must be in PATH; shell quoting in it is refused, as contest
 * could not tell which word is the compiler.
 */
static int
check_cc(const char *cc)
{
	char word[PATH_MAX];
	size_t n;

	if (strpbrk(cc, "'\"\\$`") != NULL)
		errx(2, "CC='%s' holds shell quoting or expansion: give the compiler and its "
		    "arguments as plain words", cc);
	cc += strspn(cc, " \t");
	if ((n = strcspn(cc, " \t\n")) == 0 || n >= sizeof(word))
		errx(2, "CC='%s' names no compiler", cc);
	memcpy(word, cc, n);
	word[n] = '\0';
	if (!in_path(word)) {
		warnx("cannot find the compiler '%s' (CC's first word) in PATH", word);
		return 1;
	}
	return 0;
}
/*
 * The open-file limit (ulimit -n): below NOFILE_MIN a run cannot work
 * (contest holds up to 16 descriptors, the built-in tree's compile opens
 * some 24 headers at once), and would be measured and then lost when
 * its record cannot be opened.  Refused before anything is made.
 */
static void
check_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < NOFILE_MIN)
		errx(2, "the open-file limit (ulimit -n) is %llu: a run needs at least %d (contest "
		    "itself up to 16, the compile some 24); raise it", (unsigned long long)rl.rlim_cur,
		    NOFILE_MIN);
}
/*
 * path as make will see it: realpath of its nearest existing ancestor
 * (symbolic links and a relative start resolved), and the rest of it.
 */
static void
resolved(const char *path, char *out, size_t len)
{
	char head[PATH_MAX], real[PATH_MAX], *p = NULL;

	snprintf(head, sizeof(head), "%s", path);
	while (realpath(head, real) == NULL && (p = strrchr(head, '/')) != NULL && p != head)
		*p = '\0';
	if (realpath(head, real) == NULL) {	/* not even the first part: the current directory */
		if (getcwd(real, sizeof(real)) == NULL)
			snprintf(real, sizeof(real), ".");
		snprintf(out, len, "%s/%s", real, path);
		return;
	}
	snprintf(out, len, "%s%s", real, path + strlen(head));
}
/*
 * The built-in tree's path goes into make's rules and the shell's
 * commands, where some bytes are syntax: a space splits the path in two
 * (every compile then fails: "cannot specify -o with multiple files").
 * Refused up front, saying which byte and why, rather than quoted all
 * through a tree that must build the way Kbuild builds.
 */
static void
check_make_path(const char *what, const char *path)
{
	static const struct {
		const char *bytes, *why;
	} syntax[] = {
		{ " \t\n\r\v\f", "make splits words at white space (every compile fails)" },
		{ "#", "make takes the rest of the line for a comment" },
		{ "$", "make expands it as a variable" },
		{ "%", "make takes it for a pattern" },
		{ ":;=", "make reads it as a rule or an assignment" },
		{ "*?[]", "make and the shell expand it as a wildcard" },
		{ "\"'`\\&|<>(){}!^", "the shell reads it as syntax in the tree's commands" },
	};
	static char shown[4 * PATH_MAX];
	char abs[PATH_MAX + 64], vis[8];
	size_t i, k;

	resolved(path, abs, sizeof(abs));
	for (i = 0; abs[i]; i++) {
		unsigned char c = (unsigned char)abs[i];
		const char *why = c < 0x20 || c == 0x7f ? "a control character" :
		    "make and the shell in the tree's commands may read it as syntax";

		if (c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("/._-+,@~", c) != NULL)
			continue;
		for (k = 0; k < sizeof(syntax) / sizeof(syntax[0]); k++)
			if (strchr(syntax[k].bytes, c) != NULL)
				why = syntax[k].why;
		log_vis(vis, sizeof(vis), abs + i, 1);
		log_vis(shown, sizeof(shown), abs, strlen(abs));
		errx(2, "the %s's path '%s' holds '%s' at byte %zu: %s; refused, as the path goes "
		    "into the tree's make rules and shell commands: it may hold letters, digits, "
		    "non-ASCII characters and / . _ - + , @ ~", what, shown, vis, i + 1, why);
	}
}
/*
 * A load's own directory (-o): where it makes files as it runs, so as
 * safe as the work directory: a directory, not a link, not writable by
 * others, writable by contest.
 */
static void
check_load_dir(const char *load, const char *opt_name, const char *path)
{
	char what[96];
	int fd;

	snprintf(what, sizeof(what), "%s directory (--%s)", load, opt_name);
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			errx(2, "the %s '%s' is a symbolic link: refused", what, path);
		err(2, "cannot open the %s '%s'", what, path);
	}
	check_dir_safe(what, path, fd);
	if (faccessat(fd, ".", W_OK | X_OK, AT_EACCESS) < 0)
		err(2, "cannot write in the %s '%s'", what, path);
	close(fd);
}
/* CONTEST_DISTURB_PCT as a percentage, DISTURB_PCT if unset; -1 if bad. */
static int
disturb_env(double *pct)
{
	const char *v = getenv("CONTEST_DISTURB_PCT");
	char *end;

	*pct = DISTURB_PCT;
	if (v == NULL)
		return 0;
	errno = 0;
	*pct = strtod(v, &end);
	return end == v || *end || errno || !(*pct >= 0 && *pct <= 100) ? -1 : 0;
}

/* CONTEST_PROFILE's mode, PROF_KERNEL if unset; -1 if bad. */
static int
profile_env(int *mode)
{
	const char *v = getenv("CONTEST_PROFILE");

	*mode = v ? prof_mode_parse(v) : PROF_KERNEL;
	return *mode < 0 ? -1 : 0;
}

/* make, cc, the open-file limit and the environment: exit 2 if bad;
 * 1 (said) for what is missing, else 0. */
static int
check_tools(void)
{
	const char *cc = getenv("CC"), *v;
	double pct;
	int mode, missing = 0;

	if (disturb_env(&pct) < 0 && (v = getenv("CONTEST_DISTURB_PCT")) != NULL)
		errx(2, "CONTEST_DISTURB_PCT must be a percentage from 0 to 100, not '%s'", v);
	if (profile_env(&mode) < 0)
		errx(2, "CONTEST_PROFILE must be kernel, all or off, not '%s'", getenv("CONTEST_PROFILE"));
	check_nofile();
	if (!in_path(make_prog())) {
		warnx("cannot find '%s' in PATH", make_prog());
		missing = 1;
	}
	return check_cc(cc && *cc ? cc : "cc") | missing;
}

/*
 * The log: a regular file contest may append to, or one it may create
 * (outfile.c says what it refuses), with room for this invocation's
 * records under the file size limit: a record cut short by it would be
 * a run measured and lost.
 */
static void
check_log(int nloads)
{
	struct rlimit rl;
	struct stat sb;
	char why[PATH_MAX + 160];
	unsigned long long need;
	int mode = opt.prof_mode;

	if (out_open(opt.log, OUT_CHECK, why, sizeof(why)) < 0)
		errx(2, "log: %s", why);
	/* a snapshot, and per run (no_load may join) a record and, unless
	 * --profile is off, its kernel profile's, each at most a line */
	if (!opt.prof_set)
		profile_env(&mode);	/* check_tools saw it is good */
	need = (unsigned long long)((mode == PROF_OFF ? 1 : 2) * opt.runs * (nloads + 1) + 1) *
	    LOG_LINE_MAX;
	if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    (stat(opt.log, &sb) < 0 ? 0 : (unsigned long long)sb.st_size) + need > rl.rlim_cur)
		errx(2, "the file size limit (ulimit -f: %llu bytes) leaves the log '%s' too little "
		    "room: its records may need up to %llu bytes more", (unsigned long long)rl.rlim_cur,
		    opt.log, need);
}
/*
 * The work directory: an existing one is used as it is; a new one needs
 * an existing ancestor we may write in.  dir: the nearest existing one,
 * where the loads' disk checks look.
 */
static void
check_workdir(char *dir, size_t len)
{
	struct stat sb;
	char *p;

	snprintf(dir, len, "%s", opt.workdir);
	if (lstat(opt.workdir, &sb) == 0) {
		if (S_ISLNK(sb.st_mode))
			errx(2, "the work directory '%s' is a symbolic link: refused", opt.workdir);
		if (!S_ISDIR(sb.st_mode))
			errx(2, "the work directory '%s' is not a directory", opt.workdir);
		if (access(opt.workdir, W_OK | X_OK) < 0)
			err(2, "cannot write in the work directory '%s'", opt.workdir);
		return;
	}
	while ((p = strrchr(dir, '/')) != NULL && p != dir) {
		*p = '\0';
		if (stat(dir, &sb) == 0)
			break;
	}
	if (p == NULL)
		snprintf(dir, len, ".");
	else if (p == dir)
		snprintf(dir, len, "/");
	if (stat(dir, &sb) < 0 || !S_ISDIR(sb.st_mode) || access(dir, W_OK | X_OK) < 0)
		errx(2, "cannot create the work directory '%s': '%s' is not a writable directory",
		    opt.workdir, dir);
}

/*
 * -s: a configured tree with a Makefile, at a path that fits the log;
 * without it, the built-in tree's place: a path make can take, and no
 * WORKDIR/builtin that contest did not make (gen_check).
 */
static void
check_tree(void)
{
	char path[PATH_MAX + 32], real[PATH_MAX], e[PATH_MAX + 200];
	struct stat sb;

	if (opt.tree == NULL) {
		check_make_path("work directory", opt.workdir);
		snprintf(path, sizeof(path), "%s/builtin", opt.workdir);
		if (gen_check(path, e, sizeof(e)) < 0)
			errx(2, "%s", e);
		return;
	}
	snprintf(path, sizeof(path), "%s/Makefile", opt.tree);
	if (stat(opt.tree, &sb) < 0 || !S_ISDIR(sb.st_mode))
		errx(2, "kernel tree '%s' is not a directory", opt.tree);
	if (access(path, R_OK) < 0)
		errx(2, "kernel tree '%s' has no Makefile", opt.tree);
	snprintf(path, sizeof(path), "%s/.config", opt.tree);
	if (stat(path, &sb) < 0 && errno == ENOENT)
		errx(2, "kernel tree '%s' has no .config: configure it first, "
		    "e.g. 'make -C %s defconfig'", opt.tree, opt.tree);
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))	/* a FIFO would hang its hash */
		errx(2, "'%s' is not a regular file: refused", path);
	if (access(path, R_OK) < 0)
		err(2, "cannot read '%s'", path);
	if (realpath(opt.tree, real) == NULL)
		err(2, "cannot resolve '%s'", opt.tree);
	if (strlen(real) >= LOG_WORKLOAD_MAX)
		errx(2, "kernel tree path '%s' is too long", real);
}

/* The no_load Time the sizing policy expects: the built-in tree's model, SZ_TARGET_S for a kernel's. */
static double
noload_est(const struct invocation *iv)
{
	return opt.tree ? SZ_TARGET_S : sz_noload_s(opt.units, sz_par(&iv->mach, opt.jobs));
}

/*
 * The built-in tree, built, must fit the free space where it goes
 * (sizing.c's estimate), unless it is there already; with --plan
 * --disk, the disk planned for.  1 (said) if not.
 */
static int
check_tree_disk(const struct invocation *iv, const char *where)
{
	char path[PATH_MAX + 16], a[32], b[32];
	unsigned long long need = sz_tree_disk(opt.units), free;
	struct statvfs sv;

	if (opt.tree)
		return 0;
	snprintf(path, sizeof(path), "%s/builtin", opt.workdir);
	if (gen_present(path, (unsigned)opt.units))
		return 0;
	if (opt.plan_disk) {
		if (need <= iv->mach.disk_free)
			return 0;
		warnx("the built-in tree of %ld units needs %s, --disk plans %s (%llu byte%s) free", opt.units,
		    sz_bytes(a, sizeof(a), need), sz_bytes(b, sizeof(b), iv->mach.disk_free), iv->mach.disk_free,
		    iv->mach.disk_free == 1 ? "" : "s");
		return 1;
	}
	/* no blocks at all: not a disk (/proc); making the directory will say why */
	if (need <= (free = load_free_bytes(where)) || statvfs(where, &sv) < 0 || sv.f_blocks == 0)
		return 0;
	warnx("the built-in tree of %ld units needs %s, '%s' has %s free", opt.units,
	    sz_bytes(a, sizeof(a), need), where, sz_bytes(b, sizeof(b), free));
	return 1;
}

/*
 * The machine load l is sized for: the invocation's (this box, or the
 * one --plan's --cpus, --mem and --disk describe), its disk where l's
 * files go unless --disk says.
 */
static void
load_machine(const struct invocation *iv, const struct load *l, struct sz_machine *m)
{
	const char *d;

	*m = iv->mach;
	if (!opt.plan_disk && l->dir_option && (d = load_option_value(&opt.values, l->dir_option)) != NULL)
		m->disk_free = load_free_bytes(d);
}

/* A load its check sized down to RLIMIT_FSIZE: said, since the user may not know the limit. */
static void
say_fsize(const struct load *l, const struct load_ctx *ctx)
{
	char b[32];
	int k;

	for (k = 0; k < ctx->nnotes; k++)
		if (!strcmp(ctx->note[k].key, "sizing") && !strcmp(ctx->note[k].val, "capped-fsize"))
			warnx("%s: sized down to the file size limit (ulimit -f, %s)", l->name,
			    sz_bytes(b, sizeof(b), sz_fsize()));
}

/*
 * Each load's required options and its own check (base: where its files
 * go), on this machine as it is or with --plan on the one planned for:
 * exit 2 for bad options; 1 (said) when a load cannot run there.
 */
static int
check_loads(const struct invocation *iv, const struct load **loads, int nloads, const char *base)
{
	static struct sz_machine m;
	const char *v;
	struct stat sb;
	int i, rc, cannot = 0;

	for (i = 0; i < nloads; i++) {
		const struct load *l = loads[i];
		const struct load_option *o;
		static struct load_ctx ctx;	/* some 240 KiB (its request shards): not on the stack */

		for (o = l->options; o && o->name; o++)
			if (o->required && load_option_value(&opt.values, o->name) == NULL) {
				if (o->key)
					errx(2, "%s needs -%c %s or --%s %s: %s", l->name, o->key, o->arg,
					    o->name, o->arg, o->help);
				errx(2, "%s needs --%s %s: %s", l->name, o->name, o->arg, o->help);
			}
		if (l->dir_option && (v = load_option_value(&opt.values, l->dir_option)) != NULL)
			check_load_dir(l->name, l->dir_option, v);
		if (l->check == NULL)
			continue;
		memset(&ctx, 0, sizeof(ctx));
		load_ctx_options(&opt.values, l, &ctx);
		/* a work directory still to be made lies on its parent's filesystem */
		ctx.base = l->dir_option ? load_option_value(&opt.values, l->dir_option) :
		    stat(opt.workdir, &sb) == 0 ? opt.workdir : base;
		ctx.tree = opt.tree;
		ctx.ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
		ctx.ncpu = (int)iv->who.ncpu;
		ctx.jobs = opt.jobs;
		ctx.run_s = noload_est(iv);
		if (opt.plan) {
			load_machine(iv, l, &m);
			ctx.mach = &m;
		}
		if ((rc = l->check(&ctx)) < 0) {
			char vis[256];
			log_vis(vis, sizeof(vis), ctx.reason, strlen(ctx.reason));
			if (rc == LOAD_BAD_OPTION)
				errx(2, "%s: %s", l->name, vis);
			warnx("%s: %s", l->name, vis);
			cannot = 1;
			continue;
		}
		say_fsize(l, &ctx);
	}
	return cannot;
}

/*
 * Everything about the command line and the paths it names, checked
 * before anything is created: exit 2 for bad input; 1 when something
 * is missing on the machine or does not fit it (each said).  It only
 * checks: settle() then takes the values.
 */
static int
check_inputs(const struct invocation *iv, const struct load **loads, int nloads)
{
	char dir[PATH_MAX];
	int cannot;

	cannot = check_tools();
	check_log(nloads);
	check_workdir(dir, sizeof(dir));
	check_tree();
	cannot |= check_tree_disk(iv, access(opt.workdir, F_OK) == 0 ? opt.workdir : dir);
	return cannot | check_loads(iv, loads, nloads, dir);
}

/* What the checked inputs give the invocation: the mark's level, and
 * with -s the tree's real path and its .config's hash. */
static void
settle(struct invocation *iv)
{
	char path[PATH_MAX + 32];

	disturb_env(&iv->disturb_pct);
	if (!opt.prof_set)
		profile_env(&opt.prof_mode);
	if (opt.tree == NULL)
		return;
	if (realpath(opt.tree, iv->tree_dir) == NULL)
		err(2, "cannot resolve '%s'", opt.tree);
	/* check_tree saw that it fits */
	snprintf(iv->who.workload, sizeof(iv->who.workload), "%.*s", (int)sizeof(iv->who.workload) - 1, iv->tree_dir);
	snprintf(path, sizeof(path), "%s/.config", opt.tree);
	if (hash_file(path, iv->who.config) < 0)
		err(2, "cannot read '%s'", path);
}

/* ----------------------------------------------------------------- lock */

/*
 * Who holds the flock of the file fd is open on, from /proc/locks (the
 * kernel's word: nothing the file says is read).  1: a contest, *pid;
 * 0: another program, *pid (0 or less: one in another PID namespace),
 * comm its name; -1: none found (let go meanwhile, or no /proc/locks).
 */
static int
lock_holder(int fd, long *pid, char *comm, size_t len)
{
	char line[256], path[64];
	unsigned maj, mnr;
	unsigned long long ino;
	struct stat st;
	int rc = -1, k, cfd;
	FILE *f;

	if (fstat(fd, &st) < 0 || (f = fopen("/proc/locks", "r")) == NULL)
		return -1;
	while (rc < 0 && fgets(line, sizeof(line), f)) {
		/* "1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF"; "1: -> FLOCK ..." waits */
		if (strstr(line, "->") || !strstr(line, "FLOCK") ||
		    sscanf(line, "%*s %*s %*s %*s %ld %x:%x:%llu", pid, &maj, &mnr, &ino) != 4 ||
		    maj != major(st.st_dev) || mnr != minor(st.st_dev) || ino != (unsigned long long)st.st_ino)
			continue;
		snprintf(comm, len, "?");
		snprintf(path, sizeof(path), "/proc/%ld/comm", *pid);
		if (*pid > 0 && (cfd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
			if ((k = (int)read(cfd, comm, len - 1)) > 0)
				comm[k - (comm[k - 1] == '\n')] = '\0';
			close(cfd);
		}
		rc = *pid > 0 && !strcmp(comm, "contest");
	}
	fclose(f);
	return rc;
}

/*
 * One measuring contest per machine: two would drop each other's page
 * cache and share the CPUs.  The lock is a file opened read-only and
 * flock(2)ed (outfile.c: never through a link, never a device or a
 * FIFO), so whoever made it, nothing is written through it.  Anyone who
 * may read a file may flock it, so contest waits, saying so, only while
 * the holder is a contest; another holder (flock(1), a squatter) is
 * named and not waited for: the runs go on beside it, and its CPU, if it
 * uses any, marks them disturbed.
 */
static void
machine_lock(void)
{
	const char *path = getenv("CONTEST_LOCK");
	char why[PATH_MAX + 160], comm[32], vis[128];
	int said = 0, h;
	long pid;

	if (path == NULL || !*path)
		path = LOCK_PATH;
	if ((lock_fd = out_open(path, OUT_LOCK, why, sizeof(why))) < 0) {
		warnx("cannot use the machine lock: %s; not guarding against another contest", why);
		return;
	}
	while (flock(lock_fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			warn("cannot lock '%s'", path);
			return;
		}
		if ((h = lock_holder(lock_fd, &pid, comm, sizeof(comm))) == 0) {
			log_vis(vis, sizeof(vis), comm, strlen(comm));
			if (pid > 0)
				warnx("the machine lock '%s' is held by pid %ld ('%s'), which is not a contest: "
				    "not waiting for it", path, pid, vis);
			else
				warnx("the machine lock '%s' is held by a process outside this PID namespace: "
				    "not waiting for it", path);
			close(lock_fd);
			lock_fd = -1;
			return;
		}
		if (h == 1 && !said++)
			fprintf(stderr, "contest: another contest (pid %ld) is measuring on this machine "
			    "(lock '%s'): waiting for it to finish\n", pid, path);
		if (run_sleep(1) < 0)
			stopped_by(run_caught(), 0);
	}
	if (said)
		fprintf(stderr, "contest: the other contest finished; going on\n");
}

static void
machine_unlock(void)
{
	if (lock_fd >= 0) {
		close(lock_fd);
		lock_fd = -1;
	}
}

/* ------------------------------------------------------------ baseline */

/*
 * The mean no_load Time of this label and configuration in the log, as
 * the report after the runs divides the Ratios by (log_baseline), or 0
 * if it has none.
 */
static double
baseline_time(const struct invocation *iv)
{
	struct report_opts ro = { 0 };
	double base;
	FILE *f;

	if ((f = fopen(opt.log, "r")) == NULL)
		return 0;
	report_data(&ro);
	if ((base = log_baseline(f, opt.log, &iv->who, ro.aliases, ro.disturbed)) < 0)
		err(1, "calloc");
	fclose(f);
	return base;
}

/* --against's row lacks what an interval needs of one load: exit 2, saying why. */
static void
against_short(const char *name, const char *load, int baseline, long runs, long dist, double dmax)
{
	char what[96];

	snprintf(what, sizeof(what), "%s%s", load, baseline ? " (the Ratio's baseline)" : "");
	if (dist == 0)
		errx(2, "--against '%s' has %s ok run of %s: --until could never give the interval of "
		    "the change, which needs 2", name, runs ? "1" : "no", what);
	errx(2, "--against '%s': %s%ld ok run%s of %s %s marked disturbed (others used %s%.1f%% of the "
	    "CPUs), and --until counts none of them (contest -r --disturbed does): the interval of the "
	    "change needs 2 runs counted, it has %ld", name, runs ? "" : "all its ", dist,
	    dist == 1 ? "" : "s", what, dist == 1 ? "is" : "are", dist > 1 ? "up to " : "", dmax, runs);
}

/*
 * --against: the row it names, as -c takes it (LABEL#N, or a label seen
 * in one configuration), checked before anything runs (exit 2): known,
 * not the label measured, and with what --until's interval needs of it,
 * 2 ok runs counted (disturbed ones are not) of each load measured and
 * of no_load for the Ratio; else every round would run to --max-rounds
 * and end without an answer.  If its runs compiled another tree or
 * another -j (the sizing policy gave another, on other usable CPUs), say
 * so: its Ratio is then compared across trees.
 */
static void
against_known(const struct invocation *iv, const struct load **loads, int nloads)
{
	static struct report_row row;
	const char *names[MAXLOADS + 2];
	struct report_opts ro = { 0 };
	char vis[256];
	int i, n = 0, alone = nloads == 1 && !strcmp(loads[0]->name, "no_load");

	if (opt.against == NULL)
		return;
	log_vis(vis, sizeof(vis), opt.against, strlen(opt.against));
	if (access(opt.log, R_OK) < 0)
		errx(2, "--against '%s': the log '%s' cannot be read: %s", vis, opt.log, strerror(errno));
	names[n++] = "no_load";
	for (i = 0; i < nloads; i++)
		if (strcmp(loads[i]->name, "no_load"))
			names[n++] = loads[i]->name;
	ro.loads = names;
	ro.nloads = n;
	report_data(&ro);
	if (report_row(&ro, opt.log, "--against", opt.against, &row) < 0)
		exit(2);
	if (!row.found)
		errx(2, "--against: no ok run of '%s' in '%s'", vis, opt.log);
	if (!strcmp(row.label, opt.label))
		errx(2, "--against '%s' is the label being measured: name another with -k", vis);
	for (i = 0; i < row.n; i++)
		if (row.l[i].runs < 2)
			against_short(vis, row.l[i].load, i == 0 && !alone, row.l[i].runs, row.l[i].disturbed,
			    row.l[i].disturbed_max);
	if (row.jobs != iv->who.jobs || strcmp(row.workload, iv->who.workload))
		fprintf(stderr, "contest: --against '%s' ran %s with -j%ld, this runs %s with -j%ld: its "
		    "Ratios are compared across trees (--units and -j as its make them the same)\n", vis,
		    row.workload, row.jobs, iv->who.workload, iv->who.jobs);
}

/* ------------------------------------------------------------ the suite */

struct plan {
	const struct load *load;
	long run, round;
};

/*
 * The sizing policy's answer for load l on the machine planned for (the
 * disk where its files go, unless --disk says): 0, or -1 with o->why.
 */
static int
load_plan(const struct invocation *iv, const struct load *l, struct sz_out *o)
{
	static struct sz_machine m;
	static struct load_ctx ctx;	/* some 240 KiB: not on the stack (ulimit -s 64) */
	struct sz_in in;

	memset(&ctx, 0, sizeof(ctx));
	load_ctx_options(&opt.values, l, &ctx);
	ctx.jobs = opt.jobs;
	ctx.tree = opt.tree;
	ctx.run_s = noload_est(iv);
	load_sz_in(&ctx, &in);
	load_machine(iv, l, &m);
	return sz_load(&m, l->sizing, &in, o);
}

/*
 * The memory the runs may hold, the compile's jobs (sz_compile_mem, an
 * upper bound) and the largest load's, against the machine's (--plan's
 * with --mem): more is said, as the compile could then swap or meet the
 * OOM killer, but not refused, the bound being high; the default -j
 * always fits.
 */
static void
check_memory(const struct invocation *iv, const struct load **loads, int nloads)
{
	unsigned long long comp = sz_compile_mem(opt.jobs, opt.tree != NULL), mem = 0;
	unsigned long long total = sz_mem_total(&iv->mach);
	char a[32], b[32], c[32], d[32];
	struct sz_out o;
	int i;

	for (i = 0; i < nloads; i++)
		if (load_plan(iv, loads[i], &o) == 0 && o.mem > mem)
			mem = o.mem;
	if (comp + mem <= total)
		return;
	warnx("the runs may hold %s of memory (make -j%ld's jobs %s, the largest load's %s), and %s %s: "
	    "the compile may swap or meet the OOM killer (-j %ld fits)", sz_bytes(a, sizeof(a), comp + mem),
	    opt.jobs, sz_bytes(b, sizeof(b), comp), sz_bytes(c, sizeof(c), mem),
	    iv->mach.mem.cg_limit < iv->mach.mem.ram ? "the memory cgroup allows" :
	    opt.plan_mem ? "--mem plans" : "the machine has", sz_bytes(d, sizeof(d), total),
	    sz_jobs(&iv->mach, opt.tree != NULL));
}

/*
 * Everything a run checks before it makes anything, and --plan the
 * same, so that a plan exits 2 where the run would, with its message:
 * the command line, the paths, --against; and what the machine (this
 * one, or the one --plan's --cpus, --mem and --disk describe) cannot
 * give.  1 when something cannot run there (said), else 0; the checked
 * values are then the invocation's (settle).
 */
static int
preflight(struct invocation *iv, const struct load **loads, int nloads)
{
	int cannot = check_inputs(iv, loads, nloads);

	settle(iv);
	against_known(iv, loads, nloads);
	check_memory(iv, loads, nloads);
	return cannot;
}

/* Each load's setup seconds as the policy plans them, for the first estimates. */
static void
plan_setups(const struct invocation *iv, const struct load **loads, int nloads, double *setup)
{
	struct sz_out o;
	int i;

	for (i = 0; i < nloads; i++)
		setup[i] = load_plan(iv, loads[i], &o) == 0 ? o.setup_s : 0;
}

/* Seconds a run of l should take, from what is known so far (setup: its planned setup). */
static double
guess(const struct load *l, const double *spent, const long *done, int li, double base, double setup)
{
	if (done[li])
		return spent[li] / (double)done[li];
	if (l->flags & LOAD_IDLE)
		return base + RUN_OVERHEAD_S;
	return sz_run_s(l->sizing, base, (double)opt.lead, setup);
}

/* Seconds the runs of p from next on should take, of the first `rounds` rounds only (0: all). */
static double
secs_left(const struct plan *p, int np, int next, long rounds, const double *spent, const long *done,
    const struct load **loads, int nloads, double base, const double *setup)
{
	double left = 0;
	int i, k;

	for (i = next; i < np; i++)
		for (k = 0; k < nloads; k++)
			if (loads[k] == p[i].load && (rounds == 0 || p[i].round <= rounds))
				left += guess(loads[k], spent, done, k, base, setup[k]);
	return left;
}

/*
 * How long the runs from next on should take (took: seconds since the
 * first); with --until from its -n rounds to --max-rounds, or to
 * --max-time if that ends them sooner.
 */
static void
say_left(const struct plan *p, int np, int next, const double *spent, const long *done,
    const struct load **loads, int nloads, double base, const double *setup, double took)
{
	const char *from = opt.tree ? "the log's no_load runs" : "the log's no_load runs or the tree's size";
	double left, lo;

	if (!(base > 0)) {
		fprintf(stderr, "contest: %s%d run%s to go; how long, the first no_load run will tell\n",
		    opt.until > 0 ? "at most " : "", np - next, np - next == 1 ? "" : "s");
		return;
	}
	left = secs_left(p, np, next, 0, spent, done, loads, nloads, base, setup);
	if (opt.until > 0 && opt.max_time > 0 && left > opt.max_time - took)
		left = opt.max_time > took ? opt.max_time - took : 0;
	if (next == 0 && opt.until > 0) {
		lo = secs_left(p, np, 0, opt.runs, spent, done, loads, nloads, base, setup);
		fprintf(stderr, "contest: --until: %ld to %ld rounds of %d load%s, about %.0f to %.0f min in "
		    "all%s (estimated from %s)\n", opt.runs, opt.max_rounds, nloads, nloads == 1 ? "" : "s",
		    (lo < left ? lo : left) / 60, left / 60, opt.max_time > 0 &&
		    left >= opt.max_time ? ", --max-time ending them" : "", from);
	} else if (next == 0) {
		fprintf(stderr, "contest: %d run%s, about %.0f min in all (estimated from %s)\n", np,
		    np == 1 ? "" : "s", left / 60, from);
	} else if (next < np) {
		fprintf(stderr, "contest: %d of %s%d runs done, about %.0f min left%s\n", next,
		    opt.until > 0 ? "at most " : "", np, left / 60, opt.until > 0 ? " at most" : "");
	}
}

/*
 * Append rec to the log, or stop: the run is measured, and a record
 * that cannot be written must not pass unseen (a full disk, the file
 * size limit, a log replaced by a link meanwhile).
 */
static void
append(const struct rec *rec, const char *what)
{
	char why[PATH_MAX + 160];
	struct rlimit rl;

	if (log_append(opt.log, rec, why, sizeof(why)) == 0)
		return;
	if (errno == EFBIG && getrlimit(RLIMIT_FSIZE, &rl) == 0)
		warnx("cannot append %s to '%s': %s (the file size limit, ulimit -f, "
		    "is %llu bytes; the log is as it was)", what, opt.log, why,
		    (unsigned long long)rl.rlim_cur);
	else
		warnx("cannot append %s to '%s': %s", what, opt.log, why);
	cage_close(&cage);
	exit(1);
}

/* Append r to the log, the snapshot first if it is still due; exit 1 if it fails. */
static void
log_run(struct invocation *iv, const struct rec *rec, const char *what)
{
	char rw[256];

	if (iv->snap_due) {
		snprintf(iv->snap.date, sizeof(iv->snap.date), "%s", rec->date);
		append(&iv->snap, "the snapshot");
		iv->snap_due = 0;
	}
	snprintf(rw, sizeof(rw), "the record of %s", what);
	append(rec, rw);
}

/*
 * One run of load l: run it, log it, say how it went.  0 if ok; *elapsed
 * is the compile's Time, 0 when it did not run.
 */
static int
do_run(const struct run_env *e, struct invocation *iv, const struct load *l, long run, long round,
    double *elapsed)
{
	static struct run r;
	static struct rec rec, prec;	/* the run's record, its kernel profile's */
	double el;

	memset(&r, 0, sizeof(r));
	r.load = l;
	r.run = run;
	r.round = round;
	r.base = l->dir_option ? load_option_value(&opt.values, l->dir_option) : opt.workdir;
	snprintf(r.what, sizeof(r.what), "%s %ld/%ld", l->name, run, opt.until > 0 ? opt.max_rounds : opt.runs);
	snprintf(r.out_name, sizeof(r.out_name), "%s-%s-%ld.txt", opt.label, l->name, run);
	fprintf(stderr, "contest: %s: starting\n", r.what);
	if (run_do(e, &r) < 0)
		stopped_by(run_caught(), e->live);

	run_record(e, &r, &rec);
	log_run(iv, &rec, r.what);
	if (run_profile(e, &r, &rec, &prec) == 0)
		log_run(iv, &prec, r.what);
	*elapsed = el = rec.num[K_ELAPSED];
	fprintf(stderr, "contest: %s: %.2f s elapsed, CPU %.0f%%", r.what, el, derive_cpu(&rec));
	if (!(l->flags & LOAD_IDLE))
		fprintf(stderr, ", load %.1f %s, LCPU %.0f%%", rec.num[K_UNITS], l->unit, derive_lcpu(&rec));
	if (!strcmp(rec.status, ST_OK)) {
		fprintf(stderr, "\n");
		return 0;
	}
	{
		char vis[sizeof(rec.reason) * 4];
		log_vis(vis, sizeof(vis), rec.reason, strlen(rec.reason));
		fprintf(stderr, ", %s: %s\n", rec.status, vis);
	}
	if (r.show_tail)
		run_show_tail(e, &r);
	return -1;
}

/* The loads named (or the default suite), no_load first when needed. */
static int
choose_loads(int argc, char **argv, const struct load **loads)
{
	const struct load *const *l;
	int n = 0, i, k;

	if (argc == 0) {
		fprintf(stderr, "contest: no load named, %s the default suite:", opt.plan ? "planning" : "running");
		for (l = load_table; *l; l++)
			if (!((*l)->flags & LOAD_EXTRA)) {
				loads[n++] = *l;
				fprintf(stderr, " %s", (*l)->name);
			}
		fprintf(stderr, "\n");
	}
	for (i = 0; i < argc; i++) {
		const struct load *x = load_find(argv[i]);
		int dup = 0;

		if (x == NULL) {
			char vis[256];
			log_vis(vis, sizeof(vis), argv[i], strlen(argv[i]));
			fprintf(stderr, "contest: unknown load '%s'; the loads are:", vis);
			for (l = load_table; *l; l++)
				fprintf(stderr, " %s", (*l)->name);
			fprintf(stderr, "\n");
			exit(2);
		}
		for (k = 0; k < n; k++)
			dup |= loads[k] == x;
		if (dup)
			continue;
		if (n == MAXLOADS)
			errx(2, "too many loads named");
		loads[n++] = x;
	}
	/* an option of a load that does not run is probably a mistake */
	for (l = load_table; *l; l++) {
		const struct load_option *o;
		for (o = (*l)->options; o && o->name; o++) {
			int used = 0;
			if (load_option_find(o->name) != o || load_option_value(&opt.values, o->name) == NULL)
				continue;
			for (k = 0; k < n; k++) {
				const struct load_option *q;
				for (q = loads[k]->options; q && q->name; q++)
					used |= !strcmp(q->name, o->name);
			}
			if (!used)
				warnx("--%s is an option of a load that is not run here", o->name);
		}
	}
	return n;
}

/* Runs in the order they will be done: rounds, or all of one load together. */
static int
make_plan(struct plan *p, const struct load **loads, int nloads)
{
	int np = 0, i;
	long k;

	if (opt.by_load) {
		for (i = 0; i < nloads; i++)
			for (k = 1; k <= opt.runs; k++) {
				p[np].load = loads[i];
				p[np].run = k;
				p[np++].round = 0;
			}
	} else {
		for (k = 1; k <= (opt.until > 0 ? opt.max_rounds : opt.runs); k++)
			for (i = 0; i < nloads; i++) {
				p[np].load = loads[i];
				p[np].run = k;
				p[np++].round = k;
			}
	}
	return np;
}

/* The directory path names if it exists, else its nearest ancestor that does: where its disk is. */
static void
nearest_dir(char *dir, size_t len, const char *path)
{
	struct stat sb;
	char *p;

	snprintf(dir, len, "%s", path);
	while (stat(dir, &sb) < 0 && (p = strrchr(dir, '/')) != NULL && p != dir)
		*p = '\0';
	if (stat(dir, &sb) == 0)
		return;
	snprintf(dir, len, "%s", dir[0] == '/' ? "/" : ".");
}

/* --cpus, --mem, --disk: the machine to plan for instead of this one's. */
static void
plan_machine(struct sz_machine *m)
{
	if (opt.plan_cpus > 0) {
		memset(&m->cpu, 0, sizeof(m->cpu));
		m->cpu.online = m->cpu.affinity = m->cpu.cpuset = m->cpu.set = m->cpu.usable = (int)opt.plan_cpus;
	}
	if (opt.plan_mem > 0) {
		memset(&m->mem, 0, sizeof(m->mem));
		m->mem.ram = opt.plan_mem;
		m->mem.avail = opt.plan_mem / 100 * PLAN_AVAIL_PCT;
		m->mem.cg_limit = m->mem.cg_avail = SZ_UNLIMITED;
		m->mem.dirty = sz_dirty(opt.plan_mem);
	}
	if (opt.plan_disk > 0)
		m->disk_free = opt.plan_disk;
}

/* The CPUs contest plans for, and what it makes of them. */
static void
say_cpus(const struct invocation *iv)
{
	const struct sz_cpus *c = &iv->mach.cpu;
	char q[32] = "no quota";

	if (c->quota > 0)
		snprintf(q, sizeof(q), "quota %.2f", c->quota);
	fprintf(stderr, "contest: %d usable CPU%s of %d online (affinity %d, cpuset %d, %s): make -j%ld",
	    c->usable, c->usable == 1 ? "" : "s", c->online, c->affinity, c->cpuset, q, opt.jobs);
	if (opt.tree)
		fprintf(stderr, "\n");
	else
		fprintf(stderr, ", %ld units, about %.0f s a no_load compile\n", opt.units, noload_est(iv));
}

/*
 * Who is measured, as far as the command line and uname(2) say, and on
 * what: the CPUs and memory the sizing policy plans for, the -j and the
 * built-in tree's units it gives.
 */
static void
identify(struct invocation *iv)
{
	struct rec *w = &iv->who;
	char dir[PATH_MAX];
	struct utsname u;

	rec_init(w);
	uname(&u);
	snprintf(w->host, sizeof(w->host), "%s", u.nodename);
	snprintf(w->kernel, sizeof(w->kernel), "%s", u.release);
	if (!opt.label[0] && log_label_make(u.release, opt.label, sizeof(opt.label)) < 0) {
		char vis[256];
		log_vis(vis, sizeof(vis), u.release, strlen(u.release));
		errx(2, "the kernel release '%s' makes a label of more than %d bytes: name the "
		    "kernel with -k LABEL", vis, LOG_LABEL_MAX);
	}
	snprintf(w->label, sizeof(w->label), "%s", opt.label);
	sz_read(&iv->mach, NULL);
	nearest_dir(dir, sizeof(dir), opt.workdir);
	iv->mach.disk_free = load_free_bytes(dir);
	plan_machine(&iv->mach);
	w->ncpu = iv->mach.cpu.usable;
	w->ncpu_online = iv->mach.cpu.online;
	if (opt.jobs == 0)
		opt.jobs = sz_jobs(&iv->mach, opt.tree != NULL);
	if (opt.units == 0)
		opt.units = sz_units(sz_par(&iv->mach, opt.jobs));
	w->jobs = opt.jobs;
	snprintf(w->workload, sizeof(w->workload), "builtin:%ld", opt.units);
	snprintf(w->drop, sizeof(w->drop), "%s", access("/proc/sys/vm/drop_caches", W_OK) == 0 ? "yes" : "no");
	snprintf(w->inv, sizeof(w->inv), "%ld.%ld", (long)time(NULL), (long)getpid());
}

/*
 * The box, once per invocation: its own record in the log, written with
 * the first run's record (an invocation stopped before any run leaves
 * nothing), taken before the runs (it runs cc and make --version).
 */
static void
snapshot(struct invocation *iv)
{
	static struct sys_snap sn;
	struct rec *r = &iv->snap;
	time_t t = time(NULL);
	struct tm tm;

	*r = iv->who;
	r->snapshot = 1;
	sys_snap(&machine, &sn, make_prog(), iv->who.config[0] ? iv->who.config : NULL);
	sys_snap_record(&sn, r);
	gmtime_r(&t, &tm);
	strftime(r->date, sizeof(r->date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	iv->snap_due = 1;
}

/* The built-in tree, written if missing or stale. */
static void
builtin_tree(struct invocation *iv)
{
	char e[512], abs[PATH_MAX];
	struct rlimit rl;
	int rc;

	/* the tree path must not depend on where make runs */
	if (realpath(opt.workdir, abs) == NULL)
		err(1, "cannot resolve '%s'", opt.workdir);
	if (snprintf(iv->tree_dir, sizeof(iv->tree_dir), "%s/builtin", abs) >= (int)sizeof(iv->tree_dir))
		errx(2, "work directory path '%s' is too long", abs);
	rc = gen_tree(iv->tree_dir, (unsigned)opt.units, run_pending, e, sizeof(e));
	if (rc == -1 && errno == EFBIG && getrlimit(RLIMIT_FSIZE, &rl) == 0)
		errx(1, "%s (the file size limit, ulimit -f, is %llu bytes; the partial tree "
		    "is removed)", e, (unsigned long long)rl.rlim_cur);
	if (rc == -1)
		errx(1, "%s", e);
	if (rc == -2 || run_pending()) {
		/* the tree is whole or absent: nothing else to clean */
		fprintf(stderr, "contest: %s: stopped while writing the built-in tree, before any run\n",
		    strsignal(run_pending()));
		die_by(run_pending());
	}
	if (rc == 1)
		fprintf(stderr, "contest: wrote the built-in tree of %ld units to '%s'\n",
		    opt.units, iv->tree_dir);
}

/*
 * The tables so far, as soon as there is something whole to show: after
 * each round but the last (all the loads run, one more run each), or
 * with --by-load after each load's runs.  The user of an hour-long suite
 * need not wait for its end; the final report follows it.
 */
static int partials;	/* tables printed before the end */

static void
finished(const struct plan *p, int np, int k, const struct load **loads, int nloads)
{
	const char *names[MAXLOADS + 1];
	struct report_opts ro = { 0 };
	const char *logs[1] = { opt.log };
	int n = 0, i;

	if (k + 1 == np)
		return;		/* the final report says it all */
	if (opt.by_load) {
		if (p[k + 1].load == p[k].load)
			return;
		names[n++] = p[k].load->name;
		printf("%s done (%ld run%s):\n\n", p[k].load->name, opt.runs, opt.runs == 1 ? "" : "s");
	} else {
		if (p[k + 1].round == p[k].round)
			return;
		for (i = 0; i < nloads; i++)
			names[n++] = loads[i]->name;
		printf("After round %ld of %s%ld:\n\n", p[k].round, opt.until > 0 ? "at most " : "",
		    opt.until > 0 ? opt.max_rounds : opt.runs);
	}
	ro.loads = names;
	ro.nloads = n;
	report_data(&ro);
	fflush(stderr);
	report(&ro, 1, logs, stdout);
	fflush(stdout);
	partials++;
}

/* An untimed compile before the first cacherun, when none ran yet. */
static void
warm_up(const struct run_env *e, const struct load *l)
{
	static struct run r;

	memset(&r, 0, sizeof(r));
	r.load = l;
	r.base = opt.workdir;
	snprintf(r.what, sizeof(r.what), "warm-up");
	snprintf(r.out_name, sizeof(r.out_name), "warm-up.txt");
	fprintf(stderr, "contest: warm-up compile for %s (untimed)\n", l->name);
	if (run_do(e, &r) < 0)
		stopped_by(run_caught(), e->live);
	if (strcmp(r.status, ST_OK))
		fprintf(stderr, "contest: the warm-up compile failed (%s); %s goes on cold\n",
		    r.status, l->name);
}

/* The compile's time limit: --timeout, else from the no_load Time. */
static double
time_limit(double logbase, double sum, long n)
{
	double base = n ? sum / (double)n : logbase;

	if (opt.timeout > 0)
		return opt.timeout;
	if (!(base > 0))
		return TIMEOUT_NOBASE;
	return base * TIMEOUT_FACTOR > TIMEOUT_MIN ? base * TIMEOUT_FACTOR : TIMEOUT_MIN;
}

/* The work directory and its output/, made and locked; stale runs swept. */
static int
prepare_workdir(const struct load **loads, int nloads)
{
	char outdir[PATH_MAX + 16];
	int wfd, i;

	wfd = open_own_dir("work directory", opt.workdir);
	/* one contest per work directory: a second would rebuild the same
	 * tree under the first one's feet.  The lock dies with the process. */
	if (flock(wfd, LOCK_EX | LOCK_NB) < 0)
		errx(1, "another contest is running in the work directory '%s'", opt.workdir);
	run_sweep(opt.workdir);
	for (i = 0; i < nloads; i++)
		if (loads[i]->dir_option)
			run_sweep(load_option_value(&opt.values, loads[i]->dir_option));
	snprintf(outdir, sizeof(outdir), "%s/output", opt.workdir);
	return open_own_dir("output directory", outdir);
}

/* The machine's counters over the work directory's and -o's disks. */
static int
open_machine(const struct invocation *iv, const struct load **loads, int nloads)
{
	const char *dirs[2] = { opt.workdir, NULL };
	int i, rc;

	for (i = 0; i < nloads; i++)
		if (loads[i]->dir_option)
			dirs[1] = load_option_value(&opt.values, loads[i]->dir_option);
	if ((rc = sys_open(&machine, dirs, 2)) < 0)
		warnx("cannot read /proc/stat: runs are logged without the machine's counters");
	sys_cpus(&machine, iv->mach.cpu.mask, SZ_MAXCPU, iv->mach.cpu.online);
	if (machine.psi != SYS_PSI_ON)
		fprintf(stderr, "contest: %s: no pressure stall figures in the log\n", machine.psi_why);
	return rc;
}

/*
 * no_load first in the list: it leads each round (its Time is the
 * round's own baseline), and it joins the loads named when the log has
 * no baseline for this configuration.  How many loads there are now.
 */
static int
baseline_first(const struct load **loads, int nloads, double logbase)
{
	int i, asked = 0;

	for (i = 0; i < nloads; i++)
		asked |= !strcmp(loads[i]->name, "no_load");
	if (!opt.no_baseline && logbase == 0 && !asked) {
		fprintf(stderr, "contest: no no_load baseline for '%s' in '%s': %s no_load %s\n",
		    opt.label, opt.log, opt.plan ? "the plan runs" : "running", opt.by_load ? "first" :
		    "in every round");
		memmove(loads + 1, loads, (size_t)nloads * sizeof(loads[0]));
		loads[0] = load_find("no_load");
		return nloads + 1;
	}
	for (i = 1; i < nloads; i++)
		if (!strcmp(loads[i]->name, "no_load")) {
			const struct load *x = loads[i];
			memmove(loads + 1, loads, (size_t)i * sizeof(loads[0]));
			loads[0] = x;
		}
	return nloads;
}

/* What every run shares: the commands, the container, the counters. */
static void
fill_env(struct run_env *env, const struct invocation *iv)
{
	static char jobs[32], *job_argv[4], *clean_argv[4];

	snprintf(jobs, sizeof(jobs), "-j%ld", opt.jobs);
	job_argv[0] = (char *)make_prog();
	job_argv[1] = jobs;
	job_argv[2] = opt.tree ? (char *)opt.target : NULL;
	job_argv[3] = NULL;
	clean_argv[0] = (char *)make_prog();
	clean_argv[1] = "-s";
	clean_argv[2] = "clean";
	clean_argv[3] = NULL;
	env->cage = &cage;
	env->tree = opt.tree;
	env->job_dir = iv->tree_dir;
	env->job_argv = job_argv;
	env->clean_argv = clean_argv;
	env->lead = (double)opt.lead;
	env->drop = !strcmp(iv->who.drop, "yes");
	env->live = isatty(2);
	env->ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	env->ncpu = iv->mach.cpu.online;
	env->usable = (int)iv->who.ncpu;
	env->jobs = opt.jobs;
	env->run_s = noload_est(iv);
	env->disturb_pct = iv->disturb_pct;
	env->req_t_ms[0] = opt.req_t[0];
	env->req_t_ms[1] = opt.req_t[1];
	env->values = &opt.values;
	env->who = &iv->who;
	if (!env->drop)
		warnx("cannot drop the page cache (/proc/sys/vm/drop_caches: not root?); "
		    "runs are logged with cache=kept");
	if (!cage.cgroup)
		fprintf(stderr, "contest: no cgroup for the runs (%s): process groups hold them\n", cage.why);
}

/* The probe's work, measured once on the machine before any run. */
static void
calibrate(struct run_env *env)
{
	int tries;

	if (opt.probe.off)
		return;
	/* on a busy box the timed blocks do not fit their budget: a moment
	 * later it may be quiet again; if not, the runs go on without it
	 * rather than the invocation ending after its tree and its wait */
	for (tries = 1; probe_calibrate(&opt.probe) < 0; tries++) {
		if (errno != EAGAIN) {
			warn("cannot calibrate the probe; the runs go on without it, as with --probe off");
			opt.probe.off = 1;
			return;
		}
		if (tries == CAL_TRIES) {
			warnx("the machine was too busy to calibrate the probe in %d tries (the last "
			    "timed %d blocks in %.2f s); the runs go on without it, as with --probe "
			    "off", tries, opt.probe.cal_blocks, opt.probe.cal_secs);
			opt.probe.off = 1;
			return;
		}
		fprintf(stderr, "contest: the machine is too busy to calibrate the probe (%d timed "
		    "blocks in %.2f s): trying again in %d s\n", opt.probe.cal_blocks, opt.probe.cal_secs,
		    CAL_PAUSE);
		if (run_sleep(CAL_PAUSE) < 0)
			stopped_by(run_caught(), 0);
	}
	env->probe = &opt.probe;
	fprintf(stderr, "contest: probe %s: a wake-up every %.1f ms, %.4g%% of a CPU of work "
	    "(%llu iterations, calibrated in %.2f s)\n", opt.probe.name,
	    (double)opt.probe.period_ns / 1e6, opt.probe.share, opt.probe.iters, opt.probe.cal_secs);
}

/*
 * The kernel profile's events and kallsyms snapshot, once before any
 * run; where the kernel refuses, say why once and log profile=off.
 */
static void
open_profile(struct run_env *env)
{
	if (opt.prof_mode == PROF_OFF) {
		env->prof_why = "--profile off";
		return;
	}
	if (prof_open(&prof, opt.prof_mode, PROF_HZ, 0) < 0) {
		fprintf(stderr, "contest: no kernel profile: %s; runs are logged with profile=off\n",
		    prof.why);
		env->prof_why = prof.why;
		return;
	}
	env->prof = &prof;
}

/* How precisely this label's runs so far know each load run (report_precision). */
static int
until_prec(const struct invocation *iv, const struct load **loads, int nloads, struct report_prec *p)
{
	const char *names[MAXLOADS + 1];
	struct report_opts ro = { 0 };
	int i;

	for (i = 0; i < nloads; i++)
		names[i] = loads[i]->name;
	ro.loads = names;
	ro.nloads = nloads;
	ro.compare = opt.against;
	report_data(&ro);
	return report_precision(&ro, opt.log, &iv->who, p);
}

/*
 * --until: after round `round`, is every load's Ratio known within
 * opt.until (with --against: its change against that label, to within
 * half of it, so that the interval is at most as wide as the margin)?
 * Says how precise it is on a progress line; 1 when it is.  Stopping
 * looks at the interval's width only, never at the change itself: see
 * doc/contest.1 (--until).
 */
static int
precise_enough(const struct invocation *iv, const struct load **loads, int nloads, long round)
{
	static struct report_prec p;
	double goal = opt.against ? opt.until / 2 : opt.until;
	char line[1024];
	size_t n = 0;
	int i, ok = 1;

	if (until_prec(iv, loads, nloads, &p) < 0 || p.n == 0)
		return 0;
	for (i = 0; i < p.n && n < sizeof(line); i++) {
		ok &= p.l[i].hw <= goal;
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", i ? "," : "", p.l[i].load);
		if (n < sizeof(line))
			n += (size_t)(isnan(p.l[i].hw) ? snprintf(line + n, sizeof(line) - n, " -") :
			    snprintf(line + n, sizeof(line) - n, " +-%.1f%%", p.l[i].hw));
		if (n < sizeof(line) && p.l[i].disturbed)
			n += (size_t)snprintf(line + n, sizeof(line) - n, " (%ld run%s left out as disturbed)",
			    p.l[i].disturbed, p.l[i].disturbed == 1 ? "" : "s");
	}
	fprintf(stderr, "contest: after round %ld: %s%s%s half-width:%s; until +-%g%%\n", round,
	    nloads == 1 && !strcmp(loads[0]->name, "no_load") ? "Time" : "Ratio",
	    opt.against ? "'s change against " : "", opt.against ? opt.against : "", line, goal);
	return ok;
}

/*
 * The last lines of --until: with --against what was decided, then why
 * contest stopped, and the exit status that follows: 1 when failed says
 * what failed (a run, the report), else 125 unless the answer is clear.
 * 1 when it is: with --against, every load's change is different or
 * equivalent; without, the rounds reached the precision asked for.
 * Else 0 (run_mode's exit 125, unless failed).
 */
static int
until_said(const struct invocation *iv, const char *why, int precise, long rounds,
    const struct load **loads, int nloads, const char *failed)
{
	static struct report_prec p;
	int i, alone = nloads == 1 && !strcmp(loads[0]->name, "no_load");
	int clear = opt.against ? 1 : precise;

	if (opt.against == NULL || until_prec(iv, loads, nloads, &p) < 0)
		p.n = 0;
	if (opt.against && p.n == 0)
		clear = 0;
	for (i = 0; i < p.n; i++) {
		double a = opt.until;
		const char *said;

		if (isnan(p.l[i].lo)) {
			fprintf(stderr, "contest: %s against %s: no interval yet\n", p.l[i].load, opt.against);
			clear = 0;
			continue;
		}
		said = p.l[i].lo > a || p.l[i].hi < -a ? "different, beyond the margin" :
		    p.l[i].lo >= -a && p.l[i].hi <= a ? "equivalent, within the margin" : NULL;
		clear &= said != NULL;
		fprintf(stderr, "contest: %s against %s: %s %+.1f%% [%+.1f, %+.1f]: %s\n",
		    p.l[i].load, opt.against, alone ? "Time" : "Ratio", p.l[i].pct, p.l[i].lo,
		    p.l[i].hi, said ? said : "undecided: the interval crosses the margin");
	}
	fprintf(stderr, "contest: stopped after %ld round%s: %s%s%s%s%s\n", rounds, rounds == 1 ? "" : "s",
	    why, clear ? "" : "; the answer is not clear", failed ? "; " : "", failed ? failed : "",
	    failed ? " (exit 1)" : clear ? "" : " (exit 125)");
	return clear;
}

static const char *until_why;	/* --until: why the rounds stopped, said last */
static int until_precise;	/* --until: stopped because precise enough */
static long until_rounds;

/* After a round of --until: why to stop now, or NULL to go on. */
static const char *
until_next(const struct invocation *iv, const struct load **loads, int nloads, long round, double start)
{
	static char why[128];
	double took = run_now() - start;

	if ((until_precise = precise_enough(iv, loads, nloads, round) && round >= opt.runs))
		return opt.against ? "every interval of the change is as narrow as the margin" :
		    "every Ratio is known within the margin";
	if (round >= opt.max_rounds)
		return "--max-rounds reached";
	if (opt.max_time > 0 && took + took / (double)round > opt.max_time) {
		snprintf(why, sizeof(why), "another round would pass --max-time (%.0f min spent)", took / 60);
		return why;
	}
	return NULL;
}

/* Every run of the plan, in order; 1 if one was not ok. */
static int
run_suite(struct run_env *env, struct invocation *iv, const struct load **loads, int nloads, double logbase)
{
	static struct plan plan[(MAXLOADS + 1) * MAX_RUNS];
	double spent[MAXLOADS + 1] = { 0 }, setup[MAXLOADS + 1], est, nl_sum = 0;
	long done[MAXLOADS + 1] = { 0 }, nl_n = 0;
	int np, k, failed = 0, compiled = 0;

	double start = run_now();
	const char *why = NULL;

	np = make_plan(plan, loads, nloads);
	plan_setups(iv, loads, nloads, setup);
	est = logbase > 0 ? logbase : opt.tree ? 0 : noload_est(iv);
	say_left(plan, np, 0, spent, done, loads, nloads, est, setup, 0);
	for (k = 0; k < np && why == NULL; k++) {
		double t0, el = 0;
		int li;

		for (li = 0; li < nloads && loads[li] != plan[k].load; li++)
			;
		if ((plan[k].load->flags & LOAD_WARM) && !compiled)
			warm_up(env, plan[k].load);
		env->timeout = time_limit(logbase, nl_sum, nl_n);
		t0 = run_now();
		if (do_run(env, iv, plan[k].load, plan[k].run, plan[k].round, &el) < 0)
			failed = 1;
		else if (!strcmp(plan[k].load->name, "no_load")) {
			nl_sum += el;
			nl_n++;
			est = nl_sum / (double)nl_n;
		}
		compiled |= el > 0;
		spent[li] += run_now() - t0;
		done[li]++;
		say_left(plan, np, k + 1, spent, done, loads, nloads, est, setup, run_now() - start);
		finished(plan, np, k, loads, nloads);
		if (opt.until > 0 && (k + 1 == np || plan[k + 1].round != plan[k].round))
			why = until_next(iv, loads, nloads, plan[k].round, start);
	}
	until_why = why ? why : "--max-rounds reached";
	until_rounds = k ? plan[k - 1].round : 0;
	return failed;
}

/* The report of the loads just run; a signal now ends contest at once. */
static int
final_report(const struct load **loads, int nloads)
{
	const char *names[MAXLOADS + 1], *logs[1] = { opt.log };
	struct report_opts ro = { 0 };
	int i;

	run_default_signals();
	signal(SIGPIPE, SIG_IGN);
	fprintf(stderr, "contest: results appended to '%s'\n\n", opt.log);
	if (partials)
		printf("All %s:\n\n", opt.by_load ? "loads" : opt.runs == 1 ? "runs" : "rounds");
	for (i = 0; i < nloads; i++)
		names[i] = loads[i]->name;
	ro.loads = names;
	ro.nloads = nloads;
	report_data(&ro);
	fflush(stderr);
	return report(&ro, 1, logs, stdout) != 0;
}

/* ---------------------------------------------------------------- plan */

/*
 * One load's lines of the plan; its disk and memory into *disk, *mem.
 * -1: it cannot run there; -2: its options are wrong (a run would exit 2).
 */
static int
plan_load_lines(const struct invocation *iv, const struct load *l, unsigned long long *disk,
    unsigned long long *mem)
{
	struct sz_out o;
	char b[32];

	*disk = *mem = 0;
	if (load_plan(iv, l, &o) < 0) {
		printf("%s size: %s: %s\n", l->name, o.bad_option ? "refused" : "cannot run here", o.why);
		return o.bad_option ? -2 : -1;
	}
	if (opt.tree && (l->sizing == SZ_TREE || l->sizing == SZ_ARCHIVE)) {
		printf("%s size: the kernel tree's archive, within half the free space\n", l->name);
		return 0;
	}
	if (l->sizing == SZ_NONE)
		printf("%s size: none\n", l->name);
	else if (l->sizing == SZ_PROCS)
		printf("%s size: %llu processes\n", l->name, o.size);
	else if (l->sizing == SZ_CLIENTS)
		printf("%s size: %llu bytes for %ld client%s (%s, %s)\n", l->name, o.size, o.count,
		    o.count == 1 ? "" : "s", sz_bytes(b, sizeof(b), o.size), o.sizing);
	else
		printf("%s size: %llu bytes (%s, %s)\n", l->name, o.size, sz_bytes(b, sizeof(b), o.size), o.sizing);
	if (o.setup_s > 0)
		printf("%s setup: %.0f s\n", l->name, o.setup_s);
	*disk = o.disk;
	*mem = o.mem;
	return 0;
}

/* The plan's machine and compile: cpus, memory, disk, units, jobs, the no_load estimate. */
static void
plan_compile(const struct invocation *iv, double base)
{
	const struct sz_cpus *c = &iv->mach.cpu;
	const struct sz_mem *m = &iv->mach.mem;
	char a[32], b[32], e[32];

	printf("cpus: %d usable of %d online (affinity %d, cpuset %d, quota ", c->usable, c->online,
	    c->affinity, c->cpuset);
	printf(c->quota > 0 ? "%.2f)\n" : "none)\n", c->quota);
	printf("memory: %s (MemAvailable %s, memory cgroup %s)\n", sz_bytes(a, sizeof(a), m->ram),
	    sz_bytes(b, sizeof(b), m->avail), m->cg[0] ? sz_bytes(e, sizeof(e), m->cg_limit) : "none");
	printf("disk: %s free\n", sz_bytes(a, sizeof(a), iv->mach.disk_free));
	if (opt.tree) {
		printf("jobs: %ld\n", opt.jobs);
		printf("no_load estimate: %.0f s (a kernel tree: the policy's target)\n", base);
		return;
	}
	printf("units: %ld\n", opt.units);
	printf("jobs: %ld\n", opt.jobs);
	printf("no_load estimate: %.0f s\n", base);
	printf("serial share: %.2g%% of the work (Amdahl's s), %.0f%% of the estimate\n",
	    sz_serial(opt.units) * 100, sz_serial(opt.units) * sz_noload_s(opt.units, 1) / base * 100);
}

/* The plan's suite: every run of the first `rounds` rounds (all with --by-load), cacherun's warm-up if it comes first. */
static double
plan_suite(const struct invocation *iv, const struct load **loads, int nloads, double base, long rounds)
{
	static struct plan p[(MAXLOADS + 1) * MAX_RUNS];
	double spent[MAXLOADS + 1] = { 0 }, setup[MAXLOADS + 1], suite;
	long done[MAXLOADS + 1] = { 0 };
	int np = make_plan(p, loads, nloads);

	plan_setups(iv, loads, nloads, setup);
	suite = secs_left(p, np, 0, rounds, spent, done, loads, nloads, base, setup);
	if (np > 0 && (p[0].load->flags & LOAD_WARM))
		suite += base + RUN_OVERHEAD_S;
	return suite;
}

/*
 * The plan's last line: the suite's seconds; with --until, from its -n
 * rounds (the fewest it runs) to --max-rounds, or to --max-time if that
 * ends it sooner (it starts no round that would end past it).
 */
static void
plan_suite_line(const struct invocation *iv, const struct load **loads, int nloads, double base)
{
	double lo = plan_suite(iv, loads, nloads, base, opt.runs), hi;

	if (!(opt.until > 0)) {
		printf("suite estimate: %.0f s (%.0f min: %ld run%s of each of %d load%s)\n", lo, lo / 60,
		    opt.runs, opt.runs == 1 ? "" : "s", nloads, nloads == 1 ? "" : "s");
		return;
	}
	hi = plan_suite(iv, loads, nloads, base, opt.max_rounds);
	if (opt.max_time > 0 && hi > opt.max_time)
		hi = opt.max_time;
	if (lo > hi)
		lo = hi;
	printf("suite estimate: %.0f to %.0f s (%.0f to %.0f min: --until %g%% runs %ld to %ld rounds of %d load%s%s)\n",
	    lo, hi, lo / 60, hi / 60, opt.until, opt.runs, opt.max_rounds, nloads, nloads == 1 ? "" : "s",
	    opt.max_time > 0 ? ", fewer if --max-time ends them" : "");
}

/*
 * --plan: what the options would do on this machine (or on the one
 * --cpus, --mem and --disk describe), one "key: value" line each;
 * nothing is started or written.  The run's own checks first (exit 2
 * as it would); 1 if something could not run there (a load, the tree's
 * disk, a tool), said.
 */
static int
plan_mode(int argc, char **argv)
{
	const struct load *loads[MAXLOADS + 1];
	static struct invocation iv;
	unsigned long long disk = 0, mem = 0, d, m, tree, comp, free;
	char a[32], b[32], e[32], path[PATH_MAX + 16];
	int nloads, i, bad;
	double base;

	nloads = choose_loads(argc, argv, loads);
	identify(&iv);
	bad = preflight(&iv, loads, nloads);
	nloads = baseline_first(loads, nloads, baseline_time(&iv));
	base = noload_est(&iv);
	plan_compile(&iv, base);
	/* the loads are sized once the tree's sources are written */
	snprintf(path, sizeof(path), "%s/builtin", opt.workdir);
	free = iv.mach.disk_free;
	if (!opt.tree && !gen_present(path, (unsigned)opt.units))
		iv.mach.disk_free = free > sz_tree_src(opt.units) ? free - sz_tree_src(opt.units) : 0;
	for (i = 0; i < nloads; i++) {
		int rc = plan_load_lines(&iv, loads[i], &d, &m);
		if (rc < 0 && bad < 2)
			bad = rc == -2 ? 2 : 1;
		disk = d > disk ? d : disk;
		mem = m > mem ? m : mem;
	}
	tree = opt.tree ? 0 : sz_tree_disk(opt.units);
	comp = sz_compile_mem(opt.jobs, opt.tree != NULL);
	printf("disk needed: %llu bytes (%s: the tree %s, the largest load's files %s)\n", tree + disk,
	    sz_bytes(a, sizeof(a), tree + disk), sz_bytes(b, sizeof(b), tree), sz_bytes(e, sizeof(e), disk));
	printf("memory needed: %llu bytes (%s: the compile's %s, the largest load's %s)\n", comp + mem,
	    sz_bytes(a, sizeof(a), comp + mem), sz_bytes(b, sizeof(b), comp), sz_bytes(e, sizeof(e), mem));
	plan_suite_line(&iv, loads, nloads, base);
	return bad;
}

static int
run_mode(int argc, char **argv)
{
	const struct load *loads[MAXLOADS + 1];
	static struct invocation iv;
	struct run_env env;
	char why[256];
	double logbase;
	int nloads, failed, ran, reported;

	nloads = choose_loads(argc, argv, loads);
	identify(&iv);
	say_cpus(&iv);
	if (preflight(&iv, loads, nloads))
		exit(1);

	/* from here on things are made */
	memset(&env, 0, sizeof(env));
	env.outfd = prepare_workdir(loads, nloads);
	if (open_machine(&iv, loads, nloads) == 0)
		env.sys = &machine;
	snapshot(&iv);	/* before signals are blocked: a make --version that hangs can be ^C'ed */
	run_signals();
	if (opt.tree == NULL)
		builtin_tree(&iv);
	if (cage_open(&cage, why, sizeof(why)) < 0)
		errx(1, "%s", why);
	run_oom_adj("-1000");	/* the runs' processes may die, contest may not */
	logbase = baseline_time(&iv);
	nloads = baseline_first(loads, nloads, logbase);
	fill_env(&env, &iv);

	open_profile(&env);
	machine_lock();
	calibrate(&env);
	ran = run_suite(&env, &iv, loads, nloads, logbase);
	machine_unlock();
	prof_close(&prof);
	cage_close(&cage);
	reported = final_report(loads, nloads);
	failed = ran | reported;
	if (opt.until > 0) {
		fflush(stdout);
		if (!until_said(&iv, until_why, until_precise, until_rounds, loads, nloads, ran ?
		    "a run failed" : reported ? "the report failed" : NULL) && !failed)
			failed = 125;
	}
	return failed;
}

/* A percentage from the command line, in [lo, hi]. */
static double
percent(const char *what, const char *s, double lo, double hi)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= lo && v <= hi))
		errx(2, "%s must be a percentage from %g to %g, not '%s'", what, lo, hi, s);
	return v;
}

/* --until and its companions, --verdict and its: together, and each where it belongs. */
static void
check_rounds(void)
{
	if ((opt.max_rounds || opt.max_time > 0 || opt.against) && !(opt.until > 0))
		errx(2, "--max-rounds, --max-time and --against go with --until PCT");
	if (opt.until > 0 && opt.by_load)
		errx(2, "--until adds rounds: not with --by-load");
	if (opt.until > 0 && opt.max_rounds == 0)
		opt.max_rounds = DEF_MAX_ROUNDS > opt.runs ? DEF_MAX_ROUNDS : opt.runs;
	if (opt.until > 0 && opt.max_rounds < opt.runs)
		errx(2, "--max-rounds %ld is below -n %ld, the rounds --until runs at least",
		    opt.max_rounds, opt.runs);
	if (opt.ro.threshold > 0 && !opt.ro.verdict)
		errx(2, "--threshold goes with --verdict BASE");
	if (opt.ro.verdict && (opt.ro.compare || opt.ro.base || opt.ro.bars || opt.ro.svg ||
	    opt.ro.format != REPORT_TABLE))
		errx(2, "--verdict goes with neither -b, -c, --bars, --svg nor --format");
	if (opt.ro.verdict && opt.ro.profile)
		errx(2, "-p does not go with --verdict: the verdict judges Time, Ratio, Loads and "
		    "latency p99, never the profiles (-r -c BASE -p shows the diffprofiles)");
	if (opt.ro.candidate && opt.report && !opt.ro.verdict)
		errx(2, "-k goes with -r only to name --verdict's candidate");
}

/* -r: the report, or with --verdict the verdict (0, 1, 125; 2 when it cannot judge). */
static int
report_mode(int argc, char **argv)
{
	const char *def[1] = { opt.log };
	const char *const *logs = argc ? (const char *const *)argv : def;

	opt.ro.log = opt.log;	/* read or not, never written over by an output */
	report_data(&opt.ro);
	signal(SIGPIPE, SIG_IGN);
	if (opt.ro.verdict)
		return report_verdict(&opt.ro, argc ? argc : 1, logs, stdout);
	return report(&opt.ro, argc ? argc : 1, logs, stdout);
}

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
 * getopt's short and long options: the core table's, then the loads'
 * (getopt reports each as GETOPT_LONG + its index; lopt[i] is index
 * NCORE + i).  How many options in all.
 */
static int
getopt_tables(char *shortopts, size_t slen, struct option *longopts, const struct load_option **lopt)
{
	const struct load *const *l;
	const struct load_option *o;
	size_t sl = 0;
	int n = 0, i;

	for (i = 0; i < NCORE; i++) {
		longopts[n].name = core[i].name;
		longopts[n].has_arg = core[i].arg ? required_argument : no_argument;
		longopts[n].flag = NULL;
		longopts[n].val = GETOPT_LONG + n;
		n++;
	}
	for (l = load_table; *l; l++)
		for (o = (*l)->options; o && o->name && n < NCORE + MAXLOADOPTS; o++)
			if (load_option_find(o->name) == o) {
				lopt[n - NCORE] = o;
				longopts[n].name = o->name;
				longopts[n].has_arg = required_argument;
				longopts[n].flag = NULL;
				longopts[n].val = GETOPT_LONG + n;
				n++;
			}
	memset(&longopts[n], 0, sizeof(longopts[0]));
	for (i = 0; i < n; i++) {
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
		if ((i < NCORE ? core[i].key : lopt[i - NCORE]->key) == c)
			return i;
	return -1;
}

/* The report's own options given without -r, or a run's with it: exit 2. */
static void
check_mode(int report_only, const char *run_only)
{
	char list[512], name[64];
	size_t n = 0;
	int i, k = 0, m = 0;

	if (opt.report && run_only)
		errx(2, "%s is an option of a run: it does not go with -r", run_only);
	if (opt.report || !report_only)
		return;
	for (i = 0; i < NCORE; i++)
		m += core[i].mode == REPORT && i != OPT_REPORT;
	for (i = 0; i < NCORE; i++)
		if (core[i].mode == REPORT && i != OPT_REPORT && n < sizeof(list)) {
			k++;
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", k == 1 ? "" : k == m ? " and " : ", ",
			    option_name(name, sizeof(name), core[i].key, core[i].name));
		}
	errx(2, "%s go with -r", list);
}

/*
 * -k: in a run the label written to the log (log_label_ok says what it
 * may be); with -r --verdict's candidate, a row as -b and -c take it
 * (LABEL#N, or a label seen in one configuration), which the report
 * resolves.
 */
static void
take_label(const char *s)
{
	char why[512], vis[256];
	size_t len = strlen(s);

	if (opt.report) {
		if (!*s)
			errx(2, "-k LABEL must not be empty");
		opt.ro.candidate = s;
		return;
	}
	if (log_label_ok(s, why, sizeof(why)) < 0) {
		log_vis(vis, sizeof(vis), s, len > 80 ? 80 : len);
		errx(2, "-k LABEL '%s%s': %s", vis, len > 80 ? "..." : "", why);
	}
	snprintf(opt.label, sizeof(opt.label), "%s", s);
}

/*
 * The command line into opt; the loads' options into the load table's
 * values.  -1 when an option of its own (--help) said all, else the
 * index of the first operand.
 */
static int
parse_options(int argc, char **argv)
{
	struct option longopts[NCORE + MAXLOADOPTS + 1];
	const struct load_option *lopt[MAXLOADOPTS];
	char shortopts[2 * NCORE + 2 * MAXLOADOPTS + 1], why[512], run_only[64] = "";
	const char *label = NULL;
	int c, i, n, report_only = 0;

	n = getopt_tables(shortopts, sizeof(shortopts), longopts, lopt);
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if ((i = option_index(c, lopt, n)) < 0) {
			usage(stderr, 0);
			exit(2);
		}
		if (i < NCORE && core[i].mode == REPORT && i != OPT_REPORT)
			report_only = 1;
		if ((i >= NCORE || core[i].mode == RUN) && !run_only[0])
			option_name(run_only, sizeof(run_only), i < NCORE ? core[i].key : lopt[i - NCORE]->key,
			    i < NCORE ? core[i].name : lopt[i - NCORE]->name);
		if (i >= NCORE) {
			if (load_option_set(&opt.values, lopt[i - NCORE]->name, optarg, why, sizeof(why)) < 0)
				errx(2, "%s", why);
			continue;
		}
		switch (i) {
		case OPT_RUNS: opt.runs = number("-n RUNS", optarg, 1, MAX_RUNS); break;
		case OPT_LABEL: label = optarg; break;
		case OPT_LOG:
			if (!*optarg)
				errx(2, "-l LOG must not be empty");
			opt.log = optarg;
			break;
		case OPT_WORKDIR:
			if (!*optarg)
				errx(2, "-d WORKDIR must not be empty");
			opt.workdir = optarg;
			break;
		case OPT_SOURCE:
			if (!*optarg)
				errx(2, "-s KERNEL_TREE must not be empty");
			opt.tree = optarg;
			break;
		case OPT_TARGET:
			if (!*optarg || *optarg == '-')
				errx(2, "-T TARGET must be a make target, not '%s'", optarg);
			opt.target = optarg;
			break;
		case OPT_JOBS: opt.jobs = number("-j JOBS", optarg, 1, MAX_JOBS); break;
		case OPT_LEAD: opt.lead = number("--lead SECONDS", optarg, 0, MAX_LEAD); break;
		case OPT_UNITS: opt.units = number("--units N", optarg, 1, MAX_UNITS); break;
		case OPT_TIMEOUT:
			opt.timeout = (double)number("--timeout SECONDS", optarg, 1, MAX_TIMEOUT);
			break;
		case OPT_BYLOAD: opt.by_load = 1; break;
		case OPT_PLAN: opt.plan = 1; break;
		case OPT_CPUS: opt.plan_cpus = number("--cpus N", optarg, 1, SZ_MAXCPU); break;
		case OPT_MEM:
			if ((opt.plan_mem = load_parse_size(optarg)) == 0)
				errx(2, "--mem must be a size like 4G or 512M, not '%s'", optarg);
			break;
		case OPT_DISK:
			if ((opt.plan_disk = load_parse_size(optarg)) == 0)
				errx(2, "--disk must be a size like 100G or 512M, not '%s'", optarg);
			break;
		case OPT_NOBASE: opt.no_baseline = 1; break;
		case OPT_PROBE:
			if (probe_parse(optarg, &opt.probe, why, sizeof(why)) < 0)
				errx(2, "%s", why);
			break;
		case OPT_REQ_T1: opt.req_t[0] = millis("--req-t1 MS", optarg); break;
		case OPT_REQ_T2: opt.req_t[1] = millis("--req-t2 MS", optarg); break;
		case OPT_PROFILE:
			if ((opt.prof_mode = prof_mode_parse(optarg)) < 0)
				errx(2, "--profile must be kernel, all or off, not '%s'", optarg);
			opt.prof_set = 1;
			break;
		case OPT_REPORT: opt.report = 1; break;
		case OPT_VERBOSE: opt.ro.verbose = 1; break;
		case OPT_BASE: opt.ro.base = optarg; break;
		case OPT_COMPARE: opt.ro.compare = optarg; break;
		case OPT_FORMAT:
			if (report_format_find(optarg, &opt.ro.format) < 0)
				errx(2, "--format must be %s, not '%s'", report_format_choices(), optarg);
			break;
		case OPT_BARS: opt.ro.bars = 1; break;
		case OPT_SVG: opt.ro.svg = optarg; break;
		case OPT_DISTURBED: opt.ro.disturbed = 1; break;
		case OPT_PROFILES: opt.ro.profile = 1; break;
		case OPT_VERDICT:
			if (!*optarg)
				errx(2, "--verdict BASE must not be empty");
			opt.ro.verdict = optarg;
			break;
		case OPT_THRESHOLD: opt.ro.threshold = percent("--threshold PCT", optarg, 0.1, 1000); break;
		case OPT_UNTIL: opt.until = percent("--until PCT", optarg, 0.1, 100); break;
		case OPT_MAXROUNDS: opt.max_rounds = number("--max-rounds N", optarg, 1, MAX_RUNS); break;
		case OPT_MAXTIME:
			opt.max_time = 60.0 * (double)number("--max-time MINUTES", optarg, 1, 100000);
			break;
		case OPT_AGAINST:
			if (!*optarg)
				errx(2, "--against LABEL must not be empty");
			opt.against = optarg;
			break;
		case OPT_LIST: list_loads(); return -1;
		case OPT_HELP: usage(stdout, 1); return -1;
		case OPT_VERSION: printf("contest %s (log format %d)\n", VERSION, LOG_VERSION); return -1;
		}
	}
	check_mode(report_only, run_only[0] ? run_only : NULL);
	if (label)
		take_label(label);
	if (opt.req_t[0] >= opt.req_t[1])
		errx(2, "--req-t1 (%g ms) must be shorter than --req-t2 (%g ms)", opt.req_t[0], opt.req_t[1]);
	return optind;
}

int
main(int argc, char **argv)
{
	char why[512];
	int first;

	opt.runs = DEF_RUNS;
	opt.log = DEF_LOG;
	opt.workdir = DEF_WORKDIR;
	opt.target = DEF_TARGET;
	opt.lead = DEF_LEAD;
	opt.req_t[0] = REQ_T1_MS;
	opt.req_t[1] = REQ_T2_MS;
	opt.prof_mode = PROF_KERNEL;
	if (probe_parse(DEF_PROBE, &opt.probe, why, sizeof(why)) < 0)
		errx(2, "%s", why);
	if ((first = parse_options(argc, argv)) < 0)
		return 0;
	argc -= first;
	argv += first;

	check_rounds();
	/* a write past the file size limit fails with EFBIG, said and undone,
	 * instead of killing contest mid-record; children get SIG_DFL back */
	signal(SIGXFSZ, SIG_IGN);
	if (opt.report)
		return report_mode(argc, argv);
	if (!opt.plan && (opt.plan_cpus || opt.plan_mem || opt.plan_disk))
		errx(2, "--cpus, --mem and --disk go with --plan");
	return opt.plan ? plan_mode(argc, argv) : run_mode(argc, argv);
}
