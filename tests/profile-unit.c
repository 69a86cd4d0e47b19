/*
 * profile-unit.c: the profile's engine without the kernel's events: a
 * kallsyms file made here (types, modules, aliases at one address, the
 * order perf names them in, hidden addresses), ring records fed as the
 * kernel lays them out (samples of each mode, FORK records out of order
 * and after the drain's mark, threads, contest's own children, COMM,
 * LOST, THROTTLE), a ring whose records wrap its end, and the top list's
 * sums and cut.  Built by make (tests/profile-unit.bin), run by
 * t0300-profile-unit.sh; prints "not ok" lines and exits 1 on a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "../profile.h"
#include "../util.h"

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static const char ksyms[] =
    "0000000000000000 A fixed_percpu_data\n"
    "ffffffff81000000 T _text\n"
    "ffffffff81000000 T _stext\n"
    "ffffffff81000000 t __startup\n"
    "ffffffff81001000 T do_syscall_64\n"
    "ffffffff81002000 t show_stat\n"
    "ffffffff81002800 W weak_fn\n"
    "ffffffff81002800 t strong_local\n"
    "ffffffff81003000 t show_stat\n"
    "ffffffff81004000 D some_data\n"
    "ffffffff81005000 T _etext\n"
    "ffffffffc0001000 t ext4_fill_super\t[ext4]\n"
    "ffffffffc0002000 T ext4_mount\t[ext4]\n";

/* path made to hold s (util.h's write_file), or the test ends */
static void
put(const char *path, const char *s)
{
	if (write_file(path, s, strlen(s)) < 0) {
		perror(path);
		exit(2);
	}
}

/* a record as the kernel writes it: header, then the 4- and 8-byte fields */
struct rec {
	unsigned char b[256];
	size_t n;
};

static void
begin(struct rec *r, unsigned type, unsigned misc)
{
	struct perf_event_header h = { type, (unsigned short)misc, 0 };

	memcpy(r->b, &h, sizeof(h));
	r->n = sizeof(h);
}

static void
u32(struct rec *r, unsigned v)
{
	memcpy(r->b + r->n, &v, 4);
	r->n += 4;
}

static void
u64(struct rec *r, unsigned long long v)
{
	memcpy(r->b + r->n, &v, 8);
	r->n += 8;
}

static void
end(struct rec *r)
{
	unsigned short size = (unsigned short)r->n;

	memcpy(r->b + 6, &size, 2);
}

static void
feed_sample(struct prof *p, unsigned misc, unsigned long long ip, unsigned pid, unsigned tid)
{
	struct rec r;

	begin(&r, PERF_RECORD_SAMPLE, misc);
	u64(&r, ip);
	u32(&r, pid);
	u32(&r, tid);
	u64(&r, mono_ns());
	end(&r);
	prof_feed(p, r.b, r.n);
}

static void
fork_rec(struct rec *r, unsigned pid, unsigned ppid, unsigned tid, unsigned ptid, unsigned long long t)
{
	begin(r, PERF_RECORD_FORK, 0);
	u32(r, pid);
	u32(r, ppid);
	u32(r, tid);
	u32(r, ptid);
	u64(r, t);
	u32(r, pid);	/* sample_id: pid, tid, time */
	u32(r, tid);
	u64(r, t);
	end(r);
}

static void
feed_fork(struct prof *p, unsigned pid, unsigned ppid, unsigned tid, unsigned ptid, unsigned long long t)
{
	struct rec r;

	fork_rec(&r, pid, ppid, tid, ptid, t);
	prof_feed(p, r.b, r.n);
}

static void
feed_comm(struct prof *p, unsigned pid, unsigned tid, const char *name, unsigned long long t)
{
	struct rec r;
	char pad[16] = { 0 };

	begin(&r, PERF_RECORD_COMM, 0);
	u32(&r, pid);
	u32(&r, tid);
	snprintf(pad, sizeof(pad), "%s", name);
	memcpy(r.b + r.n, pad, 16);
	r.n += 16;
	u32(&r, pid);
	u32(&r, tid);
	u64(&r, t);
	end(&r);
	prof_feed(p, r.b, r.n);
}

static struct prof_entry top[64];

/* the count of name in the top list, -1 if absent */
static long long
count_of(const struct prof *p, const char *name)
{
	int n = prof_top(p, top, 64, 100), i;

	for (i = 0; i < n; i++)
		if (!strcmp(top[i].name, name))
			return (long long)top[i].n;
	return -1;
}

static void
test_ksyms(const char *path)
{
	struct prof_ksyms ks;
	char why[200];

	CHECK(prof_ksyms_load(&ks, path, why, sizeof(why)) == 0);
	/* text only (A and D left out), one per address */
	CHECK(ks.n == 8);
	CHECK(prof_ksyms_find(&ks, 0xffffffff80ffffffULL) == -1);
	/* _text, _stext, __startup: global, fewest underscores, then the longer name */
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffff81000000ULL)], "_stext"));
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffff81000fffULL)], "_stext"));
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffff81001000ULL)], "do_syscall_64"));
	/* weak loses to a local at the same address */
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffff81002900ULL)], "strong_local"));
	/* data symbols do not end text: the last text symbol reaches _etext */
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffff81004800ULL)], "show_stat"));
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffffc0001010ULL)], "ext4_fill_super [ext4]"));
	CHECK(!strcmp(ks.names + ks.name[prof_ksyms_find(&ks, 0xffffffffc0002000ULL)], "ext4_mount [ext4]"));
	prof_ksyms_free(&ks);
}

static void
test_hidden(const char *dir)
{
	char path[4200], why[200];
	struct prof_ksyms ks;

	snprintf(path, sizeof(path), "%s/hidden", dir);
	put(path, "0000000000000000 T _text\n0000000000000000 t do_one\n");
	CHECK(prof_ksyms_load(&ks, path, why, sizeof(why)) < 0);
	CHECK(strstr(why, "kptr_restrict") != NULL);
	snprintf(path, sizeof(path), "%s/absent", dir);
	CHECK(prof_ksyms_load(&ks, path, why, sizeof(why)) < 0);
	CHECK(strstr(why, "cannot read") != NULL);
}

/* modes, parts, forks in and out of order, threads, contest's children */
static void
test_attribution(const char *path)
{
	struct prof p;
	pid_t seed[2] = { 100, 300 };
	unsigned long long t = mono_ns() - 1000000000ULL;

	CHECK(prof_open_fake(&p, PROF_KERNEL, path) == 0);
	prof_start(&p);
	p.on = 1;
	prof_seed(&p, PART_LOAD, seed, 1);
	prof_seed(&p, PART_PROBE, seed + 1, 1);
	prof_child(&p, 200, PART_JOB);
	/* the grandchild's samples and fork come before its parent's fork */
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 102, 102);
	feed_fork(&p, 102, 101, 102, 101, t + 20);
	feed_fork(&p, 101, 100, 101, 100, t + 10);
	/* a thread of 101 that is not a process: 101 keeps its part */
	feed_fork(&p, 101, 100, 150, 101, t + 30);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 101, 150);
	/* contest's children: the one named stays the compile, another is the rest */
	feed_fork(&p, 200, (unsigned)getpid(), 200, (unsigned)getpid(), t + 40);
	feed_fork(&p, 201, (unsigned)getpid(), 201, (unsigned)getpid(), t + 41);
	feed_fork(&p, 202, 200, 202, 200, t + 42);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81002010ULL, 202, 202);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81002010ULL, 201, 201);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81003010ULL, 300, 300);
	/* idle, user (not kept per command in kernel mode), an address no symbol has */
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 0, 0);
	feed_sample(&p, PERF_RECORD_MISC_USER, 0x400000ULL, 202, 202);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0x1000ULL, 999, 999);
	prof_drain(&p);
	CHECK(p.t.kernel == 6);
	CHECK(p.t.idle == 1);
	CHECK(p.t.user == 1);
	CHECK(p.t.unknown == 1);
	CHECK(p.t.part[PART_LOAD] == 2);
	CHECK(p.t.part[PART_JOB] == 1);
	CHECK(p.t.part[PART_PROBE] == 1);
	/* 201 is known (the rest); 999 waits one drain */
	CHECK(p.t.part[PART_REST] == 1);
	prof_drain(&p);
	CHECK(p.t.part[PART_REST] == 2);
	/* both show_stat symbols summed into one line */
	CHECK(count_of(&p, "show_stat") == 3);
	CHECK(count_of(&p, "do_syscall_64") == 2);
	CHECK(prof_comms(&p, top, 64) == 0);
	prof_close(&p);
}

/* a FORK stamped after the drain's mark waits; so do its child's samples */
static void
test_held(const char *path)
{
	struct prof p;
	pid_t seed[1] = { 100 };
	struct timespec ts = { 0, 100000000L };

	CHECK(prof_open_fake(&p, PROF_KERNEL, path) == 0);
	prof_start(&p);
	p.on = 1;
	prof_seed(&p, PART_LOAD, seed, 1);
	feed_fork(&p, 101, 100, 101, 100, mono_ns() + 50000000ULL);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 101, 101);
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 555, 555);
	prof_drain(&p);
	CHECK(p.t.part[PART_LOAD] == 0 && p.t.part[PART_REST] == 0);
	nanosleep(&ts, NULL);
	prof_drain(&p);
	CHECK(p.t.part[PART_LOAD] == 1);
	CHECK(p.t.part[PART_REST] == 1);
	/* at the end nothing waits: an unknown PID is the rest at once */
	feed_sample(&p, PERF_RECORD_MISC_KERNEL, 0xffffffff81001010ULL, 556, 556);
	prof_stop(&p);
	CHECK(p.t.part[PART_REST] == 2);
	CHECK(p.t.part[PART_LOAD] + p.t.part[PART_REST] == p.t.kernel);
	prof_close(&p);
}

static void
test_lost(const char *path)
{
	struct prof p;
	struct rec r;

	CHECK(prof_open_fake(&p, PROF_KERNEL, path) == 0);
	prof_start(&p);
	p.on = 1;
	begin(&r, PERF_RECORD_LOST, 0);
	u64(&r, 1);
	u64(&r, 37);
	end(&r);
	prof_feed(&p, r.b, r.n);
	prof_feed(&p, r.b, r.n);
	begin(&r, PERF_RECORD_THROTTLE, 0);
	u64(&r, 1);
	u64(&r, 1);
	u64(&r, 1);
	end(&r);
	prof_feed(&p, r.b, r.n);
	/* a record shorter than its header says is not read */
	prof_feed(&p, r.b, 12);
	prof_stop(&p);
	CHECK(p.t.lost == 74);
	CHECK(p.t.throttled == 1);
	CHECK(p.t.records == 3);
	prof_close(&p);
}

/* PROF_ALL: user samples per command: COMM, inherited over fork, /proc for the rest */
static void
test_all(const char *path)
{
	struct prof p;
	unsigned long long t = mono_ns() - 1000000000ULL;
	unsigned me = (unsigned)getpid();
	int n, i, cc1 = 0, sh = 0, mine = 0;
	char self[32] = "";
	FILE *f = fopen("/proc/self/comm", "r");

	if (f == NULL || fgets(self, sizeof(self), f) == NULL)
		printf("not ok: cannot read /proc/self/comm\n");
	if (f)
		fclose(f);
	self[strcspn(self, "\n")] = '\0';

	CHECK(prof_open_fake(&p, PROF_ALL, path) == 0);
	prof_start(&p);
	p.on = 1;
	feed_comm(&p, 400, 400, "sh", t + 1);
	feed_fork(&p, 401, 400, 401, 400, t + 2);
	feed_comm(&p, 401, 401, "cc1", t + 3);
	feed_fork(&p, 402, 400, 402, 400, t + 4);
	feed_sample(&p, PERF_RECORD_MISC_USER, 0x400000ULL, 401, 401);
	feed_sample(&p, PERF_RECORD_MISC_USER, 0x400000ULL, 401, 401);
	feed_sample(&p, PERF_RECORD_MISC_USER, 0x400000ULL, 402, 402);
	feed_sample(&p, PERF_RECORD_MISC_USER, 0x400000ULL, me, me);
	prof_stop(&p);
	n = prof_comms(&p, top, 64);
	for (i = 0; i < n; i++) {
		if (!strcmp(top[i].name, "cc1"))
			cc1 = (int)top[i].n;
		if (!strcmp(top[i].name, "sh"))
			sh = (int)top[i].n;
		if (!strcmp(top[i].name, self))
			mine = (int)top[i].n;
	}
	CHECK(cc1 == 2);
	CHECK(sh == 1);
	CHECK(mine == 1);
	CHECK(p.t.user == 4);
	prof_close(&p);
}

/* records that wrap the ring's end are read whole; the tail follows the head */
static void
test_ring(const char *path)
{
	size_t size = 4096, page = 4096, off, i;
	unsigned char *base = calloc(1, page + size);
	struct perf_event_mmap_page *mp = (void *)base;
	unsigned long long head;
	struct prof p;
	struct rec r;

	CHECK(prof_open_fake(&p, PROF_KERNEL, path) == 0);
	prof_start(&p);
	p.on = 1;
	mp->data_offset = page;
	mp->data_size = size;
	/* start 8 bytes before the end: the first sample (32 bytes) wraps */
	head = 3 * size - 8;
	mp->data_tail = head;
	for (i = 0; i < 100; i++) {
		begin(&r, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL);
		u64(&r, 0xffffffff81001000ULL + i);
		u32(&r, 7);
		u32(&r, 7);
		u64(&r, 1);
		end(&r);
		for (off = 0; off < r.n; off++)
			base[page + (head + off) % size] = r.b[off];
		head += r.n;
	}
	mp->data_head = head;
	prof_read_ring(&p, base, size);
	CHECK(p.t.kernel == 100);
	CHECK(mp->data_tail == head);
	CHECK(count_of(&p, "do_syscall_64") == 100);
	/* nothing new: nothing read */
	prof_read_ring(&p, base, size);
	CHECK(p.t.kernel == 100);
	prof_close(&p);
	free(base);
}

/* most first, ties by name, cut at the coverage or the count */
static void
test_top(const char *path)
{
	static const unsigned long long ips[] = { 0xffffffff81001000ULL, 0xffffffff81002000ULL,
	    0xffffffff81002800ULL, 0xffffffffc0001000ULL, 0xffffffffc0002000ULL };
	static const int many[] = { 50, 20, 20, 9, 1 };
	struct prof p;
	int i, k, n;

	CHECK(prof_open_fake(&p, PROF_KERNEL, path) == 0);
	prof_start(&p);
	p.on = 1;
	for (i = 0; i < 5; i++)
		for (k = 0; k < many[i]; k++)
			feed_sample(&p, PERF_RECORD_MISC_KERNEL, ips[i], 1, 1);
	n = prof_top(&p, top, 64, 100);
	CHECK(n == 5);
	CHECK(!strcmp(top[0].name, "do_syscall_64") && top[0].n == 50);
	CHECK(!strcmp(top[1].name, "show_stat") && !strcmp(top[2].name, "strong_local"));
	/* 50 + 20 + 20 = 90 covers 90 %: three */
	CHECK(prof_top(&p, top, 64, 90) == 3);
	CHECK(prof_top(&p, top, 64, 90.5) == 4);
	CHECK(prof_top(&p, top, 2, 100) == 2);
	CHECK(prof_top(&p, top, 64, 0) == 1);
	prof_close(&p);
}

int
main(void)
{
	char dir[] = "/tmp/profile-unit.XXXXXX", path[4200], cmd[4300];

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	put(path, ksyms);
	test_ksyms(path);
	test_hidden(dir);
	test_attribution(path);
	test_held(path);
	test_lost(path);
	test_all(path);
	test_ring(path);
	test_top(path);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# cannot remove %s\n", dir);
	if (failures)
		return 1;
	printf("ok: profile engine\n");
	return 0;
}
