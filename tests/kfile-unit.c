/*
 * kfile-unit.c: the kernel's files (kfile.c) on a fake root made here
 * (proc/ and sys/ below $CONTEST_ROOT: a small file, lines, a key,
 * meminfo, mountinfo with its escapes, a write) and the box's processes
 * as they are (this process and a child named "a) (b c": its stat, its
 * comm, the list of processes, which no fake root redirects).  CPU
 * lists and the stat parser against made-up text.  Built by make
 * tests/kfile-unit.bin, run by t0097-kfile-unit.sh; prints "not ok"
 * lines and exits 1 on a failure.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kfile.h"
#include "../util.h"

static int failures;
static char top[PATH_MAX];

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* the fake root's file rel (proc/..., sys/...) */
static const char *
R(const char *rel)
{
	static char buf[4][PATH_MAX + 256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", top, rel);
	return buf[k];
}

/* rel below the fake root made to hold text, its directories too */
static void
put(const char *rel, const char *text)
{
	char dir[PATH_MAX + 256], *slash;

	snprintf(dir, sizeof(dir), "%s", R(rel));
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (mkdirs(dir, 0755) < 0 || write_file(R(rel), text, strlen(text)) < 0) {
		printf("not ok: cannot write '%s': %s\n", R(rel), strerror(errno));
		exit(1);
	}
}

/* Paths: below the root for both trees, as they are for KF_FILE and without a root */
static void
paths(void)
{
	char out[PATH_MAX], small[16];

	CHECK(kf_path(out, sizeof(out), KF_PROC, "meminfo") == 0 && !strcmp(out, R("proc/meminfo")));
	CHECK(kf_path(out, sizeof(out), KF_SYS, "block") == 0 && !strcmp(out, R("sys/block")));
	CHECK(kf_path(out, sizeof(out), KF_FILE, "/x/y") == 0 && !strcmp(out, "/x/y"));
	CHECK(kf_path(small, sizeof(small), KF_PROC, "meminfo") < 0 && errno == ENAMETOOLONG);
	CHECK(kf_map("/proc/sys/vm/x", out, sizeof(out)) == 0 && !strcmp(out, R("proc/sys/vm/x")));
	CHECK(kf_map("/sys", out, sizeof(out)) == 0 && !strcmp(out, R("sys")));
	CHECK(kf_map("/proc/self", out, sizeof(out)) < 0 && errno == ENOENT);
	CHECK(kf_map("/proc/sysrq-trigger", out, sizeof(out)) < 0 && errno == ENOENT);
	CHECK(kf_map("/system/x", out, sizeof(out)) < 0 && errno == ENOENT);
	CHECK(kf_map("/sys/0123456789", small, sizeof(small)) < 0 && errno == ENAMETOOLONG);
	unsetenv("CONTEST_ROOT");
	CHECK(kf_path(out, sizeof(out), KF_PROC, "self/io") == 0 && !strcmp(out, "/proc/self/io"));
	CHECK(kf_path(out, sizeof(out), KF_SYS, "block") == 0 && !strcmp(out, "/sys/block"));
	CHECK(kf_map("/proc/sys/x", out, sizeof(out)) == 0 && !strcmp(out, "/proc/sys/x"));
	setenv("CONTEST_ROOT", top, 1);
}

/* A small file whole, bounded; its first line; a big one; a write */
static void
files(void)
{
	static char big[(5 << 19) + 1];
	char buf[64], tiny[8];
	size_t i, n;
	char *all;
	FILE *f;
	DIR *d;

	put("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never \n");
	CHECK(kf_read(KF_SYS, "kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf)) == 24);
	CHECK(!strcmp(buf, "always [madvise] never \n"));
	CHECK(kf_read(KF_SYS, "kernel/mm/transparent_hugepage/enabled", tiny, sizeof(tiny)) == 7);
	CHECK(!strcmp(tiny, "always "));
	CHECK(kf_line(KF_SYS, "kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf)) == 22);
	CHECK(!strcmp(buf, "always [madvise] never"));
	put("proc/cmdline", "root=/dev/sda1 quiet\t \nsecond line\n");
	CHECK(kf_line(KF_PROC, "cmdline", buf, sizeof(buf)) == 20 && !strcmp(buf, "root=/dev/sda1 quiet"));
	put("proc/empty", "");
	CHECK(kf_line(KF_PROC, "empty", buf, sizeof(buf)) == 0 && buf[0] == '\0');
	errno = 0;
	CHECK(kf_read(KF_PROC, "no-such-file", buf, sizeof(buf)) < 0 && errno == ENOENT);
	CHECK(kf_line(KF_SYS, "no-such-file", buf, sizeof(buf)) < 0);
	CHECK(kf_access(KF_PROC, "cmdline", R_OK) == 0 && kf_access(KF_PROC, "gone", R_OK) < 0);
	CHECK((d = kf_opendir(KF_SYS, "kernel/mm")) != NULL && (d == NULL || closedir(d) == 0));
	CHECK((f = kf_fopen(KF_PROC, "cmdline")) != NULL && fgets(buf, sizeof(buf), f) &&
	    !strcmp(buf, "root=/dev/sda1 quiet\t \n") && fclose(f) == 0);

	/* over the first MiB kf_slurp starts with: it grows, every byte kept */
	for (i = 0; i < sizeof(big) - 1; i++)
		big[i] = (char)('a' + i % 23);
	put("proc/kallsyms", big);
	CHECK((all = kf_slurp(KF_PROC, "kallsyms", &n)) != NULL && n == sizeof(big) - 1 && !memcmp(all, big, n) &&
	    all[n] == '\0');
	free(all);
	CHECK(kf_slurp(KF_PROC, "gone", &n) == NULL && errno == ENOENT);

	put("proc/sys/vm/dirty_ratio", "20\n");
	CHECK(kf_write(KF_PROC, "sys/vm/dirty_ratio", "25\n") == 0);
	CHECK(kf_read(KF_PROC, "sys/vm/dirty_ratio", buf, sizeof(buf)) == 3 && !strcmp(buf, "25\n"));
	CHECK(kf_write(KF_PROC, "sys/vm/no-such-setting", "1\n") < 0 && errno == ENOENT);
}

struct seen {
	char text[8][64];
	int n, stop;		/* stop: lines after which the scan stops, 0 never */
};

static int
collect(char *line, size_t len, void *arg)
{
	struct seen *s = arg;

	if (s->n < 8 && strlen(line) == len)
		snprintf(s->text[s->n++], sizeof(s->text[0]), "%s", line);
	return s->stop && s->n == s->stop;
}

/* Lines: a longer one than the buffer skipped, the last without a newline, an early stop; keys */
static void
lines(void)
{
	char buf[32];
	struct seen s;

	put("proc/lines", "one\nthis line is longer than thirty-two bytes\ntwo\nthree");
	memset(&s, 0, sizeof(s));
	CHECK(kf_scan(KF_PROC, "lines", buf, sizeof(buf), collect, &s) == 0);
	CHECK(s.n == 3 && !strcmp(s.text[0], "one") && !strcmp(s.text[1], "two") && !strcmp(s.text[2], "three"));
	memset(&s, 0, sizeof(s));
	s.stop = 2;
	CHECK(kf_scan(KF_PROC, "lines", buf, sizeof(buf), collect, &s) == 0 && s.n == 2);
	CHECK(kf_scan(KF_PROC, "gone", buf, sizeof(buf), collect, &s) < 0 && errno == ENOENT);

	put("proc/self/io", "rchar: 10\nwcharx: 5\nwchar: 20\nread_bytes: 4096\n");
	CHECK(kf_key(KF_PROC, "self/io", "wchar", ':') == 20);
	CHECK(kf_key(KF_PROC, "self/io", "read_bytes", ':') == 4096);
	CHECK(kf_key(KF_PROC, "self/io", "write_bytes", ':') == 0);
	CHECK(kf_key(KF_PROC, "self/io", "rchar", ' ') == 0);
	put("cg/memory.stat", "anon 1\ninactive_file 104857600\n");
	CHECK(kf_key(KF_FILE, R("cg/memory.stat"), "inactive_file", ' ') == 104857600);
	CHECK(kf_key(KF_FILE, R("cg/gone"), "anon", ' ') == 0);
}

static void
meminfo(void)
{
	struct kf_meminfo m;

	put("proc/meminfo", "MemTotal:       16314060 kB\nMemFree:         1000 kB\nMemAvailable:    8000 kB\n"
	    "SwapFree:  0 kB\nMemTotalX: 5 kB\nSwapTotal: none\n");
	CHECK(kf_meminfo(&m) == 0);
	CHECK(m.total == 16314060 && m.avail == 8000 && m.swapfree == 0 && m.swaptotal == -1);
	unlink(R("proc/meminfo"));
	CHECK(kf_meminfo(&m) < 0 && m.total == -1 && m.avail == -1 && m.swaptotal == -1 && m.swapfree == -1);
}

struct mounts {
	char line[8][512];
	int n;
};

static int
mount_seen(struct kf_mount *m, void *arg)
{
	struct mounts *s = arg;

	if (s->n < 8)
		snprintf(s->line[s->n++], sizeof(s->line[0]), "%s|%s|%s|%s|%s|%s", m->root, m->point, m->opts,
		    m->fstype, m->source, m->super);
	return 0;
}

/* mountinfo: optional fields, escapes in the paths, a line too short, none after the source */
static void
mounts(void)
{
	static const struct { const char *in, *out; } t[] = {
		{ "/mnt/a\\040b", "/mnt/a b" },
		{ "\\011tab\\012nl", "\ttab\nnl" },
		{ "back\\134slash", "back\\slash" },
		{ "\\0400", " 0" },
		{ "\\377", "\377" },
		{ "\\477", "\\477" },		/* not a byte: kept */
		{ "\\08x", "\\08x" },
		{ "end\\04", "end\\04" },
		{ "end\\", "end\\" },
		{ "", "" },
	};
	struct mounts s;
	char buf[64];
	size_t i;

	put("proc/self/mountinfo",
	    "22 1 0:20 / /proc rw,nosuid shared:12 - proc proc rw\n"
	    "30 22 0:26 /sub\\040dir /mnt/a\\040b rw,relatime shared:1 master:2 - ext4 /dev/my\\040disk rw,data=ordered\n"
	    "31 22 0:27 / /short rw\n"
	    "32 22 0:28 / /nosuper rw - tmpfs tmpfs\n");
	memset(&s, 0, sizeof(s));
	CHECK(kf_mounts(mount_seen, &s) == 0 && s.n == 3);
	CHECK(!strcmp(s.line[0], "/|/proc|rw,nosuid|proc|proc|rw"));
	CHECK(!strcmp(s.line[1], "/sub dir|/mnt/a b|rw,relatime|ext4|/dev/my disk|rw,data=ordered"));
	CHECK(!strcmp(s.line[2], "/|/nosuper|rw|tmpfs|tmpfs|"));
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		snprintf(buf, sizeof(buf), "%s", t[i].in);
		kf_unescape(buf);
		if (strcmp(buf, t[i].out))
			printf("not ok: kf_unescape('%s') gave '%s'\n", t[i].in, buf), failures++;
	}
}

static void
cpulists(void)
{
	unsigned long m[8192 / (8 * sizeof(unsigned long))];

	CHECK(kf_cpulist("0-3,5,7-8", m, 8192) == 7 && m[0] == 0x1afUL && m[1] == 0);
	CHECK(kf_cpulist("0-3,8,10-11\n", m, 8192) == 7 && m[0] == 0xd0fUL);
	CHECK(kf_cpulist("5", m, 8192) == 1 && m[0] == 0x20UL);
	CHECK(kf_cpulist("", m, 8192) == 0 && m[0] == 0);
	CHECK(kf_cpulist("0-1,1-2", m, 8192) == 3);
	CHECK(kf_cpulist("3-1", m, 8192) == -1);
	CHECK(kf_cpulist("a", m, 8192) == -1);
	CHECK(kf_cpulist("1;2", m, 8192) == -1);
	CHECK(kf_cpulist("none", m, 8192) == -1);
	CHECK(kf_cpulist("8190-8200", m, 8192) == 2);
	CHECK(kf_cpulist("64", m, 64) == 0);
}

/* The fields after the last ')', whatever the command holds. */
static void
stat_lines(void)
{
	const char *tail = " 17 4242 4243 0 -1 4194560 100 0 0 0 11 22 33 44 20 0 1 0 5555 1000 10";
	struct proc_stat ps;
	char line[512];

	snprintf(line, sizeof(line), "4243 (a) b (c) S) T%s", tail);
	CHECK(kf_stat_parse(line, &ps) == 0);
	CHECK(ps.state == 'T' && ps.ppid == 17 && ps.pgrp == 4242);
	CHECK(ps.utime == 11 && ps.stime == 22 && ps.cutime == 33 && ps.cstime == 44);
	CHECK(ps.start == 5555);
	snprintf(line, sizeof(line), "4243 (sh) R%s", tail);
	CHECK(kf_stat_parse(line, &ps) == 0 && ps.state == 'R');
	/* malformed: no ')', nothing after it, fields cut short */
	CHECK(kf_stat_parse("4243 sh R 17 4242", &ps) < 0);
	CHECK(kf_stat_parse("4243 (sh)", &ps) < 0);
	CHECK(kf_stat_parse("4243 (sh) S 17 4242 4243 0 -1 4194560 100 0 0 0 11 22", &ps) < 0);
}

struct found {
	long self, child;
	int self_ok, child_ok, n, stop;
};

static int
find(long pid, const struct proc_stat *ps, void *arg)
{
	struct found *f = arg;

	f->n++;
	if (pid == f->self)
		f->self_ok = ps->ppid == (long)getppid() && ps->pgrp == (long)getpgrp();
	if (pid == f->child)
		f->child_ok = ps->ppid == f->self && ps->state == 'S';
	return f->stop && f->n == f->stop;
}

/*
 * The processes are the box's own, whatever the root: this one, and a
 * child named "a) (b c" (a ')' and spaces, as any command may be named)
 * whose fake stat below the root says otherwise.
 */
static void
processes(void)
{
	struct found f = { (long)getpid(), 0, 0, 0, 0, 0 };
	struct proc_stat ps;
	char buf[64], rel[64];
	int p[2], i;
	pid_t pid;

	CHECK(kf_pid_stat(f.self, &ps) == 0 && ps.state == 'R');
	CHECK(ps.ppid == (long)getppid() && ps.pgrp == (long)getpgrp());
	if (pipe(p) < 0 || (pid = fork()) < 0) {
		printf("not ok: pipe or fork: %s\n", strerror(errno));
		failures++;
		return;
	}
	if (pid == 0) {
		prctl(PR_SET_NAME, "a) (b c");
		close(p[0]);
		if (write(p[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(p[1]);
	CHECK(read(p[0], buf, 1) == 1);
	close(p[0]);
	f.child = (long)pid;
	snprintf(rel, sizeof(rel), "proc/%ld/stat", f.child);
	put(rel, "1 (fake) Z 1 1 1 0 -1 0 0 0 0 0 9 9 9 9 20 0 1 0 7 1000 10\n");
	/* the child may not have slept yet: S once it waits in pause() */
	for (i = 0; i < 500 && (kf_pid_stat(f.child, &ps) < 0 || ps.state != 'S'); i++)
		usleep(2000);
	CHECK(kf_pid_stat(f.child, &ps) == 0 && ps.ppid == f.self && ps.state == 'S' && ps.utime != 9);
	CHECK(kf_pid_read(f.child, "comm", buf, sizeof(buf)) == 8 && !strcmp(buf, "a) (b c\n"));
	CHECK(kf_pids(find, &f) == 0 && f.self_ok && f.child_ok && f.n > 2);
	f.n = 0;
	f.stop = 1;
	CHECK(kf_pids(find, &f) == 0 && f.n == 1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CHECK(kf_pid_stat(f.child, &ps) < 0 && kf_pid_read(f.child, "comm", buf, sizeof(buf)) < 0);
}

int
main(void)
{
	char dir[] = "kfile-unit.XXXXXX";

	/* the fake root goes in a directory of its own, removed at the end */
	if (mkdtemp(dir) == NULL || chdir(dir) < 0 || getcwd(top, sizeof(top)) == NULL)
		return 2;
	setenv("CONTEST_ROOT", top, 1);
	paths();
	files();
	lines();
	meminfo();
	mounts();
	cpulists();
	stat_lines();
	processes();
	if (chdir("..") < 0 || rmtree(dir) < 0)
		failures++;
	if (failures)
		return 1;
	printf("ok\n");
	return 0;
}
