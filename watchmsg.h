/*
 * watchmsg.h: what contest tells its watchdog (cage.c) through a pipe,
 * and the parser the watchdog reads it with, apart so that a fuzzer
 * (tests/fuzz/watch-fuzz.c) can drive it.
 *
 * A message is one op byte, its argument, then a NUL:
 *   g PGID    a process group of the run, to be killed if contest dies
 *   G PGID    that group is gone
 *   d PATH    the run's directory, to be removed if contest dies
 *   D         no run directory now
 *   s FILE\nVALUE   a kernel setting (settings.h): FILE is to be given
 *             VALUE back if contest dies; kept in the order sent, and
 *             restored in that order; a FILE already kept keeps its
 *             first VALUE (the one found before contest wrote it)
 *   S         contest restored them itself: forget every s
 *   j PATH    the settings' journal, to be removed once every s is
 *             restored
 *   J         no journal now
 * PGID is decimal; PATH may hold any byte but NUL (a newline too: the
 * protocol has no lines).  An s argument holds exactly one newline:
 * FILE before it (absolute, not empty), VALUE after it (maybe empty,
 * any byte but NUL and newline).  A message whose argument is too long,
 * or not understood, or an s that would pass WATCH_SET_BYTES, is
 * dropped whole and never cut: the watchdog acts on what contest sent
 * or on nothing, never on a part of it.  A message the pipe ended in
 * the middle of is dropped too.  contest never sends an s the watchdog
 * would drop: settings.c refuses settings past these limits before any
 * is written.
 */
#ifndef CONTEST_WATCHMSG_H
#define CONTEST_WATCHMSG_H

#include <stddef.h>
#include <sys/types.h>

#define WATCH_PGS	16	/* process groups the watchdog keeps */
#define WATCH_ARG_MAX	4096	/* longest argument, its NUL included (PATH_MAX) */
#define WATCH_SET_BYTES	65536	/* room for the s messages kept: FILE, VALUE and a NUL after each */

struct watch {
	pid_t pg[WATCH_PGS];	/* the groups named by g and not by G since */
	int npg;
	char dir[WATCH_ARG_MAX]; /* the last d's PATH, "" after D or none */
	char set[WATCH_SET_BYTES]; /* each s kept: "FILE\0VALUE\0", in the order sent */
	size_t setlen;		/* bytes of set used */
	int nset;		/* settings kept */
	char journal[WATCH_ARG_MAX]; /* the last j's PATH, "" after J or none */
	unsigned long dropped;	/* messages dropped: too long, not understood, no room */
	/* the message being read */
	char op;		/* its op byte, 0 between messages */
	int over;		/* its argument passed WATCH_ARG_MAX - 1 bytes */
	size_t len;		/* bytes of its argument so far */
	char arg[WATCH_ARG_MAX];
};

/* Empty w: no group, no directory. */
void watch_init(struct watch *w);
/* Take n more bytes of the pipe, in pieces of any size. */
void watch_feed(struct watch *w, const char *buf, size_t n);
/*
 * Encode one message into buf (len bytes): its length with the NUL, or
 * -1 if op is unknown, arg does not fit WATCH_ARG_MAX or buf, or arg is
 * not what op takes.
 */
int watch_msg(char *buf, size_t len, char op, const char *arg);
/*
 * The settings kept, one by one: start with *off = 0; 1 with *file and
 * *value pointing into w, 0 after the last.
 */
int watch_setting(const struct watch *w, size_t *off, const char **file, const char **value);

#endif
