/*
 * util-unit.c: the shared helpers of util.h, each against what it must
 * do on the real thing (a pipe, this process's descriptors, the clock)
 * and against known values (the generator's, FNV-1a's published ones,
 * the table's entries).  The kernel's files have kfile-unit.c.  Built
 * and run by t0090-util-unit.sh; prints "not ok" lines and exits 1 on a
 * failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util.h"

static int failures;

#define CHECK(c) do { if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static volatile sig_atomic_t ticks;

static void
on_alarm(int sig)
{
	(void)sig;
	ticks++;
}

/*
 * 8 MiB into a pipe whose reader takes it 4 KiB at a time, while a
 * timer without SA_RESTART interrupts the writer every millisecond:
 * write(2) returns short and fails with EINTR, and every byte must still
 * arrive once, in order.  Then a pipe with no reader: -1 and EPIPE.
 */
static void
writes(void)
{
	static unsigned char buf[8 << 20];
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
	struct sigaction sa;
	int p[2], st;
	size_t i;
	pid_t pid;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 7 + i / 4099);
	CHECK(pipe(p) == 0);
	if ((pid = fork()) == 0) {
		static unsigned char got[4096];
		size_t at = 0;
		ssize_t n;

		close(p[1]);
		while ((n = read(p[0], got, sizeof(got))) > 0) {
			if (at + (size_t)n > sizeof(buf) || memcmp(got, buf + at, (size_t)n))
				_exit(1);
			at += (size_t)n;
			usleep(20);
		}
		_exit(n == 0 && at == sizeof(buf) ? 0 : 2);
	}
	close(p[0]);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: write returns early */
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	CHECK(write_all(p[1], buf, sizeof(buf)) == 0);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	close(p[1]);
	CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK(ticks > 0);

	signal(SIGPIPE, SIG_IGN);
	CHECK(pipe(p) == 0);
	close(p[0]);
	errno = 0;
	CHECK(write_all(p[1], buf, 10) == -1 && errno == EPIPE);
	close(p[1]);
	CHECK(write_all(p[1], buf, 10) == -1 && errno == EBADF);
}

/* close_fds(5) in a child: 3 and 4 stay open, 5, 100 and 1000 are closed. */
static void
closing(void)
{
	int st;
	pid_t pid;

	if ((pid = fork()) == 0) {
		int fd = open("/dev/null", O_RDONLY);

		if (fd < 0 || dup2(fd, 3) < 0 || dup2(fd, 4) < 0 || dup2(fd, 5) < 0 ||
		    dup2(fd, 100) < 0 || dup2(fd, 1000) < 0)
			_exit(3);
		close_fds(5);
		_exit(fcntl(3, F_GETFD) >= 0 && fcntl(4, F_GETFD) >= 0 && fcntl(5, F_GETFD) < 0 &&
		    fcntl(100, F_GETFD) < 0 && fcntl(1000, F_GETFD) < 0 ? 0 : 1);
	}
	CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/* in_list: whole words only, any separator, the empty list */
static void
lists(void)
{
	CHECK(in_list("cpu,memory,io", ',', "memory", 6));
	CHECK(in_list("cpu,memory,io", ',', "io", 2) && in_list("cpu,memory,io", ',', "cpu", 3));
	CHECK(!in_list("cpu,memory,io", ',', "mem", 3) && !in_list("cpu,memory,io", ',', "cpu,m", 5));
	CHECK(in_list("dma dma32 normal", ' ', "dma32", 5) && !in_list("dma dma32 normal", ',', "dma32", 5));
	CHECK(!in_list("", ',', "", 0) && in_list("a,,b", ',', "", 0));
}

/*
 * The generator: xorshift64* (Vigna's shifts 12, 25, 27 and multiplier
 * 2685821657736338717), its first numbers from a seed worked out by
 * hand from the definition; rng_unit in [0, 1).
 */
static void
numbers(void)
{
	unsigned long long x = 1, y = 88172645463325252ULL, v;
	double u, lo = 1, hi = 0;
	int i;

	/* from 1: x ^= x >> 12 (1), x ^= x << 25 (0x2000001), x ^= x >> 27 (0x2000001) */
	CHECK(rng_next(&x) == 0x2000001ULL * 0x2545F4914F6CDD1DULL && x == 0x2000001ULL);
	v = rng_next(&y);
	CHECK(y != 88172645463325252ULL && v == y * 0x2545F4914F6CDD1DULL);
	for (i = 0; i < 100000; i++) {
		u = rng_unit(&y);
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	CHECK(lo >= 0 && lo < 0.001 && hi < 1 && hi > 0.999);
}

/* FNV-1a 64 against its published vectors; hash_strs tells tuples apart */
static void
hashes(void)
{
	const char *ab[2] = { "ab", "c" }, *a_bc[2] = { "a", "bc" };

	CHECK(fnv1a(FNV_INIT, "", 0) == 0xcbf29ce484222325ULL);
	CHECK(fnv1a(FNV_INIT, "a", 1) == 0xaf63dc4c8601ec8cULL);
	CHECK(fnv1a(FNV_INIT, "foobar", 6) == 0x85944171f73967e8ULL);
	CHECK(fnv1a(fnv1a(FNV_INIT, "foo", 3), "bar", 3) == 0x85944171f73967e8ULL);
	CHECK(hash_strs(ab, 2, 0) != hash_strs(a_bc, 2, 0));
	CHECK(hash_strs(ab, 2, 0) == hash_strs(ab, 2, 0) && hash_strs(ab, 2, 1) != hash_strs(ab, 2, 0));
}

/* The table: entries under one hash and under many, through its growth */
static void
table(void)
{
	struct htab t = { 0 };
	size_t i, v, pos, n, seen[3] = { 0 };
	int ok = 1;

	CHECK(htab_next(&t, 5, &(size_t){ HTAB_NONE }) == HTAB_NONE);
	for (i = 0; i < 5000; i++)
		ok &= htab_put(&t, (unsigned long long)i * 0x9e3779b97f4a7c15ULL, i) == 0;
	for (i = 0; i < 3; i++)
		ok &= htab_put(&t, 42, 10000 + i) == 0;
	CHECK(ok && t.n == 5003 && t.cap >= 2 * t.n);
	for (i = 0; i < 5000; i++) {
		pos = HTAB_NONE;
		n = 0;
		while ((v = htab_next(&t, (unsigned long long)i * 0x9e3779b97f4a7c15ULL, &pos)) != HTAB_NONE)
			n += v == i ? 1 : 100;
		ok &= n == 1;
	}
	CHECK(ok);
	pos = HTAB_NONE;
	while ((v = htab_next(&t, 42, &pos)) != HTAB_NONE)
		if (v >= 10000 && v < 10003)
			seen[v - 10000]++;
	CHECK(seen[0] == 1 && seen[1] == 1 && seen[2] == 1);
	htab_free(&t);
	CHECK(t.cap == 0 && t.slot == NULL);
}

/* the clock goes forward, in both units */
static void
clock_(void)
{
	long long a = mono_ns();
	double b = mono_s();

	CHECK(a > 0 && mono_ns() >= a && b >= (double)a / 1e9 - 1e-6 && mono_s() >= b);
}

int
main(void)
{
	writes();
	closing();
	lists();
	numbers();
	hashes();
	table();
	clock_();
	if (failures)
		return 1;
	printf("ok\n");
	return 0;
}
