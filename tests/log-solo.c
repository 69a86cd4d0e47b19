/*
 * log-solo.c: the log's writer alone, for the fault tests (t4131): a
 * record appended through log_append as contest appends one, after
 * whatever the log ends with.
 *   log-solo.bin append LOG RECORD
 *	parse RECORD (one log line) and append it to LOG
 *   log-solo.bin cuts LOG RECORD DIR
 *	for each byte N of LOG's last line (1 to its length, its newline
 *	not counted): DIR/N.log, LOG cut N bytes into that line as by a
 *	crash mid-write, then RECORD appended; prints how many
 * Exit 0, or 1 with the reason on stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../log.h"

static struct rec rec;

/* RECORD as a record to append, or exit 1. */
static void
record(const char *line)
{
	char why[160];

	if (log_parse(line, &rec, why, sizeof(why)) != 1) {
		fprintf(stderr, "log-solo: not a record: %s\n", why);
		exit(1);
	}
}

static void
append(const char *path)
{
	char why[256];

	if (log_append(path, &rec, why, sizeof(why)) < 0) {
		fprintf(stderr, "log-solo: cannot append to '%s': %s\n", path, why);
		exit(1);
	}
}

/* LOG cut at each byte of its last line, RECORD appended to each. */
static void
cuts(const char *log, const char *dir)
{
	static char buf[1 << 20], path[4096];
	size_t n, head, end, c;
	FILE *f = fopen(log, "r");

	if (f == NULL || (n = fread(buf, 1, sizeof(buf), f)) == sizeof(buf)) {
		fprintf(stderr, "log-solo: cannot read '%s' (or over 1 MiB)\n", log);
		exit(1);
	}
	fclose(f);
	end = n > 0 && buf[n - 1] == '\n' ? n - 1 : n;
	for (head = end; head > 0 && buf[head - 1] != '\n'; head--)
		;
	for (c = head + 1; c <= end; c++) {
		snprintf(path, sizeof(path), "%s/%zu.log", dir, c - head);
		if ((f = fopen(path, "w")) == NULL || fwrite(buf, 1, c, f) != c || fclose(f) != 0) {
			fprintf(stderr, "log-solo: cannot write '%s': %s\n", path, strerror(errno));
			exit(1);
		}
		append(path);
	}
	printf("%zu\n", end - head);
}

int
main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "append")) {
		record(argv[3]);
		append(argv[2]);
	} else if (argc == 5 && !strcmp(argv[1], "cuts")) {
		record(argv[3]);
		cuts(argv[2], argv[4]);
	} else {
		fprintf(stderr, "usage: log-solo.bin append LOG RECORD | cuts LOG RECORD DIR\n");
		return 1;
	}
	return 0;
}
