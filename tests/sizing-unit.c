/*
 * sizing-unit.c: the sizing policy (sizing.c) on fake kernels and
 * planned machines: the parsers, the cgroup walk through a fake
 * /proc/self/mountinfo and /proc/self/cgroup (v2 and v1 hierarchies
 * written here, in the current directory, the test's scratch
 * directory), the rules of every kind against their documented bounds,
 * and the per-CPU set of sys.c that the disturbed mark reads.  Built by
 * make tests/sizing-unit.bin, run by t0400-sizing-unit.sh; prints
 * "not ok" lines and exits 1 on a failure.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../config.h"
#include "../sizing.h"
#include "../sys.h"
#include "../util.h"

#define MIB	(1ULL << 20)
#define GIB	(1ULL << 30)

static int failures, checks;
static char top[4096];
static struct sys s;

#define CHECK(c) do { checks++; if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* mkdir -p of path's parent, then write the file (util.c's helpers) */
static void
put(const char *path, const char *text)
{
	char dir[8192], *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (mkdirs(dir, 0755) < 0 || write_file(path, text, strlen(text)) < 0) {
		printf("not ok: cannot write '%s': %s\n", path, strerror(errno));
		exit(1);
	}
}

static const char *
P(const char *rel)
{
	static char buf[8][8192];
	static int i;

	i = (i + 1) % 8;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", top, rel);
	return buf[i];
}

static void
parsers(void)
{
	/* a CPU list: kfile-unit.c */
	CHECK(sz_cpumax("max 100000\n") == 0);
	CHECK(fabs(sz_cpumax("150000 100000\n") - 1.5) < 1e-12);
	CHECK(fabs(sz_cpumax("50000") - 0.5) < 1e-12);
	CHECK(sz_cpumax("x 100000") < 0);
	CHECK(sz_cpumax("100000 0") < 0);
}

/*
 * A fake kernel: cgroup v2 at top/cg2 holding cpu, cpuset and memory, and
 * contest in /a/b; then the memory controller on a v1 hierarchy instead.
 */
static void
cgroups(void)
{
	struct sz_cpus c;
	struct sz_mem mm;
	char mi[8192];

	setenv("CONTEST_ROOT", top, 1);	/* P("proc") is its /proc */
	put(P("proc/meminfo"), "MemTotal: 16777216 kB\nMemAvailable: 8388608 kB\nSwapFree: 0 kB\n");
	put(P("proc/sys/vm/dirty_bytes"), "0\n");
	put(P("proc/sys/vm/dirty_ratio"), "20\n");
	snprintf(mi, sizeof(mi),
	    "22 1 0:20 / /proc rw - proc proc rw\n"
	    "30 22 0:26 / %s rw,nosuid - cgroup2 cgroup2 rw\n", P("cg2"));
	put(P("proc/self/mountinfo"), mi);
	put(P("proc/self/cgroup"), "0::/a/b\n");
	put(P("cg2/a/cpu.max"), "250000 100000\n");
	put(P("cg2/a/b/cpu.max"), "max 100000\n");
	put(P("cg2/a/b/cpuset.cpus.effective"), "0\n");
	put(P("cg2/a/memory.max"), "1073741824\n");
	put(P("cg2/a/memory.high"), "max\n");
	put(P("cg2/a/memory.current"), "314572800\n");
	put(P("cg2/a/memory.stat"), "anon 1\ninactive_file 104857600\n");
	put(P("cg2/a/b/memory.max"), "536870912\n");
	put(P("cg2/a/b/memory.current"), "209715200\n");
	put(P("cg2/a/b/memory.stat"), "inactive_file 104857600\nactive_file 5\n");
	sz_cpus_read(&c);
	CHECK(c.cpuset == 1);
	CHECK(fabs(c.quota - 2.5) < 1e-9);
	CHECK(c.set == 1 && c.usable == 1);		/* the cpuset: CPU 0, if contest may run there */
	sz_mem_read(&mm);
	CHECK(mm.ram == 16 * GIB && mm.avail == 8 * GIB && mm.swapfree == 0);
	CHECK(!strcmp(mm.cg, "v2"));
	CHECK(mm.cg_limit == 512 * MIB);
	/* b: 512 - (200 - 100) = 412 MiB; a: 1024 - (300 - 100) = 824 MiB */
	CHECK(mm.cg_avail == 412 * MIB);
	CHECK(mm.dirty == 512 * MIB / 100 * 20);	/* dirty_ratio of the memory the writer has */
	put(P("proc/sys/vm/dirty_bytes"), "1048576\n");
	sz_mem_read(&mm);
	CHECK(mm.dirty == MIB);

	/* no cpuset file, a quota of 1.5 CPUs: 2 usable, if contest may use 2 */
	unlink(P("cg2/a/b/cpuset.cpus.effective"));
	put(P("cg2/a/cpu.max"), "150000 100000\n");
	sz_cpus_read(&c);
	CHECK(c.cpuset == 0 && fabs(c.quota - 1.5) < 1e-9);
	CHECK(c.usable == (c.affinity < 2 ? c.affinity : 2));

	/* memory on a v1 hierarchy (mounted at a subtree root), cpu on v2 */
	snprintf(mi, sizeof(mi),
	    "30 22 0:26 / %s rw - cgroup2 cgroup2 rw\n"
	    "31 22 0:27 /outer %s rw,nosuid - cgroup cgroup rw,memory\n", P("cg2"), P("mem\\040v1"));
	put(P("proc/self/mountinfo"), mi);
	put(P("proc/self/cgroup"), "4:memory:/outer/job\n0::/a/b\n");
	put(P("mem v1/memory.limit_in_bytes"), "9223372036854771712\n");
	put(P("mem v1/job/memory.limit_in_bytes"), "209715200\n");
	put(P("mem v1/job/memory.usage_in_bytes"), "20971520\n");
	put(P("mem v1/job/memory.stat"), "cache 1\ntotal_inactive_file 10485760\n");
	sz_mem_read(&mm);
	CHECK(!strcmp(mm.cg, "v1"));
	CHECK(mm.cg_limit == 200 * MIB);
	CHECK(mm.cg_avail == 190 * MIB);
	/* a cgroup outside the mount's root is not in that mount: no limit read */
	put(P("proc/self/cgroup"), "4:memory:/outerx/job\n0::/a/b\n");
	sz_mem_read(&mm);
	CHECK(mm.cg[0] == '\0' && mm.cg_limit == SZ_UNLIMITED);

	/* no cgroup at all */
	put(P("proc/self/mountinfo"), "22 1 0:20 / /proc rw - proc proc rw\n");
	sz_mem_read(&mm);
	CHECK(mm.cg[0] == '\0' && mm.cg_limit == SZ_UNLIMITED && mm.cg_avail == SZ_UNLIMITED);
	CHECK(mm.dirty == MIB);
	sz_cpus_read(&c);
	CHECK(c.quota == 0 && c.cpuset == 0 && c.usable == c.affinity);
	unsetenv("CONTEST_ROOT");
}

/* A machine to plan: cpus CPUs, mem bytes of RAM (95% available), disk free. */
static void
planned(struct sz_machine *m, int cpus, unsigned long long mem, unsigned long long disk)
{
	memset(m, 0, sizeof(*m));
	m->cpu.online = m->cpu.affinity = m->cpu.set = m->cpu.usable = cpus;
	m->mem.ram = mem;
	m->mem.avail = mem / 100 * PLAN_AVAIL_PCT;
	m->mem.cg_limit = m->mem.cg_avail = SZ_UNLIMITED;
	m->mem.dirty = mem / 100 * 20;
	m->disk_free = disk;
	m->fsize = SZ_UNLIMITED;
}

/* The compile: units, jobs and the estimate within the policy's bounds on 1 to 256 CPUs. */
static void
compile(void)
{
	static const int cpus[] = { 1, 2, 3, 4, 8, 16, 32, 64, 128, 256 };
	static const unsigned long long mems[] = { 4 * GIB, 64 * GIB, 512 * GIB, 1024 * GIB };
	struct sz_machine m;
	long prev = 0;
	size_t i, k;

	for (i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		long u = sz_units(cpus[i]);
		double t = sz_noload_s(u, cpus[i]);
		CHECK(u >= prev);			/* more CPUs, no smaller tree */
		CHECK(t >= 60 && t <= 120);
		CHECK(t <= SZ_TARGET_S + 1e-9);
		CHECK(u == sz_units(cpus[i]));		/* deterministic */
		prev = u;
		for (k = 0; k < sizeof(mems) / sizeof(mems[0]); k++) {
			long j;
			planned(&m, cpus[i], mems[k], 100 * GIB);
			j = sz_jobs(&m, 0);
			CHECK(j >= 1 && j <= DEF_JOBS_PER_CPU * cpus[i] && j <= MAX_JOBS);
			/* the jobs' memory within JOBS_MEM_PCT of RAM */
			CHECK(sz_compile_mem(j, 0) <= mems[k] / 100 * JOBS_MEM_PCT || j == 1);
			CHECK(sz_par(&m, j) == (j < cpus[i] ? j : cpus[i]));
			t = sz_noload_s(sz_units(sz_par(&m, j)), sz_par(&m, j));
			CHECK(t >= 60 && t <= 120);
		}
	}
	planned(&m, 256, 4 * GIB, 100 * GIB);
	CHECK(sz_jobs(&m, 0) == 4 * GIB / 100 * JOBS_MEM_PCT / (JOB_RSS_MIB * MIB));
	CHECK(sz_jobs(&m, 1) < sz_jobs(&m, 0));
	planned(&m, 2, 24 * GIB, 100 * GIB);
	CHECK(sz_jobs(&m, 0) == DEF_JOBS_PER_CPU * 2);
	m.mem.cg_limit = 200 * MIB;
	CHECK(sz_jobs(&m, 0) == 1);			/* 100 MiB holds one 64 MiB job */
	CHECK(sz_serial(sz_units(1)) > 0 && sz_serial(sz_units(1)) < 0.5);
	CHECK(sz_tree_disk(1000) > sz_tree_disk(10));
}

/* dbench_load: CLIENTS_PER_CPU clients a CPU with CLIENT_MIB each, bounded as the others */
static void
clients_sizes(void)
{
	struct sz_machine m;
	struct sz_in in = { 0, 8, 0, 90, 0 };
	struct sz_out o;
	const unsigned long long slack = CLIENT_SLACK_KIB * 1024ULL;

	planned(&m, 2, 24 * GIB, 80 * GIB);
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && !strcmp(o.sizing, "clients"));
	CHECK(o.count == CLIENTS_PER_CPU * 2 && o.size == o.count * CLIENT_MIB * MIB);
	CHECK(o.disk == o.size + o.count * slack && o.setup_s <= in.run_s / SETUP_SHARE);
	/* --clients */
	in.count = 3;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && o.count == 3 && o.size == 3 * CLIENT_MIB * MIB);
	in.count = 5000;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && o.count == SZ_MAXCLIENTS);
	/* 1024 clients of 24 MiB would write 24 GiB: a third of a 90 s run at 100 MiB/s */
	CHECK(!strcmp(o.sizing, "capped-setup") && o.setup_s <= 30 + 1e-9 && o.size % SZ_MAXCLIENTS == 0);
	/* ... but never under CLIENT_MIN_MIB a client */
	in.run_s = 3;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && o.size == SZ_MAXCLIENTS * CLIENT_MIN_MIB * MIB);
	in.run_s = 90;
	in.count = 4;
	/* the disk: the files and each client's slack within half the free space */
	m.disk_free = 100 * MIB;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && !strcmp(o.sizing, "capped-disk") && o.disk <= 50 * MIB);
	m.disk_free = 4 * MIB;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) < 0 && strstr(o.why, "half the free space") && !o.bad_option);
	m.disk_free = 80 * GIB;
	/* --size: kept, shared out; too small for the clients is the options' fault */
	in.size = 10 * MIB + 3;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && !strcmp(o.sizing, "size-option") && o.size == (10 * MIB + 3) / 4 * 4);
	in.size = 3 * MIB;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) < 0 && o.bad_option && strstr(o.why, "4 clients need 4 MiB"));
	in.size = 100 * GIB;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) < 0 && !o.bad_option && strstr(o.why, "half the free space"));
	/* one usable CPU */
	planned(&m, 1, 4 * GIB, 80 * GIB);
	in.size = 0;
	in.count = 0;
	CHECK(sz_load(&m, SZ_CLIENTS, &in, &o) == 0 && o.count == CLIENTS_PER_CPU);
}

static void
loads(void)
{
	struct sz_machine m;
	struct sz_in in = { 0, 8, 0, 90, 0 };
	struct sz_out o;

	planned(&m, 2, 24 * GIB, 80 * GIB);
	/* processes */
	CHECK(sz_load(&m, SZ_PROCS, &in, &o) == 0 && o.size == (unsigned long long)PROC_PER_CPU * 2);
	CHECK(sz_load(&m, SZ_NONE, &in, &o) == 0 && o.size == 0 && o.disk == 0);
	/* io_load: twice the dirty limit */
	CHECK(sz_load(&m, SZ_WRITEBACK, &in, &o) == 0);
	CHECK(o.size == (IO_DIRTY_MULT * m.mem.dirty & ~(MIB - 1)) && !strcmp(o.sizing, "writeback"));
	CHECK(o.setup_s == 0 && o.disk == o.size);
	/* read_load: READ_FILE_MIB, its setup within a third of the run */
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0);
	CHECK(o.size == (unsigned long long)READ_FILE_MIB * MIB && !strcmp(o.sizing, "stream"));
	CHECK(o.setup_s <= in.run_s / SETUP_SHARE);
	in.run_s = 6;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0 && !strcmp(o.sizing, "capped-setup"));
	CHECK(o.setup_s <= 2 + 1e-9 && o.size >= 16 * MIB);
	in.run_s = 90;
	/* the disk: half the free space */
	m.disk_free = 600 * MIB;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0 && !strcmp(o.sizing, "capped-disk") && o.size == 300 * MIB);
	CHECK(sz_load(&m, SZ_TREE, &in, &o) == 0 && o.disk <= 300 * MIB);
	m.disk_free = 20 * MIB;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) < 0 && strstr(o.why, "half the free space"));
	m.disk_free = 80 * GIB;
	in.size = 100 * GIB;
	CHECK(sz_load(&m, SZ_WRITEBACK, &in, &o) < 0 && strstr(o.why, "needs 100.0 GiB"));
	in.size = 32 * MIB;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0 && o.size == 32 * MIB && !strcmp(o.sizing, "size-option"));
	/* RLIMIT_FSIZE: a default size follows it, a --size over it is refused */
	m.fsize = 64 * MIB;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0);
	in.size = 128 * MIB;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) < 0 && strstr(o.why, "ulimit -f"));
	in.size = 0;
	CHECK(sz_load(&m, SZ_STREAM, &in, &o) == 0 && o.size == 64 * MIB && !strcmp(o.sizing, "capped-fsize"));
	CHECK(sz_load(&m, SZ_TREE, &in, &o) == 0 && o.size * TREE_FILE_W <= 64.0 * MIB);
	m.fsize = 4 * MIB;
	CHECK(sz_load(&m, SZ_WRITEBACK, &in, &o) < 0 && strstr(o.why, "ulimit -f"));
	m.fsize = SZ_UNLIMITED;

	/* mem_load: no swap, capped below MemAvailable less the compile and a reserve */
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) == 0 && !strcmp(o.sizing, "capped-memavailable"));
	CHECK(o.mem == o.size && o.size + sz_compile_mem(8, 0) + m.mem.avail / MEM_RESERVE_DIV <= m.mem.avail);
	/* enough swap: 110% of RAM */
	m.mem.swapfree = 16 * GIB;
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) == 0 && !strcmp(o.sizing, "ram110-swap"));
	CHECK(o.size == (m.mem.ram / 10 * 11 & ~(MIB - 1)));
	/* a memory cgroup of 200 MiB: within it, swap or not */
	m.mem.cg_limit = 200 * MIB;
	m.mem.cg_avail = 190 * MIB;
	in.jobs = 1;
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) == 0 && !strcmp(o.sizing, "capped-memcg"));
	CHECK(o.size >= 16 * MIB && o.size + sz_compile_mem(1, 0) <= 190 * MIB);
	in.jobs = 8;
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) < 0 && strstr(o.why, "memory cgroup"));
	in.size = 8 * MIB;
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) < 0);
	in.jobs = 1;
	CHECK(sz_load(&m, SZ_RECLAIM, &in, &o) == 0 && o.size == 8 * MIB);
	clients_sizes();
}

/* sys.c's set: the busy time of the set's cpuN lines, and the slack for them */
static void
cpuset_lines(void)
{
	unsigned long mask[SZ_MAXCPU / (8 * sizeof(unsigned long))];
	struct sys_sample a, b;
	struct sys_delta d;
	long hz = sysconf(_SC_CLK_TCK);

	setenv("CONTEST_ROOT", P("sp"), 1);
	put(P("sp/proc/stat"), "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\n"
	    "cpu1 50 0 50 400 0 0 0 0 0 0\nintr 1\n");
	put(P("sp/proc/vmstat"), "pgfault 1\n");
	CHECK(sys_open(&s, NULL, 0) == 0);
	memset(mask, 0, sizeof(mask));
	mask[0] = 2;		/* CPU 1 */
	sys_cpus(&s, mask, SZ_MAXCPU, 2);
	sys_take(&s, &a);
	CHECK(a.nsetl == 1 && a.setcpu[0] == 50);
	put(P("sp/proc/stat"), "cpu  300 0 200 900 0 0 0 0 0 0\ncpu0 60 0 50 490 0 0 0 0 0 0\n"
	    "cpu1 240 0 150 410 0 0 10 0 0 0\nintr 1\n");
	sys_take(&s, &b);
	sys_delta(&s, &a, &b, 5.0, &d);
	CHECK(d.set_n == 1);
	CHECK(fabs(d.set_busy_s - 290.0 / (double)hz) < 1e-9);
	CHECK(d.set_slack > 0);
	/* the whole machine as the set: no per-CPU figures, the cpu line alone */
	mask[0] = 3;
	sys_cpus(&s, mask, SZ_MAXCPU, 2);
	sys_take(&s, &a);
	CHECK(a.nsetl == 0 && a.ncpuf == 10);
	unsetenv("CONTEST_ROOT");
}

int
main(void)
{
	char dir[] = "sizing-unit.XXXXXX";

	/* the fake kernel's files go in a directory of their own, removed at
	 * the end, wherever the binary is run from */
	if (mkdtemp(dir) == NULL || chdir(dir) < 0 || getcwd(top, sizeof(top)) == NULL)
		return 2;
	parsers();
	cgroups();
	compile();
	loads();
	cpuset_lines();
	if (chdir("..") < 0 || rmtree(dir) < 0)
		failures++;
	printf("%d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
