/*
 * sizing.h: contest's one sizing policy.  From the machine it runs on
 * and the limits the process really has (CPU affinity, the cpuset, a CPU
 * quota, a memory cgroup, RLIMIT_FSIZE, the free disk), it decides how
 * many CPUs contest plans for, how large the built-in tree is, make's -j,
 * and how large each load's files, memory or processes are.  doc/sizing.md
 * explains every figure and the measurements behind the constants in
 * config.h; contest(1) says it to users; `contest --plan` prints it.
 *
 * Use:
 *   sz_read(&m, dir)       the machine as it is now (dir: where the loads
 *                          write, for the free disk); reads /proc, /sys
 *                          and the cgroup files, prints nothing
 *   sz_jobs(&m, tree)      make's -j; sz_par(&m, jobs) the compile's
 *                          parallelism; sz_units(par) the built-in
 *                          tree's units; sz_noload_s(units, par) the
 *                          no_load estimate
 *   sz_load(&m, kind, &in, &out)   one load's size, from its kind (the
 *                          .sizing of its struct load)
 * Everything but sz_read (and the readers it is made of) is a pure
 * function of its arguments, so `contest --plan --cpus N --mem SIZE`
 * plans another machine with the same code that sizes this one.
 *
 * A new load plugs in with one line, `.sizing = SZ_...,` in its struct
 * load (loads/load.h), and calls load_sized() in its check and setup;
 * a load whose files fit no kind adds one to enum sz_kind, its row to
 * the rule table in sizing.c (rules) and its case to sz_load()
 * (doc/sizing.md, "Adding a load").
 */
#ifndef CONTEST_SIZING_H
#define CONTEST_SIZING_H

#define SZ_MAXCPU	8192	/* highest CPU number + 1 that the masks hold */
#define SZ_LONGBITS	(8 * (int)sizeof(unsigned long))
#define SZ_UNLIMITED	(~0ULL)	/* a limit that is not set */
#define SZ_MAXCLIENTS	1024	/* clients of SZ_CLIENTS at most (a load's workers: LOAD_PROCS) */

/* The CPUs contest may use. */
struct sz_cpus {
	int online;		/* online CPUs (sysconf _SC_NPROCESSORS_ONLN) */
	int affinity;		/* CPUs in contest's affinity mask (sched_getaffinity) */
	int cpuset;		/* CPUs of its cpuset's effective list; 0: no cpuset found */
	double quota;		/* the lowest CPU quota on its cgroup path, in CPUs; 0: none */
	int set;		/* CPUs its processes may run on: the affinity mask within the cpuset */
	int usable;		/* CPUs the policy plans for: set, or the quota rounded up if fewer */
	unsigned long mask[SZ_MAXCPU / (8 * sizeof(unsigned long))]; /* the set, bit per CPU */
};

/* Memory, and the memory cgroup's limit. */
struct sz_mem {
	unsigned long long ram;		/* MemTotal, bytes */
	unsigned long long avail;	/* MemAvailable, bytes */
	unsigned long long swapfree;	/* SwapFree, bytes */
	unsigned long long cg_limit;	/* the lowest memory cgroup limit on the path, bytes; SZ_UNLIMITED: none */
	unsigned long long cg_avail;	/* that cgroup's limit less its usage not reclaimable, bytes; SZ_UNLIMITED: none */
	char cg[4];			/* "v1" or "v2": which cgroup set cg_limit; "" none */
	unsigned long long dirty;	/* bytes a writer may dirty before it is throttled: vm.dirty_bytes, or vm.dirty_ratio of ram (or cg_limit) */
};

/* What the policy sizes for: the machine, real or planned. */
struct sz_machine {
	struct sz_cpus cpu;
	struct sz_mem mem;
	unsigned long long disk_free;	/* free bytes for an unprivileged writer where the loads write */
	unsigned long long fsize;	/* RLIMIT_FSIZE, bytes; SZ_UNLIMITED: none */
};

/*
 * How a load is sized: the .sizing of its struct load, a row of the
 * rule table in sizing.c.
 */
enum sz_kind {
	SZ_NONE,	/* nothing to size (no_load, cacherun, lslr_load) */
	SZ_PROCS,	/* processes: PROC_PER_CPU per usable CPU (process_load) */
	SZ_WRITEBACK,	/* a file written during the window: twice the dirty limit (io_load, io_other) */
	SZ_STREAM,	/* a file written in setup, then read uncached: READ_FILE_MIB (read_load) */
	SZ_RECLAIM,	/* anonymous memory past the free memory, within MemAvailable and the memcg (mem_load) */
	SZ_TREE,	/* a data tree written in setup, archived in the window (tarc_load) */
	SZ_ARCHIVE,	/* a data tree and its archive written in setup, extracted in the window (tarx_load) */
	SZ_CLIENTS,	/* clients, CLIENTS_PER_CPU a usable CPU, with CLIENT_MIB of files each (dbench_load) */
	SZ_NKINDS
};

/* What one load's sizing starts from, besides the machine. */
struct sz_in {
	unsigned long long size;	/* --size, bytes; 0: not given */
	long jobs;			/* make's -j: the compile's memory is kept free for it; 0: none */
	int kernel;			/* 1: the compile is a kernel tree (-s): its jobs are larger */
	double run_s;			/* the no_load estimate: setup is bounded to a third of it */
	long count;			/* SZ_CLIENTS: the clients asked for; 0: CLIENTS_PER_CPU a usable CPU */
};

/* What the policy gives one load. */
struct sz_out {
	unsigned long long size;	/* bytes of its file, memory or data tree; processes for SZ_PROCS; 0: nothing */
	unsigned long long disk;	/* bytes of disk it needs at most, all its files together */
	unsigned long long mem;		/* bytes of memory it holds */
	double setup_s;			/* estimated seconds of its setup */
	long count;			/* SZ_CLIENTS: its clients (the size is all of theirs) */
	const char *sizing;		/* for the log's sizing= note: how the size was chosen */
	char why[160];			/* when it cannot run here: why (sz_load returned -1) */
	int bad_option;			/* ... and the options given are why, not the machine (exit 2) */
};

/* A rule of the table: how a kind of load is sized, for --plan and the docs. */
struct sz_rule {
	const char *name;		/* the kind, as doc/sizing.md names it */
	const char *what;		/* "file", "memory", "tree", "processes" or "" */
	const char *for_;		/* what the size is for, one line */
	unsigned long long min;		/* smallest useful size, bytes */
	double setup_w;			/* bytes written in setup per byte of size */
	double disk_w;			/* bytes of disk per byte of size */
	double file_w;			/* bytes of its largest file per byte of size (RLIMIT_FSIZE) */
};

/* The machine as it is now; dir: where the loads write (NULL: no disk figure). */
void sz_read(struct sz_machine *m, const char *dir);
/* Its parts, for the loads, which read what may change between runs. */
void sz_cpus_read(struct sz_cpus *c);
void sz_mem_read(struct sz_mem *mm);
unsigned long long sz_fsize(void);
/* The dirty limit of a machine of mem bytes, with this kernel's vm.dirty_* settings. */
unsigned long long sz_dirty(unsigned long long mem);

/* make's -j: DEF_JOBS_PER_CPU per usable CPU, within what the memory holds. */
long sz_jobs(const struct sz_machine *m, int kernel);
/* The compile's parallelism: CPUs it can keep busy with jobs jobs. */
int sz_par(const struct sz_machine *m, long jobs);
/* Units of the built-in tree that make a no_load compile last SZ_TARGET_S at par. */
long sz_units(int par);
/* Seconds of a no_load compile of the built-in tree: the model of doc/sizing.md. */
double sz_noload_s(long units, int par);
/* The serial share of that compile on one CPU (Amdahl's s). */
double sz_serial(long units);
/* Bytes of disk the built-in tree of units takes, built; its sources alone. */
unsigned long long sz_tree_disk(long units);
unsigned long long sz_tree_src(long units);
/* Bytes of memory a compile of jobs jobs may hold. */
unsigned long long sz_compile_mem(long jobs, int kernel);
/* The memory a compile may count on: RAM, or the memory cgroup's limit if lower. */
unsigned long long sz_mem_total(const struct sz_machine *m);

/* One load's size by kind: 0, or -1 with out->why. */
int sz_load(const struct sz_machine *m, enum sz_kind kind, const struct sz_in *in, struct sz_out *out);
/* The rule of a kind. */
const struct sz_rule *sz_rule(enum sz_kind kind);

/* The most a load's setup may make, bytes: what it writes in a third of a
 * run of run_s s at SETUP_MIBS, setup_w bytes written a byte of its size. */
unsigned long long sz_setup_cap(double run_s, double setup_w);

/* Estimated seconds of one run: make clean, the load's setup, the lead, the compile. */
double sz_run_s(enum sz_kind kind, double noload_s, double lead, double setup_s);

/* A text parser, for the readers and their tests (a CPU list: kfile.h, kf_cpulist). */
double sz_cpumax(const char *s);	/* cgroup v2 cpu.max "QUOTA PERIOD": CPUs; 0 for "max"; -1 if malformed */

/* n bytes as "1.5 GiB", "64.0 MiB" */
const char *sz_bytes(char *buf, unsigned long len, unsigned long long n);

#endif
