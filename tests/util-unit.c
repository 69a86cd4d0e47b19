/*
 * util-unit.c: the shared helpers of util.h, each against what it must
 * do on the real thing (a pipe, this process's descriptors and its
 * /proc/self/stat) and against made-up lines for the parsers.  Built and
 * run by t0090-util-unit.sh; prints "not ok" lines and exits 1 on a
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

/* The fields after the last ')', whatever the command holds. */
static void
stats(void)
{
	const char *tail = " 17 4242 4243 0 -1 4194560 100 0 0 0 11 22 33 44 20 0 1 0 5555 1000 10";
	struct proc_stat ps;
	char line[512];

	snprintf(line, sizeof(line), "4243 (a) b (c) S) T%s", tail);
	CHECK(proc_stat_parse(line, &ps) == 0);
	CHECK(ps.state == 'T' && ps.ppid == 17 && ps.pgrp == 4242);
	CHECK(ps.utime == 11 && ps.stime == 22 && ps.cutime == 33 && ps.cstime == 44);
	CHECK(ps.start == 5555);
	snprintf(line, sizeof(line), "4243 (sh) R%s", tail);
	CHECK(proc_stat_parse(line, &ps) == 0 && ps.state == 'R');
	/* malformed: no ')', nothing after it, fields cut short */
	CHECK(proc_stat_parse("4243 sh R 17 4242", &ps) < 0);
	CHECK(proc_stat_parse("4243 (sh)", &ps) < 0);
	CHECK(proc_stat_parse("4243 (sh) S 17 4242 4243 0 -1 4194560 100 0 0 0 11 22", &ps) < 0);
	/* this process, against what the system calls say */
	CHECK(proc_stat_read("/proc/self/stat", &ps) == 0);
	CHECK(ps.state == 'R' && ps.ppid == (long)getppid() && ps.pgrp == (long)getpgrp());
	CHECK(proc_stat_read("/proc/self/no-such-file", &ps) < 0);
}

/* mountinfo's escapes: one byte as three octal digits, 0377 at most. */
static void
escapes(void)
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
	char buf[64];
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		snprintf(buf, sizeof(buf), "%s", t[i].in);
		mnt_unescape(buf);
		if (strcmp(buf, t[i].out))
			printf("not ok: mnt_unescape('%s') gave '%s'\n", t[i].in, buf), failures++;
	}
}

int
main(void)
{
	writes();
	closing();
	stats();
	escapes();
	if (failures)
		return 1;
	printf("ok\n");
	return 0;
}
