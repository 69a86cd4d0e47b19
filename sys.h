/*
 * sys.h: what the whole machine did during the compile window, and what
 * the machine is.  doc/sys-keys.md defines every key and formula.
 *
 * Use, all in the harness:
 *   sys_open(&s, dirs, n)      once: finds the disks under the directories,
 *                              detects PSI, resolves the vmstat lines
 *   sys_cpus(&s, mask, nbits, online)  optional, once: the CPUs the
 *                              run may use (sizing.h), when fewer than
 *                              all: their cpuN lines are summed too,
 *                              for the disturbed mark
 *   sys_snap(&s, &snap, ...)   once per invocation: the box (uname, cmdline,
 *                              CPU, RAM, THP, filesystem, scheduler, cc, make)
 *   sys_take(&s, &a)           at window open, then sys_take(&s, &b) at close:
 *                              reads /proc/stat, /proc/vmstat,
 *                              /proc/pressure/{cpu,memory,io}, /proc/diskstats;
 *                              no allocation, no output
 *   sys_delta(&s, &a, &b, window, &d)   the differences over the window
 *   sys_split(&d, compile_s, load_s, ncpu)  optional: compile, load and rest
 *   sys_record(&d, &rec), sys_snap_record(&snap, &rec): into the
 *                              record, by the log's own identifiers (K_*
 *                              and struct rec's members), absent values
 *                              left out
 *
 * Its name: the module is called for the prefix of its log keys
 * (sys_user, sys_system, ...), which old logs fix; the log's sys= is the
 * compile's own system CPU (wait4), older than this module, and stays.
 * The harness calls its instance "machine" (struct rig, contest.h).
 *
 * Every path under /proc and /sys is read through kfile.h, below
 * $CONTEST_ROOT when set, so tests can fake a kernel.
 * Nothing here prints or exits.
 */
#ifndef CONTEST_SYS_H
#define CONTEST_SYS_H

#include <limits.h>

#include "derive.h"
#include "log.h"

#define SYS_DISKS	2	/* directories watched: the work directory, io_other's -o */
#define SYS_VM_LINES	64	/* /proc/vmstat lines summed into the counters, at most */
#define SYS_BUF		16384	/* read buffer, bytes; longer files are read in pieces */
#define SYS_MAXCPU	8192	/* highest CPU number + 1 a set may hold (SZ_MAXCPU) */

/* shares of /proc/stat's aggregate cpu line, in this order: the split's (derive.h), which its sums read */
enum { SYS_USER, SYS_NICE, SYS_SYSTEM, SYS_IRQ, SYS_IOWAIT, SYS_STEAL, SYS_IDLE, SYS_CPU_N };
_Static_assert((int)SYS_IRQ == (int)SPLIT_IRQ && (int)SYS_IOWAIT == (int)SPLIT_IOWAIT &&
    (int)SYS_STEAL == (int)SPLIT_STEAL && (int)SYS_IDLE == (int)SPLIT_IDLE && (int)SYS_CPU_N == (int)SPLIT_N,
    "sys.h's cpu shares follow derive.h's split");
/* raw fields of the cpu line, in the kernel's order */
enum { SYS_F_USER, SYS_F_NICE, SYS_F_SYSTEM, SYS_F_IDLE, SYS_F_IOWAIT, SYS_F_IRQ,
	SYS_F_SOFTIRQ, SYS_F_STEAL, SYS_F_GUEST, SYS_F_GUEST_NICE, SYS_F_N };
/*
 * The /proc/vmstat counters, one line each: SYS_VM_ID, its log key (a
 * NUM line of log.h's key table), the vmstat line NAME, and the suffixes
 * whose lines NAME_SUFFIX are summed in (old kernels' per-zone ones).
 * A counter more is a line here and its key in log.h, by log.h's recipe
 * (its entry under THE LOG; a METRICS line of report/model.h to show it).
 */
#define SYS_ZONES	"dma dma32 normal high movable device"
#define SYS_VMSTAT(X) \
	X(PGFAULT,		K_VM_PGFAULT,		"pgfault",		"") \
	X(PGMAJFAULT,		K_VM_PGMAJFAULT,	"pgmajfault",		"") \
	X(PSWPIN,		K_VM_PSWPIN,		"pswpin",		"") \
	X(PSWPOUT,		K_VM_PSWPOUT,		"pswpout",		"") \
	X(PGSCAN_KSWAPD,	K_VM_PGSCAN_KSWAPD,	"pgscan_kswapd",	SYS_ZONES) \
	X(PGSCAN_DIRECT,	K_VM_PGSCAN_DIRECT,	"pgscan_direct",	SYS_ZONES) \
	X(PGSTEAL_KSWAPD,	K_VM_PGSTEAL_KSWAPD,	"pgsteal_kswapd",	SYS_ZONES) \
	X(PGSTEAL_DIRECT,	K_VM_PGSTEAL_DIRECT,	"pgsteal_direct",	SYS_ZONES) \
	X(ALLOCSTALL,		K_VM_ALLOCSTALL,	"allocstall",		SYS_ZONES) \
	X(WORKINGSET_REFAULT,	K_VM_WORKINGSET_REFAULT, "workingset_refault",	"anon file") \
	X(OOM_KILL,		K_VM_OOM_KILL,		"oom_kill",		"") \
	X(COMPACT_STALL,	K_VM_COMPACT_STALL,	"compact_stall",	"") \
	X(THP_FAULT_ALLOC,	K_VM_THP_FAULT_ALLOC,	"thp_fault_alloc",	"") \
	X(NR_DIRTIED,		K_VM_NR_DIRTIED,	"nr_dirtied",		"") \
	X(NR_WRITTEN,		K_VM_NR_WRITTEN,	"nr_written",		"")
#define SYS_VM_ID(id, key, name, suffixes) SYS_VM_##id,
enum { SYS_VMSTAT(SYS_VM_ID) SYS_VM_N };
_Static_assert(SYS_VM_N <= 32, "vm_have is a 32-bit mask");
/* pressure resources, and the two lines of each */
enum { SYS_PSI_CPU, SYS_PSI_MEM, SYS_PSI_IO, SYS_PSI_N };
enum { SYS_SOME, SYS_FULL };
#define SYS_PSI_BIT(res, line)	(1u << ((res) * 2 + (line)))

/* what sys_open found of PSI, for the caller to say once */
enum { SYS_PSI_ON, SYS_PSI_ABSENT, SYS_PSI_DISABLED };

struct sys_disk {
	char dir[PATH_MAX];	/* the directory, as given */
	char name[32];		/* its device's /proc/diskstats name (vda, sda1, dm-0); "" if not found */
	char why[64];		/* why not found, one word (see doc/sys-keys.md); "" if found */
	unsigned maj, min;	/* the device's numbers, if found */
	int same;		/* index of an earlier directory on the same device, -1 if none */
};

/* About 30 KiB: make it static, not a local. */
struct sys {
	long hz;			/* USER_HZ: ticks of /proc/stat per second */
	int psi;			/* SYS_PSI_ON, _ABSENT, _DISABLED */
	char psi_why[PATH_MAX / 4 + 96]; /* what was found, for a message ("" if on):
					 * room for the path and the longest reason */
	unsigned psi_lines;		/* SYS_PSI_BIT of each line present at open */
	unsigned vm_have;		/* bit per SYS_VM_ counter present at open */
	int nvm;			/* vmstat lines in vm_line */
	struct {
		char name[40];		/* the line's name: pgscan_kswapd, allocstall_normal */
		unsigned char len;	/* strlen(name) */
		unsigned char ctr;	/* SYS_VM_ counter it adds to */
	} vm_line[SYS_VM_LINES];
	int ndisk;			/* directories given to sys_open */
	struct sys_disk disk[SYS_DISKS];
	int nset;			/* CPUs of the set (sys_cpus); 0: the whole machine */
	unsigned long set[SYS_MAXCPU / (8 * sizeof(unsigned long))]; /* the set, bit per CPU */
	char buf[SYS_BUF];		/* sys_take's read buffer */
};

/* The raw counters at one edge of the window. */
struct sys_sample {
	double t;				/* CLOCK_MONOTONIC when taken, s */
	int ncpuf;				/* fields read from the cpu line, 0: none */
	unsigned long long cpu[SYS_F_N];	/* the cpu line, USER_HZ ticks */
	int nsetf;				/* fields read from every line of the set, 0: none */
	int nsetl;				/* lines of the set read */
	unsigned long long setcpu[SYS_F_N];	/* the set's cpuN lines summed, USER_HZ ticks */
	unsigned vm_have;			/* bit per counter read whole */
	unsigned long long vm[SYS_VM_N];	/* summed /proc/vmstat values */
	unsigned psi_have;			/* SYS_PSI_BIT of each line read */
	unsigned long long psi[SYS_PSI_N][2];	/* total= of some and full, us */
	struct {
		int have;			/* the device's line was read */
		unsigned long long rsect, wsect; /* sectors read, written (fields 3, 7) */
		unsigned long long io_ms;	/* ms doing I/O (field 10) */
		unsigned long long wio_ms;	/* weighted ms doing I/O (field 11) */
	} disk[SYS_DISKS];
};

/* Differences over the window.  A value is there only if its bit is set. */
struct sys_delta {
	double window;			/* s */
	unsigned cpu_have;		/* bit per SYS_USER.. share */
	double cpu[SYS_CPU_N];		/* percent of all CPUs' time (the cpu line's total) */
	double cpu_s;			/* that total in CPU seconds; 0 if unknown */
	unsigned vm_have;		/* bit per SYS_VM_ counter */
	unsigned long long vm[SYS_VM_N];
	unsigned psi_have;		/* SYS_PSI_BIT */
	double psi[SYS_PSI_N][2];	/* stalled time, percent of the window */
	unsigned back;			/* what went backwards and was left out: SYS_BACK_ bits */
	int ndisk;
	struct {
		const char *name;	/* diskstats name, or NULL: not found */
		const char *why;	/* why not found */
		int same;		/* index of an earlier entry on the same device, or -1 */
		int have;		/* the figures below are there */
		unsigned long long rsect, wsect; /* sectors (512 bytes) read and written */
		double busy;		/* ms doing I/O, percent of the window */
		double wms;		/* weighted ms doing I/O */
		double qdepth;		/* wms / window in ms: average requests in flight */
	} disk[SYS_DISKS];
	/* set by sys_split; percent of the machine (window x ncpu) */
	int split;			/* 1 once sys_split ran with usable figures */
	double busy;			/* user + nice + system + irq + softirq */
	double compile;			/* the compile's CPU */
	double load;			/* the load's CPU */
	double rest;			/* busy - compile - load (sys_record logs 0 for a negative) */
	double slack;			/* the tolerance of the check */
	int adds_up;			/* 1: rest >= -slack, and the cpu line's total is window x ncpu within slack */
	/* the set of sys_cpus, when it is not the whole machine */
	int set_n;			/* its CPUs, each line read at both edges; 0: no set figures */
	double set_busy_s;		/* their user + nice + system time, s */
	double set_steal_s;		/* their stolen time, s; 0 where the kernel has none */
	double set_slack;		/* the tick sampling's tolerance of a share of their time, % */
};
#define SYS_BACK_CPU	0x1		/* a cpu field */
#define SYS_BACK_VM	0x2		/* a vmstat counter */
#define SYS_BACK_PSI	0x4		/* a pressure total */
#define SYS_BACK_DISK	0x8		/* a disk counter */

/* The box, once per invocation: strings, "none" where there is nothing
 * (iosched: "unknown", since "none" is a scheduler). */
struct sys_snap {
	char release[65];	/* uname -r */
	char version[65];	/* uname -v */
	char cmdline[1024];	/* /proc/cmdline, cut at 1020 bytes with "..." */
	char cpu[128];		/* /proc/cpuinfo model name, or its arm64/other stand-in */
	char cpus[24];		/* online CPUs, a count */
	char online[64];	/* /sys/devices/system/cpu/online: 0-1 */
	char governor[64];	/* cpufreq scaling_governor of the online CPUs, distinct ones joined by ',' */
	char memtotal[24];	/* MemTotal, kB */
	char swaptotal[24];	/* SwapTotal, kB */
	char thp[16];		/* transparent_hugepage/enabled, the bracketed word */
	char fstype[32];	/* the work directory's filesystem type */
	char fsopts[512];	/* its mount options, then its superblock's that differ */
	char iosched[32];	/* its disk's I/O scheduler, the bracketed word */
	char cc[128];		/* first line of $CC --version (default cc) */
	char make[128];		/* first line of MAKE --version */
	char config[17];	/* the caller's .config hash, "none" if none */
};

/*
 * The CPU of the kernel's own threads (kthreadd and its children) at one
 * edge: with the machine's busy time and the run's own CPU, what is left
 * is what others on the machine used.
 */
#define SYS_PROCS	8192	/* threads read, at most */
struct sys_proc {
	int pid;
	unsigned long long start;	/* starttime, ticks since boot: a reused pid differs */
	unsigned long long ticks;	/* utime + stime */
};
struct sys_procs {
	int n;
	int cut;			/* more of them than SYS_PROCS */
	struct sys_proc p[SYS_PROCS];	/* by pid */
};

/*
 * Set s up for up to SYS_DISKS directories (dirs[0]: the work directory,
 * dirs[1]: io_other's; NULL entries allowed).  Returns 0, or -1 if the
 * cpu line of /proc/stat cannot be read (no CPU shares); either way the
 * parts it could not find are noted in s and left out of every sample.
 */
int sys_open(struct sys *s, const char *const *dirs, int ndirs);
/* Read every counter into out.  Only s->buf is written in s. */
void sys_take(struct sys *s, struct sys_sample *out);
/* out = b - a over window seconds (<= 0: use b->t - a->t).  out's disk
 * names point into s: keep s while out is used. */
void sys_delta(const struct sys *s, const struct sys_sample *a, const struct sys_sample *b,
    double window, struct sys_delta *out);
/* The compile's and the load's CPU seconds over the window against the
 * machine's busy time; sets d's split fields.  Returns d->adds_up. */
int sys_split(struct sys_delta *d, double compile_s, double load_s, long ncpu);
/*
 * The CPUs a run may use (a mask of nbits bits, sizing.h's): when they
 * are fewer than the online CPUs, sys_take sums their cpuN lines too.
 */
void sys_cpus(struct sys *s, const unsigned long *mask, int nbits, int online);
/* d's keys into r: numbers finite, >= 0 and <= LOG_NUM_MAX, the rest
 * left out; the disks' names as strings.  How many numbers were set. */
int sys_record(const struct sys_delta *d, struct rec *r);
/* The PSI state as a word: on, absent, disabled. */
const char *sys_psi_state(const struct sys *s);

/* Read the CPU of the kernel's threads: /proc/PID/stat of each. */
void sys_kthreads_take(struct sys_procs *out);
/*
 * CPU seconds the kernel's threads used between a and b: one found in b
 * but not in a (or with another start time) started in between and
 * counts whole.
 */
double sys_kthreads_delta(const struct sys *s, const struct sys_procs *a, const struct sys_procs *b);

/* Fill sn: cc is $CC (default cc), make the make program to run (NULL:
 * make), config the .config hash or NULL.  Forks cc and make with
 * --version, so call it before the timed runs.  Returns 0. */
int sys_snap(struct sys *s, struct sys_snap *sn, const char *make, const char *config);
/*
 * The parts of sn a kernel setting of --set may change, read again: the
 * online CPUs and their governors, THP, the work directory's disk's I/O
 * scheduler.  sys_snap reads them so too.
 */
void sys_snap_settings(struct sys *s, struct sys_snap *sn);
/* sn into the snapshot record r: kernel and the snap keys of log.h. */
void sys_snap_record(const struct sys_snap *sn, struct rec *r);

#endif
