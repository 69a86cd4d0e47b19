/*
 * kfile.h: the one way into the kernel's files, /proc and /sys.  Every
 * reader and writer of them in contest goes through here: tests point
 * them all at a fake tree at once, and a kernel that changes a file's
 * form has one reader to fix.  Nothing here prints or exits; -1 with
 * errno on failure.  The Makefile links kfile.o through UTIL.
 *
 * The fake root: $CONTEST_ROOT, when set, stands in for / (tests):
 * /proc/meminfo is read as ROOT/proc/meminfo, /sys/block as
 * ROOT/sys/block, /proc/self/mountinfo as ROOT/proc/self/mountinfo.
 * The box's processes are the exception: a process's own files
 * (/proc/PID/...) and the list of the processes are always the real
 * ones.  A run's processes are real whatever a test fakes, and contest
 * decides from them whom to signal and whose cgroup is a dead
 * contest's; a fake tree without them would have it kill the living.
 *
 * Adding a reader: a file of one of the trees is named by its tree and
 * its path below it (KF_PROC, "pressure/io"), never by a "/proc" string
 * of its own (t0099 holds every C file outside this one and tests/ to
 * that); a process's file by its pid (kf_pid_read).
 */
#ifndef CONTEST_KFILE_H
#define CONTEST_KFILE_H

#include <dirent.h>
#include <stdio.h>
#include <sys/types.h>

/* Where the kernel mounts them: for names shown or matched, never opened */
#define KF_PROC_DIR	"/proc"
#define KF_SYS_DIR	"/sys"
#define KF_SYSCTL_DIR	"/proc/sys"

enum kf_tree {
	KF_FILE,	/* a path as it is: a cgroup's file (from mountinfo), a test's */
	KF_PROC,	/* below /proc, self/ included: "meminfo", "sys/vm/dirty_ratio" */
	KF_SYS,		/* below /sys: "devices/system/cpu/online" */
};

/* The path of name in tree, into out: 0, or -1 (ENAMETOOLONG) */
int kf_path(char *out, size_t len, enum kf_tree, const char *name);
/* A kernel setting's file, an absolute path below /sys or /proc/sys
 * ("/proc/sys/vm/dirty_ratio", "/sys"), as it is read and written, into
 * out: 0, or -1 (ENOENT: below neither; ENAMETOOLONG) */
int kf_map(const char *path, char *out, size_t len);
FILE *kf_fopen(enum kf_tree, const char *name);		/* to read */
DIR *kf_opendir(enum kf_tree, const char *name);
int kf_access(enum kf_tree, const char *name, int mode);	/* access(2) */

/*
 * Read fd to its end, or until len - 1 bytes, again after EINTR, into
 * buf, NUL-ended: the bytes read, or -1.  kf_read opens name first.
 */
ssize_t kf_read_fd(int fd, char *buf, size_t len);
ssize_t kf_read(enum kf_tree, const char *name, char *buf, size_t len);
/* The first line of name, newline and trailing blanks cut, read as
 * kf_read does: its length, or -1 */
int kf_line(enum kf_tree, const char *name, char *buf, size_t len);
/* The whole of name, whatever its size (kallsyms): NUL-ended, malloc'd
 * (free it), its length in *len; NULL with errno */
char *kf_slurp(enum kf_tree, const char *name, size_t *len);
/* Write s to name in one write(2), as the kernel's files take a value:
 * 0, or -1 (EIO: written in part).  Like kf_read, it calls nothing but
 * open(2), write(2), close(2), string copies and (but for KF_FILE)
 * getenv(3): a child just forked may use it. */
int kf_write(enum kf_tree, const char *name, const char *s);

/*
 * Call fn(line, length, arg) on each line of name, its newline made a
 * NUL, until fn returns nonzero; buf (size bytes) holds the lines, and a
 * line longer is skipped.  0 if the file was read, -1 if open or read
 * failed.
 */
int kf_scan(enum kf_tree, const char *name, char *buf, size_t size, int (*fn)(char *, size_t, void *),
    void *arg);
/* The number after key and sep at the start of a line of name ("wchar:"
 * in /proc/self/io, "inactive_file " in memory.stat); 0 if absent */
unsigned long long kf_key(enum kf_tree, const char *name, const char *key, char sep);

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
int kf_stat_parse(const char *line, struct proc_stat *);	/* 0, or -1 if malformed */

/* A process's (or thread's) file, /proc/PID/name, read as kf_read does */
ssize_t kf_pid_read(long pid, const char *name, char *buf, size_t len);
int kf_pid_stat(long pid, struct proc_stat *);	/* its stat: 0, or -1 (gone) */
/* Call fn(pid, its stat, arg) for each process of the box whose stat
 * reads, until fn returns nonzero: 0, or -1 if /proc cannot be listed */
int kf_pids(int (*fn)(long, const struct proc_stat *, void *), void *arg);

/* /proc/meminfo's lines contest reads, in kB (KiB) as the file says; -1: no such line */
struct kf_meminfo {
	long long total;	/* MemTotal */
	long long avail;	/* MemAvailable */
	long long swaptotal;	/* SwapTotal */
	long long swapfree;	/* SwapFree */
};
int kf_meminfo(struct kf_meminfo *);	/* 0, or -1 unreadable (every field -1) */

/* One line of /proc/self/mountinfo, proc(5), its paths unescaped */
struct kf_mount {
	char *root;		/* field 4: the mount's root within its filesystem */
	char *point;		/* field 5: the mount point */
	char *opts;		/* field 6: the mount's options */
	char *fstype;		/* after the " - ": the filesystem's type */
	char *source;		/* the device, or "none" */
	char *super;		/* the superblock's options, "" if none */
};
/* Call fn on each well-formed line of self/mountinfo until it returns
 * nonzero (fn may change the strings): 0, or -1 unreadable */
int kf_mounts(int (*fn)(struct kf_mount *, void *), void *arg);
/* Undo mountinfo's octal escapes (\040 is a space) in place: a backslash
 * and three octal digits of one byte, the first 0 to 3; anything else,
 * "\477" or "\09" say, stays as it is. */
void kf_unescape(char *s);

/* A CPU list ("0-3,5,7-8", as sysfs and cpusets write it) into mask of
 * nbits bits, a multiple of KF_LONGBITS: CPUs set, -1 if malformed */
#define KF_LONGBITS	(8 * (int)sizeof(unsigned long))
int kf_cpulist(const char *s, unsigned long *mask, int nbits);

#endif
