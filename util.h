/*
 * util.h: the one copy of each small file, I/O and procfs helper that
 * the harness, the loads, the built-in tree generator and the test
 * drivers share.  The Makefile links util.o into every program through
 * one variable, UTIL: a helper needed twice goes here, not into a second
 * static copy.  They return -1 with errno set and print nothing.
 */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

#include <stddef.h>

int rmtree(const char *path);		/* rm -rf; 0 also if path is absent */
int mkdirs(const char *path, int mode);	/* mkdir -p */
int write_file(const char *path, const char *data, unsigned long len);	/* create, write, close */
/* write(2) all of buf, again after EINTR; 0, or -1 with the failing write's
 * errno (EIO if write returned 0) */
int write_all(int fd, const void *buf, size_t n);
/* Close every descriptor from lo up: close_range(2), else each one open */
void close_fds(int lo);
/* CLOCK_MONOTONIC in nanoseconds (the vDSO: no system call) */
long long mono_ns(void);

/*
 * /proc/PID/stat, proc(5): the fields after the command name's last ')'
 * (a command may hold ')' and spaces), the few contest reads.
 */
struct proc_stat {
	char state;			/* field 3: R, S, D, T (stopped), t (traced), Z ... */
	long ppid;			/* field 4 */
	long pgrp;			/* field 5: the process group */
	unsigned long long utime;	/* field 14: user CPU, clock ticks */
	unsigned long long stime;	/* field 15: system CPU, clock ticks */
	unsigned long long cutime;	/* field 16: of the children it reaped, ticks */
	unsigned long long cstime;	/* field 17: the same, system */
	unsigned long long start;	/* field 22: when it started, ticks after boot */
};
int proc_stat_parse(const char *line, struct proc_stat *);	/* 0, or -1 if malformed */
int proc_stat_read(const char *path, struct proc_stat *);	/* read path, then parse it */

/* Undo mountinfo's octal escapes (\040 is a space) in place: a backslash
 * and three octal digits of one byte, the first 0 to 3; anything else,
 * "\477" or "\09" say, stays as it is. */
void mnt_unescape(char *s);

#endif
