/*
 * probe-solo.c: the interactivity probe alone, without a compile, the
 * way contest runs it: calibrate, fork the probe on a shared mapping, let
 * it settle, take a window of SECONDS between two snapshots, stop it
 * (SIGTERM, SIGKILL after a grace), print the window.  For the tests and
 * make bench (doc/probe.md).  Not installed.
 *
 * usage: probe-solo [-p RHYTHM] [-t SECONDS] [-s SETTLE] [-H FILE]
 * -H: write the window's histogram to FILE, one "VALUE COUNT" line per
 * non-empty bucket, VALUE the bucket's largest (its reported) value in
 * us, at most lat_max; for pooling windows in make bench.
 * prints one line:
 *   probe=RHYTHM period_ms=MS share=PCT iters=N cal_ns_per_iter=NS cal_secs=S
 *   cal_blocks=K window=S lat_n= lat_p50= lat_p99= lat_max= dl_met=
 *   probe_cpu=S cpu_pct=PCT over_pct=PCT stop_ms=MS
 * exit 0; 1 if the window is invalid (the probe died, stalled or could
 * not be read), with the reason on stderr; 2 on bad usage.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../probe.h"
#include "../util.h"

#define GRACE	5.0	/* seconds from SIGTERM to SIGKILL, as contest's STOP_GRACE */

static volatile sig_atomic_t caught;

static void
on_signal(int sig)
{
	caught = sig;
}


static double
seconds_arg(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0 && v <= 86400))
		errx(2, "bad number of seconds '%s'", s);
	return v;
}

/* sleep until end, a signal, or the probe's end (then 1, status in *st) */
static int
wait_until(double end, pid_t pid, int *st)
{
	while (!caught && mono_s() < end) {
		double left = end - mono_s();
		struct timespec ts;

		if (left > 0.05)
			left = 0.05;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
		if (probe_ended(pid, st))
			return 1;
	}
	return 0;
}

static void
describe(char *buf, size_t len, int st)
{
	if (WIFSIGNALED(st))
		snprintf(buf, len, "the probe was killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
	else
		snprintf(buf, len, "the probe exited with status %d", WEXITSTATUS(st));
}

static void
write_hist(const char *path, const struct probe_snap *a, const struct probe_snap *b, unsigned long long max)
{
	FILE *f = fopen(path, "w");
	unsigned i;

	if (f == NULL)
		err(1, "cannot create '%s'", path);
	for (i = 0; i < PROBE_NBUCKET; i++) {
		unsigned long long hi = probe_bucket_hi(i), n = b->hist[i] - a->hist[i];
		if (n > 0)
			fprintf(f, "%llu %llu\n", hi < max ? hi : max, n);
	}
	if (fclose(f) == EOF)
		err(1, "cannot write '%s'", path);
}

static void
usage(void)
{
	fprintf(stderr, "usage: probe-solo [-p RHYTHM] [-t SECONDS] [-s SETTLE] [-H FILE]\n");
	exit(2);
}

/*
 * The window: settle, snapshot a, secs, snapshot b, then the figures
 * into w; msg says why the window is invalid, "" if it is not.  1 if
 * the probe ended (reaped), else 0.
 */
static int
take_window(struct probe_shm *shm, pid_t pid, double settle, double secs, struct probe_snap *a,
    struct probe_snap *b, struct probe_stats *w, char *msg, size_t len)
{
	int st = 0, bad = 0;

	msg[0] = '\0';
	if (wait_until(mono_s() + settle, pid, &st) || caught)
		bad = 1;
	else if (probe_snap(shm, a) < 0)
		snprintf(msg, len, "the probe's state could not be read at window open");
	else if (wait_until(mono_s() + secs, pid, &st) || caught)
		bad = 1;
	else if (probe_snap(shm, b) < 0)
		snprintf(msg, len, "the probe's state could not be read at window close");
	else if (probe_ended(pid, &st))
		bad = 1;
	else
		probe_window(a, b, w, msg, len);	/* msg set if invalid */
	if (bad && !caught) {
		describe(msg, len, st);
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char *rhythm = "audio", *histfile = NULL;
	double secs = 10, settle = -1, t0;
	char msg[160];
	struct probe_cfg cfg;
	struct probe_shm *shm;
	struct probe_snap *a, *b;
	struct probe_stats w;
	struct sigaction sa;
	int c;
	pid_t pid;

	while ((c = getopt(argc, argv, "p:t:s:H:")) != -1) {
		switch (c) {
		case 'H': histfile = optarg; break;
		case 'p': rhythm = optarg; break;
		case 't': secs = seconds_arg(optarg); break;
		case 's': settle = seconds_arg(optarg); break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();
	if (probe_parse(rhythm, &cfg, msg, sizeof(msg)) < 0)
		errx(2, "%s", msg);
	if (cfg.off)
		errx(2, "nothing to run with --probe off");
	if (probe_calibrate(&cfg) < 0)
		err(1, "cannot calibrate the probe (%d blocks in %.2f s)", cfg.cal_blocks, cfg.cal_secs);
	/* two periods to reach its steady state, at least 0.2 s */
	if (settle < 0)
		settle = fmax(0.2, 2.0 * (double)cfg.period_ns / 1e9);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	if ((shm = probe_map()) == NULL)
		err(1, "cannot map the probe's counters");
	/* two snapshots of 5 KiB each: not on the stack */
	if ((a = malloc(sizeof(*a))) == NULL || (b = malloc(sizeof(*b))) == NULL)
		err(1, "malloc");
	fflush(stdout);
	if ((pid = probe_start(shm, &cfg, NULL, NULL)) < 0)
		err(1, "cannot fork the probe");

	if (take_window(shm, pid, settle, secs, a, b, &w, msg, sizeof(msg)))
		pid = 0;	/* it ended, reaped */
	t0 = mono_s();
	if (pid > 0)
		probe_stop(pid, GRACE);
	t0 = mono_s() - t0;
	if (caught) {
		signal(caught, SIG_DFL);
		raise(caught);
		_exit(128 + caught);
	}
	if (msg[0]) {
		fprintf(stderr, "probe-solo: invalid: %s\n", msg);
		return 1;
	}
	if (histfile)
		write_hist(histfile, a, b, w.max);
	printf("probe=%s period_ms=%g share=%g iters=%llu cal_ns_per_iter=%.4f cal_secs=%.3f cal_blocks=%d "
	    "window=%.3f lat_n=%llu lat_p50=%llu lat_p99=%llu lat_max=%llu dl_met=%.2f "
	    "probe_cpu=%.3f cpu_pct=%.3f over_pct=%.3f stop_ms=%.1f\n",
	    cfg.name, (double)cfg.period_ns / 1e6, cfg.share, cfg.iters, cfg.ns_per_iter, cfg.cal_secs, cfg.cal_blocks,
	    w.secs, w.n, w.p50, w.p99, w.max, w.dl_met,
	    w.cpu, 100.0 * w.cpu / w.secs, 100.0 * w.cpu / w.secs - cfg.share, t0 * 1e3);
	return 0;
}
