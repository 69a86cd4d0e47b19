/*
 * solo.c: run one load alone, without a compile, the way contest runs it
 * (check, fork into its own process group, setup, run, SIGTERM, cleanup)
 * and print the work it did.  For tests (-p: stop after whole passes,
 * -k: keep the run directory to inspect) and for make bench (-t: a fixed
 * time, work per second).  Not installed.
 *
 * usage: solo [-d BASE] [-s TREE] [-w WALK] [-z SIZE] (-t SECONDS | -p PASSES) [-k] LOAD
 * prints: load=NAME work=RAW units=U unit=UNIT seconds=S rate=RAW/s dir=RUNDIR note="..."
 */
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
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

static unsigned long long
size_arg(const char *s)
{
	unsigned long long v, mul = 1;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	switch (*end) {
	case 'k': case 'K': mul = 1ULL << 10; end++; break;
	case 'm': case 'M': mul = 1ULL << 20; end++; break;
	case 'g': case 'G': mul = 1ULL << 30; end++; break;
	}
	if (errno || end == s || *end || v == 0)
		errx(2, "bad size '%s'", s);
	return v * mul;
}

static void
usage(void)
{
	fprintf(stderr, "usage: solo [-d BASE] [-s TREE] [-w WALK] [-z SIZE] (-t SECONDS | -p PASSES) [-k] LOAD\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	const char *base = ".", *tree = NULL, *walk = "/";
	unsigned long long size = 0, w0, w1;
	unsigned long passes = 0;
	double secs = 0, t0, t1;
	int c, keep = 0, ready[2], go[2], status;
	char dir[4096], ch;
	const struct load *l;
	struct load_ctx *ctx;
	pid_t pid;

	while ((c = getopt(argc, argv, "d:s:w:z:t:p:k")) != -1) {
		switch (c) {
		case 'd': base = optarg; break;
		case 's': tree = optarg; break;
		case 'w': walk = optarg; break;
		case 'z': size = size_arg(optarg); break;
		case 't': secs = strtod(optarg, NULL); break;
		case 'p': passes = strtoul(optarg, NULL, 10); break;
		case 'k': keep = 1; break;
		default: usage();
		}
	}
	if (optind + 1 != argc || (secs <= 0) == (passes == 0))
		usage();
	if ((l = load_find(argv[optind])) == NULL || l->run == NULL)
		errx(2, "no load '%s' that runs", argv[optind]);

	ctx = mmap(NULL, sizeof(*ctx), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ctx == MAP_FAILED)
		err(1, "mmap");
	snprintf(dir, sizeof(dir), "%s/solo-run.%ld", base, (long)getpid());
	ctx->dir = dir;
	ctx->base = base;
	ctx->tree = tree;
	ctx->walk = walk;
	ctx->size = size;
	ctx->ram = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)sysconf(_SC_PAGESIZE);
	ctx->ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (l->check && l->check(ctx) < 0)
		errx(1, "%s: %s", l->name, ctx->reason);
	if (mkdir(dir, 0755) < 0)
		err(1, "cannot create '%s'", dir);
	if (pipe(ready) < 0 || pipe(go) < 0)
		err(1, "pipe");
	if ((pid = fork()) < 0)
		err(1, "fork");
	if (pid == 0) {
		struct sigaction sa;
		int rc;

		setpgid(0, 0);
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = load_stop_handler;
		sigaction(SIGTERM, &sa, NULL);
		load_set_pass_limit(passes);
		close(ready[0]);
		close(go[1]);
		rc = l->setup ? l->setup(ctx) : 0;
		if (write(ready[1], rc < 0 ? "f" : "r", 1) != 1 || rc < 0)
			_exit(1);
		if (read(go[0], &ch, 1) == 1)
			rc = l->run(ctx);
		if (l->cleanup && !keep)
			l->cleanup(ctx);
		_exit(rc < 0 ? 1 : 0);
	}
	setpgid(pid, pid);
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &ch, 1) != 1 || ch != 'r') {
		waitpid(pid, NULL, 0);
		rmtree(dir);
		errx(1, "%s: setup failed: %s", l->name, ctx->reason);
	}
	w0 = atomic_load(&ctx->work);
	t0 = now();
	if (write(go[1], "g", 1) != 1)
		err(1, "write");
	if (secs > 0) {
		struct timespec ts = { (time_t)secs, (long)((secs - (time_t)secs) * 1e9) };
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
		w1 = atomic_load(&ctx->work);
		t1 = now();
		kill(-pid, SIGTERM);
		waitpid(pid, &status, 0);
	} else {
		waitpid(pid, &status, 0);
		w1 = atomic_load(&ctx->work);
		t1 = now();
	}
	kill(-pid, SIGKILL);
	printf("load=%s work=%llu units=%.3f unit=%s seconds=%.3f rate=%.1f dir=%s note=\"%s\"\n",
	    l->name, w1 - w0, (double)(w1 - w0) / l->scale, l->unit, t1 - t0,
	    (double)(w1 - w0) / (t1 - t0), dir, ctx->note);
	if (!keep)
		rmtree(dir);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		warnx("%s: load failed: %s", l->name, ctx->reason[0] ? ctx->reason : "no reason");
		return 1;
	}
	return 0;
}
