/*
 * outfile.h: the one way contest opens a file it writes as output: the
 * log, the chart of --svg, the machine lock; and the check that an output
 * is none of the files read.  A file contest writes must
 * be absent (it is then made) or a regular file with one link, never a
 * symbolic link; where others may write in its directory (a sticky /tmp,
 * a group's directory) it must be the user's own.  A device, a FIFO, a
 * socket, a directory, a hard link, another user's file in such a
 * directory is refused with the reason, before it is opened: opening a
 * FIFO blocks, a device may act on the open, and a link leads to a file
 * that contest did not name.  Nothing here prints or exits.
 */
#ifndef CONTEST_OUTFILE_H
#define CONTEST_OUTFILE_H

#include <stddef.h>

enum out_how {
	OUT_CHECK,	/* look only: could it be written?  Nothing is opened or made */
	OUT_APPEND,	/* open to append (read-write where permitted), made 0644 if absent */
	OUT_LOCK,	/* open read-only for flock(2), made 0644 if absent; never written,
			 * so another user's file (a lock in /run/lock) is accepted */
};

/*
 * Open (or with OUT_CHECK only judge) path as how says.  A descriptor
 * (OUT_CHECK: 0), or -1 with errno set and why filled: the path and what
 * is wrong with it, e.g. "'x.log' is a symbolic link: refused".
 */
int out_open(const char *path, enum out_how how, char *why, size_t whylen);

/*
 * Is path one of the logs in[0] to in[n - 1] ("-" is standard input)?
 * The same file (device and inode, links followed), or where either is
 * absent the same name (its directory resolved).  An output that is a
 * log would be written over: every output file of the report is checked
 * so, against the logs it reads and the log runs append to, before any
 * log is read.  0 if not; -1 with errno EEXIST and why filled.
 */
int out_not_input(const char *path, const char *const in[], int n, char *why, size_t whylen);

/*
 * A whole new file in place of path (--svg): out_temp makes a temporary
 * file beside path (its name in tmp) and returns its descriptor;
 * out_commit judges path again and renames the temporary over it, or
 * removes the temporary.  A failure leaves the old file or nothing,
 * never half a file.  -1 with errno set and why filled.
 */
int out_temp(const char *path, char *tmp, size_t tmplen, char *why, size_t whylen);
int out_commit(const char *tmp, const char *path, char *why, size_t whylen);

#endif
