/*
 * loadrun: run one load alone, outside contest, for the benchmark
 * (tests/bench-loads-a.sh).  Not installed; not part of contest's
 * interface.  It drives the load as contest does: check, then a forked
 * process in its own group runs setup, waits for "go", runs; the window
 * is SECONDS long from "go"; SIGTERM, a grace, SIGKILL, reap, remove the
 * directory.  Prints one line:
 *
 *   load=NAME seconds=S work=RAW rate=RAW_PER_S unit_rate=UNITS_PER_S note...
 *
 * usage: loadrun LOAD SECONDS DIR [SIZE_BYTES]
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../load.h"
#include "../util.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
nap(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int
main(int argc, char **argv)
{
	const struct load *l;
	struct load_ctx *ctx;
	char dir[4096], c;
	int ready[2], go[2];
	unsigned long long w0, w1;
	double secs, t0, t1;
	pid_t pid;

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: loadrun LOAD SECONDS DIR [SIZE_BYTES]\n");
		return 2;
	}
	if ((l = load_find(argv[1])) == NULL || l->run == NULL) {
		fprintf(stderr, "loadrun: no runnable load '%s'\n", argv[1]);
		return 2;
	}
	secs = atof(argv[2]);
	ctx = mmap(NULL, sizeof(*ctx), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ctx == MAP_FAILED)
		return 1;
	snprintf(dir, sizeof(dir), "%s/loadrun.%ld", argv[3], (long)getpid());
	ctx->base = argv[3];
	ctx->size = argc == 5 ? strtoull(argv[4], NULL, 10) : 0;
	ctx->ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	ctx->ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	ctx->walk = "/";
	if (l->check && l->check(ctx) < 0) {
		fprintf(stderr, "loadrun: %s: %s\n", l->name, ctx->reason);
		return 1;
	}
	ctx->note[0] = '\0';
	if (mkdirs(dir, 0755) < 0) {
		perror(dir);
		return 1;
	}
	ctx->dir = dir;
	if (pipe(ready) < 0 || pipe(go) < 0 || (pid = fork()) < 0)
		return 1;
	if (pid == 0) {
		struct sigaction sa;
		int rc;

		setpgid(0, 0);
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = load_stop_handler;
		sigaction(SIGTERM, &sa, NULL);
		close(ready[0]);
		close(go[1]);
		rc = l->setup ? l->setup(ctx) : 0;
		if (write(ready[1], rc < 0 ? "f" : "r", 1) != 1 || rc < 0) {
			if (l->cleanup)
				l->cleanup(ctx);
			_exit(1);
		}
		if (read(go[0], &c, 1) == 1 && !load_stopping())
			rc = l->run(ctx);
		if (l->cleanup)
			l->cleanup(ctx);
		_exit(rc < 0 ? 1 : 0);
	}
	setpgid(pid, pid);
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1 || c != 'r') {
		waitpid(pid, NULL, 0);
		rmtree(dir);
		fprintf(stderr, "loadrun: %s: setup failed: %s\n", l->name, ctx->reason);
		return 1;
	}
	if (write(go[1], "g", 1) != 1)
		return 1;
	w0 = atomic_load(&ctx->work);
	t0 = now();
	nap(secs);
	w1 = atomic_load(&ctx->work);
	t1 = now();
	kill(-pid, SIGTERM);
	{
		double end = now() + 5;
		while (now() < end && waitpid(pid, NULL, WNOHANG) == 0)
			nap(0.01);
	}
	kill(-pid, SIGKILL);
	while (waitpid(-pid, NULL, 0) > 0 || errno == EINTR)
		;
	rmtree(dir);
	printf("load=%s seconds=%.3f work=%llu rate=%.1f unit_rate=%.3f %s%s%s\n", l->name, t1 - t0,
	    w1 - w0, (double)(w1 - w0) / (t1 - t0), (double)(w1 - w0) / (t1 - t0) / l->scale,
	    ctx->note, ctx->reason[0] ? " reason=" : "", ctx->reason);
	return 0;
}
