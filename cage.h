/*
 * cage.h: the container of a run's processes, so that contest can stop
 * all of them, whatever they do with sessions and process groups, and
 * account the CPU each part used.
 *
 * Where the box has cgroup v2 and contest may create a cgroup below its
 * own, a run's processes live in contest.PID/{load,job,probe}: killed as
 * a whole with cgroup.kill (or frozen and killed one by one on kernels
 * before 5.14), CPU read from each part's cpu.stat.  Elsewhere the parts
 * are process groups, contest is their subreaper and kills whatever is
 * reparented to it; CPU is read from /proc/PID/stat.
 *
 * A watchdog process outlives contest if contest is killed with SIGKILL:
 * it holds the read end of a pipe only contest can write to (watchmsg.h
 * says what goes through it), and when the pipe ends it kills what is
 * left of the run, then gives the kernel settings of --set (settings.h)
 * their values back, then removes the run's directory.  Killing comes
 * first: a run left alive is the worse harm, and a setting's write can
 * wait on what the run does (a scheduler switch drains the disk's queue
 * first).  Without a cgroup it finds the compile's processes that left
 * their process group (setsid) by the entry cage_env() in their
 * environment, which each inherits.
 */
#ifndef CONTEST_CAGE_H
#define CONTEST_CAGE_H

#include <limits.h>
#include <sys/types.h>

#include "derive.h"

struct settings;

#define CAGE_NPARTS PART_PROCS	/* the parts it holds (derive.h): those with processes */

struct cage {
	int cgroup;			/* 1: cgroup v2; 0: process groups */
	char root[PATH_MAX];		/* cgroup v2: this invocation's directory */
	char why[160];			/* process groups: why not a cgroup */
	pid_t pgid[CAGE_NPARTS];	/* each part's process group, 0 if none */
	pid_t wd_pid;			/* the watchdog, 0 if none */
	int wd_fd;			/* the pipe to it, -1 if none */
	char env[48];			/* CONTEST_CAGE=PID.START: this invocation's mark */
};

/*
 * Set c up for this invocation: a cgroup if possible (c->why says why
 * not), the watchdog, contest as subreaper.  Removes the cgroups of
 * contests that died (saying so on stderr).  0, or -1 with err filled.
 */
int cage_open(struct cage *c, char *err, size_t errlen);
/* "cgroup" or "pgroup": for the log. */
const char *cage_kind(const struct cage *c);
/*
 * In a child just forked: move it into part.  Async-signal-safe; 0, or
 * -1 (the child should not run).
 */
int cage_enter(const struct cage *c, int part);
/* The parent saw part's process group leader start (pgid) or end (0). */
void cage_track(struct cage *c, int part, pid_t pgid);
/* The watchdog removes dir if contest dies; NULL: nothing to remove now. */
void cage_dir(struct cage *c, const char *dir);
/*
 * The watchdog gives every file of s its value found back if contest
 * dies (last named first, as settings_restore does), then removes s's
 * journal (settings_journal first) once each reads its value back; it
 * says on stderr what it did.  Sets s->watched: 0, or -1 if the
 * watchdog cannot be told (s->watched stays 0: nothing may be written).
 */
int cage_settings(struct cage *c, struct settings *s);
/* contest gave them back itself (settings_finish): the watchdog forgets them. */
void cage_settings_done(struct cage *c);
/*
 * "CONTEST_CAGE=PID.START": the entry the run's commands get in their
 * environment, unique to this invocation, so that the watchdog finds
 * every process they start, wherever it went.
 */
const char *cage_env(const struct cage *c);
/* CPU seconds (user + sys) part has used so far; -1 if unknown. */
double cage_cpu(const struct cage *c, int part);
/* Up to max process IDs of part; how many. */
int cage_pids(const struct cage *c, int part, pid_t *pids, int max);
/* SIGKILL every process of part (a compile past its timeout). */
void cage_kill_part(struct cage *c, int part);
/*
 * SIGTERM and SIGCONT to every process of part, then wait up to ms for
 * them to end (a zombie is ended): a compiler's driver removes its
 * temporary files on SIGTERM, make the target it was writing; SIGKILL
 * leaves both.  1 when none is left, 0 when some are.
 */
int cage_term_part(struct cage *c, int part, long ms);
/*
 * Kill every process of the run, reap those that are contest's children
 * or were reparented to it, until none is left (or 10 s have passed: a
 * process stuck in the kernel; -1 then).
 */
int cage_kill(struct cage *c);
/* At the end: remove the cgroup, let the watchdog go. */
void cage_close(struct cage *c);

#endif
