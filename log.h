/*
 * log.h: the results log, the contract between the harness, the report
 * and users' own scripts.  doc/contest.1 (THE LOG) is its reference, and
 * log.c is the only place that knows its syntax: every key, its type and
 * its print precision are one line of the key table below (LOG_KEYS),
 * from which log.c makes its writer and reader.
 *
 * One record a line: space-separated key=value pairs, values without
 * spaces (string values are percent-encoded where needed), '#' starts a
 * comment line.  Readers ignore keys they do not know.
 *
 * Adding a key, every place to touch (a numeric key is three lines):
 *   1. one line of LOG_KEYS below, where it is to be written (a string
 *      or long key: its member in struct rec as well);
 *   2. its producer sets it by the identifier that line makes: rec_set(r,
 *      K_ID, v) for a number, the member of struct rec for a string; a
 *      /proc/vmstat counter is one line of sys.h's SYS_VMSTAT instead,
 *      and sys_record does the rest;
 *   3. its entry under THE LOG in doc/contest.1 (t0092 checks it).
 * The writer and the reader follow the table.  A number the report shows
 * is one line more, in the metric table of report/model.h (METRICS):
 * CSV, JSON and -c then list it; -v's detail lines pick theirs by their
 * M_ identifiers in report/text.c.  A load's own key is no log key: the load notes it
 * (load_note), and nothing here changes.
 */
#ifndef CONTEST_LOG_H
#define CONTEST_LOG_H

#include <stdio.h>

#define LOG_VERSION	1	/* contest= of the records written */
#define LOG_LINE_MAX	8192	/* longest line, newline included, bytes */
#define LOG_NUM_MAX	1e12	/* largest number a reader accepts: sums of a million stay exact enough */
#define LOG_NOTES_MAX	1024	/* bytes of a record's encoded notes */
#define LOG_WORKLOAD_MAX 1024	/* bytes of workload, NUL included */
#define LOG_SET_MAX	1024	/* bytes of set and set_found, NUL included, and of each encoded */
#define LOG_LABEL_MAX	63	/* longest label, bytes */
#define LOG_KSYM_MAX	400	/* entries of a profile record's ksym= a reader keeps (writers list at most 200) */
#define LOG_USYM_MAX	64	/* entries of its usym= (writers list at most 32) */
/*
 * What a writer appends to a line cut short (a crash, a full disk) before
 * the next record: a last word that is no key=value, so the fragment never
 * parses as a record, wherever it was cut; readers report such a line as
 * a record cut short.
 */
#define LOG_CUT		" !cut"

/* What a key belongs to (LOG_KEYS' last two columns). */
#define LOG_RUN		1	/* a run's record */
#define LOG_SNAP	2	/* the box's snapshot */
#define LOG_PROF	4	/* a run's kernel profile (prof=1) */
#define LOG_BOTH	(LOG_RUN | LOG_SNAP)
#define LOG_RP		(LOG_RUN | LOG_PROF)	/* a run's, repeated in its profile record */
#define LOG_ALL		(LOG_RUN | LOG_SNAP | LOG_PROF)

/*
 * The key table: every key of the log, in the order written, one line
 * each.  log.c makes its writer and its parser from it, and the enum of
 * the numeric keys below comes from its NUM lines.
 *   INT(member, "key", required, kind)   an int of struct rec
 *   STR(member, "key", required, kind)   a string: a char array of struct rec
 *   LNG(member, "key", required, kind)   a long of struct rec
 *   NUM(K_ID, "key", decimals, required) a number of a run: rec.num[K_ID]
 *   NUMK(K_ID, "key", decimals, required, kind)  a number of the kinds given
 *   LIST(which, "key", kind)             a profile record's list (0 ksym, 1 usym): rec.pf
 * required: the kinds of record (LOG_RUN, LOG_SNAP, LOG_PROF) that are
 * malformed without it (a writer always writes it); kind: those it
 * belongs to.  A list is last: a writer lists what fits in the line.
 */
#define LOG_KEYS(INT, STR, LNG, NUM, NUMK, LIST) \
	INT(version, "contest", LOG_ALL, LOG_ALL) \
	INT(snapshot, "snapshot", LOG_SNAP, LOG_SNAP) \
	INT(prof, "prof", LOG_PROF, LOG_PROF) \
	STR(date, "date", LOG_ALL, LOG_ALL) \
	STR(end, "end", 0, LOG_RUN) \
	STR(host, "host", LOG_ALL, LOG_ALL) \
	STR(label, "label", LOG_ALL, LOG_ALL) \
	STR(kernel, "kernel", 0, LOG_ALL) \
	STR(load, "load", LOG_RP, LOG_RP) \
	LNG(run, "run", LOG_RP, LOG_RP) \
	LNG(round, "round", 0, LOG_RP) \
	STR(inv, "inv", 0, LOG_ALL) \
	STR(status, "status", LOG_RP, LOG_RP) \
	STR(reason, "reason", 0, LOG_RUN) \
	NUMK(K_ELAPSED, "elapsed", 3, LOG_RP, LOG_RP)          /* compile wall time, CLOCK_MONOTONIC, s */ \
	NUM(K_USER, "user", 3, LOG_RUN)                        /* compile user CPU, wait4 rusage, s */ \
	NUM(K_SYS, "sys", 3, LOG_RUN)                          /* compile system CPU, wait4 rusage, s */ \
	NUM(K_LCPU, "lcpu", 3, LOG_RUN)                        /* load CPU (user + sys) over the compile window, s */ \
	NUM(K_WORK, "units", 3, LOG_RUN)                       /* the load's work over the compile window, in unit (the key keeps its old name) */ \
	STR(unit, "unit", LOG_RUN, LOG_RUN) \
	LNG(jobs, "jobs", LOG_RP, LOG_ALL) \
	STR(workload, "workload", LOG_RP, LOG_ALL) \
	STR(config, "config", 0, LOG_ALL) \
	STR(cache, "cache", LOG_RUN, LOG_RUN) \
	STR(drop, "drop", 0, LOG_ALL) \
	STR(contain, "contain", 0, LOG_RUN) \
	LNG(ncpu, "ncpu", LOG_RP, LOG_ALL) \
	LNG(ncpu_online, "ncpu_online", 0, LOG_ALL) \
	STR(set, "set", 0, LOG_ALL) \
	NUM(K_LEAD, "lead", 3, 0)                              /* seconds the load ran before the compile */ \
	NUM(K_MAJFLT, "majflt", 0, 0)                          /* compile major page faults */ \
	NUM(K_MINFLT, "minflt", 0, 0)                          /* compile minor page faults */ \
	NUM(K_NVCSW, "nvcsw", 0, 0)                            /* compile voluntary context switches */ \
	NUM(K_NIVCSW, "nivcsw", 0, 0)                          /* compile involuntary context switches */ \
	NUM(K_MAXRSS, "maxrss", 0, 0)                          /* largest resident set of one compile process, KiB */ \
	NUM(K_SELF, "self", 4, 0)                              /* contest's own CPU over the compile window, s */ \
	NUMK(K_DISTURBED, "disturbed", 1, 0, LOG_RP)           /* CPU time of others over the window, % of the usable CPUs' time; only when over the threshold */ \
	/* the whole machine over the window (sys.c): shares of all CPUs' time, /proc/stat, % */ \
	NUM(K_SYS_USER, "sys_user", 2, 0) \
	NUM(K_SYS_NICE, "sys_nice", 2, 0) \
	NUM(K_SYS_SYSTEM, "sys_system", 2, 0) \
	NUM(K_SYS_IRQ, "sys_irq", 2, 0) \
	NUM(K_SYS_IOWAIT, "sys_iowait", 2, 0) \
	NUM(K_SYS_STEAL, "sys_steal", 2, 0) \
	NUM(K_SYS_IDLE, "sys_idle", 2, 0) \
	NUM(K_SYS_REST, "sys_rest", 2, 0)                      /* busy less the compile's and the load's CPU, % of all CPUs' time */ \
	NUM(K_SYS_ADDS, "sys_adds", 0, 0)                      /* 1: that split adds up within its slack, 0: it does not */ \
	/* /proc/vmstat deltas, counts; absent where the kernel has no such counter */ \
	NUM(K_VM_PGFAULT, "vm_pgfault", 0, 0) \
	NUM(K_VM_PGMAJFAULT, "vm_pgmajfault", 0, 0) \
	NUM(K_VM_PSWPIN, "vm_pswpin", 0, 0) \
	NUM(K_VM_PSWPOUT, "vm_pswpout", 0, 0) \
	NUM(K_VM_PGSCAN_KSWAPD, "vm_pgscan_kswapd", 0, 0) \
	NUM(K_VM_PGSCAN_DIRECT, "vm_pgscan_direct", 0, 0) \
	NUM(K_VM_PGSTEAL_KSWAPD, "vm_pgsteal_kswapd", 0, 0) \
	NUM(K_VM_PGSTEAL_DIRECT, "vm_pgsteal_direct", 0, 0) \
	NUM(K_VM_ALLOCSTALL, "vm_allocstall", 0, 0) \
	NUM(K_VM_WORKINGSET_REFAULT, "vm_workingset_refault", 0, 0) \
	NUM(K_VM_OOM_KILL, "vm_oom_kill", 0, 0) \
	NUM(K_VM_COMPACT_STALL, "vm_compact_stall", 0, 0) \
	NUM(K_VM_THP_FAULT_ALLOC, "vm_thp_fault_alloc", 0, 0) \
	NUM(K_VM_NR_DIRTIED, "vm_nr_dirtied", 0, 0) \
	NUM(K_VM_NR_WRITTEN, "vm_nr_written", 0, 0) \
	/* /proc/pressure stall time, % of the window; absent without PSI */ \
	NUM(K_PSI_CPU_SOME, "psi_cpu_some", 2, 0) \
	NUM(K_PSI_CPU_FULL, "psi_cpu_full", 2, 0) \
	NUM(K_PSI_MEM_SOME, "psi_mem_some", 2, 0) \
	NUM(K_PSI_MEM_FULL, "psi_mem_full", 2, 0) \
	NUM(K_PSI_IO_SOME, "psi_io_some", 2, 0) \
	NUM(K_PSI_IO_FULL, "psi_io_full", 2, 0) \
	/* /proc/diskstats of the work directory's disk (disk_) and of -o's (odisk_) */ \
	STR(disk_dev, "disk_dev", 0, LOG_RUN) \
	STR(disk_why, "disk_why", 0, LOG_RUN) \
	NUM(K_DISK_RSECT, "disk_rsect", 0, 0) \
	NUM(K_DISK_WSECT, "disk_wsect", 0, 0) \
	NUM(K_DISK_BUSY, "disk_busy", 1, 0) \
	NUM(K_DISK_WMS, "disk_wms", 0, 0) \
	NUM(K_DISK_QDEPTH, "disk_qdepth", 2, 0) \
	STR(odisk_dev, "odisk_dev", 0, LOG_RUN) \
	STR(odisk_why, "odisk_why", 0, LOG_RUN) \
	NUM(K_ODISK_RSECT, "odisk_rsect", 0, 0) \
	NUM(K_ODISK_WSECT, "odisk_wsect", 0, 0) \
	NUM(K_ODISK_BUSY, "odisk_busy", 1, 0) \
	NUM(K_ODISK_WMS, "odisk_wms", 0, 0) \
	NUM(K_ODISK_QDEPTH, "odisk_qdepth", 2, 0) \
	/* the interactivity probe (probe.c) over the window */ \
	STR(probe, "probe", 0, LOG_RUN) \
	NUM(K_LAT_N, "lat_n", 0, 0)                            /* wake-ups */ \
	NUM(K_LAT_P50, "lat_p50", 0, 0)                        /* wake-up latency, median, us */ \
	NUM(K_LAT_P99, "lat_p99", 0, 0)                        /* 99th percentile, us */ \
	NUM(K_LAT_MAX, "lat_max", 0, 0)                        /* largest, us */ \
	NUM(K_DL_MET, "dl_met", 2, 0)                          /* periods whose work ended before the next began, % */ \
	NUM(K_PROBE_CPU, "probe_cpu", 3, 0)                    /* the probe's CPU, s */ \
	NUM(K_LAT_RQ, "lat_rq", 1, 0)                          /* the probe's run-queue wait per time it ran, /proc/PID/schedstat, us */ \
	/* the load's own requests over the window (loads/req.c): I/O loads only */ \
	NUM(K_REQ_N, "req_n", 0, 0)                            /* requests */ \
	NUM(K_REQ_MEAN, "req_mean", 1, 0)                      /* their mean latency, us */ \
	NUM(K_REQ_P50, "req_p50", 0, 0)                        /* median, us */ \
	NUM(K_REQ_P99, "req_p99", 0, 0)                        /* 99th percentile, us */ \
	NUM(K_REQ_MAX, "req_max", 0, 0)                        /* longest, us */ \
	NUM(K_REQ_OVER1, "req_over1", 4, 0)                    /* longer than req_t1, % of them */ \
	NUM(K_REQ_OVER2, "req_over2", 4, 0)                    /* longer than req_t2, % */ \
	NUM(K_REQ_T1, "req_t1", 3, 0)                          /* the first threshold, ms (--req-t1) */ \
	NUM(K_REQ_T2, "req_t2", 3, 0)                          /* the second, ms (--req-t2) */ \
	NUM(K_FAIRNESS, "fairness", 1, 0)                      /* several workers: the slowest one's work / the fastest one's, % */ \
	/* the kernel profile (profile.c): its mode in the run's record and its own, why it is off */ \
	STR(profile, "profile", LOG_PROF, LOG_RP) \
	STR(profile_why, "profile_why", 0, LOG_RUN) \
	/* the profile record's samples over the window */ \
	NUMK(K_PROF_HZ, "prof_hz", 0, LOG_PROF, LOG_PROF)      /* samples a second on each CPU */ \
	NUMK(K_PROF_S, "prof_s", 3, 0, LOG_PROF)               /* the kernel profile's own window, events enabled to disabled, s */ \
	NUMK(K_PROF_KERNEL, "prof_kernel", 0, LOG_PROF, LOG_PROF) /* in kernel mode, idle tasks left out */ \
	NUMK(K_PROF_USER, "prof_user", 0, 0, LOG_PROF)         /* in user mode (--profile all; 0 with kernel) */ \
	NUMK(K_PROF_IDLE, "prof_idle", 0, LOG_PROF, LOG_PROF)  /* in an idle task: a CPU with nothing to run */ \
	NUMK(K_PROF_LOST, "prof_lost", 0, LOG_PROF, LOG_PROF)  /* dropped by the kernel: a ring was full */ \
	NUMK(K_PROF_THROTTLED, "prof_throttled", 0, 0, LOG_PROF) /* times the kernel throttled an event */ \
	NUMK(K_PROF_UNKNOWN, "prof_unknown", 0, 0, LOG_PROF)   /* kernel samples no text symbol covers */ \
	NUMK(K_PROF_JOB, "prof_job", 0, 0, LOG_PROF)           /* kernel samples by part of the run: the compile's, */ \
	NUMK(K_PROF_LOAD, "prof_load", 0, 0, LOG_PROF)         /* the load's, */ \
	NUMK(K_PROF_PROBE, "prof_probe", 0, 0, LOG_PROF)       /* the probe's, */ \
	NUMK(K_PROF_REST, "prof_rest", 0, 0, LOG_PROF)         /* everything else's */ \
	NUMK(K_PROF_CPU, "prof_cpu", 4, 0, LOG_PROF)           /* contest's CPU in the kernel profile's work over the window, s */ \
	/* the snapshot's own */ \
	STR(snap.uname, "uname", 0, LOG_SNAP) \
	STR(snap.cmdline, "cmdline", 0, LOG_SNAP) \
	STR(snap.cpu, "cpu", 0, LOG_SNAP) \
	STR(snap.governor, "governor", 0, LOG_SNAP) \
	STR(snap.ram, "ram", 0, LOG_SNAP) \
	STR(snap.swap, "swap", 0, LOG_SNAP) \
	STR(snap.thp, "thp", 0, LOG_SNAP) \
	STR(snap.fs, "fs", 0, LOG_SNAP) \
	STR(snap.fsopts, "fsopts", 0, LOG_SNAP) \
	STR(snap.sched, "sched", 0, LOG_SNAP) \
	STR(snap.cc, "cc", 0, LOG_SNAP) \
	STR(snap.make, "make", 0, LOG_SNAP) \
	STR(snap.set_found, "set_found", 0, LOG_SNAP) \
	/* the profile record's lists, last */ \
	LIST(1, "usym", LOG_PROF)                              /* user samples per command (--profile all) */ \
	LIST(0, "ksym", LOG_PROF)                              /* kernel samples per function */

/* The numeric keys of a record, in the order written: index into rec.num. */
#define LOG_NUM_ID(id, key, decimals, required) id,
#define LOG_NUMK_ID(id, key, decimals, required, kind) id,
#define LOG_NOT_NUM(member, key, required, kind)
#define LOG_NOT_LIST(which, key, kind)
enum { LOG_KEYS(LOG_NOT_NUM, LOG_NOT_NUM, LOG_NOT_NUM, LOG_NUM_ID, LOG_NUMK_ID, LOG_NOT_LIST) K_NNUM };

/* Run outcomes (status=). */
#define ST_OK		"ok"
#define ST_FAILED	"failed"
#define ST_INVALID	"invalid"
#define ST_TIMEOUT	"timeout"

/* One entry of a profile record's list: a kernel symbol or a command name. */
struct rec_sym {
	unsigned name;		/* offset of the name in rec_prof.names */
	double n;		/* its samples */
};

/* The lists of a profile record (prof=1), most samples first. */
struct rec_prof {
	int nk, nu;			/* entries of k and u */
	struct rec_sym k[LOG_KSYM_MAX];	/* ksym=: kernel symbols, "name" or "name [module]" */
	struct rec_sym u[LOG_USYM_MAX];	/* usym=: user-mode samples per command name */
	size_t len;			/* bytes of names used */
	char names[LOG_LINE_MAX];	/* the names, NUL-ended each */
};

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
	char probe[24];		/* the probe's rhythm: audio, video, PERIOD_MS:PERCENT; "" off */
	char profile[8];	/* the kernel profile: kernel, all, off; "" in old logs */
	char profile_why[128];	/* why off */
	int snapshot;		/* 1: not a run but the box's snapshot (snap below) */
	int prof;		/* 1: not a run but its kernel profile (pf and K_PROF_*) */
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
		char set_found[LOG_SET_MAX];	/* --set: each setting of the invocation and
					 * its value before the first round (log_set_add's form) */
	} snap;
	long ncpu;		/* the CPUs contest may use (sizing.h: affinity, cpuset, quota) */
	long ncpu_online;	/* online CPUs; 0 in old logs, where ncpu was that */
	char set[LOG_SET_MAX];	/* --set: the label's settings, SETTING=VALUE,... (log_set_add's
				 * form); "" none.  Part of the configuration */
	struct rec_prof pf;	/* prof: the lists */
	double num[K_NNUM];	/* the numeric keys, K_* */
	unsigned char has[K_NNUM]; /* 1 where num[] holds a value (read, or to be written) */
	char notes[LOG_NOTES_MAX]; /* writer: the load's notes, encoded, " k=v" each (rec_note) */
	int notes_cut;		/* writer: notes left out because the line was full */
	int copy;		/* reader: a copy of a record read before (logreader.keep_copies) */
};

/* Empty r, version set: the writer's start. */
void rec_init(struct rec *r);
/*
 * Add an entry to a profile record's list (user 0: ksym, 1: usym); -1
 * when the list or its names are full.  A writer lists what fits in the
 * line and no more (log_format): a reader takes the kernel samples not
 * listed as prof_kernel less the listed ones.
 */
int rec_sym_add(struct rec *r, int user, const char *name, double n);
/* The name of entry i of r's ksym (user 0) or usym (user 1). */
const char *rec_sym_name(const struct rec *r, int user, int i);
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
 * kernel config, whether the page cache is dropped, and the settings of
 * --set), whose Times may be averaged and divided: never two kernels,
 * nor two settings of one, under one label.
 * rec_config_hash is equal for records that are the same.
 */
int rec_same_config(const struct rec *a, const struct rec *b);
unsigned long rec_config_hash(const struct rec *r);
/* "yes" or "no": r's drop, or for old logs what its cache implies */
const char *rec_drop(const struct rec *r);

/* The numeric key named key (klen bytes), K_*; -1 if none. */
int log_numkey(const char *key, size_t klen);
/* The name of numeric key k, and the decimals it is written with. */
const char *log_numname(int k);
int log_numdec(int k);

/* Format r (a run, a snapshot or a profile record) as one log line, newline included; -1 if it does not fit. */
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
 * inv, workload, config and snap, or with r->prof a run's kernel
 * profile: the run's identity, its configuration, status, elapsed and
 * disturbed, the K_PROF_* numbers and pf); 0: a comment or a blank line; -1:
 * malformed, why says what is wrong (control bytes of the line escaped).
 */
int log_parse(const char *line, struct rec *r, char *why, size_t whylen);

/*
 * The runs read so far, to read each once: a log merged with its copy,
 * or named twice, holds a run twice.  A run's identity is its kind (a
 * run's record or its kernel profile's), configuration (rec_same_config), load,
 * inv, date, end, run and round: two runs never share it (run counts
 * within an invocation, inv names the invocation, and date, the second
 * the run started, does so in old logs without inv).  Kept as 64-bit
 * hashes: two runs are taken for one only if their hashes meet, for a
 * million runs less than one chance in thirty million.  The set is
 * LOG_SEEN_PARTS tables, each at most half full, grown one at a time:
 * 16 to 32 bytes a run, a million runs in 17 to 34 MB.
 */
#define LOG_SEEN_BITS	6	/* the part of a run: its hash's top bits */
#define LOG_SEEN_PARTS	(1 << LOG_SEEN_BITS)
struct logseen_part {
	unsigned long long *slot;	/* open addressing by the hash's low bits; 0: empty */
	size_t cap, n;			/* cap: a power of two, or 0 */
};
struct logseen {
	struct logseen_part part[LOG_SEEN_PARTS];
	long copies;			/* records dropped (or with keep_copies returned) as copies */
};
/* Has r been read before?  1: a copy; 0: not (now it has); -1: out of memory. */
int log_seen(struct logseen *s, const struct rec *r);
void log_seen_free(struct logseen *s);

/*
 * A streaming reader: memory does not grow with the log, but for the
 * identities of its runs (struct logseen).
 */
struct logreader {
	FILE *f;		/* set by the caller */
	const char *name;	/* set by the caller: as printed in messages */
	int quiet;		/* set by the caller: do not report malformed lines */
	struct logseen *seen;	/* set by the caller to share one set among the readers of
				 * several logs; NULL: the reader's own (own) */
	int keep_copies;	/* set by the caller: return a copy with r->copy set, not drop it */
	long lineno;		/* the rest: zero before the first call */
	long bad;		/* malformed lines seen */
	long copies;		/* records of runs read before, dropped (or returned) */
	struct logseen own;
	int skipping;		/* inside an over-long line */
	int err;		/* errno of a read error (end of log reported early), 0 if none */
	size_t pos, len;
	char buf[4 * LOG_LINE_MAX];
};
/*
 * 1: r holds the next record; 0: end of log, or a read error (lr->err),
 * or out of memory (lr->err ENOMEM).  Bad lines are reported on stderr as
 * NAME:LINE: why and skipped; a run's record or profile record read
 * before (in this log, or in another of lr->seen's) is dropped, and
 * counted.
 */
int log_next(struct logreader *lr, struct rec *r);
/* Free what lr holds (never lr->f, the caller's). */
void log_close(struct logreader *lr);
/*
 * The no_load baseline of who's label and configuration in the log f
 * (named name; its bad lines are not reported): the mean Time of the
 * runs that the report's Ratio of that row divides by.  They are the ok
 * runs of no_load, or of an old name of it in aliases (derive_alias), in
 * who's configuration (rec_same_config), each run once (a copy of one
 * read before is dropped), none shorter than a run can be (derive_short),
 * and none logged as disturbed unless disturbed (derive_left_out).  0
 * when there is none; -1 when out of memory (errno ENOMEM).
 */
double log_baseline(FILE *f, const char *name, const struct rec *who, const char *const *aliases,
    int disturbed);

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

/*
 * The form of set= and set_found= (once decoded): SETTING=VALUE pairs
 * joined by ',', as --set takes them: a ',' or '\' of a setting or a
 * value written "\," and "\\".  log_set_add appends one pair to the
 * NUL-ended text in buf (len bytes): 0, or -1 (buf as it was) when it
 * does not fit.  log_set_next reads the pair at *p into setting and
 * value (slen, vlen bytes), *p moved past it and its ','; 1, or 0 at the
 * end, or -1 when the text is not of that form or a part too long.
 */
int log_set_add(char *buf, size_t len, const char *setting, const char *value);
int log_set_next(const char **p, char *setting, size_t slen, char *value, size_t vlen);
/* Is text of that form, every pair (none: "")?  1 or 0. */
int log_set_ok(const char *text);

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
