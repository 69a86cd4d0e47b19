/*
 * unit-log.c: the log writer and reader.  Built and run by
 * t0001-log-unit.sh; prints "not ok" lines and exits 1 on a failure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../log.h"

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static void
sample(struct rec *r)
{
	memset(r, 0, sizeof(*r));
	r->version = LOG_VERSION;
	strcpy(r->date, "2026-12-02T09:13:36Z");
	strcpy(r->host, "box");
	strcpy(r->label, "6.1.0-test");
	strcpy(r->kernel, "6.1.0-test");
	strcpy(r->load, "io_load");
	r->run = 2;
	strcpy(r->status, "invalid");
	strcpy(r->reason, "load killed by signal 9 (Killed) 100%");
	r->elapsed = 61.2345;
	r->user = 100.5;
	r->sys = 9.25;
	r->lcpu = 3.5;
	r->units = 1234.567;
	strcpy(r->unit, "MiB");
	r->jobs = 8;
	strcpy(r->workload, "/src/linux with space");
	strcpy(r->config, "0123456789abcdef");
	strcpy(r->cache, "dropped");
	r->ncpu = 2;
	r->lead = 3;
	r->majflt = 7;
	r->maxrss = 40000;
	strcpy(r->extra, "size=67108864 passes=3");
}

static int
parse(const char *line, struct rec *r, char *why)
{
	return log_parse(line, r, why, 160);
}

int
main(void)
{
	char buf[LOG_LINE_MAX + 1], why[160], line[LOG_LINE_MAX * 2];
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
	CHECK(fabs(b.elapsed - 61.2345) < 0.001 && fabs(b.units - 1234.567) < 1e-9);
	CHECK(b.jobs == 8 && b.ncpu == 2 && b.majflt == 7 && b.maxrss == 40000);
	CHECK(!strcmp(b.config, "0123456789abcdef"));

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

	/* the writer refuses what does not fit rather than cutting it */
	sample(&a);
	memset(a.extra, 'x', sizeof(a.extra) - 1);
	a.extra[sizeof(a.extra) - 1] = '\0';
	memset(a.workload, '%', sizeof(a.workload) - 1);
	a.workload[sizeof(a.workload) - 1] = '\0';
	memset(a.reason, ' ', sizeof(a.reason) - 1);
	a.reason[sizeof(a.reason) - 1] = '\0';
	CHECK(log_format(&a, buf, sizeof(buf)) == -1);

	/* two writers appending at once never interleave */
	{
		const char *path = "unit-log.tmp";
		struct logreader lr = { 0 };
		int k, count = 0;
		pid_t p[2];
		FILE *f;

		unlink(path);
		for (k = 0; k < 2; k++) {
			if ((p[k] = fork()) == 0) {
				int i;
				sample(&a);
				a.run = k + 1;
				for (i = 0; i < 300; i++)
					if (log_append(path, &a) < 0)
						_exit(1);
				_exit(0);
			}
		}
		for (k = 0; k < 2; k++) {
			int st;
			waitpid(p[k], &st, 0);
			CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		}
		f = fopen(path, "r");
		CHECK(f != NULL);
		lr.f = f;
		lr.name = path;
		while (log_next(&lr, &b))
			count++;
		CHECK(count == 600 && lr.bad == 0);
		fclose(f);

		/* a truncated last line is reported and skipped */
		f = fopen(path, "a");
		fputs("contest=1 date=2026", f);
		fclose(f);
		f = fopen(path, "r");
		memset(&lr, 0, sizeof(lr));
		lr.f = f;
		lr.name = path;
		lr.quiet = 1;
		count = 0;
		while (log_next(&lr, &b))
			count++;
		CHECK(count == 600 && lr.bad == 1 && lr.lineno == 601);
		fclose(f);
		unlink(path);
	}

	printf("%s\n", failures ? "FAILED" : "all log checks passed");
	return failures != 0;
}
