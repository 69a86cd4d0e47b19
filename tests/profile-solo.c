/*
 * profile-solo.c: the kernel profile (profile.c) over one command, for
 * tests and make bench (doc/profile.md).  Starts the load command, if
 * any, in its own process group and lets it lead, opens the window
 * (prof_start, the load's processes seeded), forks the command as the
 * compile, reads the rings every drain until it ends, closes the window,
 * stops the load.  Prints the window (CLOCK_MONOTONIC, as perf record -k
 * CLOCK_MONOTONIC stamps its samples), /proc/stat's split over it, the
 * totals and the top symbols:
 *
 *   profile-solo.bin [-m kernel|all] [-f HZ] [-r RING_KIB] [-d DRAIN_S]
 *       [-n TOP] [-l 'LOAD COMMAND'] [-L LEAD_S] -- COMMAND [ARG...]
 *
 * With -m off the command runs the same way without the profile (the
 * bench's other half).  Exit 0; 3 when the profile is off here (the
 * reason on stderr); 2 on bad usage; 1 when the command failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../config.h"
#include "../profile.h"
#include "../util.h"

static struct prof prof;
static struct prof_entry top[100000];


static void
nap(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	nanosleep(&ts, NULL);
}

/* /proc/stat's cpu line: user nice system idle iowait irq softirq steal */
static void
cpu_line(unsigned long long v[8])
{
	char buf[512];
	FILE *f = fopen("/proc/stat", "r");

	memset(v, 0, 8 * sizeof(v[0]));
	if (f == NULL)
		return;
	if (fgets(buf, sizeof(buf), f))
		sscanf(buf, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
		    &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
}

static pid_t
spawn(char **argv, int group)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);
		setpgid(0, group);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pid > 0)
		setpgid(pid, group ? group : pid);
	return pid;
}

static void
report(const struct prof *p, const unsigned long long a[8], const unsigned long long b[8], int ntop)
{
	static const char *const cpu[] = { "user", "nice", "system", "idle", "iowait", "irq",
	    "softirq", "steal" };
	int i, n;

	printf("window t0=%.6f t1=%.6f window=%.6f hz=%u ncpu=%d ring_kib=%zu\n", p->t.t0, p->t.t1,
	    p->t.t1 - p->t.t0, p->hz, p->ncpu, p->ring_bytes / 1024);
	printf("total kernel=%llu user=%llu idle=%llu lost=%llu throttled=%llu unknown=%llu records=%llu "
	    "drains=%u cpu=%.6f\n", p->t.kernel, p->t.user, p->t.idle, p->t.lost, p->t.throttled,
	    p->t.unknown, p->t.records, p->t.drains, p->t.cpu);
	printf("part");
	for (i = 0; i < PART_N; i++)
		printf(" %s=%llu", part_names[i].key, p->t.part[i]);
	printf("\nstat");
	for (i = 0; i < 8; i++)
		printf(" %s=%llu", cpu[i], b[i] - a[i]);
	printf(" clk_tck=%ld\n", sysconf(_SC_CLK_TCK));
	n = prof_top(p, top, ntop, 100);
	for (i = 0; i < n; i++)
		printf("sym %llu %s\n", top[i].n, top[i].name);
	n = prof_comms(p, top, ntop);
	for (i = 0; i < n; i++)
		printf("comm %llu %s\n", top[i].n, top[i].name);
}

static void
usage(void)
{
	fprintf(stderr, "usage: profile-solo.bin [-m kernel|all] [-f HZ] [-r RING_KIB] [-d DRAIN_S] "
	    "[-n TOP] [-l 'LOAD'] [-L LEAD_S] -- COMMAND [ARG...]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	unsigned long long a[8], b[8];
	char *lcmd = NULL, *largv[] = { "sh", "-c", NULL, NULL };
	double drain = PROF_DRAIN_S, lead = 1, t0, t1, next;
	int c, mode = PROF_KERNEL, ntop = 100000, st = 0;
	unsigned hz = PROF_HZ, ring = 0;
	pid_t job, load = 0, pids[1];

	while ((c = getopt(argc, argv, "m:f:r:d:n:l:L:")) != -1) {
		switch (c) {
		case 'm': if ((mode = prof_mode_parse(optarg)) < 0) usage(); break;
		case 'f': hz = (unsigned)atoi(optarg); break;
		case 'r': ring = (unsigned)atoi(optarg); break;
		case 'd': drain = atof(optarg); break;
		case 'n': ntop = atoi(optarg); break;
		case 'l': lcmd = optarg; break;
		case 'L': lead = atof(optarg); break;
		default: usage();
		}
	}
	if (optind >= argc || hz == 0 || ntop <= 0 || ntop > 100000 || !(drain > 0))
		usage();
	/* -m off: the same window without the profile, for the bench's A/B */
	if (mode != PROF_OFF && prof_open(&prof, mode, hz, ring) < 0) {
		fprintf(stderr, "profile-solo: profile off: %s\n", prof.why);
		return 3;
	}
	if (lcmd) {
		largv[2] = lcmd;
		load = spawn(largv, 0);
		nap(lead);
	}
	cpu_line(a);
	t0 = mono_s();
	prof_start(&prof);
	pids[0] = load;
	prof_seed(&prof, PART_LOAD, pids, load > 0);
	if ((job = spawn(argv + optind, 0)) < 0)
		return 1;
	prof_child(&prof, job, PART_JOB);
	/* the command's end seen within 10 ms; the rings read every drain */
	for (next = t0 + drain; waitpid(job, &st, WNOHANG) != job;) {
		nap(0.01);
		if (mono_s() >= next) {
			prof_drain(&prof);
			next += drain;
		}
	}
	prof_stop(&prof);
	t1 = mono_s();
	cpu_line(b);
	if (load > 0) {
		kill(-load, SIGKILL);
		waitpid(load, NULL, 0);
	}
	if (mode == PROF_OFF)
		printf("window t0=%.6f t1=%.6f window=%.6f profile=off\n", t0, t1, t1 - t0);
	else
		report(&prof, a, b, ntop);
	prof_close(&prof);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
