/*
 * process_load: N = 4 x usable CPUs processes joined in a ring by N
 * pipes, each reading from the pipe before it and writing what it read
 * to the pipe after it, with M = max(1, N/4) tokens going round.  A
 * token is a chunk of 64 messages of 100 bytes (hackbench's size), the
 * "M << N chunks" of the original: with single messages the ring only
 * measures one wake-up per message and passes a quarter of what
 * hackbench does.  Each member passes one message per read(2) and one
 * per write(2), as hackbench does.  Setup forks the ring, whose members
 * wait on empty pipes; run puts the tokens in and sleeps until contest
 * says stop; cleanup kills and reaps the ring.
 *
 * System calls: pipe(2), fork(2), read(2), write(2), sigsuspend(2),
 * kill(2), waitpid(2).  Every member counts the messages it passes on,
 * in the shared counter: the unit is thousands of messages.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "load.h"

#define PROC_MSG	100	/* bytes of a message, hackbench's default */
#define PROC_CHUNK	64	/* messages in a token */

struct ring {
	int n, m;		/* members, tokens */
	pid_t *pid;		/* n members, 0 once reaped */
	int (*fd)[2];		/* pipe i goes from member i to member i + 1 */
};

/*
 * A ring member: read one message, write it on, as hackbench does (one
 * read(2) and one write(2) per message), and count it.
 */
static void
member(struct load_ctx *ctx, int in, int out)
{
	char msg[PROC_MSG];

	while (!load_stopping()) {
		ssize_t got = 0, w = 0, k;
		while (got < PROC_MSG) {
			k = read(in, msg + got, (size_t)(PROC_MSG - got));
			if (k < 0 && errno == EINTR && !load_stopping())
				continue;
			if (k <= 0)
				_exit(0);
			got += k;
		}
		while (w < PROC_MSG) {
			k = write(out, msg + w, (size_t)(PROC_MSG - w));
			if (k < 0 && errno == EINTR && !load_stopping())
				continue;
			if (k < 0)
				_exit(0);
			w += k;
		}
		load_count(ctx, 1);
	}
	_exit(0);
}

/* only there to wake sigsuspend() when a member dies */
static void
on_child(int sig)
{
	(void)sig;
}

static void
reap(struct ring *rg)
{
	int i;

	for (i = 0; i < rg->n; i++)
		if (rg->pid[i] > 0)
			kill(rg->pid[i], SIGKILL);
	for (i = 0; i < rg->n; i++)
		if (rg->pid[i] > 0) {
			while (waitpid(rg->pid[i], NULL, 0) < 0 && errno == EINTR)
				;
			rg->pid[i] = 0;
		}
}

static int
process_setup(struct load_ctx *ctx)
{
	struct sz_out sz;
	struct ring *rg;
	int i, k;

	if ((rg = calloc(1, sizeof(*rg))) == NULL)
		return load_fail(ctx, "out of memory");
	ctx->priv = rg;
	/* PROC_PER_CPU a usable CPU: the sizing policy's SZ_PROCS */
	if (load_sized(ctx, &sz, NULL) < 0)
		return -1;
	rg->n = (int)sz.size;
	rg->m = rg->n / 4 > 1 ? rg->n / 4 : 1;
	if ((rg->pid = calloc((size_t)rg->n, sizeof(*rg->pid))) == NULL ||
	    (rg->fd = calloc((size_t)rg->n, sizeof(*rg->fd))) == NULL)
		return load_fail(ctx, "out of memory");
	for (i = 0; i < rg->n; i++)
		rg->fd[i][0] = rg->fd[i][1] = -1;
	for (i = 0; i < rg->n; i++)
		if (pipe(rg->fd[i]) < 0)
			return load_fail(ctx, "cannot make pipe %d of %d: %s", i + 1, rg->n, strerror(errno));
	load_note(ctx, "procs", "%d", rg->n);
	load_note(ctx, "tokens", "%d", rg->m);
	load_note(ctx, "chunk", "%d", PROC_CHUNK);
	for (i = 0; i < rg->n; i++) {
		int in = rg->fd[(i + rg->n - 1) % rg->n][0], out = rg->fd[i][1];
		if ((rg->pid[i] = fork()) < 0) {
			rg->pid[i] = 0;
			return load_fail(ctx, "cannot fork ring member %d of %d: %s", i + 1, rg->n, strerror(errno));
		}
		if (rg->pid[i] == 0) {
#ifdef __linux__
			prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
			for (k = 0; k < rg->n; k++) {
				if (rg->fd[k][0] != in)
					close(rg->fd[k][0]);
				if (rg->fd[k][1] != out)
					close(rg->fd[k][1]);
			}
			member(ctx, in, out);
		}
	}
	/* keep only the write ends, to put the tokens in */
	for (i = 0; i < rg->n; i++) {
		close(rg->fd[i][0]);
		rg->fd[i][0] = -1;
	}
	return 0;
}

static int
process_run(struct load_ctx *ctx)
{
	struct ring *rg = ctx->priv;
	char token[PROC_MSG];
	struct sigaction sa;
	sigset_t block, old;
	int t;

	memset(token, 'x', sizeof(token));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_child;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	/* the tokens start evenly spread round the ring */
	for (t = 0; t < rg->m * PROC_CHUNK; t++)
		if (write(rg->fd[t / PROC_CHUNK * rg->n / rg->m][1], token, sizeof(token)) != (ssize_t)sizeof(token)) {
			sigprocmask(SIG_SETMASK, &old, NULL);
			return load_fail(ctx, "cannot put token %d in the ring: %s", t / PROC_CHUNK + 1, strerror(errno));
		}
	while (!load_stopping()) {
		int st;
		pid_t p = waitpid(-1, &st, WNOHANG);
		if (p > 0 && !load_stopping()) {
			int i;
			for (i = 0; i < rg->n; i++)
				if (rg->pid[i] == p)
					rg->pid[i] = 0;
			sigprocmask(SIG_SETMASK, &old, NULL);
			return load_fail(ctx, "a ring member died (%s %d)",
			    WIFSIGNALED(st) ? "signal" : "status",
			    WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
		}
		sigsuspend(&old);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return 0;
}

static void
process_cleanup(struct load_ctx *ctx)
{
	struct ring *rg = ctx->priv;
	int i;

	if (rg == NULL)
		return;
	if (rg->pid)
		reap(rg);
	if (rg->fd)
		for (i = 0; i < rg->n; i++) {
			if (rg->fd[i][0] >= 0)
				close(rg->fd[i][0]);
			if (rg->fd[i][1] >= 0)
				close(rg->fd[i][1]);
		}
	free(rg->pid);
	free(rg->fd);
	free(rg);
	ctx->priv = NULL;
}

const struct load process_load = {
	.name = "process_load",
	.alias = NULL,
	.unit = "kmsg",
	.scale = 1000,
	.desc = "4 x CPUs processes passing tokens round a ring of pipes",
	.flags = 0,
	.sizing = SZ_PROCS,
	.check = NULL,
	.setup = process_setup,
	.run = process_run,
	.cleanup = process_cleanup,
};
