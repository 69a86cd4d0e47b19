/*
 * lock.c: the machine-wide lock of measuring contests (LOCK_PATH, or
 * CONTEST_LOCK), held from the first run to the last: a file opened
 * read-only (outfile.c) and flock(2)ed; who holds it is read from
 * /proc/locks and /proc/PID/comm, through kfile.h.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "config.h"
#include "contest.h"
#include "kfile.h"
#include "outfile.h"

/*
 * Who holds the flock of the file fd is open on, from /proc/locks (the
 * kernel's word: nothing the file says is read).  1: a contest, *pid;
 * 0: another program, *pid (0 or less: one in another PID namespace),
 * comm its name; -1: none found (let go meanwhile, or no /proc/locks).
 */
static int
lock_holder(int fd, long *pid, char *comm, size_t len)
{
	char line[256];
	unsigned maj, mnr;
	unsigned long long ino;
	struct stat st;
	int rc = -1, k;
	FILE *f;

	if (fstat(fd, &st) < 0 || (f = kf_fopen(KF_PROC, "locks")) == NULL)
		return -1;
	while (rc < 0 && fgets(line, sizeof(line), f)) {
		/* "1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF"; "1: -> FLOCK ..." waits */
		if (strstr(line, "->") || !strstr(line, "FLOCK") ||
		    sscanf(line, "%*s %*s %*s %*s %ld %x:%x:%llu", pid, &maj, &mnr, &ino) != 4 ||
		    maj != major(st.st_dev) || mnr != minor(st.st_dev) || ino != (unsigned long long)st.st_ino)
			continue;
		if (*pid <= 0 || (k = (int)kf_pid_read(*pid, "comm", comm, len)) <= 0)
			snprintf(comm, len, "?");
		else
			comm[k - (comm[k - 1] == '\n')] = '\0';
		rc = *pid > 0 && !strcmp(comm, "contest");
	}
	fclose(f);
	return rc;
}

/* The lock is held by another program than a contest: said; not waited for. */
static void
held_by_other(const char *path, long pid, const char *comm)
{
	char vis[128];

	log_vis(vis, sizeof(vis), comm, strlen(comm));
	if (pid > 0)
		warnx("the machine lock '%s' is held by pid %ld ('%s'), which is not a contest: "
		    "not waiting for it", path, pid, vis);
	else
		warnx("the machine lock '%s' is held by a process outside this PID namespace: "
		    "not waiting for it", path);
}

/*
 * One measuring contest per machine: two would drop each other's page
 * cache and share the CPUs.  The lock is a file opened read-only and
 * flock(2)ed (outfile.c: never through a link, never a device or a
 * FIFO), so whoever made it, nothing is written through it.  Anyone who
 * may read a file may flock it, so contest waits, saying so, only while
 * the holder is a contest; another holder (flock(1), a squatter) is
 * named and not waited for: the runs go on beside it, and its CPU, if it
 * uses any, marks them disturbed.
 */
int
machine_lock(int *fd)
{
	const char *path = getenv("CONTEST_LOCK");
	char why[PATH_MAX + 160], comm[32];
	int said = 0, h;
	long pid;

	if (path == NULL || !*path)
		path = LOCK_PATH;
	if ((*fd = out_open(path, OUT_LOCK, why, sizeof(why))) < 0) {
		warnx("cannot use the machine lock: %s; not guarding against another contest", why);
		return STEP_OK;
	}
	while (flock(*fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			warn("cannot lock '%s'", path);
			return STEP_OK;
		}
		if ((h = lock_holder(*fd, &pid, comm, sizeof(comm))) == 0) {
			held_by_other(path, pid, comm);
			machine_unlock(fd);
			return STEP_OK;
		}
		if (h == 1 && !said++)
			fprintf(stderr, "contest: another contest (pid %ld) is measuring on this machine "
			    "(lock '%s'): waiting for it to finish\n", pid, path);
		if (run_sleep(1) < 0)
			return STEP_STOPPED;
	}
	if (said)
		fprintf(stderr, "contest: the other contest finished; going on\n");
	return STEP_OK;
}

void
machine_unlock(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}
