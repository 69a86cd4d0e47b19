/*
 * gen.c: writes the built-in reference tree.  Its bytes depend only on
 * GEN_VERSION and the number of units: a fixed-seed xorshift generator
 * picks every name and number, never the clock, libc or the machine.
 *
 * Shape, chosen to load the compiler the way kernel code does:
 *   include/kernel.h   types, a list_head, min/max/clamp macros, inlines
 *   include/subNN.h    one header per subsystem: structs, macros and
 *                      static inline helpers, shared by its units
 *   subNN/uNNNN.c      a translation unit: a device struct, switch-heavy
 *                      dispatch functions, loops over arrays and lists
 *   init.c             calls every unit, linked with them into vmlinux
 *   Makefile           make -j builds subNN/uNNNN.o and links vmlinux
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen.h"
#include "util.h"

#define UNITS_PER_SUB	16	/* translation units per subsystem */
#define CASES		40	/* cases of each dispatch switch */
#define FUNCS		3	/* dispatch functions per unit */

struct buf {
	char *p;
	size_t len, cap;
	int oom;
};

static void
bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		if (b->oom)
			return;
		va_start(ap, fmt);
		n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if (b->p && b->len + (size_t)n < b->cap) {
			b->len += (size_t)n;
			return;
		}
		size_t ncap = b->cap ? b->cap * 2 : 65536;
		while (ncap < b->len + (size_t)n + 1)
			ncap *= 2;
		char *np = realloc(b->p, ncap);
		if (np == NULL) {
			b->oom = 1;
			return;
		}
		b->p = np;
		b->cap = ncap;
	}
}

static unsigned long long rng;

static unsigned
rnd(unsigned n)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (unsigned)((rng * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

static int
flush(struct buf *b, const char *dir, const char *name, char *err, size_t errlen)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (b->oom) {
		snprintf(err, errlen, "out of memory writing '%s'", path);
		return -1;
	}
	if (write_file(path, b->p ? b->p : "", b->len) < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	b->len = 0;
	return 0;
}

static void
kernel_h(struct buf *b)
{
	bprintf(b,
	    "/* kernel.h: shared types and helpers of the contest reference tree */\n"
	    "#ifndef KERNEL_H\n#define KERNEL_H\n\n"
	    "typedef unsigned char u8;\ntypedef unsigned short u16;\n"
	    "typedef unsigned int u32;\ntypedef unsigned long long u64;\n"
	    "typedef signed long long s64;\n\n"
	    "#define EINVAL 22\n#define ENOMEM 12\n#define EBUSY 16\n\n"
	    "#define min(a, b) ((a) < (b) ? (a) : (b))\n"
	    "#define max(a, b) ((a) > (b) ? (a) : (b))\n"
	    "#define clamp(v, lo, hi) min(max(v, lo), hi)\n"
	    "#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))\n"
	    "#define BIT(n) (1UL << (n))\n"
	    "#define GENMASK(h, l) (((~0UL) << (l)) & (~0UL >> (63 - (h))))\n"
	    "#define likely(x) __builtin_expect(!!(x), 1)\n"
	    "#define unlikely(x) __builtin_expect(!!(x), 0)\n"
	    "#define container_of(p, t, m) ((t *)((char *)(p) - __builtin_offsetof(t, m)))\n\n"
	    "struct list_head { struct list_head *next, *prev; };\n\n"
	    "static inline void INIT_LIST_HEAD(struct list_head *l) { l->next = l; l->prev = l; }\n"
	    "static inline void list_add(struct list_head *n, struct list_head *h)\n"
	    "{\n\tn->next = h->next;\n\tn->prev = h;\n\th->next->prev = n;\n\th->next = n;\n}\n"
	    "static inline void list_del(struct list_head *e)\n"
	    "{\n\te->prev->next = e->next;\n\te->next->prev = e->prev;\n\te->next = e;\n\te->prev = e;\n}\n"
	    "static inline int list_empty(const struct list_head *h) { return h->next == h; }\n"
	    "#define list_for_each(pos, head) for (pos = (head)->next; pos != (head); pos = pos->next)\n\n"
	    "static inline u32 hash_32(u32 v, unsigned bits) { return (v * 0x61C88647u) >> (32 - bits); }\n"
	    "static inline u64 rol64(u64 w, unsigned s) { return (w << (s & 63)) | (w >> ((-s) & 63)); }\n"
	    "static inline unsigned popcount64(u64 w)\n"
	    "{\n\tunsigned n = 0;\n\twhile (w) {\n\t\tw &= w - 1;\n\t\tn++;\n\t}\n\treturn n;\n}\n\n"
	    "#endif\n");
}

static void
sub_h(struct buf *b, unsigned s)
{
	unsigned i;

	bprintf(b, "/* sub%02u.h: subsystem %u of the contest reference tree */\n"
	    "#ifndef SUB%02u_H\n#define SUB%02u_H\n\n#include \"kernel.h\"\n\n", s, s, s, s);
	bprintf(b, "#define SUB%02u_MUL(x) ((x) * %u + %u)\n", s, 3 + rnd(97), rnd(1000));
	bprintf(b, "#define SUB%02u_MASK GENMASK(%u, %u)\n", s, 20 + rnd(40), rnd(16));
	bprintf(b, "#define SUB%02u_SLOTS %u\n\n", s, 8 + rnd(24));
	bprintf(b, "struct sub%02u_ops {\n", s);
	for (i = 0; i < 6; i++)
		bprintf(b, "\tlong (*op%u)(void *priv, long arg);\n", i);
	bprintf(b, "};\n\nstruct sub%02u_state {\n\tstruct list_head list;\n"
	    "\tconst struct sub%02u_ops *ops;\n\tu64 stats[SUB%02u_SLOTS];\n"
	    "\tu32 flags;\n\tint refcount;\n\tchar name[24];\n};\n\n", s, s, s);
	for (i = 0; i < 8; i++) {
		bprintf(b, "static inline long sub%02u_h%u(long x, long y)\n{\n", s, i);
		switch (rnd(4)) {
		case 0:
			bprintf(b, "\tif (unlikely(x < 0))\n\t\treturn -EINVAL;\n"
			    "\treturn clamp(x * %u + (y >> %u), 0L, %uL);\n", 1 + rnd(31), rnd(8), 1000 + rnd(100000));
			break;
		case 1:
			bprintf(b, "\tlong r = 0;\n\tint i;\n\tfor (i = 0; i < %u; i++)\n"
			    "\t\tr += (x ^ (y << (i & 7))) & SUB%02u_MASK;\n\treturn r;\n", 4 + rnd(12), s);
			break;
		case 2:
			bprintf(b, "\treturn (long)(rol64((u64)x, %u) ^ hash_32((u32)y, %u));\n", rnd(64), 8 + rnd(16));
			break;
		default:
			bprintf(b, "\tswitch (x & 7) {\n\tcase 0: return y + %u;\n\tcase 1: return y - %u;\n"
			    "\tcase 2: return y * %u;\n\tcase 3: return y >> %u;\n"
			    "\tdefault: return SUB%02u_MUL(y) & SUB%02u_MASK;\n\t}\n",
			    rnd(100), rnd(100), 2 + rnd(9), 1 + rnd(7), s, s);
		}
		bprintf(b, "}\n\n");
	}
	bprintf(b, "#endif\n");
}

static void
unit_c(struct buf *b, unsigned u, unsigned s, unsigned nsubs)
{
	unsigned f, c, other = (s + 1 + rnd(nsubs)) % nsubs;

	bprintf(b, "/* u%04u.c: unit %u of the contest reference tree */\n"
	    "#include \"kernel.h\"\n#include \"sub%02u.h\"\n", u, u, s);
	if (other != s)
		bprintf(b, "#include \"sub%02u.h\"\n", other);
	bprintf(b, "\nstruct u%04u_dev {\n\tstruct sub%02u_state st;\n\tstruct list_head node;\n"
	    "\tlong regs[%u];\n\tu32 irq, mode;\n\tu8 buf[%u];\n};\n\n", u, s, 8 + rnd(24), 32 + rnd(96));
	bprintf(b, "static struct u%04u_dev u%04u_devs[%u];\nstatic struct list_head u%04u_head;\n\n",
	    u, u, 2 + rnd(6), u);
	for (f = 0; f < FUNCS; f++) {
		bprintf(b, "static long u%04u_f%u(struct u%04u_dev *d, int op, long arg)\n{\n"
		    "\tlong r = 0;\n\tunsigned i = 0;\n\n\tswitch (op) {\n", u, f, u);
		for (c = 0; c < CASES; c++) {
			unsigned k = rnd(6);
			bprintf(b, "\tcase %u:\n", c * (1 + f % 3) + (f & 1));
			switch (k) {
			case 0:
				bprintf(b, "\t\tr = sub%02u_h%u(arg, d->regs[%u]);\n\t\tbreak;\n", s, rnd(8), rnd(8));
				break;
			case 1:
				bprintf(b, "\t\tfor (i = 0; i < ARRAY_SIZE(d->buf); i++)\n"
				    "\t\t\tr += d->buf[i] * %u ^ (arg >> (i & 15));\n\t\tbreak;\n", 1 + rnd(255));
				break;
			case 2:
				bprintf(b, "\t\tif (d->mode & BIT(%u))\n\t\t\tr = sub%02u_h%u(r + arg, %u);\n"
				    "\t\telse\n\t\t\tr = (long)popcount64((u64)arg * %uULL);\n\t\tbreak;\n",
				    rnd(32), other, rnd(8), rnd(5000), 1 + rnd(1u << 20));
				break;
			case 3:
				bprintf(b, "\t\td->regs[%u] = SUB%02u_MUL(arg) & SUB%02u_MASK;\n"
				    "\t\tr = d->regs[%u] - d->regs[%u];\n\t\tbreak;\n", rnd(8), s, s, rnd(8), rnd(8));
				break;
			case 4:
				bprintf(b, "\t\td->st.stats[%u %% SUB%02u_SLOTS] += (u64)arg;\n"
				    "\t\tr = (long)hash_32((u32)d->st.stats[%u %% SUB%02u_SLOTS], %u);\n\t\tbreak;\n",
				    rnd(64), s, rnd(64), s, 4 + rnd(20));
				break;
			default:
				bprintf(b, "\t\tif (d->st.ops && d->st.ops->op%u)\n\t\t\tr = d->st.ops->op%u(d, arg + %u);\n"
				    "\t\telse\n\t\t\tr = -EBUSY;\n\t\tbreak;\n", rnd(6), rnd(6), rnd(100));
			}
		}
		bprintf(b, "\tdefault:\n\t\treturn -EINVAL;\n\t}\n\treturn r ^ (long)d->irq ^ (long)i;\n}\n\n");
	}
	bprintf(b, "static long u%04u_walk(struct list_head *head, long seed)\n{\n"
	    "\tstruct list_head *pos;\n\tlong acc = seed;\n\n"
	    "\tlist_for_each(pos, head) {\n"
	    "\t\tstruct u%04u_dev *d = container_of(pos, struct u%04u_dev, node);\n", u, u, u);
	for (f = 0; f < FUNCS; f++)
		bprintf(b, "\t\tacc += u%04u_f%u(d, (int)(acc & %u), acc);\n", u, f, 63 + rnd(64));
	bprintf(b, "\t}\n\treturn acc;\n}\n\n");
	bprintf(b, "long u%04u_entry(long seed)\n{\n\tunsigned i;\n\n\tINIT_LIST_HEAD(&u%04u_head);\n"
	    "\tfor (i = 0; i < ARRAY_SIZE(u%04u_devs); i++) {\n"
	    "\t\tu%04u_devs[i].irq = i + %u;\n\t\tlist_add(&u%04u_devs[i].node, &u%04u_head);\n\t}\n"
	    "\treturn u%04u_walk(&u%04u_head, seed);\n}\n", u, u, u, u, rnd(256), u, u, u, u);
}

static int
write_tree(const char *dir, unsigned units, char *err, size_t errlen)
{
	unsigned nsubs = (units + UNITS_PER_SUB - 1) / UNITS_PER_SUB, s, u;
	struct buf b = { 0 };
	char name[4300];
	int rc = -1;

	rng = 0x636F6E7465737431ULL + GEN_VERSION;	/* "contest1" */
	snprintf(name, sizeof(name), "%s/include", dir);
	if (mkdirs(name, 0755) < 0) {
		snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
		goto out;
	}
	kernel_h(&b);
	if (flush(&b, dir, "include/kernel.h", err, errlen) < 0)
		goto out;
	for (s = 0; s < nsubs; s++) {
		sub_h(&b, s);
		snprintf(name, sizeof(name), "include/sub%02u.h", s);
		if (flush(&b, dir, name, err, errlen) < 0)
			goto out;
		snprintf(name, sizeof(name), "%s/sub%02u", dir, s);
		if (mkdirs(name, 0755) < 0) {
			snprintf(err, errlen, "cannot create '%s': %s", name, strerror(errno));
			goto out;
		}
	}
	for (u = 0; u < units; u++) {
		unit_c(&b, u, u / UNITS_PER_SUB, nsubs);
		snprintf(name, sizeof(name), "sub%02u/u%04u.c", u / UNITS_PER_SUB, u);
		if (flush(&b, dir, name, err, errlen) < 0)
			goto out;
	}
	bprintf(&b, "/* init.c: calls every unit, so the link needs them all */\n");
	for (u = 0; u < units; u++)
		bprintf(&b, "long u%04u_entry(long);\n", u);
	bprintf(&b, "\nint main(void)\n{\n\tlong acc = 1;\n\n");
	for (u = 0; u < units; u++)
		bprintf(&b, "\tacc = u%04u_entry(acc);\n", u);
	bprintf(&b, "\treturn (int)(acc & 1);\n}\n");
	if (flush(&b, dir, "init.c", err, errlen) < 0)
		goto out;
	bprintf(&b, "# Makefile of the contest reference tree (generator version %d)\n"
	    "CC ?= cc\nCFLAGS = -O2 -Wall -Iinclude\n\nOBJS =", GEN_VERSION);
	for (u = 0; u < units; u++)
		bprintf(&b, " \\\n\tsub%02u/u%04u.o", u / UNITS_PER_SUB, u);
	bprintf(&b, " \\\n\tinit.o\n\n"
	    "vmlinux: $(OBJS)\n\t$(CC) -o $@ $(OBJS)\n\n"
	    ".c.o:\n\t$(CC) $(CFLAGS) -c -o $@ $<\n\n"
	    "$(OBJS): include/kernel.h\n\n"
	    "clean:\n\trm -f vmlinux $(OBJS)\n\n.PHONY: clean\n");
	if (flush(&b, dir, "Makefile", err, errlen) < 0)
		goto out;
	rc = 0;
out:
	free(b.p);
	return rc;
}

int
gen_tree(const char *dir, unsigned units, char *err, size_t errlen)
{
	char stamp[4300], tmp[4200], want[64], have[64] = "";
	FILE *f;

	snprintf(want, sizeof(want), "contest-builtin %d %u\n", GEN_VERSION, units);
	snprintf(stamp, sizeof(stamp), "%s/.contest-tree", dir);
	if ((f = fopen(stamp, "r")) != NULL) {
		if (fgets(have, sizeof(have), f) == NULL)
			have[0] = '\0';
		fclose(f);
		if (!strcmp(have, want))
			return 0;
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp", dir);
	if (rmtree(tmp) < 0 || rmtree(dir) < 0) {
		snprintf(err, errlen, "cannot remove the old tree '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (write_tree(tmp, units, err, errlen) < 0)
		goto fail;
	snprintf(stamp, sizeof(stamp), "%s/.contest-tree", tmp);
	if (write_file(stamp, want, strlen(want)) < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", stamp, strerror(errno));
		goto fail;
	}
	if (rename(tmp, dir) < 0) {
		snprintf(err, errlen, "cannot rename '%s' to '%s': %s", tmp, dir, strerror(errno));
		goto fail;
	}
	return 1;
fail:
	rmtree(tmp);
	return -1;
}
