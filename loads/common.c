/*
 * common.c: helpers the loads share, run in a load's own process:
 * counting work, the stop flag, failure reasons, free space, and an
 * incompressible fill.  Uses statvfs(3) and nothing that prints.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "../load.h"

static volatile sig_atomic_t stopping;

void
load_count(struct load_ctx *ctx, unsigned long long n)
{
	atomic_fetch_add_explicit(&ctx->work, n, memory_order_relaxed);
}

int
load_stopping(void)
{
	return stopping != 0;
}

void
load_stop_handler(int sig)
{
	(void)sig;
	stopping = 1;
}

int
load_fail(struct load_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return -1;
}

void
load_note(struct load_ctx *ctx, const char *fmt, ...)
{
	size_t n = strlen(ctx->note);
	va_list ap;

	if (n > 0 && n + 1 < sizeof(ctx->note))
		ctx->note[n++] = ' ';
	if (n + 1 >= sizeof(ctx->note))
		return;
	va_start(ap, fmt);
	vsnprintf(ctx->note + n, sizeof(ctx->note) - n, fmt, ap);
	va_end(ap);
}

unsigned long long
load_free_bytes(const char *path)
{
	struct statvfs sv;

	if (statvfs(path, &sv) < 0)
		return 0;
	return (unsigned long long)sv.f_bavail * sv.f_frsize;
}

/*
 * A load never plans to use more than half of the free space of the
 * filesystem it writes to: the box must not fill up, whatever else runs.
 */
unsigned long long
load_budget(const char *path)
{
	return load_free_bytes(path) / 2;
}

void
load_fill_random(void *buf, size_t len, unsigned long long seed)
{
	unsigned char *p = buf;
	unsigned long long x = seed ? seed : 0x9E3779B97F4A7C15ULL;
	size_t i;

	/* xorshift64*: fixed seed, same bytes everywhere, not compressible */
	for (i = 0; i < len; i += 8) {
		unsigned long long v;
		size_t k;
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		v = x * 0x2545F4914F6CDD1DULL;
		for (k = 0; k < 8 && i + k < len; k++)
			p[i + k] = (unsigned char)(v >> (8 * k));
	}
}

/*
 * Passes: a load calls load_pass() each time it finishes a whole pass
 * over its tree or file.  contest never sets a limit; a test helper
 * (tests/solo.c) sets one to stop a load after a known amount of work,
 * exactly as the stop signal would.
 */
static unsigned long pass_limit, passes;

void
load_set_pass_limit(unsigned long n)
{
	pass_limit = n;
}

unsigned long
load_pass(void)
{
	passes++;
	if (pass_limit && passes >= pass_limit)
		stopping = 1;
	return passes;
}
