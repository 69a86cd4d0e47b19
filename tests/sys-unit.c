/*
 * sys-unit.c: sys.c on fake /proc and /sys trees written here, in the
 * current directory (the test's scratch directory), then once on the real
 * /proc.  Built by make tests/sys-unit.bin, run by t0002-sys-unit.sh;
 * prints "not ok" lines and exits 1 on a failure.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "../sys.h"
#include "../util.h"

static int failures, checks;
static char top[4096];		/* the scratch directory */
static unsigned devmaj, devmin;	/* its st_dev */
static struct sys s;		/* large: not on the stack */

#define CHECK(c) do { checks++; if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

#ifdef __GLIBC__
/* sys_take must not allocate: count allocations while it runs */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
static int counting, allocs;
void *malloc(size_t n) { allocs += counting; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { allocs += counting; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { allocs += counting; return __libc_realloc(p, n); }
#endif

/* mkdir -p of path's parent, then write the file */
static void
put(const char *path, const char *text)
{
	char dir[4096], *p;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(dir, 0755);
		*p = '/';
	}
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("not ok: cannot write '%s': %s\n", path, strerror(errno));
		exit(1);
	}
}

static void
link_to(const char *target, const char *path)
{
	char dir[4096], *p;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(dir, 0755);
		*p = '/';
	}
	unlink(path);
	if (symlink(target, path) < 0) {
		printf("not ok: cannot link '%s': %s\n", path, strerror(errno));
		exit(1);
	}
}

/* a fresh fake tree: root/proc and root/sys, the root in the environment */
static void
tree(const char *name)
{
	char p[4200], cmd[4400];

	snprintf(p, sizeof(p), "%s/%s", top, name);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", p);
	if (system(cmd) != 0)
		exit(1);
	mkdir(p, 0755);
	setenv("CONTEST_ROOT", p, 1);
	snprintf(cmd, sizeof(cmd), "%s/proc", p);
	mkdir(cmd, 0755);
	snprintf(cmd, sizeof(cmd), "%s/sys", p);
	mkdir(cmd, 0755);
}

/* path under the fake tree's dir (proc or sys) */
static const char *
at(const char *dir, const char *rel)
{
	static char buf[4][4200];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s/%s", getenv("CONTEST_ROOT"), dir, rel);
	return buf[k];
}
#define P(rel) at("proc", rel)
#define S(rel) at("sys", rel)

/* d's keys, by sys_record, into a fresh record; how many numbers */
static int
keys(const struct sys_delta *d, struct rec *r)
{
	rec_init(r);
	return sys_record(d, r);
}

/* is numeric key (by its log name) set in r? */
static int
has(const struct rec *r, const char *key)
{
	int k = log_numkey(key, strlen(key));

	return k >= 0 && r->has[k];
}

/* its value, -1 if not set */
static double
numof(const struct rec *r, const char *key)
{
	return has(r, key) ? r->num[log_numkey(key, strlen(key))] : -1;
}

/* the disks' string keys */
static const char *
strof(const struct rec *r, const char *key)
{
	return !strcmp(key, "disk_dev") ? r->disk_dev : !strcmp(key, "disk_why") ? r->disk_why :
	    !strcmp(key, "odisk_dev") ? r->odisk_dev : !strcmp(key, "odisk_why") ? r->odisk_why : "";
}

/* every number set is one the log's reader takes */
static int
all_valid(const struct rec *r)
{
	int k;

	for (k = 0; k < K_NNUM; k++)
		if (r->has[k] && !(isfinite(r->num[k]) && r->num[k] >= 0 && r->num[k] <= 1e12))
			return 0;
	return 1;
}

static const char stat0[] = "cpu  100 10 50 800 20 5 5 10 30 0\ncpu0 50 5 25 400 10 2 2 5 15 0\nintr 1 2 3\n";
static const char stat1[] = "cpu  200 20 100 1600 40 10 10 20 60 0\ncpu0 100 10 50 800 20 5 5 10 30 0\nintr 4 5 6\n";

static const char vm0[] =
    "nr_free_pages 1000\n"
    "workingset_refault_anon 5\nworkingset_refault_file 10\n"
    "pswpin 1\npswpout 2\n"
    "allocstall_dma 0\nallocstall_dma32 1\nallocstall_normal 2\nallocstall_movable 3\n"
    "pgfault 1000\npgmajfault 10\n"
    "pgsteal_kswapd 100\npgsteal_direct 20\npgsteal_khugepaged 7\n"
    "pgscan_kswapd 300\npgscan_direct 40\npgscan_direct_throttle 9\n"
    "oom_kill 0\n";
static const char vm1[] =
    "nr_free_pages 900\n"
    "workingset_refault_anon 7\nworkingset_refault_file 30\n"
    "pswpin 4\npswpout 10\n"
    "allocstall_dma 0\nallocstall_dma32 2\nallocstall_normal 5\nallocstall_movable 3\n"
    "pgfault 5000\npgmajfault 12\n"
    "pgsteal_kswapd 150\npgsteal_direct 25\npgsteal_khugepaged 700\n"
    "pgscan_kswapd 400\npgscan_direct 50\npgscan_direct_throttle 900\n"
    "oom_kill 1\n";

/* The split of d, the counters' window: 1000 ticks are 10 s of CPU, 2
 * CPUs over 5 s (with USER_HZ 100 only). */
static void
test_split(struct sys_delta *d)
{
	static struct rec kv;

	if (sysconf(_SC_CLK_TCK) != 100)
		return;
	CHECK(sys_split(d, 1.0, 0.3, 2) == 1);
	CHECK(NEAR(d->busy, 17) && NEAR(d->compile, 10) && NEAR(d->load, 3) && NEAR(d->rest, 4));
	/* 1000 machine ticks: 100 x (2 + 5) / 1000 + 3 x 50 / sqrt(1000), plus steal (1%) */
	CHECK(NEAR(d->slack, 0.7 + 150 / sqrt(1000) + 1));
	keys(d, &kv);
	CHECK(NEAR(numof(&kv, "sys_rest"), 4) && NEAR(numof(&kv, "sys_adds"), 1));
	/* more CPU than the machine was busy: rest below -slack */
	CHECK(sys_split(d, 2.1, 0.3, 2) == 0 && NEAR(d->rest, -7));
	keys(d, &kv);
	CHECK(NEAR(numof(&kv, "sys_rest"), 0) && NEAR(numof(&kv, "sys_adds"), 0));
	/* within slack */
	CHECK(sys_split(d, 1.5, 0.3, 2) == 1 && NEAR(d->rest, -1));
	/* the cpu line's total is not window x ncpu */
	CHECK(sys_split(d, 0.1, 0, 4) == 0);
	CHECK(sys_split(d, -1, 0, 2) == 0 && d->split == 0);
}

/* sys_take into a, which must not allocate (counted with glibc) */
static void
take_no_alloc(struct sys_sample *a)
{
#ifdef __GLIBC__
	counting = 1;
	{
		void *volatile p = malloc(16);	/* the counter counts */
		free(p);
	}
	CHECK(allocs == 1);
	allocs = 0;
#endif
	sys_take(&s, a);
#ifdef __GLIBC__
	counting = 0;
	CHECK(allocs == 0);
#endif
}

/* two samples 5 s apart with known differences */
static void
test_counters(void)
{
	const char *dirs[] = { "." };
	struct sys_sample a, b;
	struct sys_delta d;
	static struct rec kv;
	int n;

	tree("counters");
	put(P("stat"), stat0);
	put(P("vmstat"), vm0);
	put(P("pressure/cpu"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=1000000\n");
	put(P("pressure/memory"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
	put(P("pressure/io"), "some avg10=1.00 avg60=0.00 avg300=0.00 total=100\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=50\n");
	put(P("diskstats"), "");
	CHECK(sys_open(&s, dirs, 1) == 0);
	CHECK(s.psi == SYS_PSI_ON && !strcmp(sys_psi_state(&s), "on"));
	/* the counters vm0 has lines of, and no other */
	CHECK(s.vm_have == (1u << SYS_VM_PGFAULT | 1u << SYS_VM_PGMAJFAULT | 1u << SYS_VM_PSWPIN |
	    1u << SYS_VM_PSWPOUT | 1u << SYS_VM_PGSCAN_KSWAPD | 1u << SYS_VM_PGSCAN_DIRECT |
	    1u << SYS_VM_PGSTEAL_KSWAPD | 1u << SYS_VM_PGSTEAL_DIRECT | 1u << SYS_VM_ALLOCSTALL |
	    1u << SYS_VM_WORKINGSET_REFAULT | 1u << SYS_VM_OOM_KILL));
	take_no_alloc(&a);
	put(P("stat"), stat1);
	put(P("vmstat"), vm1);
	put(P("pressure/cpu"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=1500000\n");
	put(P("pressure/memory"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=25000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=5000\n");
	put(P("pressure/io"), "some avg10=1.00 avg60=0.00 avg300=0.00 total=2500100\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=1000050\n");
	sys_take(&s, &b);
	sys_delta(&s, &a, &b, 5.0, &d);

	/* shares: the deltas sum to 1000 ticks, guest (30) is inside user */
	CHECK(d.cpu_have == (1u << SYS_CPU_N) - 1);
	CHECK(NEAR(d.cpu[SYS_USER], 10) && NEAR(d.cpu[SYS_NICE], 1) && NEAR(d.cpu[SYS_SYSTEM], 5));
	CHECK(NEAR(d.cpu[SYS_IRQ], 1) && NEAR(d.cpu[SYS_IOWAIT], 2) && NEAR(d.cpu[SYS_STEAL], 1));
	CHECK(NEAR(d.cpu[SYS_IDLE], 80));
	CHECK(NEAR(d.cpu_s, 1000.0 / (double)sysconf(_SC_CLK_TCK)));
	CHECK(d.back == 0);

	/* vmstat: zones and anon/file summed, throttle and khugepaged not */
	CHECK(d.vm[SYS_VM_PGFAULT] == 4000 && d.vm[SYS_VM_PGMAJFAULT] == 2);
	CHECK(d.vm[SYS_VM_PSWPIN] == 3 && d.vm[SYS_VM_PSWPOUT] == 8);
	CHECK(d.vm[SYS_VM_PGSCAN_KSWAPD] == 100 && d.vm[SYS_VM_PGSCAN_DIRECT] == 10);
	CHECK(d.vm[SYS_VM_PGSTEAL_KSWAPD] == 50 && d.vm[SYS_VM_PGSTEAL_DIRECT] == 5);
	CHECK(d.vm[SYS_VM_ALLOCSTALL] == 4 && d.vm[SYS_VM_WORKINGSET_REFAULT] == 22);
	CHECK(d.vm[SYS_VM_OOM_KILL] == 1);
	CHECK(!(d.vm_have & 1u << SYS_VM_COMPACT_STALL) && !(d.vm_have & 1u << SYS_VM_THP_FAULT_ALLOC));

	/* pressure: percent of 5 s; cpu has no full line */
	CHECK(NEAR(d.psi[SYS_PSI_CPU][SYS_SOME], 10));
	CHECK(!(d.psi_have & SYS_PSI_BIT(SYS_PSI_CPU, SYS_FULL)));
	CHECK(NEAR(d.psi[SYS_PSI_MEM][SYS_SOME], 0.5) && NEAR(d.psi[SYS_PSI_MEM][SYS_FULL], 0.1));
	CHECK(NEAR(d.psi[SYS_PSI_IO][SYS_SOME], 50) && NEAR(d.psi[SYS_PSI_IO][SYS_FULL], 20));

	/* into the record by the log's keys, absent ones left out */
	n = keys(&d, &kv);
	CHECK(n == 7 + 11 + 5);	/* and disk_dev=none disk_why=: no line, no mountinfo */
	CHECK(!strcmp(strof(&kv, "disk_dev"), "none") && !strncmp(strof(&kv, "disk_why"), "noline-", 7));
	CHECK(NEAR(numof(&kv, "sys_user"), 10) && log_numdec(K_SYS_USER) == 2);
	CHECK(has(&kv, "sys_idle") && has(&kv, "vm_pgfault") && has(&kv, "vm_oom_kill"));
	CHECK(has(&kv, "psi_cpu_some") && has(&kv, "psi_mem_some") && has(&kv, "psi_io_full"));
	CHECK(!has(&kv, "vm_compact_stall") && !has(&kv, "psi_cpu_full"));
	CHECK(!has(&kv, "sys_rest"));
	CHECK(all_valid(&kv));

	test_split(&d);

	/* a window of 0: nothing that divides by it */
	sys_delta(&s, &a, &a, 0, &d);
	CHECK(d.psi_have == 0 && d.cpu_have == 0);
}

/* old kernels: per-zone lines, one allocstall, one workingset_refault, a short cpu line */
static void
test_old_kernel(void)
{
	const char *dirs[] = { "." };
	struct sys_sample a, b;
	struct sys_delta d;
	static struct rec kv;

	tree("old");
	put(P("stat"), "cpu  10 0 10 80 0 0 0\n");
	put(P("vmstat"), "pgfault 1\npgscan_kswapd_dma 1\npgscan_kswapd_dma32 2\npgscan_kswapd_normal 3\n"
	    "pgscan_kswapd_movable 4\nallocstall 5\nworkingset_refault 6\ncompact_stall 7\nthp_fault_alloc 8\n");
	CHECK(sys_open(&s, dirs, 1) == 0);
	CHECK(s.psi == SYS_PSI_ABSENT && !strcmp(sys_psi_state(&s), "absent"));
	sys_take(&s, &a);
	CHECK(a.ncpuf == 7);
	put(P("stat"), "cpu  20 0 20 160 0 0 0\n");
	put(P("vmstat"), "pgfault 2\npgscan_kswapd_dma 2\npgscan_kswapd_dma32 4\npgscan_kswapd_normal 6\n"
	    "pgscan_kswapd_movable 8\nallocstall 10\nworkingset_refault 12\ncompact_stall 14\nthp_fault_alloc 16\n");
	sys_take(&s, &b);
	sys_delta(&s, &a, &b, 1.0, &d);
	CHECK(d.vm[SYS_VM_PGSCAN_KSWAPD] == 10 && d.vm[SYS_VM_ALLOCSTALL] == 5);
	CHECK(d.vm[SYS_VM_WORKINGSET_REFAULT] == 6 && d.vm[SYS_VM_COMPACT_STALL] == 7);
	CHECK(d.vm[SYS_VM_THP_FAULT_ALLOC] == 8);
	/* no steal field: no sys_steal; the others over 120 ticks */
	CHECK(!(d.cpu_have & 1u << SYS_STEAL) && NEAR(d.cpu[SYS_IDLE], 80));
	keys(&d, &kv);
	CHECK(!has(&kv, "sys_steal") && !has(&kv, "psi_cpu_some"));
	CHECK(!has(&kv, "vm_pswpin") && numof(&kv, "vm_pgfault") == 1);

	/* a counter that went backwards, a vmstat line gone: left out, flagged */
	put(P("vmstat"), "pgfault 1\npgscan_kswapd_dma 2\npgscan_kswapd_dma32 4\npgscan_kswapd_normal 6\n"
	    "allocstall 10\nworkingset_refault 12\ncompact_stall 14\nthp_fault_alloc 16\n");
	put(P("stat"), "cpu  30 0 30 150 0 0 0\n");
	sys_take(&s, &a);
	CHECK(!(a.vm_have & 1u << SYS_VM_PGSCAN_KSWAPD));
	sys_delta(&s, &b, &a, 1.0, &d);
	CHECK(!(d.vm_have & 1u << SYS_VM_PGFAULT) && (d.back & SYS_BACK_VM));
	CHECK(!(d.vm_have & 1u << SYS_VM_PGSCAN_KSWAPD) && (d.vm_have & 1u << SYS_VM_ALLOCSTALL));
	CHECK(!(d.cpu_have & 1u << SYS_IDLE) && (d.back & SYS_BACK_CPU));
	CHECK(NEAR(d.cpu[SYS_USER], 50));
	keys(&d, &kv);
	CHECK(!has(&kv, "vm_pgfault") && !has(&kv, "sys_idle"));

	/* no cpu line */
	put(P("stat"), "intr 1\n");
	CHECK(sys_open(&s, dirs, 1) == -1);
}

/* PSI absent, off on the command line, disabled (files that do not read) */
static void
test_psi(void)
{
	const char *dirs[] = { "." };
	struct sys_sample a;

	tree("psi");
	put(P("stat"), stat0);
	put(P("cmdline"), "root=/dev/sda1 psi=0 quiet\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && s.psi == SYS_PSI_ABSENT);
	CHECK(strstr(s.psi_why, "psi is off") != NULL);
	put(P("cmdline"), "root=/dev/sda1 xpsi=0 psi=1 quiet\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && s.psi == SYS_PSI_ABSENT && strstr(s.psi_why, "psi is off") == NULL);
	put(P("cmdline"), "root=/dev/sda1 psi=off\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && strstr(s.psi_why, "psi is off") != NULL);
	sys_take(&s, &a);
	CHECK(a.psi_have == 0);

	/* files that exist but fail to read (EOPNOTSUPP on a real kernel, EISDIR here) */
	mkdir(P("pressure"), 0755);
	mkdir(P("pressure/cpu"), 0755);
	mkdir(P("pressure/memory"), 0755);
	mkdir(P("pressure/io"), 0755);
	CHECK(sys_open(&s, dirs, 1) == 0 && s.psi == SYS_PSI_DISABLED);
	CHECK(!strcmp(sys_psi_state(&s), "disabled") && strstr(s.psi_why, "Is a directory") != NULL);
	sys_take(&s, &a);
	CHECK(a.psi_have == 0);

	/* files without lines */
	rmdir(P("pressure/cpu"));
	rmdir(P("pressure/memory"));
	rmdir(P("pressure/io"));
	put(P("pressure/cpu"), "");
	put(P("pressure/memory"), "");
	put(P("pressure/io"), "");
	CHECK(sys_open(&s, dirs, 1) == 0 && s.psi == SYS_PSI_DISABLED);
	CHECK(strstr(s.psi_why, "no some line") != NULL);

	/* only io: the others left out */
	put(P("pressure/io"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=7\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && s.psi == SYS_PSI_ON);
	CHECK(s.psi_lines == SYS_PSI_BIT(SYS_PSI_IO, SYS_SOME));
	sys_take(&s, &a);
	CHECK(a.psi_have == SYS_PSI_BIT(SYS_PSI_IO, SYS_SOME) && a.psi[SYS_PSI_IO][SYS_SOME] == 7);
}

/* a diskstats line for maj:min with the given figures */
static void
dline(char *buf, size_t len, unsigned maj, unsigned min, const char *name,
    unsigned long long rs, unsigned long long ws, unsigned long long io, unsigned long long wio)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%4u %7u %s 10 0 %llu 5 20 0 %llu 9 1 %llu %llu 0 0 0 0 0 0\n",
	    maj, min, name, rs, ws, io, wio);
}

/* many lines of other devices before the one wanted: more than one buffer */
static void
filler(char *buf, size_t len, int lines)
{
	char name[32];
	int i;

	for (i = 0; i < lines; i++) {
		snprintf(name, sizeof(name), "loop%d", i);
		dline(buf, len, 7, (unsigned)i, name, 0, 0, 0, 0);
	}
}

static void
test_disk_partition(void)
{
	static char ds[262144];
	const char *dirs[] = { ".", "sub" };
	struct sys_sample a, b;
	struct sys_delta d;
	struct sys_snap sn;
	static struct rec kv;
	char mi[8192];

	tree("part");
	mkdir("sub", 0755);
	put(P("stat"), stat0);
	ds[0] = '\0';
	filler(ds, sizeof(ds), 800);
	dline(ds, sizeof(ds), devmaj, devmin, "sdz1", 1000, 500, 100, 200);
	put(P("diskstats"), ds);
	{
		char rel[64];
		snprintf(rel, sizeof(rel), "dev/block/%u:%u", devmaj, devmin);
		link_to("../../devices/pci0/block/sdz/sdz1", S(rel));
	}
	put(S("devices/pci0/block/sdz/sdz1/partition"), "1\n");
	put(S("devices/pci0/block/sdz/queue/scheduler"), "mq-deadline [bfq] none\n");
	snprintf(mi, sizeof(mi), "27 1 %u:%u / / rw,noatime shared:1 - ext4 /dev/sdz1 rw,errors=remount-ro,noatime\n",
	    devmaj, devmin);
	put(P("self/mountinfo"), mi);

	CHECK(sys_open(&s, dirs, 2) == 0);
	CHECK(!strcmp(s.disk[0].name, "sdz1") && s.disk[0].same == -1);
	CHECK(!strcmp(s.disk[1].name, "sdz1") && s.disk[1].same == 0);
	sys_take(&s, &a);
	CHECK(a.disk[0].have && a.disk[0].rsect == 1000 && a.disk[0].wio_ms == 200);
	ds[0] = '\0';
	filler(ds, sizeof(ds), 800);
	dline(ds, sizeof(ds), devmaj, devmin, "sdz1", 3000, 4500, 2600, 10200);
	put(P("diskstats"), ds);
	sys_take(&s, &b);
	sys_delta(&s, &a, &b, 5.0, &d);
	CHECK(d.disk[0].have && d.disk[0].rsect == 2000 && d.disk[0].wsect == 4000);
	CHECK(NEAR(d.disk[0].busy, 50) && NEAR(d.disk[0].wms, 10000) && NEAR(d.disk[0].qdepth, 2));
	keys(&d, &kv);
	CHECK(!strcmp(strof(&kv, "disk_dev"), "sdz1") && numof(&kv, "disk_rsect") == 2000);
	CHECK(numof(&kv, "disk_wsect") == 4000 && NEAR(numof(&kv, "disk_busy"), 50));
	CHECK(numof(&kv, "disk_wms") == 10000 && NEAR(numof(&kv, "disk_qdepth"), 2));
	CHECK(!has(&kv, "disk_why"));
	/* the same device twice: named, figures once */
	CHECK(!strcmp(strof(&kv, "odisk_dev"), "sdz1") && !has(&kv, "odisk_rsect"));

	/* a disk counter that went backwards */
	sys_delta(&s, &b, &a, 5.0, &d);
	CHECK(!d.disk[0].have && (d.back & SYS_BACK_DISK));
	keys(&d, &kv);
	CHECK(!strcmp(strof(&kv, "disk_dev"), "sdz1") && !has(&kv, "disk_busy"));

	/* the snapshot: partition's scheduler is its disk's; options merged */
	sys_snap(&s, &sn, "true", NULL);
	CHECK(!strcmp(sn.iosched, "bfq"));
	CHECK(!strcmp(sn.fstype, "ext4") && !strcmp(sn.fsopts, "rw,noatime,errors=remount-ro"));
}

static void
test_disk_dm(void)
{
	const char *dirs[] = { "." };
	struct sys_snap sn;
	char ds[1024] = "", rel[64];

	tree("dm");
	put(P("stat"), stat0);
	dline(ds, sizeof(ds), 8, 0, "sda", 1, 1, 1, 1);
	dline(ds, sizeof(ds), devmaj, devmin, "dm-7", 1, 1, 1, 1);
	put(P("diskstats"), ds);
	snprintf(rel, sizeof(rel), "dev/block/%u:%u", devmaj, devmin);
	link_to("../../devices/virtual/block/dm-7", S(rel));
	put(S("devices/virtual/block/dm-7/queue/scheduler"), "none\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && !strcmp(s.disk[0].name, "dm-7"));
	sys_snap(&s, &sn, "true", NULL);
	CHECK(!strcmp(sn.iosched, "none"));
	/* no mountinfo: no filesystem type */
	CHECK(!strcmp(sn.fstype, "none"));
}

/* st_dev without a diskstats line: the mount's source decides */
static void
test_disk_mounts(void)
{
	const char *dirs[] = { ".", "nowhere" };
	const char *ov[] = { "ov" };
	struct sys_sample a;
	struct sys_delta d;
	static struct rec kv;
	char mi[20000], ds[1024] = "";

	tree("mounts");
	put(P("stat"), stat0);
	dline(ds, sizeof(ds), 8, 34, "sdy2", 1, 1, 1, 1);
	dline(ds, sizeof(ds), 253, 3, "dm-3", 1, 1, 1, 1);
	put(P("diskstats"), ds);

	/* tmpfs */
	put(P("self/mountinfo"), "1 0 0:5 / / rw - tmpfs tmpfs rw,size=100k\n");
	CHECK(sys_open(&s, dirs, 2) == 0);
	CHECK(s.disk[0].name[0] == '\0' && !strcmp(s.disk[0].why, "nodev-tmpfs"));
	CHECK(s.disk[1].name[0] == '\0' && !strcmp(s.disk[1].why, "nostat"));
	sys_take(&s, &a);
	sys_delta(&s, &a, &a, 1, &d);
	keys(&d, &kv);
	CHECK(!strcmp(strof(&kv, "disk_dev"), "none") && !strcmp(strof(&kv, "disk_why"), "nodev-tmpfs"));
	CHECK(!strcmp(strof(&kv, "odisk_dev"), "none") && !strcmp(strof(&kv, "odisk_why"), "nostat"));
	CHECK(!has(&kv, "disk_rsect"));

	/* btrfs: anonymous st_dev, the source's sysfs name */
	put(P("self/mountinfo"), "1 0 0:5 / / rw - btrfs /dev/sdy2 rw,subvol=/@\n");
	put(S("class/block/sdy2/dev"), "8:34\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && !strcmp(s.disk[0].name, "sdy2"));
	CHECK(s.disk[0].maj == 8 && s.disk[0].min == 34);

	/* a device-mapper name */
	put(P("self/mountinfo"), "1 0 0:5 / / rw - xfs /dev/mapper/vg-root rw\n");
	put(S("block/dm-3/dm/name"), "vg-root\n");
	put(S("block/dm-3/dev"), "253:3\n");
	put(S("block/dm-1/dm/name"), "vg-swap\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && !strcmp(s.disk[0].name, "dm-3"));

	/* a block device without a line */
	put(P("self/mountinfo"), "1 0 0:5 / / rw - ext4 /dev/sdx9 rw\n");
	put(S("class/block/sdx9/dev"), "8:99\n");
	CHECK(sys_open(&s, dirs, 1) == 0 && !strcmp(s.disk[0].why, "noline-8:99"));

	/* overlay: its upper directory's disk; the longest mount point wins */
	mkdir("ov", 0755);
	mkdir("upper", 0755);
	snprintf(mi, sizeof(mi),
	    "1 0 0:5 / / rw - btrfs /dev/sdy2 rw\n"
	    "2 1 0:6 / %s/ov rw - tmpfs tmpfs rw\n"
	    "3 1 0:7 / %s/ov rw shared:3 - overlay overlay rw,lowerdir=/l,upperdir=%s/upper,workdir=%s/w\n",
	    top, top, top, top);
	put(P("self/mountinfo"), mi);
	CHECK(sys_open(&s, ov, 1) == 0 && !strcmp(s.disk[0].name, "sdy2"));
	/* an overlay without an upper directory */
	snprintf(mi, sizeof(mi), "1 0 0:5 / / rw - tmpfs tmpfs rw\n3 1 0:7 / %s/ov rw - overlay overlay ro,lowerdir=/l\n", top);
	put(P("self/mountinfo"), mi);
	CHECK(sys_open(&s, ov, 1) == 0 && !strcmp(s.disk[0].why, "nodev-overlay"));

	/* no diskstats at all */
	unlink(P("diskstats"));
	CHECK(sys_open(&s, dirs, 1) == 0 && !strcmp(s.disk[0].why, "nodiskstats"));
}

/* the snapshot on a fake box */
static void
test_snap(void)
{
	static const char x86[] =
	    "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\n"
	    "model name\t: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz\nflags\t\t: fpu vme\n\n"
	    "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz\n\n";
	static const char arm64[] =
	    "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n"
	    "CPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n\n";
	const char *dirs[] = { "sp ace" };
	struct sys_snap sn;
	static struct rec kv;
	char mi[8192], big[3000];

	tree("snap");
	mkdir("sp ace", 0755);
	put(P("stat"), stat0);
	put(P("cmdline"), "BOOT_IMAGE=/vmlinuz root=/dev/sda1 psi=1 quiet\n");
	put(P("cpuinfo"), x86);
	put(P("meminfo"), "MemTotal:       16314060 kB\nMemFree:         1000 kB\nSwapTotal:       2097148 kB\n");
	put(S("devices/system/cpu/online"), "0-2,5\n");
	put(S("devices/system/cpu/cpu0/cpufreq/scaling_governor"), "performance\n");
	put(S("devices/system/cpu/cpu1/cpufreq/scaling_governor"), "powersave\n");
	put(S("devices/system/cpu/cpu2/cpufreq/scaling_governor"), "performance\n");
	put(S("devices/system/cpu/cpu5/cpufreq/scaling_governor"), "powersave\n");
	put(S("kernel/mm/transparent_hugepage/enabled"), "[always] madvise never\n");
	snprintf(mi, sizeof(mi), "1 0 8:1 / / rw - ext4 /dev/sda1 rw\n"
	    "40 1 8:2 / %s/sp\\040ace rw,nosuid,relatime shared:9 - xfs /dev/sdw1 rw,attr2,inode64\n", top);
	put(P("self/mountinfo"), mi);
	put("fakecc", "#!/bin/sh\necho \"fakecc (Test) 9.9.9 $1\"\necho second line\n");
	put("fakemake", "#!/bin/sh\necho 'Fake Make 1.0'\n");
	put("badmake", "#!/bin/sh\necho 'half a line'\nexit 3\n");
	chmod("fakecc", 0755);
	chmod("fakemake", 0755);
	chmod("badmake", 0755);
	setenv("CC", "./fakecc", 1);
	CHECK(sys_open(&s, dirs, 1) == 0);
	sys_snap(&s, &sn, "./fakemake", "0123456789abcdef");
	CHECK(sn.release[0] && strcmp(sn.release, "none") && sn.version[0]);
	CHECK(!strcmp(sn.cmdline, "BOOT_IMAGE=/vmlinuz root=/dev/sda1 psi=1 quiet"));
	CHECK(!strcmp(sn.cpu, "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz"));
	CHECK(!strcmp(sn.cpus, "4") && !strcmp(sn.online, "0-2,5"));
	CHECK(!strcmp(sn.governor, "performance,powersave"));
	CHECK(!strcmp(sn.memtotal, "16314060") && !strcmp(sn.swaptotal, "2097148"));
	CHECK(!strcmp(sn.thp, "always"));
	CHECK(!strcmp(sn.fstype, "xfs") && !strcmp(sn.fsopts, "rw,nosuid,relatime,attr2,inode64"));
	CHECK(!strcmp(sn.iosched, "unknown"));	/* no disk in this tree */
	CHECK(!strcmp(sn.cc, "fakecc (Test) 9.9.9 --version") && !strcmp(sn.make, "Fake Make 1.0"));
	CHECK(!strcmp(sn.config, "0123456789abcdef"));
	/* into the snapshot record, by the log's keys */
	rec_init(&kv);
	sys_snap_record(&sn, &kv);
	CHECK(!strcmp(kv.kernel, sn.release) && !strcmp(kv.snap.uname, sn.version));
	CHECK(!strcmp(kv.snap.cmdline, sn.cmdline) && !strcmp(kv.snap.cpu, sn.cpu));
	CHECK(!strcmp(kv.snap.governor, "performance,powersave") && !strcmp(kv.snap.thp, "always"));
	CHECK(!strcmp(kv.snap.ram, "16705597440") && !strcmp(kv.snap.swap, "2147479552"));
	CHECK(!strcmp(kv.snap.fs, "xfs") && !strcmp(kv.snap.fsopts, "rw,nosuid,relatime,attr2,inode64"));
	CHECK(!strcmp(kv.snap.sched, "unknown") && !strcmp(kv.snap.cc, sn.cc) && !strcmp(kv.snap.make, sn.make));

	/* arm64, no cpufreq, no THP, a failing make, no swap line, a long cmdline */
	memset(big, 'x', sizeof(big) - 2);
	big[sizeof(big) - 2] = '\n';
	big[sizeof(big) - 1] = '\0';
	put(P("cmdline"), big);
	put(P("cpuinfo"), arm64);
	put(P("meminfo"), "MemTotal:       1000 kB\n");
	put(S("devices/system/cpu/online"), "0\n");
	unlink(S("devices/system/cpu/cpu0/cpufreq/scaling_governor"));
	unlink(S("kernel/mm/transparent_hugepage/enabled"));
	unsetenv("CC");
	setenv("CC", "./no-such-cc", 1);
	sys_snap(&s, &sn, "./badmake", NULL);
	CHECK(!strcmp(sn.cpu, "implementer 0x41 part 0xd0c"));
	CHECK(!strcmp(sn.governor, "none") && !strcmp(sn.cpus, "1"));
	CHECK(!strcmp(sn.thp, "none") && !strcmp(sn.swaptotal, "none"));
	CHECK(!strcmp(sn.cc, "none") && !strcmp(sn.make, "none") && !strcmp(sn.config, "none"));
	CHECK(strlen(sn.cmdline) == sizeof(sn.cmdline) - 1 && !strcmp(sn.cmdline + sizeof(sn.cmdline) - 4, "..."));
	unsetenv("CC");
}

/* the real /proc of this machine, 0.3 s apart */
static void
test_real(void)
{
	const char *dirs[] = { "." };
	struct sys_sample a, b;
	struct sys_delta d;
	static struct rec kv;
	double sum = 0, rsum = 0;
	int n, i;

	unsetenv("CONTEST_ROOT");
	CHECK(sys_open(&s, dirs, 1) == 0);
	sys_take(&s, &a);
	usleep(300000);
	sys_take(&s, &b);
	sys_delta(&s, &a, &b, b.t - a.t, &d);
	CHECK(d.window > 0.29 && d.window < 5);
	CHECK(d.cpu_have & 1u << SYS_USER && d.cpu_have & 1u << SYS_IDLE);
	CHECK(d.vm_have & 1u << SYS_VM_PGFAULT);
	n = keys(&d, &kv);
	for (i = 0; i < SYS_CPU_N; i++)
		if (d.cpu_have & 1u << i) {
			sum += d.cpu[i];
			rsum += round(d.cpu[i] * 100) / 100;
		}
	CHECK(fabs(sum - 100) < 1e-9 && fabs(rsum - 100) <= 0.035 + 1e-9);
	CHECK(all_valid(&kv));
	printf("# real: psi %s%s%s, disk %s%s, %d numbers, window %.3f s, cpu %.2f s\n", sys_psi_state(&s),
	    s.psi_why[0] ? ": " : "", s.psi_why, s.disk[0].name[0] ? s.disk[0].name : "none ",
	    s.disk[0].why, n, d.window, d.cpu_s);
	if (s.psi == SYS_PSI_ON)
		CHECK(d.psi_have & SYS_PSI_BIT(SYS_PSI_CPU, SYS_SOME));
	if (s.disk[0].name[0])
		CHECK(d.disk[0].have && d.disk[0].busy >= 0 && d.disk[0].busy <= 101);
}

int
main(void)
{
	struct stat st;
	char dir[] = "sys-unit.XXXXXX";

	/* the fake /proc and /sys go in a directory of their own, removed at
	 * the end, wherever the binary is run from */
	if (mkdtemp(dir) == NULL || chdir(dir) < 0 || !getcwd(top, sizeof(top)) ||
	    stat(".", &st) < 0) {
		printf("not ok: cannot find the current directory\n");
		return 1;
	}
	devmaj = major(st.st_dev);
	devmin = minor(st.st_dev);
	test_counters();
	test_old_kernel();
	test_psi();
	test_disk_partition();
	test_disk_dm();
	test_disk_mounts();
	test_snap();
	test_real();
	if (chdir("..") < 0 || rmtree(dir) < 0)
		failures++;
	printf("# %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
