/*
 * report-fuzz.c: libFuzzer entry point for the log reader and every
 * renderer.  Each input is written to a file and read as a log by the
 * real report() once per view (table, -v, -b, -c, -v -c, CSV, JSON,
 * long with -c, KCIDB alone and with -c, LAVA with -c, bars, SVG, and
 * with -p: text, -v, -c, CSV, JSON); an output that
 * prints inf or nan as a number aborts, as does anything ASan or UBSan
 * sees, and libFuzzer's -timeout catches a hang.  Two faults besides
 * (issue 29): --svg naming the log itself must be refused (2) with the
 * log untouched; and the input's last line cut at a byte (a crash), then
 * a record appended by log_append, must report exactly as the input
 * without that line with the record appended: the fragment counts for
 * nothing.  Built by make fuzz with clang -fsanitize=fuzzer,address,undefined;
 * run with -close_fd_mask=2, as the report names every bad line on stderr
 * (libFuzzer and the sanitizers keep a stderr of their own).
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../log.h"
#include "../../report.h"

static char logpath[64], svgpath[64];
static int logfd = -1;

static const char *order[] = { "no_load", "cacherun", "process_load", "io_load", NULL };
static const char *aliases[] = { "noload", "no_load", NULL };

/*
 * inf or nan standing alone, as printf writes them (no strncasecmp: this
 * runs on every output).  The harness's own scan is left out of the
 * coverage feedback: it traced a comparison per output byte, an eighth
 * of the fuzzer's time, and steers nothing.
 */
__attribute__((no_sanitize("coverage"))) static int
has_infnan(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 3 <= n; i++) {
		int a = s[i] | 0x20, b = s[i + 1] | 0x20, c = s[i + 2] | 0x20;

		if (!((a == 'i' && b == 'n' && c == 'f') || (a == 'n' && b == 'a' && c == 'n')))
			continue;
		if ((i == 0 || !isalpha((unsigned char)s[i - 1])) &&
		    (i + 3 == n || !isalpha((unsigned char)s[i + 3])))
			return 1;
	}
	return 0;
}

static void
cleanup(void)
{
	unlink(logpath);
	unlink(svgpath);
}

static void
check_file(const char *path, const char *what)
{
	static char buf[1 << 20];
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (has_infnan(buf, n)) {
		fprintf(stderr, "report-fuzz: inf or nan in %s\n", what);
		abort();
	}
}

static void
run(struct report_opts *o, int check)
{
	const char *logs[1] = { logpath };
	char *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);

	if (f == NULL)
		abort();
	if (o->svg)
		unlink(o->svg);	/* check this input's chart, never an earlier one's */
	o->order = order;
	o->aliases = aliases;
	report(o, 1, logs, f);
	fclose(f);
	if (check && has_infnan(out, n)) {
		fprintf(stderr, "report-fuzz: inf or nan in the output of a view:\n%s\n", out);
		abort();
	}
	free(out);
	if (o->svg && check)
		check_file(o->svg, "the SVG");
}

/* The input as the log, or abort. */
static void
put_log(const uint8_t *data, size_t size)
{
	if (ftruncate(logfd, 0) < 0 || (size && pwrite(logfd, data, size, 0) != (ssize_t)size))
		abort();
}

/* The table and the CSV of the log, into *out (free() it). */
static size_t
table_csv(char **out)
{
	static const char *order_[] = { "no_load", "io_load", NULL };
	const char *logs[1] = { logpath };
	struct report_opts o;
	size_t n = 0;
	FILE *f = open_memstream(out, &n);

	if (f == NULL)
		abort();
	memset(&o, 0, sizeof(o));
	o.order = order_;
	report(&o, 1, logs, f);
	o.format = REPORT_CSV;
	report(&o, 1, logs, f);
	fclose(f);
	return n;
}

/*
 * --svg naming the log: refused before anything is written.  Then the
 * last line cut at a byte the input picks, a record appended through the
 * writer: the same report as without the line.
 */
static void
faults(const uint8_t *data, size_t size)
{
	static const char line[] = "contest=1 date=2026-12-09T10:00:00Z host=box label=Z kernel=6.1.0 "
	    "load=no_load run=1 status=ok elapsed=100 user=90 sys=5 lcpu=0 units=0 unit=none jobs=8 "
	    "workload=builtin:4 cache=dropped ncpu=2";
	static uint8_t back[1 << 16];
	const char *logs[1] = { logpath };
	struct report_opts o;
	static struct rec r;
	char why[160], *a = NULL, *b = NULL;
	size_t end = size, head, c, na, nb;
	FILE *f = open_memstream(&a, &na);

	memset(&o, 0, sizeof(o));
	o.svg = logpath;
	if (f == NULL || report(&o, 1, logs, f) != 2 || (size <= sizeof(back) &&
	    (pread(logfd, back, sizeof(back), 0) != (ssize_t)size || memcmp(back, data, size))))
		abort();	/* the log written over */
	fclose(f);
	free(a);
	/* the last line, its newline left out: data[head, end) */
	if (end > 0 && data[end - 1] == '\n')
		end--;
	for (head = end; head > 0 && data[head - 1] != '\n'; head--)
		;
	if (head == end || log_parse(line, &r, why, sizeof(why)) != 1)
		return;
	c = head + (end - head) * data[size / 2] / 256;	/* the cut: in [head, end) */
	put_log(data, c);
	if (log_append(logpath, &r, why, sizeof(why)) < 0)
		abort();
	na = table_csv(&a);
	put_log(data, head);
	if (log_append(logpath, &r, why, sizeof(why)) < 0)
		abort();
	nb = table_csv(&b);
	if (na != nb || memcmp(a, b, na)) {
		fprintf(stderr, "report-fuzz: a record cut at byte %zu of the last line counted\n", c - head);
		abort();
	}
	free(a);
	free(b);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* tmpfs where there is one: the SVG's fsync costs nothing there */
	const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

	(void)argc;
	(void)argv;
	snprintf(logpath, sizeof(logpath), "%s/report-fuzz-%d.log", dir, (int)getpid());
	snprintf(svgpath, sizeof(svgpath), "%s/report-fuzz-%d.svg", dir, (int)getpid());
	if ((logfd = open(logpath, O_RDWR | O_CREAT | O_TRUNC, 0600)) < 0)
		abort();
	atexit(cleanup);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *views[][2] = { { NULL, NULL }, { "v", NULL }, { "b", "A" },
	    { "c", "A" }, { "vc", "B" }, { "csv", "A" }, { "json", "A#1" }, { "bars", NULL },
	    { "bars", "A" }, { "svg", NULL }, { "svg", "B" }, { "d", NULL }, { "p", NULL },
	    { "pv", NULL }, { "pc", "A" }, { "pvc", "A" }, { "pcsv", "A" }, { "pjson", "A" },
	    { "long", "A" }, { "kcidb", NULL }, { "kcidb", "A" }, { "lava", "A" } };
	size_t i;
	int check = !has_infnan((const char *)data, size);	/* a label may be "nan" */

	put_log(data, size);
	for (i = 0; i < sizeof(views) / sizeof(views[0]); i++) {
		struct report_opts o;
		const char *v = views[i][0], *l = views[i][1];

		memset(&o, 0, sizeof(o));
		if (v && v[0] == 'p') {		/* -p with the view that follows */
			o.profiles = 1;
			v = v[1] ? v + 1 : NULL;
		}
		if (v && strchr(v, 'v') && strcmp(v, "csv"))
			o.verbose = 1;
		if (v && !strcmp(v, "b"))
			o.base = l;
		if (v && strchr(v, 'c') && strcmp(v, "csv"))
			o.compare = l;
		if (v && !strcmp(v, "csv")) {
			o.format = REPORT_CSV;
			o.compare = l;
		}
		if (v && !strcmp(v, "json")) {
			o.format = REPORT_JSON;
			o.base = l;
			if (o.profiles)		/* -c -p: the diffprofile */
				o.compare = l;
		}
		if (v && (!strcmp(v, "long") || !strcmp(v, "kcidb") || !strcmp(v, "lava"))) {
			o.format = !strcmp(v, "long") ? REPORT_LONG : !strcmp(v, "kcidb") ? REPORT_KCIDB :
			    REPORT_LAVA;
			o.compare = l;
		}
		if (v && !strcmp(v, "bars")) {
			o.bars = 1;
			o.base = l;
		}
		if (v && !strcmp(v, "svg")) {
			o.svg = svgpath;
			o.compare = l;
		}
		if (v && !strcmp(v, "d"))
			o.disturbed = o.verbose = 1;
		run(&o, check);
	}
	faults(data, size);
	return 0;
}
