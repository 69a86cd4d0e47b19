/*
 * settings.h: the kernel settings of --set (issue 28): files of /sys and
 * /proc/sys that each label runs under, written before its runs, and
 * every one of them given back the value it held before contest, on any
 * exit, on a signal, and through the watchdog (cage.h) or the journal
 * when contest is killed.  doc/contest.1 (SETTINGS) is the reference.
 *
 * The suite's order (contest: rig.c, suite.c), each step an error with
 * its reason and nothing printed (a step that fails leaves every file as
 * it was):
 *   settings_recover(path)      at start, under the work directory's
 *                               lock, before anything else: a journal a
 *                               contest left when it died with its
 *                               watchdog is written back
 *   settings_add(&s, arg)       each --set LABEL:SETTING=VALUE[,...]
 *   settings_resolve(&s)        once the machine lock is held (another
 *                               contest's values are not the box's): the
 *                               globs expanded, each file checked and its
 *                               value read (the value found)
 *   settings_journal(&s, path)  the values found on disk, before any write
 *   cage_settings(&cage, &s)    and told to the watchdog (cage.h)
 *   settings_record(&s, label)  what the log keeps of each label (set=,
 *                               set_found=), checked to fit
 *   settings_trial(&s, fn, arg) before any run: every label written and
 *                               read back in turn (fn once each is in
 *                               place), then the values found again; an
 *                               error here is exit 2
 *   settings_apply(&s, label)   before each of a label's runs; an error
 *                               makes the run invalid, with the reason
 *   settings_check(&s, label)   after each of them: a file another changed
 *                               meanwhile makes it invalid, with the reason
 *   settings_finish(&s)         at every exit (a signal's too): the values
 *                               found written and read back, the journal
 *                               removed; then cage_settings_done(&cage)
 * settings_trial and settings_apply refuse to write unless the journal
 * is written and the watchdog told.  A label that does not name a file
 * another label sets runs with that file's value found.
 *
 * A SETTING is a path under /sys or /proc/sys, or a sysctl name
 * (vm.dirty_ratio is /proc/sys/vm/dirty_ratio; sysctl(8)'s rule: when a
 * '.' comes before any '/', dots and slashes swap, so that
 * net.ipv4.conf.eth0/1.rp_filter is .../conf/eth0.1/rp_filter; else the
 * name is a path below /proc/sys as it stands).  '*' in it is a glob
 * (every match; '?' and '[' are plain bytes).  In --set's text, "\," is
 * a comma of a name or a value and "\\" a backslash; a ',' alone ends a
 * SETTING=VALUE.
 *
 * A file's value: its content without its trailing newline; where the
 * file lists choices with the current one in brackets ("none
 * [mq-deadline] kyber", "always [madvise] never"), the bracketed word.
 * A value is written as echo(1) does: the value and a newline, in one
 * write(2), to the file opened with O_TRUNC.  Read back, it took when
 * settings_same says so.
 *
 * Paths: every /sys and /proc/sys path is read and written where
 * kfile.h's kf_map says (below $CONTEST_ROOT in tests, as every reader
 * of the kernel's files).
 */
#ifndef CONTEST_SETTINGS_H
#define CONTEST_SETTINGS_H

#include <limits.h>
#include <stddef.h>

#include "log.h"

#define SET_LABELS	32		/* labels (--set options), at most */
#define SET_VALUE_MAX	1024		/* a value's bytes, its NUL included */
#define SET_JOURNAL	"settings.journal" /* the journal's name, in the work directory */

struct set_pair {			/* one SETTING=VALUE, as given */
	char *setting;			/* vm.dirty_ratio, /sys/..., a glob; "\," undone */
	char *value;			/* "\," and "\\" undone */
	int *file;			/* settings_resolve: the files it names (settings.file) */
	int nfile;
};

struct set_want {			/* one file a label sets */
	int file;			/* its index in settings.file */
	const char *value;		/* the set_pair's value */
};

struct set_label {
	char name[LOG_LABEL_MAX + 1];	/* log_label_ok */
	struct set_pair *pair;		/* as given, in order */
	int npair;
	struct set_want *want;		/* settings_resolve: each file once, in the order given */
	int nwant;
};

struct set_file {
	char *path;			/* the real path (links resolved): what is written */
	char *name;			/* the path as the user named it, for messages */
	char found[SET_VALUE_MAX];	/* its value before contest wrote it */
	char now[SET_VALUE_MAX];	/* what it read after the last write */
	int dirty;			/* contest may have changed it: to be restored */
	int bad;			/* the last restore: 0 it took, 1 it reads now, -1 err */
	int err;			/* that failure's errno */
	int named;			/* settings_apply: the label names it */
};

struct settings {
	struct set_label label[SET_LABELS];
	int nlabel;
	struct set_file *file;		/* every label's files, in the order first named */
	int nfile;
	char journal[PATH_MAX];		/* settings_journal's path; "" none */
	int watched;			/* cage_settings told the watchdog every file */
};

/*
 * Add one --set argument, LABEL:SETTING=VALUE[,SETTING=VALUE...], to s
 * (zeroed before the first).  0, or -1 with why: which rule it breaks.
 */
int settings_add(struct settings *s, const char *arg, char *why, size_t len);
/* The index of label name in s, or -1. */
int settings_label(const struct settings *s, const char *name);
/*
 * Expand, check and read every file the labels name: under /sys or
 * /proc/sys once links are resolved, a regular file, writable, readable,
 * one line; a glob matches one at least; a label names a file once.
 * Reads each one's value found.  Writes nothing.  0, or -1 with why.
 */
int settings_resolve(struct settings *s, char *why, size_t len);
/*
 * Write the journal, path (SET_JOURNAL in the work directory), whole or
 * not at all (outfile.h), synced: each file and its value found, in the
 * order they are restored.  Refused if a journal is there.  0, or -1.
 */
int settings_journal(struct settings *s, const char *path, char *why, size_t len);
/*
 * Every label's values in turn (settings_apply), each(li, arg) once label
 * li's are in place (NULL: none), then the values found
 * (settings_restore).  0; or -1 with why naming the label, the file and
 * the value, every file restored (or why says which one is not).
 */
int settings_trial(struct settings *s, void (*each)(int li, void *arg), void *arg, char *why, size_t len);
/*
 * Label li's values written and read back, in the order given, after
 * the files another label changed are given their values found back
 * (last named first); the files no label changed must still read their
 * values found.  0, or -1 with why: the first file that did not take its
 * value, and what it reads instead (the rest as they were).
 */
int settings_apply(struct settings *s, int li, char *why, size_t len);
/*
 * After a run of label li: do its files still hold the values
 * settings_apply wrote, and the others their values found?  0, or -1
 * with why: the first file that does not, and what it reads.
 */
int settings_check(struct settings *s, int li, char *why, size_t len);
/*
 * What the log keeps of label li (log.h, LOG_SET_MAX bytes each, in
 * log_set_add's form): into set its pairs as given; into found each
 * setting the labels name, once, with its value found (a glob whose
 * matches hold different values: each match).  0, or -1 with why when
 * one does not fit the log, encoded.
 */
int settings_record(const struct settings *s, int li, char *set, char *found, char *why, size_t len);
/*
 * Write back the value found of every file contest may have changed,
 * last named first, read it back, twice for those that did not take (a
 * value another bounds, as a minimum its maximum); each file's bad and
 * err say how it went.  How many are not restored.  Idempotent, and
 * async-signal-safe (open, read, write, close; no allocation).
 */
int settings_restore(struct settings *s);
/*
 * settings_restore, then the journal removed: 0; or -1 with why (the
 * first file not restored, the journal kept).
 */
int settings_finish(struct settings *s, char *why, size_t len);
/* Free what settings_add and settings_resolve allocated. */
void settings_free(struct settings *s);
/*
 * A journal left at path: 0 none; 1 each file given its value back and
 * the journal removed; 2 the journal is from another boot (the kernel's
 * settings did not survive it): removed, nothing written; said says
 * what was done.  -1 with said: what could not be restored or read, the
 * journal kept.
 */
int settings_recover(const char *path, char *said, size_t len);

/* The primitives, also the watchdog's (cage.c). */
/*
 * The value of the file at path into value (len bytes): 0, or -1 with
 * errno: the open's or read's, E2BIG (longer than len - 1 or than
 * SET_VALUE_MAX - 1), EILSEQ (a NUL byte, or more than one line).
 * Async-signal-safe.
 */
int settings_read(const char *path, char *value, size_t len);
/*
 * Write value to the file at path and read it back into now: 0 it took,
 * 1 it reads otherwise, 2 it was written but cannot be read back (errno
 * as settings_read's: /proc/PID/comm keeps the newline, two lines), -1
 * with errno (the open or the write failed; not a regular file: EINVAL).
 * Async-signal-safe.
 */
int settings_write(const char *path, const char *value, char *now, size_t nowlen);
/*
 * Does the file, reading got, hold want?  When both are integers
 * separated by white space, as numbers ("020" is "20"); else as text with
 * runs of white space one space and none at the ends.  Async-signal-safe.
 */
int settings_same(const char *want, const char *got);
/*
 * A file's content (NUL-ended) made its value, in place: the trailing
 * newline off, or the bracketed word of a list of choices.
 */
void settings_value(char *text);

#endif
