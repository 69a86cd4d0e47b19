/*
 * log-unit.c: the log writer and reader.  Built and run by
 * t0001-log-unit.sh; prints "not ok" lines and exits 1 on a failure.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../log.h"

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static void
sample(struct rec *r)
{
	rec_init(r);
	strcpy(r->date, "2026-12-02T09:13:36Z");
	strcpy(r->host, "box");
	strcpy(r->label, "6.1.0-test");
	strcpy(r->kernel, "6.1.0-test");
	strcpy(r->load, "io_load");
	r->run = 2;
	strcpy(r->status, "invalid");
	strcpy(r->reason, "load killed by signal 9 (Killed) 100%");
	rec_set(r, K_ELAPSED, 61.2345);
	rec_set(r, K_USER, 100.5);
	rec_set(r, K_SYS, 9.25);
	rec_set(r, K_LCPU, 3.5);
	rec_set(r, K_WORK, 1234.567);
	strcpy(r->unit, "MiB");
	r->jobs = 8;
	strcpy(r->workload, "/src/linux with space");
	strcpy(r->config, "0123456789abcdef");
	strcpy(r->cache, "dropped");
	r->ncpu = 2;
	rec_set(r, K_LEAD, 3);
	rec_set(r, K_MAJFLT, 7);
	rec_set(r, K_MAXRSS, 40000);
	rec_note(r, "size", "67108864");
	rec_note(r, "passes", "3");
}

static int parse(const char *, struct rec *, char *);

/* r (a run, as sample made it) made its kernel profile's record: ok, mode, 997 Hz, kernel samples. */
static void
prof_of(struct rec *r, const char *mode, double kernel)
{
	r->prof = 1;
	strcpy(r->status, "ok");
	strcpy(r->profile, mode);
	rec_set(r, K_PROF_HZ, 997);
	rec_set(r, K_PROF_KERNEL, kernel);
	rec_set(r, K_PROF_IDLE, 0);
	rec_set(r, K_PROF_LOST, 0);
}

/*
 * A run's kernel profile: its own kind of record (prof=1), the run's
 * identity and configuration, the numbers, and the lists: names with
 * spaces, brackets and commas come back whole; a list longer than the
 * line is cut to what fits, never the line; bad lists are refused.
 */
static void
profile(void)
{
	static struct rec a, b;
	char buf[LOG_LINE_MAX + 1], why[160], name[300];
	double listed = 0;
	int n, i;

	sample(&a);
	prof_of(&a, "all", 12345);
	rec_set(&a, K_PROF_IDLE, 10);
	rec_set(&a, K_PROF_JOB, 12000);
	rec_set(&a, K_PROF_USER, 7);
	rec_set(&a, K_PROF_CPU, 0.0123);
	CHECK(rec_sym_add(&a, 0, "clear_page_erms", 5000) == 0);
	CHECK(rec_sym_add(&a, 0, "ext4_mount [ext4]", 40) == 0);
	CHECK(rec_sym_add(&a, 0, "odd,name:x", 3) == 0);
	CHECK(rec_sym_add(&a, 1, "kworker/u4:2", 7) == 0);
	CHECK(rec_sym_add(&a, 0, "", 1) == -1);
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && strncmp(buf, "contest=1 prof=1 ", 17) == 0);
	CHECK(strstr(buf, " ksym=5000:clear_page_erms,40:ext4_mount%20%5Bext4%5D,3:odd%2Cname:x\n") != NULL);
	CHECK(strstr(buf, " usym=7:kworker/u4:2 ") != NULL);
	/* a run's keys that are not the profile's stay out; notes too */
	CHECK(strstr(buf, "majflt=") == NULL && strstr(buf, "size=") == NULL && strstr(buf, "unit=") == NULL);
	buf[n > 0 ? n - 1 : 0] = '\0';
	CHECK(parse(buf, &b, why) == 1 && b.prof == 1 && !b.snapshot);
	CHECK(b.pf.nk == 3 && b.pf.nu == 1 && !strcmp(rec_sym_name(&b, 0, 1), "ext4_mount [ext4]") &&
	    !strcmp(rec_sym_name(&b, 0, 2), "odd,name:x") && b.pf.k[0].n == 5000 &&
	    !strcmp(rec_sym_name(&b, 1, 0), "kworker/u4:2") && b.pf.u[0].n == 7);
	CHECK(b.num[K_PROF_KERNEL] == 12345 && b.num[K_PROF_HZ] == 997 && b.has[K_PROF_JOB] &&
	    !b.has[K_PROF_LOAD] && fabs(b.num[K_PROF_CPU] - 0.0123) < 1e-9);
	CHECK(rec_same_config(&a, &b) && !strcmp(b.load, "io_load") && b.run == 2 &&
	    !strcmp(b.profile, "all") && fabs(b.num[K_ELAPSED] - 61.2345) < 0.001);

	/* 400 long names: the line holds what fits, whole entries only */
	sample(&a);
	prof_of(&a, "kernel", 1e6);
	for (i = 0; i < LOG_KSYM_MAX; i++) {
		snprintf(name, sizeof(name), "a_rather_long_kernel_function_name_number_%d", i);
		if (rec_sym_add(&a, 0, name, 1000 - i) < 0)
			break;
	}
	CHECK(i > 100 && a.pf.nk == i);
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && n < LOG_LINE_MAX && buf[n - 1] == '\n');
	buf[n > 0 ? n - 1 : 0] = '\0';
	CHECK(parse(buf, &b, why) == 1 && b.pf.nk > 50 && b.pf.nk < a.pf.nk);
	for (i = 0; i < b.pf.nk; i++)
		listed += b.pf.k[i].n;
	CHECK(listed < b.num[K_PROF_KERNEL]);
	CHECK(!strcmp(rec_sym_name(&b, 0, b.pf.nk - 1), rec_sym_name(&a, 0, b.pf.nk - 1)));

}

/* What a reader refuses of a profile record; a run's record's profile keys. */
static void
profile_refused(void)
{
	static const struct { const char *tail, *why; } sums[] = {	/* why: NULL when read */
		{ "5:a,3:b", "prof_kernel=5" },
		{ "5:a prof_unknown=1", "prof_unknown" },
		{ "4:a prof_unknown=1 prof_job=3 prof_rest=2", NULL },
		{ "4:a prof_job=3 prof_load=2 prof_rest=1", "prof_job" },
		{ "4:a usym=2:cc1", "usym" },
		{ "4:a prof_user=2 usym=2:cc1", NULL },
	};
	static struct rec a, b;
	char buf[LOG_LINE_MAX + 1], why[160], line[LOG_LINE_MAX * 2];
	int n, i;

	snprintf(line, sizeof(line), "contest=1 prof=1 date=d host=h label=l load=no_load run=1 status=ok "
	    "elapsed=1 jobs=2 workload=w ncpu=2 profile=kernel prof_hz=997 prof_kernel=5 prof_idle=0 prof_lost=0");
	CHECK(parse(line, &b, why) == 1 && b.pf.nk == 0);
	strcat(line, " ksym=");
	n = (int)strlen(line);
	strcpy(line + n, "5:a,");
	CHECK(parse(line, &b, why) == -1 && strstr(why, "ksym"));
	strcpy(line + n, "5:");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, ":a");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, "5a:a");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, "5:a%00");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, "99999999999999:a");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, "5:a,,3:b");
	CHECK(parse(line, &b, why) == -1);
	strcpy(line + n, "3:a,2:b%2Cc");
	CHECK(parse(line, &b, why) == 1 && b.pf.nk == 2 && !strcmp(rec_sym_name(&b, 0, 1), "b,c"));
	/* counts over their totals (prof_kernel=5): shares over 100% */
	for (i = 0; i < (int)(sizeof(sums) / sizeof(sums[0])); i++) {
		strcpy(line + n, sums[i].tail);
		if (sums[i].why == NULL)
			CHECK(parse(line, &b, why) == 1);
		else
			CHECK(parse(line, &b, why) == -1 && strstr(why, sums[i].why));
	}
	line[n] = '\0';
	for (i = 0; i < LOG_KSYM_MAX + 1; i++)
		strcat(line, i ? ",1:x" : "1:x");
	CHECK(parse(line, &b, why) == -1 && strstr(why, "too long"));
	CHECK(parse("contest=1 prof=1 date=d host=h label=l load=no_load run=1 status=ok elapsed=1 "
	    "jobs=2 workload=w ncpu=2 prof_hz=997 prof_kernel=5 prof_idle=0 prof_lost=0", &b, why) == -1 &&
	    strstr(why, "profile"));
	CHECK(parse("contest=1 prof=1 snapshot=1 date=d host=h label=l", &b, why) == -1);
	CHECK(parse("contest=1 prof=2 date=d host=h label=l load=no_load run=1 status=ok elapsed=1 "
	    "jobs=2 workload=w ncpu=2 profile=kernel prof_hz=997 prof_kernel=5 prof_idle=0 prof_lost=0",
	    &b, why) == -1);
	/* a run's record: profile and its reason */
	sample(&a);
	strcpy(a.profile, "off");
	strcpy(a.profile_why, "perf_event_paranoid is 2");
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && strstr(buf, " profile=off profile_why=perf_event_paranoid%20is%202 ") != NULL);
	buf[n > 0 ? n - 1 : 0] = '\0';
	CHECK(parse(buf, &b, why) == 1 && !b.prof && !strcmp(b.profile_why, a.profile_why));
}

/* Is v a number as printf's %f writes one: [-]DIGITS[.DIGITS]? */
static int
writers_form(const char *v)
{
	size_t i = v[0] == '-', d = strspn(v + i, "0123456789");

	if (d == 0)
		return 0;
	i += d;
	if (v[i] == '.') {
		if ((d = strspn(v + i + 1, "0123456789")) == 0)
			return 0;
		i += 1 + d;
	}
	return v[i] == '\0';
}

/*
 * The reader's own decimal parsing against strtod: for random numbers
 * in the forms a writer uses (and some it does not), the value read is
 * strtod's to the bit; what strtod refuses is refused, and so is what
 * no writer writes (hex, exponents, '+', white space: elapsed=0x10 was
 * read as 16 s).
 */
static void
numbers(void)
{
	static const char *odd[] = { "1.", ".5", "1e3", "0x10", "0x1p3", "0X10", "1..2", "12a", "007",
	    "0.000000000000001", "1234567890123456", "999999999999.999", "1000000000000",
	    "1000000000000.001", "-1", "+1", "-0.000", "-0", "--1", "-", "1e-300", "00000000000000001",
	    "0.0", "9007199254740993", "inf", "nan", "infinity", "", "\t5", "\v5", "\f5", "5\t" };
	char line[512], why[160], v[64];
	struct rec r;
	unsigned seed = 42;
	int i, k;

	for (i = 0; i < 200000 + (int)(sizeof(odd) / sizeof(odd[0])); i++) {
		double want;
		char *end;
		int ok;

		if (i < (int)(sizeof(odd) / sizeof(odd[0]))) {
			snprintf(v, sizeof(v), "%s", odd[i]);
		} else {
			seed = seed * 1103515245 + 12345;
			k = (int)(seed >> 16) % 4;
			snprintf(v, sizeof(v), "%.*f", k * 2, (double)(seed >> 3) / (1 << (seed % 17)) *
			    (k == 3 ? 1e-3 : 1));
		}
		snprintf(line, sizeof(line), "contest=1 date=d host=h label=l load=io_load run=1 status=ok "
		    "elapsed=%s user=1 sys=1 lcpu=1 units=1 unit=MiB jobs=1 workload=w cache=dropped ncpu=1", v);
		errno = 0;
		want = strtod(v, &end);
		ok = *v && *end == '\0' && errno == 0 && isfinite(want) && want >= 0 && want <= LOG_NUM_MAX &&
		    writers_form(v);
		if (parse(line, &r, why) != (ok ? 1 : -1) || (ok && memcmp(&r.num[K_ELAPSED], &want, sizeof(want)))) {
			printf("not ok: elapsed=%s: read %.17g, strtod %.17g (%s)\n", v, r.num[K_ELAPSED], want,
			    ok ? "accepted" : "refused");
			failures++;
			return;
		}
	}
}

static int
parse(const char *line, struct rec *r, char *why)
{
	return log_parse(line, r, why, 160);
}

/* a record written and read back */
static void
test_round_trip(void)
{
	char buf[LOG_LINE_MAX + 1], why[160];
	struct rec a, b;
	int n;

	/* round trip */
	sample(&a);
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && buf[n - 1] == '\n');
	CHECK(strchr(buf, '\t') == NULL);
	CHECK(strstr(buf, "workload=/src/linux%20with%20space") != NULL);
	CHECK(strstr(buf, " size=67108864 passes=3\n") != NULL);
	buf[n - 1] = '\0';
	CHECK(parse(buf, &b, why) == 1);
	CHECK(!strcmp(b.reason, a.reason));
	CHECK(!strcmp(b.workload, a.workload));
	CHECK(!strcmp(b.label, a.label) && !strcmp(b.load, a.load) && b.run == 2);
	CHECK(fabs(b.num[K_ELAPSED] - 61.2345) < 0.001 && fabs(b.num[K_WORK] - 1234.567) < 1e-9);
	CHECK(b.jobs == 8 && b.ncpu == 2 && b.num[K_MAJFLT] == 7 && b.num[K_MAXRSS] == 40000);
	CHECK(b.has[K_MAJFLT] && !b.has[K_MINFLT]);	/* not written, not read */
	CHECK(strstr(buf, "minflt=") == NULL);
	CHECK(!strcmp(b.config, "0123456789abcdef"));
}

/* a sample record's line, without its newline */
static void
sample_line(char *buf, size_t len)
{
	struct rec a;
	int n;

	sample(&a);
	n = log_format(&a, buf, len);
	buf[n > 0 ? n - 1 : 0] = '\0';
}

/* lines that are no record, and records that are malformed */
static void
test_malformed(void)
{
	char buf[LOG_LINE_MAX + 1], why[160], line[LOG_LINE_MAX * 2];
	struct rec b;

	sample_line(buf, sizeof(buf));
	/* comments, blank lines, unknown keys */
	CHECK(parse("# a comment", &b, why) == 0);
	CHECK(parse("", &b, why) == 0);
	snprintf(line, sizeof(line), "%s newkey=whatever", buf);
	CHECK(parse(line, &b, why) == 1);

	/* malformed: each must be refused with a reason */
	snprintf(line, sizeof(line), "%s junk", buf);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "key=value"));
	CHECK(parse("contest=1 date=x", &b, why) == -1 && strstr(why, "missing"));
	strcpy(line, buf);
	memcpy(strstr(line, "elapsed=") + 8, "x", 1);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "elapsed"));
	strcpy(line, buf);
	memcpy(strstr(line, "user=") + 5, "-", 1);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "user"));
	snprintf(line, sizeof(line), "%s", buf);
	{
		char *p = strstr(line, "sys=");
		char tail[LOG_LINE_MAX];
		strcpy(tail, strchr(p, ' '));
		sprintf(p, "sys=inf%s", tail);
	}
	CHECK(parse(line, &b, why) == -1 && strstr(why, "sys"));
	snprintf(line, sizeof(line), "%s run=3", buf);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "twice"));
	strcpy(line, buf);
	memcpy(strstr(line, "contest=1"), "contest=9", 9);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "version"));
	strcpy(line, buf);
	memcpy(strstr(line, "status=invalid"), "status=weird!!", 14);
	CHECK(parse(line, &b, why) == -1);
	strcpy(line, buf);
	memcpy(strstr(line, "host=box"), "host=%4", 7);
	CHECK(parse(line, &b, why) == -1 && strstr(why, "host"));
	memset(line, 'a', LOG_LINE_MAX + 10);
	line[LOG_LINE_MAX + 10] = '\0';
	CHECK(parse(line, &b, why) == -1 && strstr(why, "longer"));
}

/* a load's notes */
static void
test_notes(void)
{
	char buf[LOG_LINE_MAX + 1], why[160];
	struct rec a, b;
	int n;

	/* notes: values encoded, so a space or '=' cannot break the line */
	sample(&a);
	CHECK(rec_note(&a, "walk", "/tmp/w s=x%") == 0);
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && strstr(buf, " walk=/tmp/w%20s%3Dx%25") != NULL);
	buf[n - 1] = '\0';
	CHECK(parse(buf, &b, why) == 1);
	/* a note may not take a key of the log's own, twice, or a strange one */
	CHECK(rec_note(&a, "elapsed", "1") == -1);
	CHECK(rec_note(&a, "status", "ok") == -1);
	CHECK(rec_note(&a, "walk", "again") == -1);
	CHECK(rec_note(&a, "Bad-Key", "1") == -1 && rec_note(&a, "", "1") == -1);
	n = log_format(&a, buf, sizeof(buf));
	buf[n - 1] = '\0';
	CHECK(parse(buf, &b, why) == 1);
}

/* records at the line's limit */
static void
test_longest(void)
{
	char buf[LOG_LINE_MAX + 1], why[160];
	struct rec a, b;
	int n;

	/* the longest record fits, notes and all; notes that cannot are cut, marked */
	sample(&a);
	memset(a.workload, '%', sizeof(a.workload) - 1);
	a.workload[sizeof(a.workload) - 1] = '\0';
	memset(a.reason, ' ', sizeof(a.reason) - 1);
	a.reason[sizeof(a.reason) - 1] = '\0';
	memset(a.host, ' ', sizeof(a.host) - 1);
	a.host[sizeof(a.host) - 1] = '\0';
	{
		char k[16], v[200];
		int i;
		memset(v, ' ', sizeof(v) - 1);
		v[sizeof(v) - 1] = '\0';
		for (i = 0; i < 40; i++) {
			snprintf(k, sizeof(k), "note%d", i);
			rec_note(&a, k, v);
		}
	}
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0);
	buf[n > 0 ? n - 1 : 0] = '\0';
	CHECK(parse(buf, &b, why) == 1);
	a.notes_cut = 1;
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && strstr(buf, " notes_cut=1\n") != NULL);
}

/* rec_same_config */
static void
test_same_config(void)
{
	struct rec a, b;

	/* one definition of the same configuration */
	sample(&a);
	sample(&b);
	CHECK(rec_same_config(&a, &b) && rec_config_hash(&a) == rec_config_hash(&b));
	strcpy(b.host, "other");
	CHECK(!rec_same_config(&a, &b));
	sample(&b);
	b.jobs = 4;
	CHECK(!rec_same_config(&a, &b));
	sample(&b);
	strcpy(b.cache, "kept");
	CHECK(!rec_same_config(&a, &b) && !strcmp(rec_drop(&b), "no"));
	strcpy(b.drop, "yes");
	CHECK(rec_same_config(&a, &b));
	sample(&b);
	strcpy(b.load, "no_load");
	b.run = 9;
	CHECK(rec_same_config(&a, &b));
}

/* the snapshot record; a bad line's message */
static void
test_snapshot(void)
{
	char buf[LOG_LINE_MAX + 1], why[160];
	struct rec a, b;
	int n;

	/* the box's snapshot: its own kind of record, with its own keys */
	rec_init(&a);
	a.snapshot = 1;
	strcpy(a.date, "2026-12-02T09:13:36Z");
	strcpy(a.host, "box");
	strcpy(a.label, "6.1.0");
	strcpy(a.snap.cmdline, "BOOT_IMAGE=/vmlinuz root=/dev/vda quiet");
	strcpy(a.snap.thp, "madvise");
	a.ncpu = 2;
	n = log_format(&a, buf, sizeof(buf));
	CHECK(n > 0 && strncmp(buf, "contest=1 snapshot=1 ", 21) == 0);
	CHECK(strstr(buf, "load=") == NULL && strstr(buf, "elapsed=") == NULL);
	buf[n > 0 ? n - 1 : 0] = '\0';
	CHECK(parse(buf, &b, why) == 1 && b.snapshot == 1 && !strcmp(b.snap.cmdline, a.snap.cmdline) &&
	    !strcmp(b.snap.thp, "madvise") && b.ncpu == 2);
	CHECK(parse("contest=1 snapshot=1 date=x host=h", &b, why) == -1 && strstr(why, "label"));
	CHECK(parse("contest=1 snapshot=2 date=x host=h label=l", &b, why) == -1);

	/* what a bad line says is safe to print */
	CHECK(parse("contest=1 \x1b]0;pwned\x07 x=1", &b, why) == -1 && strchr(why, 0x1b) == NULL &&
	    strstr(why, "\\x1b") != NULL);
}

/* a short write (here: the file size limit) is cut back off, with the true error */
static void
short_write(const char *path)
{
	struct rlimit rl;
	struct stat st0, st1;
	pid_t p0;
	int st;
	struct rec a;
	char why[160];

	CHECK(stat(path, &st0) == 0);
	if ((p0 = fork()) == 0) {
		signal(SIGXFSZ, SIG_IGN);
		rl.rlim_cur = rl.rlim_max = (rlim_t)st0.st_size + 100;
		setrlimit(RLIMIT_FSIZE, &rl);
		sample(&a);
		_exit(log_append(path, &a, why, sizeof(why)) == -1 && errno == EFBIG ? 0 : 1);
	}
	waitpid(p0, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK(stat(path, &st1) == 0 && st1.st_size == st0.st_size);
}

/* The records of the log at path, read by log_next into *lr (its counts
 * of lines and bad ones for the caller); -1 if it cannot be opened. */
static int
records(const char *path, struct logreader *lr)
{
	struct rec r;
	int count = 0;
	FILE *f;

	memset(lr, 0, sizeof(*lr));
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	lr->f = f;
	lr->name = path;
	lr->quiet = 1;
	while (log_next(lr, &r))
		count++;
	log_close(lr);
	fclose(f);
	return count;
}

/* two writers appending at once never interleave; a cut line stays apart */
static void
test_appenders(void)
{
	const char *path = "log-unit.tmp";
	struct logreader lr;
	struct rec a;
	char why[160];
	pid_t p[2];
	FILE *f;
	int k;

	unlink(path);
	for (k = 0; k < 2; k++) {
		if ((p[k] = fork()) == 0) {
			int i;
			sample(&a);
			for (i = 0; i < 300; i++) {
				a.run = 1000 * k + i + 1;	/* 600 runs, never one twice */
				if (log_append(path, &a, why, sizeof(why)) < 0)
					_exit(1);
			}
			_exit(0);
		}
	}
	for (k = 0; k < 2; k++) {
		int st;
		waitpid(p[k], &st, 0);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	CHECK(records(path, &lr) == 600 && lr.bad == 0);

	/* a truncated last line is reported and skipped */
	f = fopen(path, "a");
	CHECK(f != NULL);
	if (f) {
		fputs("contest=1 date=2026", f);
		fclose(f);
	}
	CHECK(records(path, &lr) == 600 && lr.bad == 1 && lr.lineno == 601);

	/* the next record is not glued to that fragment */
	sample(&a);
	a.run = 9999;
	CHECK(log_append(path, &a, why, sizeof(why)) == 0);
	CHECK(records(path, &lr) == 601 && lr.bad == 1);

	short_write(path);
	unlink(path);
}

/* What log_next says of the log at path on stderr, into out (len bytes). */
static void
said(const char *path, char *out, size_t len)
{
	struct logreader lr;
	struct rec *r = malloc(sizeof(*r));
	FILE *f = fopen(path, "r"), *e = tmpfile();
	int fd = dup(2);
	size_t n = 0;

	out[0] = '\0';
	if (r == NULL || f == NULL || e == NULL || fd < 0)
		return;
	memset(&lr, 0, sizeof(lr));
	lr.f = f;
	lr.name = path;
	fflush(stderr);
	dup2(fileno(e), 2);
	while (log_next(&lr, r))
		;
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	log_close(&lr);
	rewind(e);
	n = fread(out, 1, len - 1, e);
	out[n] = '\0';
	fclose(e);
	fclose(f);
	free(r);
}

/*
 * A record cut at any byte (a crash mid-write), then another appended:
 * the fragment, ended by LOG_CUT, is one bad line that says it was cut,
 * never a record, whether it was cut in a key, a value, a %XX escape,
 * right after '=' or at a space; the records around it are read whole.
 */
static void
test_cut(void)
{
	static struct rec a, r;
	static char line[LOG_LINE_MAX + 1], frag[LOG_LINE_MAX + 16];
	const char *path = "log-unit-cut.tmp";
	struct logreader lr;
	char why[160];
	size_t n, c, bad = 0;
	int kind;

	for (kind = 0; kind < 3; kind++) {
		sample(&a);
		if (kind == 1) {	/* a profile record, cut inside its list */
			prof_of(&a, "kernel", 100);
			rec_sym_add(&a, 0, "mod_a [mod]", 60);
			rec_sym_add(&a, 0, "b", 30);
		}
		n = (size_t)log_format(&a, line, sizeof(line)) - 1;
		if (kind == 2) {
			/* the longest line a reader takes (a newer writer's key fills it): with
			 * LOG_CUT, a fragment of it is longer, and still said to be cut */
			snprintf(line + n, sizeof(line) - n, " pad=%0*d", (int)(LOG_LINE_MAX - 7 - n), 0);
			n = strlen(line);
			CHECK(n == LOG_LINE_MAX - 2 && parse(line, &r, why) == 1);
		}
		for (c = kind == 2 ? n - 8 : 1; c <= n; c++) {
			FILE *f = fopen(path, "w");

			if (f == NULL)
				break;
			fprintf(f, "# a log\n%.*s", (int)c, line);
			fclose(f);
			a.run = 7;
			if (log_append(path, &a, why, sizeof(why)) < 0 || records(path, &lr) != 1 ||
			    lr.bad != 1 || lr.lineno != 3) {
				bad++; printf("c=%zu n=%zu bad=%ld lineno=%ld\n", c, n, lr.bad, lr.lineno); }
			if (kind == 2) {
				said(path, why, sizeof(why));
				if (strstr(why, ":2: record cut short") == NULL)
					bad++;
			}
			snprintf(frag, sizeof(frag), "%.*s%s", (int)c, line, LOG_CUT);
			if (parse(frag, &r, why) != -1 || strstr(why, "cut short") == NULL)
				bad++;
			a.run = 2;
		}
	}
	if (bad)
		printf("not ok: %zu cut records read as records, or not said to be cut\n", bad);
	failures += bad > 0;
	/* LOG_CUT alone (after a whole line, where the end could not be read): nothing */
	CHECK(parse(LOG_CUT, &r, why) == 0);
	unlink(path);
}

/* Write lines (each ending in a newline) to path. */
static void
put_lines(const char *path, const char *lines)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(lines, f);
		fclose(f);
	}
}

/*
 * A run read twice (a log merged with its copy, one log named twice) is
 * one run: one identity (kind, host, label, load, inv, date, end, run,
 * round), and anything else is another run; one set can span readers.
 */
static void
test_copies(void)
{
	static char lines[4 * LOG_LINE_MAX], line[LOG_LINE_MAX + 1];
	const char *path = "log-unit-copies.tmp";
	static struct rec a, r;
	struct logreader lr;
	struct logseen seen = { 0 };
	int n = 0, i, copies = 0;
	FILE *f;

	sample(&a);
	lines[0] = '\0';
	for (i = 0; i < 6; i++) {
		/* the record, the same again, another run, round, inv, date */
		if (i == 2)
			a.run = 3;
		if (i == 3)
			a.round = 2;
		if (i == 4)
			strcpy(a.inv, "1796260216.24874");
		if (i == 5)
			strcpy(a.date, "2026-12-02T09:13:37Z");
		log_format(&a, line, sizeof(line));
		strcat(lines, line);
	}
	/* its profile: a record of its own */
	prof_of(&a, "kernel", 1);
	log_format(&a, line, sizeof(line));
	strcat(lines, line);
	put_lines(path, lines);
	CHECK(records(path, &lr) == 6 && lr.copies == 1 && lr.bad == 0);

	/* two readers of one set: the second log's runs are all copies */
	for (i = 0; i < 2; i++) {
		memset(&lr, 0, sizeof(lr));
		if ((f = fopen(path, "r")) == NULL)
			break;
		lr.f = f;
		lr.name = path;
		lr.seen = &seen;
		lr.keep_copies = 1;
		while (log_next(&lr, &r)) {
			n++;
			copies += r.copy;
		}
		log_close(&lr);
		fclose(f);
	}
	CHECK(n == 14 && copies == 8 && seen.copies == 8);
	log_seen_free(&seen);

	/* 200,000 runs: none taken for another as the set grows; each again: a copy */
	sample(&a);
	for (n = 0, i = 0; i < 400000; i++) {
		a.run = i % 200000 + 1;
		n += log_seen(&seen, &a);
	}
	CHECK(n == 200000 && seen.copies == 200000);
	log_seen_free(&seen);
	unlink(path);
}

/*
 * Labels as writers write them: one -k takes, or one made of a kernel
 * release; a label with '#' (raw or %23) could print as another's
 * LABEL#N and is refused, as -k refuses it.
 */
static void
test_labels(void)
{
	static const char *releases[] = { "6.1.0-rc1+", "6.18 test", "6.1#2", "v%x", "\xce\xbb-6" };
	/* A#1 is written label=A%231 (A%231 itself is the label made of the release A#1) */
	static const char *bad[] = { "A#1", "A%41", "A%2b", "A%", "A%2", "A%20%", "a b" };
	char buf[LOG_LINE_MAX + 1], line[LOG_LINE_MAX * 2], made[LOG_LABEL_MAX + 1], enc[256], why[160];
	struct rec a, r;
	size_t i;

	sample(&a);
	for (i = 0; i < sizeof(releases) / sizeof(releases[0]); i++) {
		CHECK(log_label_make(releases[i], made, sizeof(made)) == 0);
		strcpy(a.label, made);
		log_format(&a, buf, sizeof(buf));
		buf[strlen(buf) - 1] = '\0';
		CHECK(parse(buf, &r, why) == 1 && !strcmp(r.label, made));
	}
	sample_line(buf, sizeof(buf));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *p = strstr(buf, " label=") + 7, *q = strchr(p, ' ');

		log_encode(bad[i], enc, sizeof(enc));
		snprintf(line, sizeof(line), "%.*s%s%s", (int)(p - buf), buf, enc, q);
		CHECK(parse(line, &r, why) == -1 && strstr(why, "label"));
	}
	/* the raw form of the issue: label=A#1 in the line */
	snprintf(line, sizeof(line), "%s", buf);
	memcpy(strstr(line, " label=") + 7, "6.1#0-test", 10);
	CHECK(parse(line, &r, why) == -1 && strstr(why, "label"));
	/* a record starts at the line's first byte */
	snprintf(line, sizeof(line), " %s", buf);
	CHECK(parse(line, &r, why) == -1 && strstr(why, "space"));
	CHECK(parse("   ", &r, why) == 0 && parse("  # comment", &r, why) == 0);
}

int
main(void)
{
	test_round_trip();
	test_malformed();
	test_notes();
	test_longest();
	test_same_config();
	test_snapshot();
	test_appenders();
	numbers();
	profile();
	profile_refused();
	test_cut();
	test_copies();
	test_labels();
	printf("%s\n", failures ? "FAILED" : "all log checks passed");
	return failures != 0;
}
