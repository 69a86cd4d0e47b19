/*
 * ustar.h: what tarc_load and tarx_load share: a generated data tree and
 * a POSIX ustar (POSIX.1-1988, "ustar\0" "00") archive writer.  Not a
 * load itself; it prints nothing and never exits.
 */
#ifndef CONTEST_USTAR_H
#define CONTEST_USTAR_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "load.h"

#define USTAR_DEF_SIZE	(1ULL << 30)	/* generated tree without --size: bytes, about a kernel source tree */
#define USTAR_MIN_SIZE	(4ULL << 20)	/* smallest generated tree worth a run, bytes */
#define USTAR_BUF	(1U << 20)	/* archive I/O buffer, bytes (GNU tar: 10240) */
#define USTAR_TOP	"data"		/* top directory of the generated tree and of its archive */

/*
 * A ustar header block (POSIX.1-1988), as the map of its fields that the
 * writer and tarx's reader share: a field's place is USTAR_AT(block,
 * field) and its width USTAR_LEN(field).  The blocks themselves stay
 * arrays of unsigned char; octal fields are digits, then a NUL or space.
 */
struct ustar_header {
	char name[100];		/* the member's name, or its part after prefix */
	char mode[8];		/* octal: permission bits */
	char uid[8];		/* octal: owner, 0 when over 7 digits */
	char gid[8];
	char size[12];		/* octal: bytes of data that follow, padded to blocks */
	char mtime[12];		/* octal: seconds since the epoch */
	char chksum[8];		/* octal: sum of the block's bytes, this field counted as spaces */
	char typeflag[1];	/* '0' file, '5' directory, '2' symbolic link */
	char linkname[100];	/* a link's target */
	char magic[6];		/* "ustar" and a NUL */
	char version[2];	/* "00" */
	char uname[32];		/* owner and group by name */
	char gname[32];
	char devmajor[8];
	char devminor[8];
	char prefix[155];	/* the name's first part; the name is prefix/name */
	char pad[12];
};
_Static_assert(sizeof(struct ustar_header) == 512, "a ustar header is one 512-byte block");
#define USTAR_AT(h, f)	((h) + offsetof(struct ustar_header, f))
#define USTAR_LEN(f)	sizeof(((struct ustar_header *)0)->f)

/* Sizes of the generated tree of `size` file bytes, known without writing it. */
struct ustar_plan {
	unsigned long long bytes;	/* file bytes */
	unsigned long files;		/* regular files */
	unsigned long dirs;		/* directories, the top one included */
	unsigned long links;		/* symbolic links */
	unsigned long long archive;	/* bytes of its ustar archive */
	unsigned long long disk;	/* bytes it takes on disk, 4 KiB blocks */
};

/*
 * Write the generated tree of about `size` file bytes to dir/USTAR_TOP:
 * many small files, some medium, a few large, nested directories, two
 * symbolic links and one path too long for the name field alone.  Its
 * bytes depend only on size.  0, or -1 with errno set.  With dir NULL
 * only plan is filled.
 */
int ustar_gen(const char *dir, unsigned long long size, struct ustar_plan *plan);

/* One archive being written. */
struct ustar_w {
	int fd;				/* the archive, open for writing */
	struct load_ctx *ctx;		/* work counted and requests timed here as bytes reach fd; may be NULL */
	unsigned long long limit;	/* end the archive before it would pass this; 0: none */
	unsigned long long written;	/* bytes written to fd so far */
	unsigned long files;		/* members written: files, directories, links */
	unsigned long long data;	/* file bytes archived */
	unsigned long skipped;		/* entries left out: name or link too long for ustar, odd type, unreadable */
	int err;			/* errno of the write that failed */
	int full;			/* the limit ended the archive */
	unsigned char *buf;		/* USTAR_BUF bytes */
	size_t len;			/* bytes waiting in buf */
	char path[PATH_MAX];		/* member name being built */
};

/*
 * Archive the tree at src as members named top/...: 0 when the tree is
 * done, 1 when the limit (w->full, the archive is closed properly after
 * the last whole member) or load_stopping() (the archive is cut short,
 * for the harness to remove) ended it early, -1 when a write failed
 * (w->err).
 * w->fd, ctx and limit are the caller's; buf is allocated here and freed
 * by ustar_free.
 */
int ustar_create(struct ustar_w *w, const char *src, const char *top);
void ustar_free(struct ustar_w *w);

/* The first component of a tree's members: its last path component ("linux"). */
void ustar_top(const char *tree, char *buf, size_t len);

/* Parse a header's octal field; -1 if malformed. */
long long ustar_octal(const unsigned char *p, size_t len);
/* Does the 512-byte header carry a right checksum? */
int ustar_sum_ok(const unsigned char *h);

#endif

/*
 * Size the reference tree of a tar load within load_budget(ctx->base).
 * Generated tree (ctx->tree NULL): ctx->size bytes, or USTAR_DEF_SIZE
 * halved until it fits; it needs the tree and one archive on disk (tarx:
 * the archive and one extracted copy, the same).  Returns the tree's
 * size, plan filled.  Kernel tree: per archive-sized pieces must fit
 * (tarc 1, tarx 2: the archive and its extraction), each of ctx->size or
 * at least USTAR_MIN_SIZE; returns the most bytes one archive may take.
 * 0 with ctx->reason (how much, where) when it does not fit.
 */
unsigned long long ustar_fit(struct load_ctx *ctx, int per, struct ustar_plan *plan);
