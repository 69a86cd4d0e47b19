/*
 * log.h: the results log, the contract between the harness, the report
 * and users' own scripts.  doc/contest.1 (THE LOG) is its reference, and
 * log.c is the only place that knows its syntax: every key, its type and
 * its print precision are one line of the key table there.
 *
 * One record a line: space-separated key=value pairs, values without
 * spaces (string values are percent-encoded where needed), '#' starts a
 * comment line.  Readers ignore keys they do not know.
 *
 * Adding a key: one enum entry below (numbers: in the order written),
 * one line in the key table of log.c, one entry under THE LOG in
 * doc/contest.1.
 */
#ifndef CONTEST_LOG_H
#define CONTEST_LOG_H

#include <stdio.h>

#define LOG_VERSION	1	/* contest= of the records written */
#define LOG_LINE_MAX	8192	/* longest line, newline included, bytes */
#define LOG_NUM_MAX	1e12	/* largest number a reader accepts: sums of a million stay exact enough */
#define LOG_NOTES_MAX	1024	/* bytes of a record's encoded notes */
#define LOG_WORKLOAD_MAX 1024	/* bytes of workload, NUL included */
#define LOG_LABEL_MAX	63	/* longest label, bytes */

/* The numeric keys of a record, in the order written: index into rec.num. */
enum {
	K_ELAPSED,	/* compile wall time, CLOCK_MONOTONIC, s */
	K_USER,		/* compile user CPU, wait4 rusage, s */
	K_SYS,		/* compile system CPU, wait4 rusage, s */
	K_LCPU,		/* load CPU (user + sys) over the compile window, s */
	K_UNITS,	/* load work over the compile window, in unit */
	K_LEAD,		/* seconds the load ran before the compile */
	K_MAJFLT,	/* compile major page faults */
	K_MINFLT,	/* compile minor page faults */
	K_NVCSW,	/* compile voluntary context switches */
	K_NIVCSW,	/* compile involuntary context switches */
	K_MAXRSS,	/* largest resident set of one compile process, KiB */
	K_SELF,		/* contest's own CPU over the compile window, s */
	K_DISTURBED,	/* CPU time of others over the window, % of all CPUs' time; only when over the threshold */
	/* the whole machine over the window (sys.c): shares of all CPUs' time, /proc/stat, % */
	K_SYS_USER, K_SYS_NICE, K_SYS_SYSTEM, K_SYS_IRQ, K_SYS_IOWAIT, K_SYS_STEAL, K_SYS_IDLE,
	K_SYS_REST,	/* busy less the compile's and the load's CPU, % of all CPUs' time */
	K_SYS_ADDS,	/* 1: that split adds up within its slack, 0: it does not */
	/* /proc/vmstat deltas, counts; absent where the kernel has no such counter */
	K_VM_PGFAULT, K_VM_PGMAJFAULT, K_VM_PSWPIN, K_VM_PSWPOUT,
	K_VM_PGSCAN_KSWAPD, K_VM_PGSCAN_DIRECT, K_VM_PGSTEAL_KSWAPD, K_VM_PGSTEAL_DIRECT,
	K_VM_ALLOCSTALL, K_VM_WORKINGSET_REFAULT, K_VM_OOM_KILL, K_VM_COMPACT_STALL,
	K_VM_THP_FAULT_ALLOC, K_VM_NR_DIRTIED, K_VM_NR_WRITTEN,
	/* /proc/pressure stall time, % of the window; absent without PSI */
	K_PSI_CPU_SOME, K_PSI_CPU_FULL, K_PSI_MEM_SOME, K_PSI_MEM_FULL, K_PSI_IO_SOME, K_PSI_IO_FULL,
	/* /proc/diskstats of the work directory's disk (disk_) and of -o's (odisk_) */
	K_DISK_RSECT, K_DISK_WSECT, K_DISK_BUSY, K_DISK_WMS, K_DISK_QDEPTH,
	K_ODISK_RSECT, K_ODISK_WSECT, K_ODISK_BUSY, K_ODISK_WMS, K_ODISK_QDEPTH,
	/* the interactivity probe (probe.c) over the window */
	K_LAT_N,	/* wake-ups */
	K_LAT_P50,	/* wake-up latency, median, us */
	K_LAT_P99,	/* 99th percentile, us */
	K_LAT_MAX,	/* largest, us */
	K_DL_MET,	/* periods whose work ended before the next began, % */
	K_PROBE_CPU,	/* the probe's CPU, s */
	K_NNUM
};

/* Run outcomes (status=). */
#define ST_OK		"ok"
#define ST_FAILED	"failed"
#define ST_INVALID	"invalid"
#define ST_TIMEOUT	"timeout"

struct rec {
	int version;		/* contest: log format version */
	char date[32];		/* UTC, ISO 8601, when the run started: 2026-12-02T09:13:36Z */
	char end[32];		/* UTC, ISO 8601, when the record was written; "" in old logs */
	char host[65];		/* uname nodename */
	char label[LOG_LABEL_MAX + 1];	/* -k (log_label_ok), or the release (log_label_make) */
	char kernel[65];	/* uname release of the running kernel */
	char load[32];		/* load name */
	long run;		/* 1-based index of the load's run within the invocation */
	long round;		/* round of the invocation the run belongs to, 0 if none (--by-load, old logs) */
	char inv[32];		/* the invocation: start time and pid, "" in old logs */
	char status[16];	/* ST_*: ok, failed, timeout, invalid */
	char reason[128];	/* why not ok, "" when ok */
	char unit[16];		/* name of the work unit ("none" for no_load) */
	long jobs;		/* make -j */
	char workload[LOG_WORKLOAD_MAX]; /* builtin:N or the kernel tree's path */
	char config[17];	/* FNV-1a 64 of the tree's .config, "" if none */
	char cache[16];		/* dropped, warm, kept (could not drop) */
	char drop[4];		/* yes: the invocation drops the page cache; no: it cannot (not root) */
	char contain[8];	/* cgroup or pgroup: how the run's processes were held */
	char disk_dev[32];	/* the work directory's disk, "none" if not found */
	char disk_why[64];	/* why it was not found */
	char odisk_dev[32];	/* -o's disk */
	char odisk_why[64];
	char probe[24];		/* the probe's profile: audio, video, PERIOD_MS:PERCENT; "" off */
	int snapshot;		/* 1: not a run but the box's snapshot (snap below) */
	struct snap {
		char uname[256];	/* uname -v: the kernel's version string */
		char cmdline[1024];	/* /proc/cmdline */
		char cpu[128];		/* CPU model */
		char governor[32];	/* cpufreq governor of the online CPUs, "none", "mixed" */
		char ram[24];		/* MemTotal, bytes */
		char swap[24];		/* SwapTotal, bytes */
		char thp[16];		/* transparent hugepages: always, madvise, never */
		char fs[16];		/* the work directory's filesystem type */
		char fsopts[256];	/* its mount options */
		char sched[32];		/* its disk's I/O scheduler */
		char cc[128];		/* first line of cc --version */
		char make[128];		/* first line of make --version */
	} snap;
	long ncpu;		/* online CPUs */
	double num[K_NNUM];	/* the numeric keys, K_* */
	unsigned char has[K_NNUM]; /* 1 where num[] holds a value (read, or to be written) */
	char notes[LOG_NOTES_MAX]; /* writer: the load's notes, encoded, " k=v" each (rec_note) */
	int notes_cut;		/* writer: notes left out because the line was full */
};

/* Empty r, version set: the writer's start. */
void rec_init(struct rec *r);
/* Set numeric key k. */
void rec_set(struct rec *r, int k, double v);
/*
 * Add a note (a load's own key) to a record being written: the value is
 * percent-encoded, so it may hold anything but NUL.  -1 (nothing added)
 * when key is not [a-z0-9_]+, is one of the log's own keys, is already a
 * note of r, or does not fit.
 */
int rec_note(struct rec *r, const char *key, const char *val);

/*
 * The one definition of "the same configuration": two records of one
 * label measured the same way (host, kernel release, jobs, workload,
 * kernel config and whether the page cache is dropped), whose Times may
 * be averaged and divided: never two kernels under one label.
 * rec_config_hash is equal for records that are the same.
 */
int rec_same_config(const struct rec *a, const struct rec *b);
unsigned long rec_config_hash(const struct rec *r);
/* "yes" or "no": r's drop, or for old logs what its cache implies */
const char *rec_drop(const struct rec *r);

/*
 * Set the key named key, a number (str NULL) or a string, as a module
 * hands it over; -1 if the log has no such key (or the wrong type).
 */
int rec_put(struct rec *r, const char *key, const char *str, double num);
/* The numeric key named key (klen bytes), K_*; -1 if none. */
int log_numkey(const char *key, size_t klen);
/* The name of numeric key k. */
const char *log_numname(int k);

/* Format r (a run, or a snapshot) as one log line, newline included; -1 if it does not fit. */
int log_format(const struct rec *r, char *buf, size_t len);
/*
 * Append r to path: one write(2) to an O_APPEND file under flock(2), then
 * fsync.  Whole or not at all: a short write is cut back off; a log whose
 * last line lacks its newline gets one first, so no record is ever glued
 * to a fragment.  The log is opened by out_open (outfile.h): a link, a
 * device, a FIFO is refused.  -1 with errno (the real cause, ENOSPC for a
 * full disk, EFBIG past the file size limit) and why: what went wrong.
 */
int log_append(const char *path, const struct rec *r, char *why, size_t whylen);

/*
 * Parse one line (no newline) into r.  1: a record (a run, or with
 * r->snapshot the box's snapshot: contest, date, host, label, kernel,
 * inv, workload, config and snap); 0: a comment or a blank line; -1:
 * malformed, why says what is wrong (control bytes of the line escaped).
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

/*
 * Labels keep their identity: two kernels never share one.  A label is
 * 1 to LOG_LABEL_MAX bytes of letters, digits, '.', '-', '_', '+', '~'
 * and non-ASCII UTF-8 characters other than spaces, controls and
 * invisible ones (zero-width, direction marks): what prints as itself,
 * one column a character, and cannot pass for another label or for a
 * row LABEL#N.  log_label_ok: is s one?  0, or -1 with why (which byte
 * and what it is).  log_label_make: any string (the kernel release) as
 * a label: each byte a label may not hold written %XX ('%' included), so
 * that different strings give different labels; -1 if that is longer
 * than LOG_LABEL_MAX.
 */
int log_label_ok(const char *s, char *why, size_t whylen);
int log_label_make(const char *s, char *dst, size_t len);
/*
 * How many bytes the character at s (n bytes left) takes, where a label
 * may hold it; 0 where it may not (log_label_ok's rule, for the report's
 * names too).
 */
size_t log_label_char(const char *s, size_t n);

/* Percent-encode src into dst for a log value. -1 if it does not fit. */
int log_encode(const char *src, char *dst, size_t len);
/*
 * src (n bytes) made safe to print: control bytes, DEL and bytes that are
 * not printable ASCII as \xNN, backslash as \\.  Cut to fit len.
 */
void log_vis(char *dst, size_t len, const char *src, size_t n);
/*
 * A name (a label, a row LABEL#N) as printed, so that two names never
 * print the same: what a label may hold (log_label_char) and printable
 * ASCII but '\\' as they are, every other byte \xNN, '\\' as \\\\.
 * Cut to fit len, at a whole character.
 */
void log_name(char *dst, size_t len, const char *src);

#endif
