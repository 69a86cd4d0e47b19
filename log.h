/*
 * log.h: the results log, the contract between the harness, the report
 * and users' own scripts.  doc/contest.1 (THE LOG) is its reference.
 *
 * One record a line: space-separated key=value pairs, values without
 * spaces (string values are percent-encoded where needed), '#' starts a
 * comment line.  Readers ignore keys they do not know.
 */
#ifndef CONTEST_LOG_H
#define CONTEST_LOG_H

#include <stdio.h>

#define LOG_VERSION	1	/* contest= of the records written */
#define LOG_LINE_MAX	4096	/* longest line, newline included, bytes */
#define LOG_NUM_MAX	1e12	/* largest number a reader accepts: sums of a million stay exact enough */

struct rec {
	int version;		/* contest: log format version */
	char date[32];		/* UTC, ISO 8601: 2026-12-02T09:13:36Z */
	char host[65];		/* uname nodename */
	char label[64];		/* -k, sanitised */
	char kernel[65];	/* uname release of the running kernel */
	char load[32];		/* load name */
	long run;		/* 1-based index within the invocation */
	char status[16];	/* ok, failed, invalid */
	char reason[128];	/* why not ok, "" when ok */
	double elapsed;		/* compile wall time, CLOCK_MONOTONIC, s */
	double user;		/* compile user CPU, wait4 rusage, s */
	double sys;		/* compile system CPU, wait4 rusage, s */
	double lcpu;		/* load CPU (user + sys) over the compile window, s */
	double units;		/* load work over the compile window, in unit */
	char unit[16];		/* name of the work unit ("none" for no_load) */
	long jobs;		/* make -j */
	char workload[1024];	/* builtin:N or the kernel tree's path */
	char config[17];	/* FNV-1a 64 of the tree's .config, "" if none */
	char cache[16];		/* dropped, warm, kept (could not drop) */
	long ncpu;		/* online CPUs */
	double lead;		/* seconds the load ran before the compile */
	double majflt;		/* compile major page faults */
	double minflt;		/* compile minor page faults */
	double nvcsw;		/* compile voluntary context switches */
	double nivcsw;		/* compile involuntary context switches */
	double maxrss;		/* largest resident set of one compile process, KiB */
	double self;		/* contest's own CPU over the compile window, s */
	char extra[512];	/* writer: the load's note, more key=value pairs */
};

/* Format r as one log line, newline included; -1 if it does not fit. */
int log_format(const struct rec *r, char *buf, size_t len);
/* Append r to path with one write() to an O_APPEND file, then fsync. */
int log_append(const char *path, const struct rec *r);

/*
 * Parse one line (no newline) into r.  1: a record; 0: a comment or a
 * blank line; -1: malformed, why says what is wrong.
 */
int log_parse(const char *line, struct rec *r, char *why, size_t whylen);

/* A streaming reader: memory does not grow with the log. */
struct logreader {
	FILE *f;		/* set by the caller */
	const char *name;	/* set by the caller: as printed in messages */
	int quiet;		/* set by the caller: do not report malformed lines */
	long lineno;		/* the rest: zero before the first call */
	long bad;		/* malformed lines seen */
	int skipping;		/* inside an over-long line */
	int err;		/* errno of a read error (end of log reported early), 0 if none */
	size_t pos, len;
	char buf[4 * LOG_LINE_MAX];
};
/* 1: r holds the next record; 0: end of log, or a read error (lr->err).
 * Bad lines are reported on stderr as NAME:LINE: why and skipped. */
int log_next(struct logreader *lr, struct rec *r);

/* Percent-encode src into dst for a log value. -1 if it does not fit. */
int log_encode(const char *src, char *dst, size_t len);

#endif
