/*
 * sizing.c: the sizing policy (sizing.h) and the readers of the limits
 * it follows: sched_getaffinity(2); the cpuset's effective CPUs, the CPU
 * quota and the memory limit along contest's cgroup path, cgroup v2 or
 * v1 (found through /proc/self/mountinfo and /proc/self/cgroup);
 * /proc/meminfo; vm.dirty_bytes and vm.dirty_ratio; getrlimit(2)
 * RLIMIT_FSIZE; statvfs(3).  Every file of /proc through kfile.h (below
 * $CONTEST_ROOT in tests, so they can fake a kernel), and the cgroup's
 * files where its mountinfo says.  Prints nothing, exits never.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity(2) and cpu_set_t, whatever the build's flags */
#endif
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "config.h"
#include "kfile.h"
#include "sizing.h"
#include "util.h"

#define MIB		(1ULL << 20)
#define CG_HUGE		(1ULL << 62)	/* a cgroup limit this high is no limit (v1 writes 2^63 - 4096) */

/* ------------------------------------------------------------ parsers */

double
sz_cpumax(const char *s)
{
	double quota, period = 100000;
	char *end;

	if (!strncmp(s, "max", 3))
		return 0;
	errno = 0;
	quota = strtod(s, &end);
	if (end == s || errno || !(quota > 0))
		return -1;
	if (*end == ' ') {
		s = end + 1;
		period = strtod(s, &end);
		if (end == s || errno || !(period > 0))
			return -1;
	}
	return quota / period;
}

const char *
sz_bytes(char *buf, unsigned long len, unsigned long long n)
{
	if (n >= 1ULL << 40)
		snprintf(buf, len, "%.1f TiB", (double)n / (double)(1ULL << 40));
	else if (n >= 1ULL << 30)
		snprintf(buf, len, "%.1f GiB", (double)n / (double)(1ULL << 30));
	else
		snprintf(buf, len, "%.1f MiB", (double)n / (double)MIB);
	return buf;
}

/* ------------------------------------------------------------ readers */

/* A number file of a cgroup: bytes or "max"; SZ_UNLIMITED for none or unreadable. */
static unsigned long long
cg_number(const char *dir, const char *name)
{
	char path[PATH_MAX + 64], line[64], *end;
	unsigned long long v;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (kf_line(KF_FILE, path, line, sizeof(line)) <= 0 || !strcmp(line, "max"))
		return SZ_UNLIMITED;
	errno = 0;
	v = strtoull(line, &end, 10);
	if (end == line || errno || v >= CG_HUGE)
		return SZ_UNLIMITED;
	return v;
}

/* The value of key in a "key value" file (memory.stat); 0 if absent. */
static unsigned long long
keyed(const char *dir, const char *name, const char *key)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return kf_key(KF_FILE, path, key, ' ');
}

/* Where contest's cgroup for ctrl lies, and its hierarchy's mount: 1 v1, 2 v2, 0 none. */
static int
cg_find(const char *ctrl, char *dir, size_t len, char *mnt, size_t mlen)
{
	char why[160];

	return cgroup_dir(ctrl, dir, len, mnt, mlen, why, sizeof(why));
}

/* The parent of a cgroup directory, not above mnt; 0 when dir is mnt. */
static int
cg_up(char *dir, const char *mnt)
{
	char *slash;

	if (strlen(dir) <= strlen(mnt))
		return 0;
	if ((slash = strrchr(dir, '/')) == NULL || (size_t)(slash - dir) < strlen(mnt))
		return 0;
	*slash = '\0';
	return 1;
}

/* The lowest CPU quota along the path, in CPUs; 0: none. */
static double
cg_quota(void)
{
	static char dir[PATH_MAX], mnt[PATH_MAX], path[PATH_MAX + 32], line[64];	/* ulimit -s 64 */
	double q = 0;
	int kind = cg_find("cpu", dir, sizeof(dir), mnt, sizeof(mnt));

	if (!kind)
		return 0;
	do {
		double v = -1;
		if (kind == 2) {
			snprintf(path, sizeof(path), "%s/cpu.max", dir);
			if (kf_line(KF_FILE, path, line, sizeof(line)) > 0)
				v = sz_cpumax(line);
		} else {
			unsigned long long quota = cg_number(dir, "cpu.cfs_quota_us");
			unsigned long long period = cg_number(dir, "cpu.cfs_period_us");
			/* -1, no quota, reads as a huge number: SZ_UNLIMITED */
			if (quota != SZ_UNLIMITED && period != SZ_UNLIMITED && period > 0)
				v = (double)quota / (double)period;
		}
		if (v > 0 && (q == 0 || v < q))
			q = v;
	} while (cg_up(dir, mnt));
	return q;
}

/* The cpuset's effective CPUs into mask: their count, 0 if none found. */
static int
cg_cpuset(unsigned long *mask)
{
	static char dir[PATH_MAX], mnt[PATH_MAX], path[PATH_MAX + 32];	/* ulimit -s 64 */
	static char line[65536];
	int kind = cg_find("cpuset", dir, sizeof(dir), mnt, sizeof(mnt)), n;

	if (!kind)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dir, kind == 2 ? "cpuset.cpus.effective" : "cpuset.effective_cpus");
	if (kf_line(KF_FILE, path, line, sizeof(line)) <= 0) {
		snprintf(path, sizeof(path), "%s/cpuset.cpus", dir);
		if (kind == 2 || kf_line(KF_FILE, path, line, sizeof(line)) <= 0)
			return 0;
	}
	n = kf_cpulist(line, mask, SZ_MAXCPU);
	return n > 0 ? n : 0;
}

/* CPUs in a mask of SZ_MAXCPU bits */
static int
bits(const unsigned long *mask)
{
	int i, n = 0;

	for (i = 0; i < SZ_MAXCPU; i++)
		n += (mask[i / SZ_LONGBITS] >> (i % SZ_LONGBITS)) & 1;
	return n;
}

void
sz_cpus_read(struct sz_cpus *c)
{
	unsigned long set[SZ_MAXCPU / (8 * sizeof(unsigned long))];
	size_t i;
	int n = 0;
	long on = sysconf(_SC_NPROCESSORS_ONLN);

	memset(c, 0, sizeof(*c));
	c->online = on > 0 ? (int)on : 1;
	if (sched_getaffinity(0, sizeof(c->mask), (cpu_set_t *)(void *)c->mask) < 0) {
		/* no mask: every online CPU, numbered from 0 */
		for (i = 0; i < (size_t)c->online && i < SZ_MAXCPU; i++)
			c->mask[i / SZ_LONGBITS] |= 1UL << (i % SZ_LONGBITS);
	}
	c->affinity = bits(c->mask);
	if ((c->cpuset = cg_cpuset(set)) > 0)
		for (i = 0; i < sizeof(c->mask) / sizeof(c->mask[0]); i++)
			c->mask[i] &= set[i];
	n = bits(c->mask);
	if (n == 0) {
		/* a cpuset that does not meet the mask: trust the kernel's mask */
		sched_getaffinity(0, sizeof(c->mask), (cpu_set_t *)(void *)c->mask);
		n = c->affinity;
	}
	c->set = n > 0 ? n : 1;
	c->quota = cg_quota();
	c->usable = c->set;
	if (c->quota > 0 && ceil(c->quota - 1e-9) < c->usable)
		c->usable = (int)ceil(c->quota - 1e-9);
	if (c->usable < 1)
		c->usable = 1;
}

/* The memory cgroup's limit and what is left below it, the lowest along the path. */
static void
cg_memory(struct sz_mem *mm)
{
	static char dir[PATH_MAX], mnt[PATH_MAX];	/* ulimit -s 64 */
	int kind = cg_find("memory", dir, sizeof(dir), mnt, sizeof(mnt));

	mm->cg_limit = mm->cg_avail = SZ_UNLIMITED;
	mm->cg[0] = '\0';
	if (!kind)
		return;
	do {
		unsigned long long lim, use, inact, left;
		if (kind == 2) {
			unsigned long long high = cg_number(dir, "memory.high");
			lim = cg_number(dir, "memory.max");
			lim = high < lim ? high : lim;
			use = cg_number(dir, "memory.current");
			inact = keyed(dir, "memory.stat", "inactive_file");
		} else {
			lim = cg_number(dir, "memory.limit_in_bytes");
			use = cg_number(dir, "memory.usage_in_bytes");
			inact = keyed(dir, "memory.stat", "total_inactive_file");
		}
		if (lim == SZ_UNLIMITED)
			continue;
		if (use == SZ_UNLIMITED)
			use = 0;
		/* what is in use and cannot be reclaimed without swap: usage less inactive file pages */
		use = inact < use ? use - inact : 0;
		left = lim > use ? lim - use : 0;
		if (lim < mm->cg_limit)
			mm->cg_limit = lim;
		if (left < mm->cg_avail)
			mm->cg_avail = left;
		snprintf(mm->cg, sizeof(mm->cg), "v%d", kind);
	} while (cg_up(dir, mnt));
}

/*
 * The dirty limit: vm.dirty_bytes, else vm.dirty_ratio of the memory
 * (the kernel takes the ratio of the free and file pages, a little less).
 */
unsigned long long
sz_dirty(unsigned long long dirtyable)
{
	char line[64];
	unsigned long long b = 0, ratio = 20;

	if (kf_line(KF_PROC, "sys/vm/dirty_bytes", line, sizeof(line)) > 0)
		b = strtoull(line, NULL, 10);
	if (b > 0)
		return b;
	if (kf_line(KF_PROC, "sys/vm/dirty_ratio", line, sizeof(line)) > 0)
		ratio = strtoull(line, NULL, 10);
	return dirtyable / 100 * ratio;
}

void
sz_mem_read(struct sz_mem *mm)
{
	struct kf_meminfo mi;

	memset(mm, 0, sizeof(*mm));
	kf_meminfo(&mi);
	/* kB are KiB; a line that is not there counts 0 */
	mm->ram = mi.total > 0 ? (unsigned long long)mi.total * 1024 : 0;
	mm->avail = mi.avail > 0 ? (unsigned long long)mi.avail * 1024 : 0;
	mm->swapfree = mi.swapfree > 0 ? (unsigned long long)mi.swapfree * 1024 : 0;
	if (mm->ram == 0)
		mm->ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	cg_memory(mm);
	/* of the memory, not of what is free now: the same file on every run of a box */
	mm->dirty = sz_dirty(mm->ram < mm->cg_limit ? mm->ram : mm->cg_limit);
}

unsigned long long
sz_fsize(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_FSIZE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		return SZ_UNLIMITED;
	return (unsigned long long)rl.rlim_cur;
}

void
sz_read(struct sz_machine *m, const char *dir)
{
	struct statvfs sv;

	sz_cpus_read(&m->cpu);
	sz_mem_read(&m->mem);
	m->fsize = sz_fsize();
	m->disk_free = dir && statvfs(dir, &sv) == 0 ? (unsigned long long)sv.f_bavail * sv.f_frsize : 0;
}

/* ------------------------------------------------------- the compile */

unsigned long long
sz_mem_total(const struct sz_machine *m)
{
	return m->mem.cg_limit < m->mem.ram ? m->mem.cg_limit : m->mem.ram;
}

unsigned long long
sz_compile_mem(long jobs, int kernel)
{
	return (unsigned long long)(jobs > 0 ? jobs : 0) * (kernel ? JOB_RSS_KERNEL_MIB : JOB_RSS_MIB) * MIB;
}

long
sz_jobs(const struct sz_machine *m, int kernel)
{
	long j = DEF_JOBS_PER_CPU * (long)m->cpu.usable;
	unsigned long long fit = sz_mem_total(m) / 100 * JOBS_MEM_PCT / sz_compile_mem(1, kernel);

	if ((unsigned long long)j > fit)
		j = (long)fit;
	if (j > MAX_JOBS)
		j = MAX_JOBS;
	return j < 1 ? 1 : j;
}

int
sz_par(const struct sz_machine *m, long jobs)
{
	int p = m->cpu.usable;

	return jobs < p ? (int)(jobs > 0 ? jobs : 1) : p;
}

/* CPU seconds of one unit in a tree of units (its autoconf.h grows with them). */
static double
unit_cpu(long units)
{
	return UNIT_CPU_S + UNIT_CPU_GROW_S * (double)units;
}

/* Seconds of the steps no job runs beside: the generated headers and host tool, the link. */
static double
serial_s(long units)
{
	return SERIAL_S + SERIAL_UNIT_S * (double)units;
}

double
sz_noload_s(long units, int par)
{
	return serial_s(units) + unit_cpu(units) * (double)units / (par > 0 ? par : 1);
}

double
sz_serial(long units)
{
	return serial_s(units) / sz_noload_s(units, 1);
}

long
sz_units(int par)
{
	long lo = UNITS_MIN, hi = MAX_UNITS;

	/* the time grows with the units: the most that stay within the target */
	if (sz_noload_s(hi, par) <= SZ_TARGET_S)
		return hi;
	while (hi - lo > 1) {
		long mid = lo + (hi - lo) / 2;
		if (sz_noload_s(mid, par) <= SZ_TARGET_S)
			lo = mid;
		else
			hi = mid;
	}
	/* a round number: the same tree for every CPU count that gives it */
	return lo >= 1000 ? lo / 100 * 100 : lo >= 100 ? lo / 10 * 10 : lo;
}

unsigned long long
sz_tree_disk(long units)
{
	return TREE_DISK_MIB * MIB + (unsigned long long)units * UNIT_DISK_KIB * 1024;
}

unsigned long long
sz_tree_src(long units)
{
	return TREE_DISK_MIB * MIB + (unsigned long long)units * UNIT_SRC_KIB * 1024;
}

unsigned long long
sz_setup_cap(double run_s, double setup_w)
{
	return (unsigned long long)(run_s / SETUP_SHARE * SETUP_MIBS / setup_w) * MIB;
}

double
sz_run_s(enum sz_kind kind, double noload_s, double lead, double setup_s)
{
	(void)kind;
	return RUN_OVERHEAD_S + setup_s + lead + noload_s * LOADED_FACTOR;
}

/* -------------------------------------------------------- the loads */

static const struct sz_rule rules[SZ_NKINDS] = {
	/*               kind         size of     what it is for                                                   min        setup disk file */
	[SZ_NONE]      = { "none",      "",          "nothing to size",                                              0,         0,    0,   0 },
	[SZ_PROCS]     = { "procs",     "processes", "PROC_PER_CPU processes per usable CPU",                         0,         0,    0,   0 },
	[SZ_WRITEBACK] = { "writeback", "file",      "a writer past the dirty limit: writeback busy through the window", 16 * MIB, 0,    1,   1 },
	[SZ_STREAM]    = { "stream",    "file",      "uncached passes that go to the disk and outlast readahead",   16 * MIB,  1,    1,   1 },
	[SZ_RECLAIM]   = { "reclaim",   "memory",    "anonymous memory past the free memory: the kernel must reclaim", 16 * MIB, 0,  0,   0 },
	[SZ_TREE]      = { "tree",      "tree",      "a data tree to archive, written in setup",                      4 * MIB,   TREE_SETUP_W, TREE_DISK_W, TREE_FILE_W },
	[SZ_ARCHIVE]   = { "archive",   "tree",      "a data tree's archive to extract, written in setup",            4 * MIB,   2 * TREE_SETUP_W, TREE_DISK_W, TREE_FILE_W },
	[SZ_CLIENTS]   = { "clients",   "files",     "CLIENTS_PER_CPU clients per usable CPU, CLIENT_MIB of files each, written in setup", CLIENT_MIN_MIB * MIB, 1, 1, 0 },
};

const struct sz_rule *
sz_rule(enum sz_kind kind)
{
	return kind >= 0 && kind < SZ_NKINDS ? &rules[kind] : &rules[SZ_NONE];
}

static unsigned long long
round_mib(unsigned long long n)
{
	return n >= MIB ? n & ~(MIB - 1) : n;
}

/* Sizes of the file loads: the rule's want, within setup time, disk and RLIMIT_FSIZE. */
static int
file_size(const struct sz_machine *m, enum sz_kind kind, const struct sz_in *in, struct sz_out *out)
{
	const struct sz_rule *r = &rules[kind];
	unsigned long long want, budget = m->disk_free / 2, cap;
	char a[32], b[32];

	if (kind == SZ_WRITEBACK)
		want = (unsigned long long)IO_DIRTY_MULT * m->mem.dirty;
	else if (kind == SZ_STREAM)
		want = (unsigned long long)READ_FILE_MIB * MIB;
	else
		want = (unsigned long long)TREE_MIB * MIB;
	if (want < r->min)
		want = r->min;
	out->sizing = r->name;
	if (in->size) {
		want = in->size;
		out->sizing = "size-option";
	} else if (r->setup_w > 0 && in->run_s > 0) {
		/* setup, untimed, takes at most a third of a run */
		cap = sz_setup_cap(in->run_s, r->setup_w);
		if (want > cap) {
			want = cap > r->min ? cap : r->min;
			out->sizing = "capped-setup";
		}
	}
	cap = (unsigned long long)((double)budget / r->disk_w);
	if (want > cap) {
		if (in->size || cap < r->min) {
			snprintf(out->why, sizeof(out->why), "needs %s, may use %s (half the free space)",
			    sz_bytes(a, sizeof(a), (unsigned long long)((double)(in->size ? want : r->min) * r->disk_w)),
			    sz_bytes(b, sizeof(b), budget));
			return -1;
		}
		want = cap;
		out->sizing = "capped-disk";
	}
	if (m->fsize != SZ_UNLIMITED && (double)want * r->file_w > (double)m->fsize) {
		cap = (unsigned long long)((double)m->fsize / r->file_w);
		if (in->size || cap < r->min) {
			snprintf(out->why, sizeof(out->why), "needs a file of %s, the file size limit (ulimit -f) is %s",
			    sz_bytes(a, sizeof(a), (unsigned long long)((double)(in->size ? want : r->min) * r->file_w)),
			    sz_bytes(b, sizeof(b), m->fsize));
			return -1;
		}
		want = cap;
		out->sizing = "capped-fsize";
	}
	out->size = in->size ? want : round_mib(want);
	out->disk = (unsigned long long)((double)out->size * r->disk_w);
	out->setup_s = (double)out->size * r->setup_w / ((double)SETUP_MIBS * MIB);
	return 0;
}

/*
 * mem_load: 110% of RAM, as the original, where free swap holds twice
 * the excess; else what MemAvailable and the memory cgroup leave once
 * the compile's memory and a reserve are set aside.
 */
static int
reclaim_size(const struct sz_machine *m, const struct sz_in *in, struct sz_out *out)
{
	unsigned long long avail = m->mem.avail, reserve, keep, cap, want, ram = sz_mem_total(m);
	int memcg = m->mem.cg_avail < avail;
	if (memcg)
		avail = m->mem.cg_avail;
	reserve = avail / MEM_RESERVE_DIV;
	if (reserve < MEM_RESERVE_MIB * MIB)
		reserve = MEM_RESERVE_MIB * MIB < avail / 4 ? MEM_RESERVE_MIB * MIB : avail / 4;
	keep = reserve + sz_compile_mem(in->jobs, in->kernel);
	cap = avail > keep ? avail - keep : 0;
	want = in->size ? in->size : ram / 10 * 11;
	if (want <= cap) {
		out->sizing = in->size ? "size-option" : "ram110";
	} else if (!memcg && m->mem.swapfree / MEM_SWAP_ROOM >= want - cap) {
		out->sizing = in->size ? "size-option-swap" : "ram110-swap";
	} else {
		want = cap;
		out->sizing = memcg ? "capped-memcg" : "capped-memavailable";
	}
	/* a smaller --size is the user's to choose; a cap must leave a useful area */
	if (want < rules[SZ_RECLAIM].min && want < (in->size ? in->size : rules[SZ_RECLAIM].min)) {
		snprintf(out->why, sizeof(out->why), "needs %llu MiB of memory, %s %llu MiB less %llu MiB kept free leaves %llu MiB",
		    rules[SZ_RECLAIM].min / MIB, memcg ? "the memory cgroup's" : "MemAvailable",
		    avail / MIB, keep / MIB, want / MIB);
		return -1;
	}
	out->size = out->mem = round_mib(want);
	return 0;
}

/*
 * dbench_load: CLIENT_MIB of files a client, CLIENTS_PER_CPU clients a
 * usable CPU (or --clients), the pool written in setup: within a third
 * of a run, and with each client's slack (a write past its share, its
 * directories) within half the free space; at least CLIENT_MIN_MIB a
 * client.  A client's files stay under 1 MiB (RLIMIT_FSIZE is not bound).
 */
static int
clients_size(const struct sz_machine *m, const struct sz_in *in, struct sz_out *out)
{
	long n = in->count > 0 ? in->count : CLIENTS_PER_CPU * (long)(m->cpu.usable > 0 ? m->cpu.usable : 1);
	unsigned long long nn, want, least, slack, budget = m->disk_free / 2, cap;
	char a[32], b[32];

	if (n > SZ_MAXCLIENTS)
		n = SZ_MAXCLIENTS;
	nn = (unsigned long long)n;
	least = nn * CLIENT_MIN_MIB * MIB;
	slack = nn * CLIENT_SLACK_KIB * 1024;
	want = in->size ? in->size : nn * CLIENT_MIB * MIB;
	out->sizing = in->size ? "size-option" : "clients";
	out->count = n;
	if (in->size && want < least) {
		snprintf(out->why, sizeof(out->why), "%ld client%s need%s %llu MiB at least, the size is %llu MiB",
		    n, n == 1 ? "" : "s", n == 1 ? "s" : "", least / MIB, want / MIB);
		out->bad_option = 1;
		return -1;
	}
	if (!in->size && in->run_s > 0) {
		cap = sz_setup_cap(in->run_s, rules[SZ_CLIENTS].setup_w);
		if (cap < least)
			cap = least;
		if (want > cap) {
			want = cap;
			out->sizing = "capped-setup";
		}
	}
	if (want + slack > budget) {
		if (in->size || budget < slack + least) {
			snprintf(out->why, sizeof(out->why), "needs %s, may use %s (half the free space)",
			    sz_bytes(a, sizeof(a), (in->size ? want : least) + slack), sz_bytes(b, sizeof(b), budget));
			return -1;
		}
		want = budget - slack;
		out->sizing = "capped-disk";
	}
	out->size = want / nn * nn;	/* an equal share a client */
	out->disk = out->size + slack;
	out->setup_s = (double)want * rules[SZ_CLIENTS].setup_w / ((double)SETUP_MIBS * MIB);
	return 0;
}

int
sz_load(const struct sz_machine *m, enum sz_kind kind, const struct sz_in *in, struct sz_out *out)
{
	memset(out, 0, sizeof(*out));
	switch (kind) {
	case SZ_PROCS:
		out->size = (unsigned long long)PROC_PER_CPU * (unsigned long long)m->cpu.usable;
		out->sizing = "cpus";
		return 0;
	case SZ_RECLAIM:
		return reclaim_size(m, in, out);
	case SZ_WRITEBACK:
	case SZ_STREAM:
	case SZ_TREE:
	case SZ_ARCHIVE:
		return file_size(m, kind, in, out);
	case SZ_CLIENTS:
		return clients_size(m, in, out);
	default:
		out->sizing = "none";
		return 0;
	}
}
