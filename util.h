/*
 * util.h: small file-system helpers shared by the harness and the
 * built-in tree generator.  They return -1 with errno set and print
 * nothing.
 */
#ifndef CONTEST_UTIL_H
#define CONTEST_UTIL_H

int rmtree(const char *path);		/* rm -rf; 0 also if path is absent */
int mkdirs(const char *path, int mode);	/* mkdir -p */
int write_file(const char *path, const char *data, unsigned long len);	/* create, write, close */

/* Undo mountinfo's octal escapes (\040 is a space) in place: a backslash
 * and three octal digits of one byte, the first 0 to 3; anything else,
 * "\477" or "\09" say, stays as it is. */
void mnt_unescape(char *s);

#endif
