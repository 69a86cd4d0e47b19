/*
 * model.h: the report's model, built once from the logs and read by
 * every renderer.  model.c streams the logs into groups (one row, a
 * label in one configuration, under one load), accumulates every metric
 * of the metric table below, orders rows and sections, and computes
 * Ratios and summaries; family.c, the comparisons' tests.  The layers,
 * each calling only those below it: clean.c (log content made safe to
 * print), pmodel.c (the kernel profiles), model.c, family.c, judge.c
 * (--verdict's decision, judge.h); then the renderers (text.c,
 * compare.c, bars.c, profile.c, csv.c, json.c, long.c, kcidb.c, lava.c,
 * svg.c), which include this header (and judge.h, those that judge) and
 * never call each other; then the formats (format.h: table.c picks among
 * the text views, csv.c, json.c, long.c, kcidb.c and lava.c are their
 * own), and report.c at the top, which picks the format.  doc/contest.1
 * (REPORT) is the reference for every number.
 *
 * Adding a metric: one line of METRICS below (name, what is printed,
 * unit, decimals, which way is better, how it is computed, its kind and
 * tier), one line in the table of doc/contest.1's Metrics (REPORT).
 * The views that list every metric follow the table (-c, CSV, JSON,
 * long, KCIDB, LAVA),
 * so `make golden` writes t3700's views anew (read the diff); -v's
 * detail lines pick theirs by their M_ identifiers (text.c).
 */
#ifndef CONTEST_MODEL_H
#define CONTEST_MODEL_H

#include <stddef.h>
#include <stdio.h>

#include "../derive.h"
#include "../log.h"
#include "../util.h"
#include "format.h"
#include "stats.h"
#include "verdict.h"

/* Which way a metric is better: lower, higher, or neither. */
enum better { B_NONE, B_LOWER, B_HIGHER };

/* How a metric's value comes from one ok record. */
enum how {
	H_KEY,		/* num[key] */
	H_SUM,		/* num[key] + num[key2], both present */
	H_CPU,		/* CPU%: (user + sys) / elapsed x 100 (derive_cpu) */
	H_LCPU,		/* LCPU%: lcpu / elapsed x 100 (derive_lcpu), when key (K_LCPU) is there */
	H_NCPU,		/* CPU% (key < 0) or LCPU%, / ncpu_online (else ncpu): % of all CPUs' time */
	H_REST,		/* derive_rest of the split's unidle (100 - sys_idle - sys_iowait) and the H_NCPUs */
	H_MIB,		/* num[key] sectors x 512 / 2^20 */
	H_PAIRED	/* elapsed / the no_load elapsed of the same row, inv and round */
};

/*
 * The metric table: X(ID, name in CSV and JSON, name printed, unit ("" a
 * count, "*" the load's unit), decimals, better, how, key, key2, kind,
 * tier).  kind (verdict.h) is its materiality floor, tier its share of
 * the comparison's alpha: VT_VERDICT for the metrics --verdict decides
 * on, VT_OTHER for the rest (doc/report.md, Verdicts).  The first eight
 * are the classic columns, in the order of the CSV.
 */
#define METRICS(X) \
	X(M_TIME,   "time",   "Time",   "s", 1, B_LOWER,  H_KEY,   K_ELAPSED, -1, VK_TIME, VT_VERDICT) \
	X(M_CPU,    "cpu",    "CPU%",   "%", 1, B_NONE,   H_CPU,   -1, -1, VK_CPU, VT_OTHER) \
	X(M_LOADS,  "loads",  "Loads",  "*", 1, B_HIGHER, H_KEY,   K_WORK, -1, VK_WORK, VT_VERDICT) \
	X(M_LCPU,   "lcpu",   "LCPU%",  "%", 1, B_NONE,   H_LCPU,  K_LCPU, -1, VK_CPU, VT_OTHER) \
	X(M_USER,   "user",   "user",   "s", 1, B_LOWER,  H_KEY,   K_USER, -1, VK_TIME, VT_OTHER) \
	X(M_SYS,    "sys",    "sys",    "s", 1, B_LOWER,  H_KEY,   K_SYS, -1, VK_TIME, VT_OTHER) \
	X(M_MAJFLT, "majflt", "major faults", "", 1, B_LOWER, H_KEY, K_MAJFLT, -1, VK_COUNT, VT_OTHER) \
	X(M_CTXSW,  "ctxsw",  "context switches", "", 1, B_NONE, H_SUM, K_NVCSW, K_NIVCSW, VK_COUNT, VT_OTHER) \
	X(M_PAIRED, "paired_ratio", "paired Ratio", "", 3, B_LOWER, H_PAIRED, -1, -1, VK_TIME, VT_VERDICT) \
	X(M_MINFLT, "minflt", "minor faults", "", 0, B_LOWER, H_KEY, K_MINFLT, -1, VK_COUNT, VT_OTHER) \
	X(M_MAXRSS, "maxrss", "max RSS", "KiB", 0, B_NONE, H_KEY, K_MAXRSS, -1, VK_SIZE, VT_OTHER) \
	X(M_SELF,   "self",   "contest CPU", "s", 3, B_NONE, H_KEY, K_SELF, -1, VK_OVERHEAD, VT_OTHER) \
	X(M_DISTURBED, "disturbed", "others' CPU", "%", 1, B_LOWER, H_KEY, K_DISTURBED, -1, VK_SHARE, VT_OTHER) \
	X(M_COMPILE_SHARE, "compile_share", "compile share", "%", 1, B_NONE, H_NCPU, -1, -1, VK_CPU, VT_OTHER) \
	X(M_LOAD_SHARE, "load_share", "load share", "%", 1, B_NONE, H_NCPU, K_LCPU, -1, VK_CPU, VT_OTHER) \
	X(M_REST_SHARE, "rest_share", "rest share", "%", 1, B_NONE, H_REST, -1, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_USER,   "sys_user",   "machine user",   "%", 1, B_NONE, H_KEY, K_SYS_USER, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_NICE,   "sys_nice",   "machine nice",   "%", 1, B_NONE, H_KEY, K_SYS_NICE, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_SYSTEM, "sys_system", "machine system", "%", 1, B_NONE, H_KEY, K_SYS_SYSTEM, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_IRQ,    "sys_irq",    "machine irq",    "%", 1, B_NONE, H_KEY, K_SYS_IRQ, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_IOWAIT, "sys_iowait", "machine iowait", "%", 1, B_NONE, H_KEY, K_SYS_IOWAIT, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_STEAL,  "sys_steal",  "machine steal",  "%", 1, B_LOWER, H_KEY, K_SYS_STEAL, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_IDLE,   "sys_idle",   "machine idle",   "%", 1, B_NONE, H_KEY, K_SYS_IDLE, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_REST,   "sys_rest",   "machine rest",   "%", 1, B_NONE, H_KEY, K_SYS_REST, -1, VK_SHARE, VT_OTHER) \
	X(M_SYS_ADDS,   "sys_adds",   "split adds up",  "", 2, B_NONE, H_KEY, K_SYS_ADDS, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGFAULT,    "vm_pgfault",    "vm pgfault",    "", 0, B_NONE,  H_KEY, K_VM_PGFAULT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGMAJFAULT, "vm_pgmajfault", "vm pgmajfault", "", 0, B_LOWER, H_KEY, K_VM_PGMAJFAULT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PSWPIN,     "vm_pswpin",     "vm pswpin",     "", 0, B_LOWER, H_KEY, K_VM_PSWPIN, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PSWPOUT,    "vm_pswpout",    "vm pswpout",    "", 0, B_LOWER, H_KEY, K_VM_PSWPOUT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGSCAN_KSWAPD,  "vm_pgscan_kswapd",  "vm pgscan_kswapd",  "", 0, B_LOWER, H_KEY, K_VM_PGSCAN_KSWAPD, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGSCAN_DIRECT,  "vm_pgscan_direct",  "vm pgscan_direct",  "", 0, B_LOWER, H_KEY, K_VM_PGSCAN_DIRECT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGSTEAL_KSWAPD, "vm_pgsteal_kswapd", "vm pgsteal_kswapd", "", 0, B_NONE, H_KEY, K_VM_PGSTEAL_KSWAPD, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_PGSTEAL_DIRECT, "vm_pgsteal_direct", "vm pgsteal_direct", "", 0, B_LOWER, H_KEY, K_VM_PGSTEAL_DIRECT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_ALLOCSTALL, "vm_allocstall", "vm allocstall", "", 0, B_LOWER, H_KEY, K_VM_ALLOCSTALL, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_REFAULT,    "vm_workingset_refault", "vm refault", "", 0, B_LOWER, H_KEY, K_VM_WORKINGSET_REFAULT, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_OOM_KILL,   "vm_oom_kill",   "vm oom_kill",   "", 0, B_LOWER, H_KEY, K_VM_OOM_KILL, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_COMPACT_STALL, "vm_compact_stall", "vm compact_stall", "", 0, B_LOWER, H_KEY, K_VM_COMPACT_STALL, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_THP_FAULT_ALLOC, "vm_thp_fault_alloc", "vm thp_fault_alloc", "", 0, B_NONE, H_KEY, K_VM_THP_FAULT_ALLOC, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_NR_DIRTIED, "vm_nr_dirtied", "vm nr_dirtied", "", 0, B_NONE, H_KEY, K_VM_NR_DIRTIED, -1, VK_COUNT, VT_OTHER) \
	X(M_VM_NR_WRITTEN, "vm_nr_written", "vm nr_written", "", 0, B_NONE, H_KEY, K_VM_NR_WRITTEN, -1, VK_COUNT, VT_OTHER) \
	X(M_PSI_CPU_SOME, "psi_cpu_some", "PSI cpu some", "%", 2, B_LOWER, H_KEY, K_PSI_CPU_SOME, -1, VK_SHARE, VT_OTHER) \
	X(M_PSI_CPU_FULL, "psi_cpu_full", "PSI cpu full", "%", 2, B_LOWER, H_KEY, K_PSI_CPU_FULL, -1, VK_SHARE, VT_OTHER) \
	X(M_PSI_MEM_SOME, "psi_mem_some", "PSI mem some", "%", 2, B_LOWER, H_KEY, K_PSI_MEM_SOME, -1, VK_SHARE, VT_OTHER) \
	X(M_PSI_MEM_FULL, "psi_mem_full", "PSI mem full", "%", 2, B_LOWER, H_KEY, K_PSI_MEM_FULL, -1, VK_SHARE, VT_OTHER) \
	X(M_PSI_IO_SOME,  "psi_io_some",  "PSI io some",  "%", 2, B_LOWER, H_KEY, K_PSI_IO_SOME, -1, VK_SHARE, VT_OTHER) \
	X(M_PSI_IO_FULL,  "psi_io_full",  "PSI io full",  "%", 2, B_LOWER, H_KEY, K_PSI_IO_FULL, -1, VK_SHARE, VT_OTHER) \
	X(M_DISK_READ,   "disk_read_mib",  "disk read",    "MiB", 1, B_NONE, H_MIB, K_DISK_RSECT, -1, VK_SIZE, VT_OTHER) \
	X(M_DISK_WRITE,  "disk_write_mib", "disk written", "MiB", 1, B_NONE, H_MIB, K_DISK_WSECT, -1, VK_SIZE, VT_OTHER) \
	X(M_DISK_BUSY,   "disk_busy",      "disk busy",    "%", 1, B_NONE, H_KEY, K_DISK_BUSY, -1, VK_SHARE, VT_OTHER) \
	X(M_DISK_WMS,    "disk_wms",       "disk wait",    "ms", 0, B_NONE, H_KEY, K_DISK_WMS, -1, VK_SIZE, VT_OTHER) \
	X(M_DISK_QDEPTH, "disk_qdepth",    "disk queue",   "", 2, B_NONE, H_KEY, K_DISK_QDEPTH, -1, VK_SIZE, VT_OTHER) \
	X(M_ODISK_READ,  "odisk_read_mib", "-o disk read", "MiB", 1, B_NONE, H_MIB, K_ODISK_RSECT, -1, VK_SIZE, VT_OTHER) \
	X(M_ODISK_WRITE, "odisk_write_mib", "-o disk written", "MiB", 1, B_NONE, H_MIB, K_ODISK_WSECT, -1, VK_SIZE, VT_OTHER) \
	X(M_ODISK_BUSY,  "odisk_busy",     "-o disk busy", "%", 1, B_NONE, H_KEY, K_ODISK_BUSY, -1, VK_SHARE, VT_OTHER) \
	X(M_ODISK_WMS,   "odisk_wms",      "-o disk wait", "ms", 0, B_NONE, H_KEY, K_ODISK_WMS, -1, VK_SIZE, VT_OTHER) \
	X(M_ODISK_QDEPTH, "odisk_qdepth",  "-o disk queue", "", 2, B_NONE, H_KEY, K_ODISK_QDEPTH, -1, VK_SIZE, VT_OTHER) \
	X(M_LAT_N,   "lat_n",   "probe wake-ups", "", 0, B_NONE,  H_KEY, K_LAT_N, -1, VK_COUNT, VT_OTHER) \
	X(M_LAT_P50, "lat_p50", "latency p50", "us", 0, B_LOWER, H_KEY, K_LAT_P50, -1, VK_LAT, VT_OTHER) \
	X(M_LAT_P99, "lat_p99", "latency p99", "us", 0, B_LOWER, H_KEY, K_LAT_P99, -1, VK_TAIL, VT_VERDICT) \
	X(M_LAT_MAX, "lat_max", "latency max", "us", 0, B_LOWER, H_KEY, K_LAT_MAX, -1, VK_MAX, VT_OTHER) \
	X(M_DL_MET,  "dl_met",  "deadlines met", "%", 1, B_HIGHER, H_KEY, K_DL_MET, -1, VK_MET, VT_OTHER) \
	X(M_PROBE_CPU, "probe_cpu", "probe CPU", "s", 3, B_NONE, H_KEY, K_PROBE_CPU, -1, VK_OVERHEAD, VT_OTHER) \
	X(M_LAT_RQ,  "lat_rq",  "run-queue wait", "us", 1, B_LOWER, H_KEY, K_LAT_RQ, -1, VK_TAIL, VT_OTHER) \
	X(M_REQ_N,     "req_n",     "requests",     "", 0, B_NONE,  H_KEY, K_REQ_N, -1, VK_COUNT, VT_OTHER) \
	X(M_REQ_MEAN,  "req_mean",  "request mean", "us", 1, B_LOWER, H_KEY, K_REQ_MEAN, -1, VK_LAT, VT_OTHER) \
	X(M_REQ_P50,   "req_p50",   "request p50",  "us", 0, B_LOWER, H_KEY, K_REQ_P50, -1, VK_LAT, VT_OTHER) \
	X(M_REQ_P99,   "req_p99",   "request p99",  "us", 0, B_LOWER, H_KEY, K_REQ_P99, -1, VK_TAIL, VT_OTHER) \
	X(M_REQ_MAX,   "req_max",   "request max",  "us", 0, B_LOWER, H_KEY, K_REQ_MAX, -1, VK_MAX, VT_OTHER) \
	X(M_REQ_OVER1, "req_over1", "requests > t1", "%", 3, B_LOWER, H_KEY, K_REQ_OVER1, -1, VK_OVER, VT_OTHER) \
	X(M_REQ_OVER2, "req_over2", "requests > t2", "%", 3, B_LOWER, H_KEY, K_REQ_OVER2, -1, VK_OVER, VT_OTHER) \
	X(M_REQ_T1,    "req_t1",    "threshold t1", "ms", 3, B_NONE, H_KEY, K_REQ_T1, -1, VK_SETTING, VT_OTHER) \
	X(M_REQ_T2,    "req_t2",    "threshold t2", "ms", 3, B_NONE, H_KEY, K_REQ_T2, -1, VK_SETTING, VT_OTHER) \
	X(M_FAIRNESS,  "fairness",  "slowest/fastest", "%", 1, B_HIGHER, H_KEY, K_FAIRNESS, -1, VK_FAIR, VT_OTHER)

#define X_ENUM(id, name, show, unit, prec, better, how, key, key2, kind, tier) id,
enum { METRICS(X_ENUM) M_N };
#undef X_ENUM
#define M_CLASSIC 8		/* the first metrics: the columns of the CSV since version 1 */

struct metric {
	const char *name;	/* in CSV and JSON */
	const char *show;	/* in the tables */
	const char *unit;	/* "" a count, "*" the load's unit */
	int prec;		/* decimals of a mean */
	enum better better;
	enum how how;
	int key, key2;		/* K_* the value is read from, -1 if none */
	enum vd_kind kind;	/* its materiality floor */
	enum vd_tier tier;	/* its share of the comparison's alpha */
};
extern const struct metric metrics[M_N];

#define NWHY	4		/* distinct (status, reason) pairs kept per group */
#define NHOSTS	8		/* host names kept for titles */
#define ROWNAME_MAX 80		/* a row's name: label, '#', variant */
#define NAME_COLS 47		/* the tables' name column: a longer name is clipped, ending in '>' */
#define NONE	((size_t)-1)
#define NRSETS	4		/* sets of loads a row's rounds are kept for (struct rset) */

/* The summary's geometric means, each a test of -c (family.c). */
enum { S_TIME, S_RATIO, S_LOADS, S_N };

/*
 * A row's rounds that ran one set of loads (sig: the loads' names
 * hashed), for the summary: per round, the mean over those loads of
 * log Time (S_TIME), of log paired Ratio (S_RATIO), of log Loads
 * (S_LOADS).  The loads of a round share its drift, so the summary is
 * tested on these per-round values, not on the loads as if independent.
 */
struct rset {
	unsigned long sig;
	int nloads;
	struct acc a;
};

/*
 * A row: one label run in one configuration (rec_same_config).  A label
 * seen in several configurations gets one row for each, named LABEL#1,
 * LABEL#2, ... in order of first appearance.  Printed, a name keeps its
 * identity: show is reversible (model_name), and cut, the tables' form,
 * is clipped only so far that no two rows print the same (model_shape).
 */
struct row {
	char label[LOG_LABEL_MAX + 1];
	char name[ROWNAME_MAX];
	char *show;		/* name as printed (model_name); set by model_shape */
	char *cut;		/* show in m->namew columns: clipped, '>' its last; or show itself */
	size_t cols;		/* columns of show */
	char kernel[65];	/* the kernel's release */
	size_t lab;		/* index of the label in order of first appearance */
	int variant;		/* 1-based within the label */
	size_t rank;		/* place in the report: by label, then variant */
	unsigned long hash;
	char host[65];
	long jobs;
	char workload[LOG_WORKLOAD_MAX];
	char config[17];
	char drop[4];
	struct rec *id;		/* the first record of the row: its configuration */
	char first[32];		/* the earliest date of its runs' records, "" none (model_date's form or not) */
	size_t snap;		/* its snapshot in model.snaps, NONE if none */
	/* the last no_load run counted: the paired Ratio's baseline */
	char pinv[32];
	long pround;
	double pelapsed;
	/* the round being read (rinv, rround), its sums, and the rounds read */
	char rinv[32];
	long rround;
	double rsum[S_N];
	unsigned long rsig[S_N];
	int rn[S_N];
	struct rset rs[S_N][NRSETS];
	/* -c: its summary's tests (indices of model.vt, NONE if none), over how
	 * many loads, and whether from rounds (1) or the loads one by one (0) */
	size_t vsn[S_N];
	int sloads[S_N], sround[S_N];
	char boxdiff[160];	/* the snapshot fields in which its box differs from BASE's */
	char sumwhy[96];	/* what in the environment its summary's marks are held back for */
};

struct why {
	char status[16];
	char reason[128];
	long n;
};

/*
 * The kernel profiles of a group's ok runs (pmodel.c): one table of
 * names, the kernel symbols (k) or the commands of the user samples (u).
 * A name a run did not list counts 0 in that run; it had at most the
 * run's cut (cut_share, cut_rate: the largest cut of the runs).
 */
struct psym {
	size_t name;		/* offset in the table's names */
	unsigned long h;	/* hash of the name */
	double share[2];	/* sum over the runs of its share of their samples (%), and of its square */
	double rate[2];		/* the same of its samples a second of the window */
	long listed;		/* runs whose list had it */
};
struct ptab {
	struct psym *sym;
	size_t nsym, cap;
	struct htab idx;	/* sym's indices by the names' hash (util.h) */
	char *names;
	size_t len, capn;
	long runs;		/* records folded in */
	double cut_share, cut_rate;	/* the most a name left out of a run's list had */
};
struct pgroup {
	long n;			/* profile records counted */
	char mode[8];		/* kernel or all: the first record's */
	int mode_mixed;		/* records disagree */
	struct acc kernel;	/* kernel samples a second of the window */
	struct acc kshare;	/* kernel samples, % of the CPUs' time in samples: hz x ncpu x elapsed */
	struct acc idle;	/* idle samples, the same */
	struct acc part[PART_N];	/* kernel samples by part (derive.h, prof_KEY), % of the kernel's */
	struct acc lost;	/* samples lost, a run */
	struct acc cpu;		/* contest's CPU in the kernel profile, % of one CPU over the window */
	struct ptab k, u;
};

/* One side of a symbol in a diffprofile. */
struct pside {
	long n;			/* runs profiled */
	long listed;		/* runs that listed it */
	double rate, vrate;	/* mean and sample variance of its samples a second (absent: 0) */
	double share, vshare;	/* of its share of the kernel samples, % */
	double cut_rate, cut_share;	/* what it may have had in the runs that did not list it */
};
/* A symbol of a row against the base (pmodel_diff). */
struct pdiff {
	const char *name;	/* in one of the two groups' tables */
	struct pside base, this;
	double d;		/* this.rate - base.rate: samples a second, + more time */
	size_t vt;		/* -c: its test, an index of model.vt; NONE: not tested */
};

/* The runs of one row under one load. */
struct group {
	size_t row;
	char load[32];
	char unit[16];
	int unit_mixed;		/* records disagree about the unit */
	char probe[24];		/* the probe's rhythm of the first record that has one */
	char disk[32], odisk[32];	/* disk_dev, odisk_dev of the first record */
	struct acc m[M_N];	/* every metric of the ok runs counted; m[M_TIME].n: the runs */
	long failed, invalid;
	struct why why[NWHY];
	long why_more;		/* runs whose reason did not fit in why[] */
	double req_t[2];	/* the request thresholds of its first record that has them, ms */
	int req_t_set;		/* ... and one had them (0 ms is a value read, never "none") */
	long req_t_other;	/* ok runs timed with other thresholds: not in req_over1, req_over2 */
	long disturbed;		/* ok runs left out as disturbed (without --disturbed) */
	long copies;		/* its runs' records read again (a log named twice): dropped */
	char start[32];		/* the earliest date of its runs (every status), "" none */
	long spans;		/* its runs (every status) whose date and end are dates (model_date) */
	double secs;		/* their end - date added up, s */
	double disturbed_max;	/* the largest share of the others among them, % */
	unsigned long hash;
	struct pgroup *prof;	/* its kernel profiles, NULL if none (pmodel.c) */
	long prof_off;		/* ok runs counted whose record says profile=off */
	char prof_why[128];	/* the first one's profile_why */
	/* -c -p: its diffprofile against BASE's (family.c), by the size of the change */
	struct pdiff *pd;
	size_t npd;
	size_t pvt;		/* the test of its kernel samples a second, NONE if none */
	struct group *next;	/* hash chain */
	size_t tidx;		/* place of the load in o->order; past it if unknown */
	/* -c: its tests (model.vslot from vt x F_SLOTS), NONE if none */
	size_t vt;
	int explain;		/* the environment against BASE's: as vd_test.explain */
	char envwhy[96];	/* what in it */
};
#define F_RATIO	M_N		/* a group's test slot for its Ratio */
#define F_SLOTS	(M_N + 1)

/* The snapshot's fields, X(member of struct snap), in the order the JSON and KCIDB give them. */
#define SNAP_FIELDS(X) X(uname) X(cmdline) X(cpu) X(governor) X(ram) X(swap) X(thp) X(fs) X(fsopts) \
	X(sched) X(cc) X(make)

/* The box's snapshot of one host and label (the first one logged). */
struct snaprow {
	char host[65], label[64];
	struct snap snap;
	char kernel[65];	/* the release */
	char inv[32];		/* the invocation that logged it */
	char set[LOG_SET_MAX];	/* --set: the label's settings; "" none */
	int varies;		/* a later snapshot of the same host and label differed */
};

struct label {
	char label[64];
	int nvariants;
	unsigned long hash;
};

/* The groups of one load to show, in row order: sorted[first .. first + n). */
struct section {
	const char *load;
	size_t first, n;
};

struct model {
	const struct view_opts *o;	/* what the report is asked (format.h) */
	struct row *rows;
	size_t nrows, caprows;
	struct label *labels;
	size_t nlabels, caplabels;
	struct group **groups;	/* in order of creation */
	size_t ngroups, capgroups;
	struct group **hash;
	size_t nhash;		/* power of two */
	struct htab rowidx, labidx, snapidx;	/* indices of rows, labels, snaps by hash (util.h) */
	struct logseen seen;	/* the runs read, over every log: a copy is dropped (log.h) */
	struct group *last;	/* the previous record's group */
	struct snaprow *snaps;
	size_t nsnaps, capsnaps;
	char hosts[NHOSTS][65];
	int nhosts, hosts_more;	/* hosts_more: more than NHOSTS hosts, not listed */
	char first_date[32], last_date[32];
	char newest[64];	/* the label of the newest run (the latest date; the later record of a tie) */
	size_t only_row;	/* --verdict: the one row compared; NONE: every row */
	struct group **sorted;	/* by section, then row */
	struct section *sect;	/* the sections to show, in order */
	size_t nsect;
	size_t *order;		/* rows sorted by label, then variant */
	size_t namew;		/* columns of the tables' name column: NAME_COLS, or more where
				 * clipping at NAME_COLS would print two rows the same */
	size_t base_row, cmp_row;	/* -b, -c rows; NONE: none */
	/* -c's family of tests, decided together (family.c) */
	struct vd_test *vt;
	size_t nvt, capvt;
	size_t *vslot;		/* F_SLOTS per compared group: an index of vt, or NONE */
	size_t nvslot, capvslot;
};

/* the groups of section i, in row order */
#define EACH(m, i, k, g) \
	for ((k) = 0; (k) < (m)->sect[i].n && ((g) = (m)->sorted[(m)->sect[i].first + (k)]); (k)++)

/* A metric of row g against the same metric of -c's row (model_change). */
struct change {
	double pct;		/* (mean - base mean) / base mean x 100; NAN when base mean is 0 */
	double p;		/* Welch's two-sided p of the log ratio (or difference); NAN when untested */
	int tested;		/* both sides have at least 2 values, and something varies */
	int significant;	/* marked by the family's rule (verdict.h): better, worse or changed */
	int dir;		/* significant: +1 better, -1 worse, 0 neither way */
	const struct vd_test *t;	/* the whole test (interval, adjusted p, mark), NULL if none */
};

/* Geometric means of a row against a base over the loads both have. */
struct summary {
	double ratio, base_ratio;	/* of Ratio, the row's and the base's */
	int nratio;		/* loads counted; 0: no geometric mean */
	double loads;		/* of Loads / the base's Loads */
	int nloads;
};

/* model.c: reading and shaping */
int model_read(struct model *, const struct view_opts *, int nlogs, const char *const logs[]);
int model_shape(struct model *);
int model_resolve(const struct model *, const char *opt, const char *name, size_t *row);
void model_free(struct model *);

/* model.c: what the renderers ask */
int model_wanted(const struct model *, const char *load);
const struct group *model_find(const struct model *, size_t row, const char *load);
const struct group *model_baseline(const struct model *, const struct group *);
double model_ratio(const struct model *, const struct group *);	/* NAN: no baseline */
double model_chart_ratio(const struct model *, const struct group *);	/* NAN: none a chart can draw (not > 0) */
#define RATIO_DECIMALS	2	/* a Ratio as every view prints it (the classic table's) */
double model_ratio_sd(const struct model *, const struct group *);	/* NAN: no spread */
int model_charted(const struct model *, const char *load);
size_t model_ref_row(const struct model *);	/* -c, else -b, else the first row */
/* The group g is compared with under -c: the -c row's under g's load,
 * when both have an ok run and it is not g itself; else NULL */
const struct group *model_cmp_base(const struct model *, const struct group *g);
void model_summary(const struct model *, size_t row, size_t base, struct summary *);
const char *model_unit(const struct group *, int metric);	/* the unit printed */
/* the snapshot fields (and CPU count) in which row's box differs from base's, into buf; how many */
int model_snap_diff(const struct model *, size_t row, size_t base, char *buf, size_t len);
void model_round_end(struct model *, struct row *);
unsigned long model_load_sig(const char *load);	/* a load's share of a set's signature (struct rset) */
/* A record's date, as writers write it (2026-12-01T10:00:00Z, UTC, RFC 3339),
 * in seconds since 1970 into *t: 0, or -1 for anything else */
int model_date(const char *s, double *t);

/* family.c: -c's family of tests, built once before rendering; the only owner of tests */
int model_verdicts(struct model *);	/* -1: out of memory */
void model_change(const struct model *, const struct group *g, int metric, struct change *);
const struct vd_test *model_test(const struct model *, const struct group *, int slot);
const struct vd_test *model_sum_test(const struct model *, size_t row, int s);
/* A function of a diffprofile is tested when its share of the kernel samples, both sides' runs pooled, reaches this % */
#define PROF_TESTED_PCT 0.25
/* A diffprofile's test (pdiff.vt, group.pvt), NULL if none. */
const struct vd_test *model_ptest(const struct model *, size_t vt);

/* model.c: sentences every text view prints the same way */
/* a note, wrapped at spaces to 79 columns, continued two spaces in */
void model_note(FILE *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void model_notes(FILE *, const struct model *, size_t sect, int ratios);
/* g's runs not ok, "3 failed runs (REASON), 1 invalid run (...)", into buf; its length */
size_t model_not_ok(char *buf, size_t len, const struct group *g);
void model_variants(FILE *, const struct model *);
void model_snap_notes(FILE *, const struct model *);
void model_set_notes(FILE *, const struct model *);	/* the rows' settings of --set */
/* Row's settings of --set as given ("" none), and whether they are of the same invocation as base's. */
const char *model_set(const struct model *, size_t row);
int model_same_inv(const struct model *, size_t row, size_t base);
void model_copies(FILE *, const struct model *);

/* clean.c: log content made safe to print (below the model: pmodel.c uses it too) */
void model_name(char *dst, size_t len, const char *src);	/* a name: reversible (log_name) */
size_t model_cols(const char *s);	/* columns s takes: its UTF-8 characters */
void model_pad(FILE *, const char *s, size_t width);	/* s, then spaces to width columns */
void model_clean(char *dst, size_t len, const char *src);	/* fixed width: controls as '?' */
void model_vis(char *dst, size_t len, const char *src);	/* elsewhere: log_vis */
void model_num(char *dst, size_t len, double v, int prec);	/* "-" for what is not finite */
/* a string of the log as a CSV field: a name (name 1) as model_name, else as model_vis; then
 * RFC 4180, quoted (quotes doubled) when it holds a comma, a quote or a line end */
void model_csv_str(FILE *, const char *s, int name);
void model_csv_num(FILE *, const char *fmt, double v);	/* ",v" with fmt, or "," when v is not finite */
/* a JSON string (NULL: null): controls escaped, bytes that are not UTF-8 as U+FFFD */
void model_json_str(FILE *, const char *s);

/* pmodel.c: the kernel profiles */
int pmodel_fold(struct group *, const struct rec *);	/* an ok profile record; -1 out of memory */
void pmodel_free(struct pgroup *);
/* Why g, with ok runs, has no profile, as a clause ("profile=off in the records of its 3
 * ok runs (WHY)", "no profile record of its 3 ok runs") into buf; 0 (buf "") when it has one */
size_t pmodel_none(char *buf, size_t len, const struct group *g);
const char *psym_name(const struct ptab *, const struct psym *);
double psym_mean(const struct ptab *, const struct psym *, int rate);	/* rate 1: samples a second; 0: share % */
double psym_var(const struct ptab *, const struct psym *, int rate);	/* NAN under 2 runs */
size_t *pmodel_order(const struct ptab *);	/* indices by share, most first; free() it; NULL out of memory */
/* The symbols of both, by the size of their change, largest first: *out (free() it); NONE out of memory. */
size_t pmodel_diff(const struct pgroup *base, const struct pgroup *g, struct pdiff **out);
/* A diffprofile line's change in %: its test's estimate when it has one (as
 * its interval), else the change of the means; NAN with no base; every view's */
double pmodel_pct(double base, double this, const struct vd_test *t);
/* A name cleaned (model_clean) in at most cols columns: cut, ending with PROF_CUT. */
#define PROF_CUT "..."
void pmodel_name(char *dst, size_t len, const char *src, size_t cols);

/* The text views, which the table format (table.c) picks among; each reads the model only. */
int render_table(FILE *, const struct model *);		/* text.c: classic and -v */
int render_compare(FILE *, const struct model *);	/* compare.c: -c */
int render_profiles(FILE *, const struct model *);	/* profile.c: -p, the profiles view */
int render_bars(FILE *, const struct model *);		/* bars.c: --bars */
/* What report.c writes besides a format. */
int render_svg(const char *path, const struct model *);	/* svg.c: --svg, atomically */
int render_verdict(FILE *, const struct model *, size_t row, double threshold);	/* compare.c: --verdict */

#endif
