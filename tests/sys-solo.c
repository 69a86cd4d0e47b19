/*
 * sys-solo.c: sys.c on its own, to check it against vmstat(8), iostat
 * and plain readings of /proc, and to time it.  Built by make
 * tests/sys-solo.bin; doc/sys-keys.md holds what it gave.
 *
 *   sys-solo [-d DIR]... [-t SECONDS] [-L LOADCMD] [-s] [-- CMD [ARG...]]
 *   sys-solo -b N [-d DIR]...
 *   sys-solo -R FILE [-n N] [-t SECONDS]
 *
 * Takes a sample, waits SECONDS (default 1) or runs CMD (the stand-in of
 * the compile: its wait4 rusage is the compile's CPU), takes a second
 * sample, and prints every key sys_record sets, one per line, then the
 * split.  -L runs sh -c LOADCMD in its own process group over the window
 * and counts its CPU (wait4 after SIGTERM) as the load's.  -s prints the
 * snapshot first.  -b times N sys_take calls and one sys_snap, in
 * microseconds.  -R names a file holding a count of CPU nanoseconds
 * (the root cgroup's cpuacct.usage: the scheduler's exact runtime of
 * every task), read right after each sample, to compare /proc/stat's
 * tick-sampled busy time with; -n repeats the window N times, one line
 * each.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../kfile.h"
#include "../sys.h"
#include "../util.h"

static struct sys s;


static double
cpu_of(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
	    (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

/* the decimal number in path, or -1 */
static double
readref(const char *path)
{
	char buf[64];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY)) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return strtod(buf, NULL);
}

/* busy share of /proc/stat against the reference over each of n windows */
static void
against(const char *ref, long n, double secs, long ncpu)
{
	struct sys_sample a, b;
	struct sys_delta d;
	double r0, r1, mach, busy, exact;
	long i;

	for (i = 0; i < n; i++) {
		struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };
		sys_take(&s, &a);
		r0 = readref(ref);
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
		sys_take(&s, &b);
		r1 = readref(ref);
		if (r0 < 0 || r1 < 0)
			errx(1, "cannot read a number from '%s'", ref);
		sys_delta(&s, &a, &b, b.t - a.t, &d);
		sys_split(&d, 0, 0, ncpu);
		mach = d.window * (double)ncpu;
		busy = d.busy;
		exact = (r1 - r0) / 1e9 / mach * 100;
		printf("window=%.3f busy=%.2f exact=%.2f diff=%.2f slack=%.2f\n", d.window, busy, exact,
		    busy - exact, d.slack);
	}
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The keys sys.c set in r (its numbers, the disks' names), one a line. */
static void
print(const struct rec *r)
{
	const char *str[][2] = { { "disk_dev", r->disk_dev }, { "disk_why", r->disk_why },
	    { "odisk_dev", r->odisk_dev }, { "odisk_why", r->odisk_why } };
	size_t i;
	int k;

	for (k = 0; k < K_NNUM; k++)
		if (r->has[k])
			printf("%s=%.*f\n", log_numname(k), log_numdec(k), r->num[k]);
	for (i = 0; i < sizeof(str) / sizeof(str[0]); i++)
		if (str[i][1][0])
			printf("%s=%s\n", str[i][0], str[i][1]);
}

/* The snapshot's keys, as the log writes them. */
static void
print_snap(const struct sys_snap *sn)
{
	static struct rec r;
	char line[LOG_LINE_MAX + 2];

	rec_init(&r);
	r.snapshot = 1;
	sys_snap_record(sn, &r);
	if (log_format(&r, line, sizeof(line)) > 0)
		printf("%s", line);
}

static void
bench(long n)
{
	struct sys_sample a;
	struct sys_snap sn;
	double *t, t0;
	long i;

	if ((t = calloc((size_t)n, sizeof(*t))) == NULL)
		err(1, "calloc");
	for (i = 0; i < n; i++) {
		t0 = mono_s();
		sys_take(&s, &a);
		t[i] = (mono_s() - t0) * 1e6;
	}
	qsort(t, (size_t)n, sizeof(*t), cmpd);
	printf("take_us_median=%.1f take_us_min=%.1f take_us_p90=%.1f take_us_max=%.1f n=%ld\n",
	    t[n / 2], t[0], t[n * 9 / 10], t[n - 1], n);
	t0 = mono_s();
	sys_snap(&s, &sn, NULL, NULL);
	printf("snap_us=%.0f\n", (mono_s() - t0) * 1e6);
	free(t);
}

static pid_t
spawn(char **argv, int group)
{
	pid_t pid;

	if ((pid = fork()) < 0)
		err(1, "fork");
	if (pid == 0) {
		if (group)
			setpgid(0, 0);
		execvp(argv[0], argv);
		err(127, "cannot run '%s'", argv[0]);
	}
	if (group)
		setpgid(pid, pid);
	return pid;
}

/* One window of secs seconds, or of the command argv, with the load
 * command lcmd beside it if any: every key, then the split. */
static int
window(char **argv, char **lcmd, double secs, long ncpu)
{
	struct sys_sample a, b;
	struct sys_delta d;
	static struct rec kv;
	struct rusage ru;
	double t0, t1, ccpu = 0, lcpu = 0;
	long minflt = 0, majflt = 0;
	pid_t cpid = 0, lpid = 0;
	int st;

	if (lcmd[2])
		lpid = spawn(lcmd, 1);
	sys_take(&s, &a);
	t0 = mono_s();
	if (*argv) {
		cpid = spawn(argv, 0);
		while (wait4(cpid, &st, 0, &ru) < 0)
			if (errno != EINTR)
				err(1, "wait4");
		ccpu = cpu_of(&ru);
		minflt = ru.ru_minflt;
		majflt = ru.ru_majflt;
	} else {
		struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
	}
	t1 = mono_s();
	sys_take(&s, &b);
	if (lpid) {
		kill(-lpid, SIGTERM);
		while (wait4(lpid, &st, 0, &ru) < 0)
			if (errno != EINTR)
				err(1, "wait4");
		lcpu = cpu_of(&ru);
	}
	sys_delta(&s, &a, &b, t1 - t0, &d);
	sys_split(&d, ccpu, lcpu, ncpu);
	rec_init(&kv);
	sys_record(&d, &kv);
	print(&kv);
	printf("window=%.3f ncpu=%ld cpu_s=%.2f compile_s=%.3f load_s=%.3f compile_minflt=%ld compile_majflt=%ld\n",
	    d.window, ncpu, d.cpu_s, ccpu, lcpu, minflt, majflt);
	if (d.split)
		printf("split: busy=%.2f compile=%.2f load=%.2f rest=%.2f slack=%.2f adds_up=%d\n",
		    d.busy, d.compile, d.load, d.rest, d.slack, d.adds_up);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *dirs[SYS_DISKS] = { ".", NULL };
	char *lcmd[] = { "sh", "-c", NULL, NULL };
	struct sys_snap sn;
	double secs = 1, t0;
	long nbench = 0, nref = 1, ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *ref = NULL;
	int c, ndir = 0, snap = 0;

	while ((c = getopt(argc, argv, "b:d:L:n:R:st:")) != -1)
		switch (c) {
		case 'b':
			nbench = atol(optarg);
			break;
		case 'd':
			if (ndir == SYS_DISKS)
				errx(2, "at most %d -d", SYS_DISKS);
			dirs[ndir++] = optarg;
			break;
		case 'L':
			lcmd[2] = optarg;
			break;
		case 'n':
			nref = atol(optarg);
			break;
		case 'R':
			ref = optarg;
			break;
		case 's':
			snap = 1;
			break;
		case 't':
			secs = atof(optarg);
			break;
		default:
			fprintf(stderr, "usage: sys-solo [-d DIR]... [-t SECONDS] [-L LOADCMD] [-s] [-- CMD...]\n"
			    "       sys-solo -b N [-d DIR]...\n"
			    "       sys-solo -R FILE [-n N] [-t SECONDS]\n");
			return 2;
		}
	argv += optind;
	t0 = mono_s();
	if (sys_open(&s, dirs, ndir ? ndir : 1) < 0) {
		char stat[PATH_MAX];

		kf_path(stat, sizeof(stat), KF_PROC, "stat");
		errx(1, "cannot read the cpu line of '%s'", stat);
	}
	if (nbench > 0)
		printf("open_us=%.0f\n", (mono_s() - t0) * 1e6);
	printf("psi_state=%s%s%s\n", sys_psi_state(&s), s.psi_why[0] ? " " : "", s.psi_why);
	if (nbench > 0) {
		bench(nbench);
		return 0;
	}
	if (ref) {
		against(ref, nref, secs, ncpu);
		return 0;
	}
	if (snap) {
		sys_snap(&s, &sn, NULL, NULL);
		print_snap(&sn);
	}
	return window(argv, lcmd, secs, ncpu);
}
