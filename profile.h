/*
 * profile.h: the kernel's sampling profile over a run's window, with
 * perf_event_open(2) and nothing else.  doc/profile.md says why it is
 * built this way and holds its figures (cost, the check against perf).
 *
 * Life of the profile; the caller (contest, tests/profile-solo) does it:
 *   prof_open(p, mode, hz)  once per invocation: one cpu-clock event per
 *                           online CPU, opened disabled, each with its
 *                           mmap ring, and one snapshot of /proc/kallsyms
 *                           (later module loads cannot shift names).
 *                           -1 with p->why: the profile is off for every
 *                           run, and the caller says so once
 *   prof_start(p)           at the window's open: counts zeroed, events on
 *   prof_seed(p, part, ...) the PIDs the run's container holds, by part
 *   prof_child(p, pid, part) a process contest forked into a part
 *   prof_drain(p)           in the window, every PROF_DRAIN_S seconds
 *   prof_stop(p)            at the window's close: events off, rings
 *                           read to their end
 *   prof_top(p, ...)        the symbols by samples; p->t the totals
 *   prof_close(p)           at the end
 *
 * A sample is an IP, a PID and a TID, taken PROF_HZ times a second on
 * every CPU that is not stopped: in kernel mode, in user mode (counted,
 * and with PROF_ALL kept per command name), or in an idle task (PID 0).
 * Kernel samples are counted per kallsyms symbol and per part of the run
 * (the compile, the load, the probe, the rest).  The part comes from a
 * map PID -> part that starts from the container's own lists at the
 * window's open and follows fork(2) through the rings' FORK records; a
 * sample whose PID the map does not know yet waits for the next drain
 * (its FORK record may sit in a ring not yet read), then counts as rest.
 * Nothing under /proc is read per sample.
 *
 * Nothing here prints or exits.
 *
 * The word: "profile" alone, in the code and the docs, is this one, the
 * kernel profile (--profile, CONTEST_PROFILE, a run's profile record,
 * prof=1); the report's -p is the profiles view of them (profile.c of
 * report/); what --probe takes is the probe's rhythm, never a profile.
 */
#ifndef CONTEST_PROFILE_H
#define CONTEST_PROFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "derive.h"

enum prof_mode { PROF_OFF, PROF_KERNEL, PROF_ALL };

/* The totals of one window. */
struct prof_tally {
	unsigned long long kernel;	/* samples in kernel mode, idle tasks left out */
	unsigned long long user;	/* in user mode (with PROF_KERNEL the kernel takes none) */
	unsigned long long idle;	/* in an idle task (PID 0): a CPU with nothing to run */
	unsigned long long lost;	/* records the kernel dropped: a ring was full */
	unsigned long long throttled;	/* times the kernel throttled an event (THROTTLE records) */
	unsigned long long unknown;	/* kernel samples at an address no text symbol covers */
	unsigned long long part[PART_N];	/* kernel samples by part of the run (derive.h) */
	unsigned long long records;	/* ring records read, all types */
	unsigned drains;		/* times the rings were read */
	double t0, t1;			/* CLOCK_MONOTONIC, s: events enabled, disabled */
	double cpu;			/* contest's CPU in the profile's calls over the window, s */
};

/* One line of the profile: a symbol ("name" or "name [module]") or a command. */
struct prof_entry {
	const char *name;		/* points into the snapshot; valid until prof_close */
	unsigned long long n;		/* samples */
};

struct prof_ring;			/* one CPU's event and ring (profile.c) */
struct prof_priv;			/* the maps PID -> part and the records held (profile.c) */

/* The kallsyms snapshot: text symbols, sorted by address, one per address. */
struct prof_ksyms {
	unsigned long long *addr;	/* start addresses, ascending */
	unsigned *name;			/* offset of each name in names */
	size_t n;
	char *names;			/* "sym" or "sym [mod]", NUL-ended each */
	size_t len;
};

/* Command names of user samples (PROF_ALL). */
struct prof_comm {
	char name[16];
	unsigned long long n;
};

struct prof {
	int mode;			/* PROF_*; PROF_OFF after a failed prof_open */
	unsigned hz;			/* samples a second on each CPU */
	char why[200];			/* why the profile is off */
	int ncpu;			/* events: one per online CPU */
	struct prof_ring *ring;		/* ncpu of them */
	size_t ring_bytes;		/* each ring's data area, a power of two */
	struct prof_ksyms ks;
	unsigned *count;		/* kernel samples of each symbol of ks, this window */
	struct prof_comm *comm;		/* the command names seen, with their user samples (PROF_ALL) */
	size_t ncomm, capcomm;
	struct prof_priv *priv;		/* the engine's own */
	pid_t self;			/* contest: its children are named by prof_child */
	int on;				/* between prof_start and prof_stop */
	int lostfmt;			/* the events' read(2) gives their lost records (PERF_FORMAT_LOST) */
	struct prof_tally t;
};

/* The mode named s ("off", "kernel", "all"); -1 if none. */
int prof_mode_parse(const char *s);
const char *prof_mode_name(int mode);

/*
 * Open the events and map their rings (ring_kib KiB of data each, a
 * power of two; 0: PROF_RING_KIB), then take the kallsyms snapshot.
 * 0, or -1 with p->why and p->mode PROF_OFF (nothing left open).
 */
int prof_open(struct prof *p, int mode, unsigned hz, unsigned ring_kib);
/* Zero the window's counts and enable the events. */
void prof_start(struct prof *p);
/* The processes of part at the window's open (from the container). */
void prof_seed(struct prof *p, int part, const pid_t *pids, int n);
/* Process pid, forked by contest in the window, belongs to part. */
void prof_child(struct prof *p, pid_t pid, int part);
/* Read every ring.  Cheap when there is little to read. */
void prof_drain(struct prof *p);
/* Disable the events, read the rings to their end, settle the waiting samples. */
void prof_stop(struct prof *p);
/*
 * The symbols with the most kernel samples, same-named ones summed
 * (static functions of different files can share a name), most first,
 * ties by name: at most max, and no more once they cover cover_pct % of
 * the kernel samples.  How many were put in out.  -1: out of memory.
 */
int prof_top(const struct prof *p, struct prof_entry *out, int max, double cover_pct);
/* The command names of the user samples (PROF_ALL), most first; at most max. */
int prof_comms(const struct prof *p, struct prof_entry *out, int max);
void prof_close(struct prof *p);

/*
 * The pieces, for the unit test: load a kallsyms file; the symbol of an
 * address (its index, -1 if none); feed one ring record as the kernel
 * wrote it; read a ring laid out as the kernel's (a control page, then
 * data_size bytes) from data_tail to data_head.
 */
int prof_ksyms_load(struct prof_ksyms *ks, const char *path, char *why, size_t whylen);
long prof_ksyms_find(const struct prof_ksyms *ks, unsigned long long ip);
void prof_ksyms_free(struct prof_ksyms *ks);
void prof_feed(struct prof *p, const void *rec, size_t len);
void prof_read_ring(struct prof *p, void *base, size_t data_size);
/* An engine without events, on a snapshot: for feeding by hand.  0 or -1. */
int prof_open_fake(struct prof *p, int mode, const char *kallsyms);

#endif
