/*
 * preflight.c: before anything is made.  Who is measured on what
 * (identify: uname(2), the sizing policy's machine, or --plan's), then
 * every check a run makes, the same for --plan, so that a plan refuses
 * what the run would, with its message: the tools and the environment,
 * the log, the work directory, the tree, the loads' options and disks,
 * --against, the memory.  Nothing here is created or written; nothing
 * here exits: each check says what is wrong on stderr and returns a step
 * (contest.h), STEP_BAD for bad input (exit 2) and STEP_FAILED for what
 * this machine cannot give (exit 1), in the order a run checks them.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "contest.h"
#include "kfile.h"
#include "gen.h"
#include "num.h"
#include "outfile.h"
#include "util.h"

/* Say why the input is bad, as err(3) would, with e's text unless e is 0: STEP_BAD. */
static int __attribute__((format(printf, 2, 3)))
bad(int e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errno = e;
	if (e)
		vwarn(fmt, ap);
	else
		vwarnx(fmt, ap);
	va_end(ap);
	return STEP_BAD;
}

/* ---------------------------------------------------------- the tools */

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
const char *
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
	unsigned long long h = FNV_INIT;
	struct stat st;
	ssize_t n;
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
		if (n > 0)
			h = fnv1a(h, buf, (size_t)n);
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
static int
check_dir_safe(const char *what, const char *path, int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return bad(errno, "cannot stat the %s '%s'", what, path);
	if (st.st_uid != geteuid() && (st.st_mode & 022))
		return bad(0, "the %s '%s' belongs to another user and others may write in it: refused",
		    what, path);
	if ((st.st_mode & 002) && !(st.st_mode & S_ISVTX))
		return bad(0, "the %s '%s' is writable by everyone: refused", what, path);
	return STEP_OK;
}

int
open_own_dir(const char *what, const char *path)
{
	int fd;

	if (mkdirs(path, 0755) < 0) {
		bad(errno, "cannot create the %s '%s'", what, path);
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		struct stat st;
		if ((errno == ELOOP || errno == ENOTDIR) && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			bad(0, "the %s '%s' is a symbolic link: refused", what, path);
		else
			bad(errno, "cannot open the %s '%s'", what, path);
		return -1;
	}
	if (check_dir_safe(what, path, fd) != STEP_OK) {
		close(fd);
		return -1;
	}
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
		return bad(0, "CC='%s' holds shell quoting or expansion: give the compiler and its "
		    "arguments as plain words", cc);
	cc += strspn(cc, " \t");
	if ((n = strcspn(cc, " \t\n")) == 0 || n >= sizeof(word))
		return bad(0, "CC='%s' names no compiler", cc);
	memcpy(word, cc, n);
	word[n] = '\0';
	if (!in_path(word)) {
		warnx("cannot find the compiler '%s' (CC's first word) in PATH", word);
		return STEP_FAILED;
	}
	return STEP_OK;
}
/*
 * The open-file limit (ulimit -n): below NOFILE_MIN a run cannot work
 * (contest holds up to 16 descriptors, the built-in tree's compile opens
 * some 24 headers at once), and would be measured and then lost when
 * its record cannot be opened.  Refused before anything is made.
 */
static int
check_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < NOFILE_MIN)
		return bad(0, "the open-file limit (ulimit -n) is %llu: a run needs at least %d (contest "
		    "itself up to 16, the compile some 24); raise it", (unsigned long long)rl.rlim_cur,
		    NOFILE_MIN);
	return STEP_OK;
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
static int
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
		return bad(0, "the %s's path '%s' holds '%s' at byte %zu: %s; refused, as the path goes "
		    "into the tree's make rules and shell commands: it may hold letters, digits, "
		    "non-ASCII characters and / . _ - + , @ ~", what, shown, vis, i + 1, why);
	}
	return STEP_OK;
}
/*
 * A load's own directory (-o): where it makes files as it runs, so as
 * safe as the work directory: a directory, not a link, not writable by
 * others, writable by contest.
 */
static int
check_load_dir(const char *load, const char *opt_name, const char *path)
{
	char what[96];
	int fd, rc;

	snprintf(what, sizeof(what), "%s directory (--%s)", load, opt_name);
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			return bad(0, "the %s '%s' is a symbolic link: refused", what, path);
		return bad(errno, "cannot open the %s '%s'", what, path);
	}
	if ((rc = check_dir_safe(what, path, fd)) == STEP_OK && faccessat(fd, ".", W_OK | X_OK, AT_EACCESS) < 0)
		rc = bad(errno, "cannot write in the %s '%s'", what, path);
	close(fd);
	return rc;
}
/* CONTEST_DISTURB_PCT as a percentage, DISTURB_PCT if unset; -1 if bad, with why. */
static int
disturb_env(double *pct, char *why, size_t len)
{
	const char *v = getenv("CONTEST_DISTURB_PCT");

	*pct = DISTURB_PCT;
	return v == NULL ? 0 : num_pct("CONTEST_DISTURB_PCT", v, 0, 100, pct, why, len);
}

/* CONTEST_PROFILE's mode, PROF_KERNEL if unset; -1 if bad. */
static int
profile_env(int *mode)
{
	const char *v = getenv("CONTEST_PROFILE");

	*mode = v ? prof_mode_parse(v) : PROF_KERNEL;
	return *mode < 0 ? -1 : 0;
}

/* make, cc, the open-file limit and the environment: STEP_BAD if bad;
 * STEP_FAILED (said) for what is missing, else STEP_OK. */
static int
check_tools(void)
{
	const char *cc = getenv("CC");
	char why[256];
	double pct;
	int mode, missing = STEP_OK, rc;

	if (disturb_env(&pct, why, sizeof(why)) < 0)
		return bad(0, "%s", why);
	if (profile_env(&mode) < 0)
		return bad(0, "CONTEST_PROFILE must be kernel, all or off, not '%s'", getenv("CONTEST_PROFILE"));
	if (check_nofile() != STEP_OK)
		return STEP_BAD;
	if (!in_path(make_prog())) {
		warnx("cannot find '%s' in PATH", make_prog());
		missing = STEP_FAILED;
	}
	rc = check_cc(cc && *cc ? cc : "cc");
	return rc == STEP_BAD ? rc : rc | missing;
}

/* ------------------------------------------------------ the paths named */

/*
 * The log: a regular file contest may append to, or one it may create
 * (outfile.c says what it refuses), with room for this invocation's
 * records under the file size limit: a record cut short by it would be
 * a run measured and lost.
 */
static int
check_log(const struct opts *o, int nloads)
{
	struct rlimit rl;
	struct stat sb;
	char why[PATH_MAX + 160];
	unsigned long long need;
	int mode = o->prof_mode;

	if (out_open(o->log, OUT_CHECK, why, sizeof(why)) < 0)
		return bad(0, "log: %s", why);
	/* a snapshot, and per run (no_load may join) a record and, unless
	 * --profile is off, its kernel profile's, each at most a line */
	if (!o->prof_set)
		profile_env(&mode);	/* check_tools saw it is good */
	need = (unsigned long long)((mode == PROF_OFF ? 1 : 2) * o->runs * (nloads + 1) + 1) *
	    LOG_LINE_MAX;
	if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    (stat(o->log, &sb) < 0 ? 0 : (unsigned long long)sb.st_size) + need > rl.rlim_cur)
		return bad(0, "the file size limit (ulimit -f: %llu bytes) leaves the log '%s' too little "
		    "room: its records may need up to %llu bytes more", (unsigned long long)rl.rlim_cur,
		    o->log, need);
	return STEP_OK;
}
/*
 * The work directory: an existing one is used as it is; a new one needs
 * an existing ancestor we may write in.  dir: the nearest existing one,
 * where the loads' disk checks look.
 */
static int
check_workdir(const struct opts *o, char *dir, size_t len)
{
	struct stat sb;
	char *p;

	snprintf(dir, len, "%s", o->workdir);
	if (lstat(o->workdir, &sb) == 0) {
		if (S_ISLNK(sb.st_mode))
			return bad(0, "the work directory '%s' is a symbolic link: refused", o->workdir);
		if (!S_ISDIR(sb.st_mode))
			return bad(0, "the work directory '%s' is not a directory", o->workdir);
		if (access(o->workdir, W_OK | X_OK) < 0)
			return bad(errno, "cannot write in the work directory '%s'", o->workdir);
		return STEP_OK;
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
		return bad(0, "cannot create the work directory '%s': '%s' is not a writable directory",
		    o->workdir, dir);
	return STEP_OK;
}

/*
 * -s: a configured tree with a Makefile, at a path that fits the log;
 * without it, the built-in tree's place: a path make can take, and no
 * WORKDIR/builtin that contest did not make (gen_check).
 */
static int
check_tree(const struct opts *o)
{
	char path[PATH_MAX + 32], real[PATH_MAX], e[PATH_MAX + 200];
	struct stat sb;

	if (o->tree == NULL) {
		if (check_make_path("work directory", o->workdir) != STEP_OK)
			return STEP_BAD;
		snprintf(path, sizeof(path), "%s/builtin", o->workdir);
		if (gen_check(path, e, sizeof(e)) < 0)
			return bad(0, "%s", e);
		return STEP_OK;
	}
	snprintf(path, sizeof(path), "%s/Makefile", o->tree);
	if (stat(o->tree, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return bad(0, "kernel tree '%s' is not a directory", o->tree);
	if (access(path, R_OK) < 0)
		return bad(0, "kernel tree '%s' has no Makefile", o->tree);
	snprintf(path, sizeof(path), "%s/.config", o->tree);
	if (stat(path, &sb) < 0 && errno == ENOENT)
		return bad(0, "kernel tree '%s' has no .config: configure it first, "
		    "e.g. 'make -C %s defconfig'", o->tree, o->tree);
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))	/* a FIFO would hang its hash */
		return bad(0, "'%s' is not a regular file: refused", path);
	if (access(path, R_OK) < 0)
		return bad(errno, "cannot read '%s'", path);
	if (realpath(o->tree, real) == NULL)
		return bad(errno, "cannot resolve '%s'", o->tree);
	if (strlen(real) >= LOG_WORKLOAD_MAX)
		return bad(0, "kernel tree path '%s' is too long", real);
	return STEP_OK;
}

/* ------------------------------------------------- the sizing policy's */

/* The no_load Time the sizing policy expects: the built-in tree's model, SZ_TARGET_S for a kernel's. */
double
noload_est(const struct invocation *iv)
{
	return iv->o->tree ? SZ_TARGET_S : sz_noload_s(iv->units, sz_par(&iv->mach, iv->jobs));
}

/*
 * The built-in tree, built, must fit the free space where it goes
 * (sizing.c's estimate), unless it is there already; with --plan
 * --disk, the disk planned for.  STEP_FAILED (said) if not.
 */
static int
check_tree_disk(const struct invocation *iv, const char *where)
{
	const struct opts *o = iv->o;
	char path[PATH_MAX + 16], a[32], b[32];
	unsigned long long need = sz_tree_disk(iv->units), free;
	struct statvfs sv;

	if (o->tree)
		return STEP_OK;
	snprintf(path, sizeof(path), "%s/builtin", o->workdir);
	if (gen_present(path, (unsigned)iv->units))
		return STEP_OK;
	if (o->plan_disk) {
		if (need <= iv->mach.disk_free)
			return STEP_OK;
		warnx("the built-in tree of %ld units needs %s, --disk plans %s (%llu byte%s) free", iv->units,
		    sz_bytes(a, sizeof(a), need), sz_bytes(b, sizeof(b), iv->mach.disk_free), iv->mach.disk_free,
		    iv->mach.disk_free == 1 ? "" : "s");
		return STEP_FAILED;
	}
	/* no blocks at all: not a disk (/proc); making the directory will say why */
	if (need <= (free = load_free_bytes(where)) || statvfs(where, &sv) < 0 || sv.f_blocks == 0)
		return STEP_OK;
	warnx("the built-in tree of %ld units needs %s, '%s' has %s free", iv->units,
	    sz_bytes(a, sizeof(a), need), where, sz_bytes(b, sizeof(b), free));
	return STEP_FAILED;
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
	if (!iv->o->plan_disk && l->dir_option && (d = load_option_value(&iv->o->values, l->dir_option)) != NULL)
		m->disk_free = load_free_bytes(d);
}

/*
 * The sizing policy's answer for load l on the machine planned for (the
 * disk where its files go, unless --disk says): 0, or -1 with o->why.
 */
int
load_plan(const struct invocation *iv, const struct load *l, struct sz_out *o)
{
	static struct sz_machine m;
	static struct load_ctx ctx;	/* some 240 KiB: not on the stack (ulimit -s 64) */
	struct sz_in in;

	memset(&ctx, 0, sizeof(ctx));
	load_ctx_options(&iv->o->values, l, &ctx);
	ctx.jobs = iv->jobs;
	ctx.tree = iv->o->tree;
	ctx.run_s = noload_est(iv);
	load_sz_in(&ctx, &in);
	load_machine(iv, l, &m);
	return sz_load(&m, l->sizing, &in, o);
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

/* ---------------------------------------------------------- the loads */

/* Load l's required options given, and its directory (-o) safe: STEP_OK or STEP_BAD. */
static int
check_load_options(const struct opts *o, const struct load *l)
{
	const struct load_option *p;
	const char *v;

	for (p = l->options; p && p->name; p++)
		if (p->required && load_option_value(&o->values, p->name) == NULL) {
			if (p->key)
				return bad(0, "%s needs -%c %s or --%s %s: %s", l->name, p->key, p->arg,
				    p->name, p->arg, p->help);
			return bad(0, "%s needs --%s %s: %s", l->name, p->name, p->arg, p->help);
		}
	if (l->dir_option && (v = load_option_value(&o->values, l->dir_option)) != NULL)
		return check_load_dir(l->name, l->dir_option, v);
	return STEP_OK;
}

/*
 * Load l's own check (base: where its files go), on this machine as it
 * is or with --plan on the one planned for: STEP_BAD for bad options,
 * STEP_FAILED (said) when it cannot run there.
 */
static int
check_load(const struct invocation *iv, const struct load *l, const char *base)
{
	static struct sz_machine m;
	static struct load_ctx ctx;	/* some 240 KiB (its request shards): not on the stack */
	const struct opts *o = iv->o;
	struct stat sb;
	char vis[256];
	int rc;

	memset(&ctx, 0, sizeof(ctx));
	load_ctx_options(&o->values, l, &ctx);
	/* a work directory still to be made lies on its parent's filesystem */
	ctx.base = l->dir_option ? load_option_value(&o->values, l->dir_option) :
	    stat(o->workdir, &sb) == 0 ? o->workdir : base;
	ctx.tree = o->tree;
	ctx.ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	ctx.ncpu = (int)iv->who.ncpu;
	ctx.jobs = iv->jobs;
	ctx.run_s = noload_est(iv);
	if (o->plan) {
		load_machine(iv, l, &m);
		ctx.mach = &m;
	}
	if ((rc = l->check(&ctx)) < 0) {
		log_vis(vis, sizeof(vis), ctx.reason, strlen(ctx.reason));
		if (rc == LOAD_BAD_OPTION)
			return bad(0, "%s: %s", l->name, vis);
		warnx("%s: %s", l->name, vis);
		return STEP_FAILED;
	}
	say_fsize(l, &ctx);
	return STEP_OK;
}

/* Each load's options and own check: STEP_BAD at the first bad one; else STEP_FAILED if one cannot run. */
static int
check_loads(const struct invocation *iv, const struct load **loads, int nloads, const char *base)
{
	int i, rc, cannot = STEP_OK;

	for (i = 0; i < nloads; i++) {
		if (check_load_options(iv->o, loads[i]) != STEP_OK)
			return STEP_BAD;
		if (loads[i]->check == NULL)
			continue;
		if ((rc = check_load(iv, loads[i], base)) == STEP_BAD)
			return rc;
		cannot |= rc;
	}
	return cannot;
}

/* ---------------------------------------------------------- --set */

/*
 * --set: every file its labels name found, under /sys or /proc/sys once
 * its links are resolved, a regular file, writable and one line, and
 * what the log keeps of them within its room; nothing written (the
 * trial, which writes each value, comes once the journal and the
 * watchdog keep the values found: open_settings).  STEP_OK or STEP_BAD.
 */
static int
check_settings(const struct opts *o)
{
	static struct settings s;
	static char set[LOG_SET_MAX], found[LOG_SET_MAX];
	char why[2048];
	int i, rc = 0;

	for (i = 0; i < o->nset && rc == 0; i++)
		rc = settings_add(&s, o->set[i], why, sizeof(why));
	if (rc == 0 && o->nset)
		rc = settings_resolve(&s, why, sizeof(why));
	for (i = 0; i < o->nset && rc == 0; i++)
		rc = settings_record(&s, i, set, found, why, sizeof(why));
	settings_free(&s);
	return rc < 0 ? bad(0, "%s", why) : STEP_OK;
}

/*
 * Everything about the command line and the paths it names, checked
 * before anything is created: STEP_BAD for bad input; STEP_FAILED when
 * something is missing on the machine or does not fit it (each said).
 * It only checks: settle() then takes the values.
 */
static int
check_inputs(const struct invocation *iv, const struct load **loads, int nloads)
{
	const struct opts *o = iv->o;
	char dir[PATH_MAX];
	int cannot, rc;

	if ((cannot = check_tools()) == STEP_BAD || check_log(o, nloads) != STEP_OK ||
	    check_workdir(o, dir, sizeof(dir)) != STEP_OK || check_tree(o) != STEP_OK ||
	    check_settings(o) != STEP_OK)
		return STEP_BAD;
	cannot |= check_tree_disk(iv, access(o->workdir, F_OK) == 0 ? o->workdir : dir);
	if ((rc = check_loads(iv, loads, nloads, dir)) == STEP_BAD)
		return rc;
	return cannot | rc;
}

/* What the checked inputs give the invocation: the mark's level, the
 * kernel profile's mode, and with -s the tree's real path and its .config's
 * hash.  STEP_OK or STEP_BAD. */
static int
settle(struct invocation *iv)
{
	const struct opts *o = iv->o;
	char path[PATH_MAX + 32], why[256];

	disturb_env(&iv->disturb_pct, why, sizeof(why));
	iv->prof_mode = o->prof_mode;
	if (!o->prof_set)
		profile_env(&iv->prof_mode);
	if (o->tree == NULL)
		return STEP_OK;
	if (realpath(o->tree, iv->tree_dir) == NULL)
		return bad(errno, "cannot resolve '%s'", o->tree);
	/* check_tree saw that it fits */
	snprintf(iv->who.workload, sizeof(iv->who.workload), "%.*s", (int)sizeof(iv->who.workload) - 1, iv->tree_dir);
	snprintf(path, sizeof(path), "%s/.config", o->tree);
	if (hash_file(path, iv->who.config) < 0)
		return bad(errno, "cannot read '%s'", path);
	return STEP_OK;
}

/* ----------------------------------------------------------- --against */

/* --against's row lacks what an interval needs of one load: STEP_BAD, saying why. */
static int
against_short(const char *name, const char *load, int baseline, long runs, long dist, double dmax)
{
	char what[96];

	snprintf(what, sizeof(what), "%s%s", load, baseline ? " (the Ratio's baseline)" : "");
	if (dist == 0)
		return bad(0, "--against '%s' has %s ok run of %s: --until could never give the interval of "
		    "the change, which needs 2", name, runs ? "1" : "no", what);
	return bad(0, "--against '%s': %s%ld ok run%s of %s %s marked disturbed (others used %s%.1f%% of the "
	    "CPUs), and --until counts none of them (contest -r --disturbed does): the interval of the "
	    "change needs 2 runs counted, it has %ld", name, runs ? "" : "all its ", dist,
	    dist == 1 ? "" : "s", what, dist == 1 ? "is" : "are", dist > 1 ? "up to " : "", dmax, runs);
}

/*
 * --against: the row it names, as -c takes it (LABEL#N, or a label seen
 * in one configuration), checked before anything runs (STEP_BAD): known,
 * not the label measured, and with what --until's interval needs of it,
 * 2 ok runs counted (disturbed ones are not) of each load measured and
 * of no_load for the Ratio; else every round would run to --max-rounds
 * and end without an answer.  If its runs compiled another tree or
 * another -j (the sizing policy gave another, on other usable CPUs), say
 * so: its Ratio is then compared across trees.  A label of --set is
 * measured here, round by round, and needs none of it.
 */
static int
against_known(const struct invocation *iv, const struct load **loads, int nloads)
{
	static struct report_row row;
	const struct opts *o = iv->o;
	const char *names[MAXLOADS + 2];
	struct report_opts ro = { 0 };
	char vis[256];
	int i, n = 0, alone = nloads == 1 && !strcmp(loads[0]->name, "no_load");

	if (o->against == NULL)
		return STEP_OK;
	for (i = 0; i < iv->nlabels; i++)
		if (!strcmp(o->against, iv->lab[i].label))
			return STEP_OK;	/* one of --set's: measured here */
	log_vis(vis, sizeof(vis), o->against, strlen(o->against));
	if (access(o->log, R_OK) < 0)
		return bad(0, "--against '%s': the log '%s' cannot be read: %s", vis, o->log, strerror(errno));
	names[n++] = "no_load";
	for (i = 0; i < nloads; i++)
		if (strcmp(loads[i]->name, "no_load"))
			names[n++] = loads[i]->name;
	ro.loads = names;
	ro.nloads = n;
	report_data(&ro);
	if (report_row(&ro, o->log, "--against", o->against, &row) < 0)
		return STEP_BAD;
	if (!row.found)
		return bad(0, "--against: no ok run of '%s' in '%s'", vis, o->log);
	if (!strcmp(row.label, iv->who.label))
		return bad(0, "--against '%s' is the label being measured: name another with -k", vis);
	for (i = 0; i < row.n; i++)
		if (row.l[i].runs < 2)
			return against_short(vis, row.l[i].load, i == 0 && !alone, row.l[i].runs,
			    row.l[i].disturbed, row.l[i].disturbed_max);
	if (row.jobs != iv->who.jobs || strcmp(row.workload, iv->who.workload))
		fprintf(stderr, "contest: --against '%s' ran %s with -j%ld, this runs %s with -j%ld: its "
		    "Ratios are compared across trees (--units and -j as its make them the same)\n", vis,
		    row.workload, row.jobs, iv->who.workload, iv->who.jobs);
	return STEP_OK;
}

/* ------------------------------------------------------------ the whole */

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
	const struct opts *o = iv->o;
	unsigned long long comp = sz_compile_mem(iv->jobs, o->tree != NULL), mem = 0;
	unsigned long long total = sz_mem_total(&iv->mach);
	char a[32], b[32], c[32], d[32];
	struct sz_out so;
	int i;

	for (i = 0; i < nloads; i++)
		if (load_plan(iv, loads[i], &so) == 0 && so.mem > mem)
			mem = so.mem;
	if (comp + mem <= total)
		return;
	warnx("the runs may hold %s of memory (make -j%ld's jobs %s, the largest load's %s), and %s %s: "
	    "the compile may swap or meet the OOM killer (-j %ld fits)", sz_bytes(a, sizeof(a), comp + mem),
	    iv->jobs, sz_bytes(b, sizeof(b), comp), sz_bytes(c, sizeof(c), mem),
	    iv->mach.mem.cg_limit < iv->mach.mem.ram ? "the memory cgroup allows" :
	    o->plan_mem ? "--mem plans" : "the machine has", sz_bytes(d, sizeof(d), total),
	    sz_jobs(&iv->mach, o->tree != NULL));
}

/*
 * Everything a run checks before it makes anything, and --plan the
 * same, so that a plan exits 2 where the run would, with its message:
 * the command line, the paths, --against; and what the machine (this
 * one, or the one --plan's --cpus, --mem and --disk describe) cannot
 * give.  STEP_FAILED when something cannot run there (said), STEP_BAD
 * for bad input, else STEP_OK; the checked values are then the
 * invocation's (settle).
 */
int
preflight(struct invocation *iv, const struct load **loads, int nloads)
{
	int cannot = check_inputs(iv, loads, nloads);

	if (cannot == STEP_BAD || settle(iv) != STEP_OK || against_known(iv, loads, nloads) != STEP_OK)
		return STEP_BAD;
	if (iv->nlabels && iv->rounds * iv->nlabels * (nloads + 1) > PLAN_MAX)
		return bad(0, "--set: %ld rounds of %d labels, each with %d load%s and no_load, are more runs "
		    "than contest plans (%d)", iv->rounds, iv->nlabels, nloads, nloads == 1 ? "" : "s", PLAN_MAX);
	check_memory(iv, loads, nloads);
	return cannot;
}

/* ----------------------------------------------------------- identify */

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
plan_machine(const struct opts *o, struct sz_machine *m)
{
	if (o->plan_cpus > 0) {
		memset(&m->cpu, 0, sizeof(m->cpu));
		m->cpu.online = m->cpu.affinity = m->cpu.cpuset = m->cpu.set = m->cpu.usable = (int)o->plan_cpus;
	}
	if (o->plan_mem > 0) {
		memset(&m->mem, 0, sizeof(m->mem));
		m->mem.ram = o->plan_mem;
		m->mem.avail = o->plan_mem / 100 * PLAN_AVAIL_PCT;
		m->mem.cg_limit = m->mem.cg_avail = SZ_UNLIMITED;
		m->mem.dirty = sz_dirty(o->plan_mem);
	}
	if (o->plan_disk > 0)
		m->disk_free = o->plan_disk;
}

/* The CPUs contest plans for, and what it makes of them. */
void
say_cpus(const struct invocation *iv)
{
	const struct sz_cpus *c = &iv->mach.cpu;
	char q[32] = "no quota";

	if (c->quota > 0)
		snprintf(q, sizeof(q), "quota %.2f", c->quota);
	fprintf(stderr, "contest: %d usable CPU%s of %d online (affinity %d, cpuset %d, %s): make -j%ld",
	    c->usable, c->usable == 1 ? "" : "s", c->online, c->affinity, c->cpuset, q, iv->jobs);
	if (iv->o->tree)
		fprintf(stderr, "\n");
	else
		fprintf(stderr, ", %ld units, about %.0f s a no_load compile\n", iv->units, noload_est(iv));
}

/*
 * --set's labels, each with its set= (check_options parsed them): the
 * first the invocation's label (who).  STEP_BAD if one's settings do not
 * fit the log.
 */
static int
labels_of(struct invocation *iv)
{
	static struct settings s;
	static char found[LOG_SET_MAX];
	char why[1024];
	int i, rc = 0;

	for (i = 0; i < iv->o->nset && rc == 0; i++)
		rc = settings_add(&s, iv->o->set[i], why, sizeof(why));
	for (i = 0; i < iv->o->nset && rc == 0; i++) {
		snprintf(iv->lab[i].label, sizeof(iv->lab[i].label), "%s", s.label[i].name);
		rc = settings_record(&s, i, iv->lab[i].set, found, why, sizeof(why));
	}
	iv->nlabels = i;
	settings_free(&s);
	if (rc < 0)
		return bad(0, "%s", why);
	snprintf(iv->who.label, sizeof(iv->who.label), "%s", iv->lab[0].label);
	snprintf(iv->who.set, sizeof(iv->who.set), "%s", iv->lab[0].set);
	return STEP_OK;
}

/* The label: -k's, else the kernel release's (release); STEP_BAD if that makes none. */
static int
label_of(const struct opts *o, const char *release, struct rec *w)
{
	char vis[256];

	if (o->label) {
		snprintf(w->label, sizeof(w->label), "%s", o->label);
		return STEP_OK;
	}
	if (log_label_make(release, w->label, sizeof(w->label)) == 0)
		return STEP_OK;
	log_vis(vis, sizeof(vis), release, strlen(release));
	return bad(0, "the kernel release '%s' makes a label of more than %d bytes: name the "
	    "kernel with -k LABEL", vis, LOG_LABEL_MAX);
}

/*
 * Who is measured, as far as the command line and uname(2) say, and on
 * what: the CPUs and memory the sizing policy plans for, the -j and the
 * built-in tree's units it gives, the rounds planned.
 */
int
identify(struct invocation *iv)
{
	const struct opts *o = iv->o;
	struct rec *w = &iv->who;
	char dir[PATH_MAX];
	struct utsname u;

	rec_init(w);
	uname(&u);
	snprintf(w->host, sizeof(w->host), "%s", u.nodename);
	snprintf(w->kernel, sizeof(w->kernel), "%s", u.release);
	if ((o->nset ? labels_of(iv) : label_of(o, u.release, w)) != STEP_OK)
		return STEP_BAD;
	sz_read(&iv->mach, NULL);
	nearest_dir(dir, sizeof(dir), o->workdir);
	iv->mach.disk_free = load_free_bytes(dir);
	plan_machine(o, &iv->mach);
	w->ncpu = iv->mach.cpu.usable;
	w->ncpu_online = iv->mach.cpu.online;
	iv->jobs = o->jobs ? o->jobs : sz_jobs(&iv->mach, o->tree != NULL);
	iv->units = o->units ? o->units : sz_units(sz_par(&iv->mach, iv->jobs));
	iv->rounds = !(o->until > 0) ? o->runs : o->max_rounds ? o->max_rounds :
	    DEF_MAX_ROUNDS > o->runs ? DEF_MAX_ROUNDS : o->runs;
	iv->max_time = 60.0 * (double)o->max_time;
	iv->probe = o->probe;
	w->jobs = iv->jobs;
	snprintf(w->workload, sizeof(w->workload), "builtin:%ld", iv->units);
	snprintf(w->drop, sizeof(w->drop), "%s", kf_access(KF_PROC, "sys/vm/drop_caches", W_OK) == 0 ? "yes" : "no");
	snprintf(w->inv, sizeof(w->inv), "%ld.%ld", (long)time(NULL), (long)getpid());
	return STEP_OK;
}
