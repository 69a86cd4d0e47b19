/*
 * gen.c: writes the built-in reference tree.  Its bytes depend only on
 * GEN_VERSION and the number of units: a fixed-seed xorshift generator
 * picks every name and number, never the clock, libc or the machine.
 *
 * The tree is built the way Kbuild builds a kernel, so that the compile
 * works the kernel as a kernel build does: thousands of short processes
 * (make, sh, cc, cc1, as, a host tool, nm, awk, ar), each forking,
 * exec'ing, faulting in a fresh address space and opening and failing to
 * open hundreds of headers along an include path.  Shape:
 *
 *   Makefile           the top: prepares the generated headers and the
 *                      host tool, runs $(MAKE) -C in every top directory,
 *                      archives their built-in.a and links vmlinux
 *   .config            CONFIG_ options: one per unit (obj-$(CONFIG_..)),
 *                      and per header a switch, a debug switch, a number
 *   scripts/           Makefile.build (the rules of every sub-make),
 *                      fixdep.c (the host tool that rewrites the
 *                      compiler's -MD file into a .cmd file, reading
 *                      every header for the CONFIG_ names it tests),
 *                      mkconfig.sh (sed: .config to autoconf.h),
 *                      mkcalls.sh (awk: call table to calls.h),
 *                      mkoffsets.sh (sed: offsets from assembly),
 *                      checksyms.sh (nm and awk on every object),
 *                      link.sh (cc -r, the link, System.map,
 *                      vmlinux.symvers)
 *   include/linux/     base headers written by hand (types, compiler,
 *                      bits, list, ...) and a graph of generated headers
 *                      in three levels, each including a few of the level
 *                      below: structs, ops tables, enums, macros, extern
 *                      prototypes, CONFIG_-dependent stubs and static
 *                      inline functions that call the level below
 *   include/uapi/linux/ some of the first level, one more -I away
 *   arch/include/asm/  arch headers; asm/Kbuild lists more that exist
 *                      only as include/asm-generic/ headers reached
 *                      through wrappers generated at build time
 *   arch/offsets.c     compiled to assembly only; sed turns its marker
 *                      lines into include/generated/offsets.h, as Kbuild
 *                      makes asm-offsets.h
 *   arch/calls.tbl     the table mkcalls.sh turns into calls.h
 *   TOP/ and TOP/SUB/  directories of UNITS_PER_DIR units each, under a
 *                      few top directories; a Makefile per directory
 *   .../uNNNN.c        a unit: includes about 150 headers (a dozen
 *                      directly, the rest nested, in chains up to about
 *                      twenty deep), fills an ops table and runs a few
 *                      functions through the inlines
 *   init/main.c        calls every unit, so vmlinux needs them all
 *
 * A unit's compile is three shell lines, as a Kbuild object's rule is
 * several: cc -MD (cc, cc1, as), fixdep and rm; checksyms.sh (sh, nm,
 * awk); nm piped to sed for the symbol list.  With its share of its
 * directory's make and ar that is about fourteen execs for about 0.2
 * CPU-seconds, the kernel's execs per CPU-second (a kernel object has
 * more execs and a costlier cc1).  doc/bench-tree.md holds the measured
 * fingerprint.  make clean removes every file the build made, generated
 * headers and host tool included.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen.h"
#include "util.h"

#define UNITS_PER_DIR	2	/* translation units per directory */
#define NTOP		8	/* top directories holding the units' directories */
#define NASM		20	/* headers in arch/include/asm */
#define NGENERIC	12	/* asm headers reached through generated wrappers */
#define NL1		40	/* first-level headers (the last NUAPI in include/uapi) */
#define NUAPI		8
#define NL2		60	/* second level: include the first */
#define NL3		100	/* third level: include the second; units include these */
#define NHDR		(NASM + NGENERIC + NL1 + NL2 + NL3)
#define MAXINC		8	/* most headers one generated header includes */
#define UNIT_L3		10	/* third-level headers a unit includes directly */
#define UNIT_L2		2	/* second-level headers a unit includes directly */
#define NOFFSETS	24	/* constants arch/offsets.c exports */
#define NCALLS		64	/* lines of arch/calls.tbl */

struct buf {
	char *p;
	size_t len, cap;
	int oom;
};

/* A generated header: what others need to know to include and call it. */
struct hdr {
	char stem[24];		/* identifier stem and file name, e.g. spin_zone */
	char path[48];		/* as included: linux/spin_zone.h */
	char file[64];		/* where it lies in the tree */
	int level;		/* 0 asm, 1 to 3 */
	int inc[MAXINC];	/* headers it includes, by index */
	int ninc;
	int embed;		/* index of the header whose struct it embeds, or -1 */
	int nfn;		/* static inlines stem_fn0.. (struct stem *, long) */
	int nops;		/* members op0.. of struct stem_ops */
	int bufsz;		/* bytes of its buf[] member */
	int nflags;		/* flag bits STEM_F0.. */
	int nvals;		/* longs of its vals[] member */
	int nkinds;		/* enumerators of enum stem_kind */
	int on, debug;		/* CONFIG_STEM and CONFIG_STEM_DEBUG are set */
	int shift;		/* CONFIG_STEM_SHIFT */
};

static struct hdr hdrs[NHDR];

/* Syllables of the headers' names; two of them name a header. */
static const char *const syl[] = {
	"spin", "lock", "list", "page", "sched", "irq", "time", "wait", "mutex",
	"slab", "cred", "file", "dev", "bio", "net", "sock", "skb", "rcu",
	"task", "mm", "vma", "fs", "path", "dentry", "inode", "kobj", "bus",
	"pci", "dma", "cpu", "node", "zone", "bit", "hash", "ring", "queue",
	"work", "timer", "clock", "seq", "stat", "user", "proc", "sys", "sig",
	"pid", "ns", "ipc", "msg", "sem", "shm", "key", "crypt", "hw", "io",
	"port", "mem", "map", "swap", "buf", "cache", "log", "trace", "event",
	"perf", "power", "therm", "gpio", "clk", "reg", "phy", "mac", "usb",
	"scsi", "ata", "blk", "disk", "part", "dm", "md", "raid", "nfs", "ext",
	"fat", "tty", "vt", "con", "fb", "drm", "snd", "pcm", "input", "hid",
	"kbd", "acpi", "numa",
};
#define NSYL ((unsigned)(sizeof(syl) / sizeof(syl[0])))

static const char *const tops[NTOP] = {
	"kernel", "mm", "fs", "drivers", "lib", "net", "block", "crypto",
};

static const char *const verbs[] = {
	"init", "exit", "register", "unregister", "lookup", "alloc", "free",
	"get", "put", "start", "stop", "suspend", "resume", "reset", "probe",
	"remove", "attach", "detach", "flush", "sync", "read", "write", "map",
	"unmap", "enable", "disable", "show", "store", "update", "commit",
};
#define NVERB ((unsigned)(sizeof(verbs) / sizeof(verbs[0])))

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

/* Text kept as an array of lines: ISO C caps a string literal's length. */
static void
blines(struct buf *b, const char *const *lines)
{
	for (; *lines; lines++)
		bprintf(b, "%s\n", *lines);
}

static unsigned long long rng;

static unsigned
rnd(unsigned n)
{
	return (unsigned)(rng_next(&rng) >> 33) % n;
}

/* The upper-case form of s in dst, for macros and guards; / . - become _. */
static const char *
upper(char *dst, size_t len, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < len; i++)
		dst[i] = (s[i] >= 'a' && s[i] <= 'z') ? s[i] - 'a' + 'A' :
		    (s[i] == '/' || s[i] == '.' || s[i] == '-') ? '_' : s[i];
	dst[i] = '\0';
	return dst;
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

static int
mkdir_in(const char *dir, const char *name, char *err, size_t errlen)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (mkdirs(path, 0755) < 0) {
		snprintf(err, errlen, "cannot create '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The hand-written base of the header graph: what every generated header
 * builds on, as the kernel's types.h, compiler.h and list.h are.
 */
static const char *const kconfig_h[] = {
	"/* kconfig.h: given to every compile with -include: the options of .config */",
	"#ifndef _LINUX_KCONFIG_H",
	"#define _LINUX_KCONFIG_H",
	"#include <generated/autoconf.h>",
	"#endif",
	NULL
};

static const char *const types_h[] = {
	"/* types.h: fixed-width types; the tree is compiled with -nostdinc */",
	"#ifndef _LINUX_TYPES_H",
	"#define _LINUX_TYPES_H",
	"typedef unsigned char u8;",
	"typedef unsigned short u16;",
	"typedef unsigned int u32;",
	"typedef unsigned long long u64;",
	"typedef signed char s8;",
	"typedef short s16;",
	"typedef int s32;",
	"typedef long long s64;",
	"typedef __SIZE_TYPE__ size_t;",
	"typedef long ssize_t;",
	"typedef unsigned long uintptr_t;",
	"typedef _Bool bool;",
	"typedef unsigned int gfp_t;",
	"typedef long loff_t;",
	"#define NULL ((void *)0)",
	"#define true 1",
	"#define false 0",
	"struct list_head {",
	"\tstruct list_head *next, *prev;",
	"};",
	"struct hlist_node {",
	"\tstruct hlist_node *next, **pprev;",
	"};",
	"struct hlist_head {",
	"\tstruct hlist_node *first;",
	"};",
	"typedef struct {",
	"\tint counter;",
	"} atomic_t;",
	"typedef struct {",
	"\tvolatile int slock;",
	"} spinlock_t;",
	"#endif",
	NULL
};

static const char *const compiler_h[] = {
	"/* compiler.h: attributes and access macros every header uses */",
	"#ifndef _LINUX_COMPILER_H",
	"#define _LINUX_COMPILER_H",
	"#define likely(x) __builtin_expect(!!(x), 1)",
	"#define unlikely(x) __builtin_expect(!!(x), 0)",
	"#define __always_inline inline __attribute__((__always_inline__))",
	"#define noinline __attribute__((__noinline__))",
	"#define __must_check __attribute__((__warn_unused_result__))",
	"#define __packed __attribute__((__packed__))",
	"#define __aligned(n) __attribute__((__aligned__(n)))",
	"#define __maybe_unused __attribute__((__unused__))",
	"#define barrier() __asm__ __volatile__(\"\" : : : \"memory\")",
	"#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))",
	"#define WRITE_ONCE(x, v) do { *(volatile __typeof__(x) *)&(x) = (v); } while (0)",
	"#define BUILD_BUG_ON(c) ((void)sizeof(char[1 - 2 * !!(c)]))",
	"#define __stringify_1(x) #x",
	"#define __stringify(x) __stringify_1(x)",
	"#define __cat_1(a, b) a##b",
	"#define __cat(a, b) __cat_1(a, b)",
	"#endif",
	NULL
};

static const char *const bits_h[] = {
	"/* bits.h: bit masks */",
	"#ifndef _LINUX_BITS_H",
	"#define _LINUX_BITS_H",
	"#define BITS_PER_LONG (8 * (int)sizeof(long))",
	"#define BIT(n) (1UL << (n))",
	"#define BIT_ULL(n) (1ULL << (n))",
	"#define GENMASK(h, l) (((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))",
	"#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))",
	"#define BITS_TO_LONGS(n) DIV_ROUND_UP(n, BITS_PER_LONG)",
	"#define BIT_WORD(n) ((n) / BITS_PER_LONG)",
	"#define BIT_MASK(n) (1UL << ((n) % BITS_PER_LONG))",
	"#endif",
	NULL
};

static const char *const stddef_h[] = {
	"/* stddef.h: offsets, containers and type-checked min and max */",
	"#ifndef _LINUX_STDDEF_H",
	"#define _LINUX_STDDEF_H",
	"#include <linux/types.h>",
	"#define offsetof(t, m) __builtin_offsetof(t, m)",
	"#define container_of(p, t, m) ((t *)((char *)(p) - offsetof(t, m)))",
	"#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))",
	"#define min_t(t, a, b) ({ t __a = (a); t __b = (b); __a < __b ? __a : __b; })",
	"#define max_t(t, a, b) ({ t __a = (a); t __b = (b); __a > __b ? __a : __b; })",
	"#define clamp_t(t, v, lo, hi) min_t(t, max_t(t, v, lo), hi)",
	"#define swap(a, b) do { __typeof__(a) __t = (a); (a) = (b); (b) = __t; } while (0)",
	"#endif",
	NULL
};

static const char *const list_h[] = {
	"/* list.h: the doubly linked list every structure hangs on */",
	"#ifndef _LINUX_LIST_H",
	"#define _LINUX_LIST_H",
	"#include <linux/types.h>",
	"#include <linux/stddef.h>",
	"#include <linux/compiler.h>",
	"static inline void INIT_LIST_HEAD(struct list_head *l)",
	"{",
	"\tWRITE_ONCE(l->next, l);",
	"\tl->prev = l;",
	"}",
	"static inline void __list_add(struct list_head *n, struct list_head *prev, struct list_head *next)",
	"{",
	"\tnext->prev = n;",
	"\tn->next = next;",
	"\tn->prev = prev;",
	"\tWRITE_ONCE(prev->next, n);",
	"}",
	"static inline void list_add(struct list_head *n, struct list_head *h)",
	"{",
	"\t__list_add(n, h, h->next);",
	"}",
	"static inline void list_add_tail(struct list_head *n, struct list_head *h)",
	"{",
	"\t__list_add(n, h->prev, h);",
	"}",
	"static inline void list_del_init(struct list_head *e)",
	"{",
	"\te->next->prev = e->prev;",
	"\tWRITE_ONCE(e->prev->next, e->next);",
	"\tINIT_LIST_HEAD(e);",
	"}",
	"static inline int list_empty(const struct list_head *h)",
	"{",
	"\treturn READ_ONCE(h->next) == h;",
	"}",
	"static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)",
	"{",
	"\tn->next = h->first;",
	"\tif (h->first)",
	"\t\th->first->pprev = &n->next;",
	"\tWRITE_ONCE(h->first, n);",
	"\tn->pprev = &h->first;",
	"}",
	"#define list_entry(p, t, m) container_of(p, t, m)",
	"#define list_for_each(pos, head) for (pos = (head)->next; pos != (head); pos = pos->next)",
	"#define list_for_each_entry(pos, head, m) \\",
	"\tfor (pos = list_entry((head)->next, __typeof__(*pos), m); &pos->m != (head); \\",
	"\t    pos = list_entry(pos->m.next, __typeof__(*pos), m))",
	"#endif",
	NULL
};

static const char *const spinlock_h[] = {
	"/* spinlock.h: locks and atomics on the compiler's builtins */",
	"#ifndef _LINUX_SPINLOCK_H",
	"#define _LINUX_SPINLOCK_H",
	"#include <linux/types.h>",
	"#include <linux/compiler.h>",
	"static inline void spin_lock(spinlock_t *l)",
	"{",
	"\twhile (__atomic_exchange_n(&l->slock, 1, __ATOMIC_ACQUIRE))",
	"\t\tbarrier();",
	"}",
	"static inline void spin_unlock(spinlock_t *l)",
	"{",
	"\t__atomic_store_n(&l->slock, 0, __ATOMIC_RELEASE);",
	"}",
	"static inline int atomic_read(const atomic_t *a)",
	"{",
	"\treturn READ_ONCE(a->counter);",
	"}",
	"static inline int atomic_inc_return(atomic_t *a)",
	"{",
	"\treturn __atomic_add_fetch(&a->counter, 1, __ATOMIC_SEQ_CST);",
	"}",
	"static inline int atomic_dec_and_test(atomic_t *a)",
	"{",
	"\treturn __atomic_sub_fetch(&a->counter, 1, __ATOMIC_SEQ_CST) == 0;",
	"}",
	"#endif",
	NULL
};

static const char *const bitops_h[] = {
	"/* bitops.h: bit operations on arrays of longs */",
	"#ifndef _LINUX_BITOPS_H",
	"#define _LINUX_BITOPS_H",
	"#include <linux/types.h>",
	"#include <linux/bits.h>",
	"static inline void __set_bit(unsigned long n, unsigned long *a)",
	"{",
	"\ta[BIT_WORD(n)] |= BIT_MASK(n);",
	"}",
	"static inline void __clear_bit(unsigned long n, unsigned long *a)",
	"{",
	"\ta[BIT_WORD(n)] &= ~BIT_MASK(n);",
	"}",
	"static inline int test_bit(unsigned long n, const unsigned long *a)",
	"{",
	"\treturn (a[BIT_WORD(n)] >> (n % BITS_PER_LONG)) & 1;",
	"}",
	"static inline unsigned int hweight_long(unsigned long w)",
	"{",
	"\treturn (unsigned int)__builtin_popcountl(w);",
	"}",
	"static inline int fls_long(unsigned long w)",
	"{",
	"\treturn w ? BITS_PER_LONG - __builtin_clzl(w) : 0;",
	"}",
	"static inline u32 hash_32(u32 v, unsigned int bits)",
	"{",
	"\treturn (v * 0x61C88647u) >> (32 - bits);",
	"}",
	"#endif",
	NULL
};

static const char *const err_h[] = {
	"/* err.h: error numbers, and errors carried in pointers */",
	"#ifndef _LINUX_ERR_H",
	"#define _LINUX_ERR_H",
	"#include <linux/compiler.h>",
	"#define EPERM 1",
	"#define ENOENT 2",
	"#define EIO 5",
	"#define ENOMEM 12",
	"#define EBUSY 16",
	"#define ENODEV 19",
	"#define EINVAL 22",
	"#define ENOSPC 28",
	"#define EAGAIN 11",
	"#define MAX_ERRNO 4095",
	"#define IS_ERR_VALUE(x) unlikely((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)",
	"static inline void *ERR_PTR(long e)",
	"{",
	"\treturn (void *)e;",
	"}",
	"static inline long PTR_ERR(const void *p)",
	"{",
	"\treturn (long)p;",
	"}",
	"static inline bool IS_ERR(const void *p)",
	"{",
	"\treturn IS_ERR_VALUE((unsigned long)p);",
	"}",
	"#endif",
	NULL
};

static const char *const frame_h[] = {
	"/* frame.h: the generated constants (offsets, call numbers) a unit uses */",
	"#ifndef _ASM_FRAME_H",
	"#define _ASM_FRAME_H",
	"#include <generated/offsets.h>",
	"#include <generated/calls.h>",
	"#endif",
	NULL
};

/* The base headers, each with where it lies; the generated graph includes them. */
static const struct {
	const char *file;
	const char *const *text;
} bases[] = {
	{ "include/linux/kconfig.h", kconfig_h },
	{ "include/linux/types.h", types_h },
	{ "include/linux/compiler.h", compiler_h },
	{ "include/linux/bits.h", bits_h },
	{ "include/linux/stddef.h", stddef_h },
	{ "include/linux/list.h", list_h },
	{ "include/linux/spinlock.h", spinlock_h },
	{ "include/linux/bitops.h", bitops_h },
	{ "include/linux/err.h", err_h },
	{ "arch/include/asm/frame.h", frame_h },
};

static const char *const fixdep_c[] = {
	"/*",
	" * fixdep.c: the tree's host tool, built first and run after every",
	" * compile.  It turns the dependency file the compiler wrote (-MD) into",
	" * the .cmd file make includes on the next build: the command line, the",
	" * prerequisites, and for every CONFIG_ name a prerequisite mentions a",
	" * wildcard on include/config/NAME, so that turning one option over need",
	" * rebuild only what tests it.  autoconf.h itself is left out: every",
	" * object includes it.",
	" *",
	" * usage: fixdep DEPFILE TARGET COMMAND > .TARGET.cmd",
	" */",
	"#include <fcntl.h>",
	"#include <stdio.h>",
	"#include <stdlib.h>",
	"#include <string.h>",
	"#include <sys/mman.h>",
	"#include <sys/stat.h>",
	"#include <unistd.h>",
	"",
	"#define NSEEN 8192\t/* names remembered; past that some print twice, harmlessly */",
	"",
	"static char *seen[NSEEN];",
	"",
	"static void",
	"die(const char *what, const char *path)",
	"{",
	"\tfprintf(stderr, \"fixdep: %s '%s'\\n\", what, path);",
	"\texit(1);",
	"}",
	"",
	"/* 1 the first time the n bytes at s are met */",
	"static int",
	"first(const char *s, size_t n)",
	"{",
	"\tunsigned long h = 5381;",
	"\tsize_t i, k;",
	"",
	"\tfor (i = 0; i < n; i++)",
	"\t\th = h * 33 + (unsigned char)s[i];",
	"\tfor (k = 0, i = h % NSEEN; k < NSEEN; k++, i = (i + 1) % NSEEN) {",
	"\t\tif (seen[i] == NULL) {",
	"\t\t\tif ((seen[i] = malloc(n + 1)) == NULL)",
	"\t\t\t\tdie(\"out of memory after\", \"CONFIG_\");",
	"\t\t\tmemcpy(seen[i], s, n);",
	"\t\t\tseen[i][n] = '\\0';",
	"\t\t\treturn 1;",
	"\t\t}",
	"\t\tif (strncmp(seen[i], s, n) == 0 && seen[i][n] == '\\0')",
	"\t\t\treturn 0;",
	"\t}",
	"\treturn 1;",
	"}",
	"",
	"static int",
	"idchar(int c)",
	"{",
	"\treturn c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||",
	"\t    (c >= 'A' && c <= 'Z');",
	"}",
	"",
	"/* a wildcard for every CONFIG_ name in the file at path, each once */",
	"static void",
	"scan(const char *path)",
	"{",
	"\tconst char *m, *p, *q, *end;",
	"\tstruct stat sb;",
	"\tint fd;",
	"",
	"\tif ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &sb) < 0)",
	"\t\tdie(\"cannot read\", path);",
	"\tif (sb.st_size == 0) {",
	"\t\tclose(fd);",
	"\t\treturn;",
	"\t}",
	"\tm = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);",
	"\tclose(fd);",
	"\tif (m == MAP_FAILED)",
	"\t\tdie(\"cannot map\", path);",
	"\tend = m + sb.st_size;",
	"\tfor (p = m; end - p >= 7 && (p = memchr(p, 'C', (size_t)(end - p))) != NULL; p = q) {",
	"\t\tq = p + 1;",
	"\t\tif (end - p < 7 || memcmp(p, \"CONFIG_\", 7) != 0 || (p > m && idchar(p[-1])))",
	"\t\t\tcontinue;",
	"\t\tfor (q = p + 7; q < end && idchar(*q); q++)",
	"\t\t\t;",
	"\t\tif (q > p + 7 && first(p + 7, (size_t)(q - p - 7)))",
	"\t\t\tprintf(\"  $(wildcard include/config/%.*s) \\\\\\n\", (int)(q - p - 7), p + 7);",
	"\t}",
	"\tmunmap((void *)m, (size_t)sb.st_size);",
	"}",
	"",
	"/* the whole file at path, NUL-terminated */",
	"static char *",
	"slurp(const char *path)",
	"{",
	"\tstruct stat sb;",
	"\tchar *d;",
	"\tint fd;",
	"",
	"\tif ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &sb) < 0)",
	"\t\tdie(\"cannot read\", path);",
	"\tif ((d = malloc((size_t)sb.st_size + 1)) == NULL)",
	"\t\tdie(\"out of memory reading\", path);",
	"\tif (read(fd, d, (size_t)sb.st_size) != (ssize_t)sb.st_size)",
	"\t\tdie(\"short read of\", path);",
	"\td[sb.st_size] = '\\0';",
	"\tclose(fd);",
	"\treturn d;",
	"}",
	"",
	"int",
	"main(int argc, char **argv)",
	"{",
	"\tconst char *t;",
	"\tchar *tok;",
	"\tsize_t len;",
	"",
	"\tif (argc != 4) {",
	"\t\tfprintf(stderr, \"usage: fixdep DEPFILE TARGET COMMAND\\n\");",
	"\t\treturn 2;",
	"\t}",
	"\tt = argv[2];",
	"\tprintf(\"cmd_%s := %s\\n\\ndeps_%s := \\\\\\n\", t, argv[3], t);",
	"\tfor (tok = strtok(slurp(argv[1]), \" \\t\\n\\\\\"); tok; tok = strtok(NULL, \" \\t\\n\\\\\")) {",
	"\t\tlen = strlen(tok);",
	"\t\tif (tok[len - 1] == ':')\t/* the target the compiler names */",
	"\t\t\tcontinue;",
	"\t\tif (len >= 12 && strcmp(tok + len - 12, \"/autoconf.h\") == 0)",
	"\t\t\tcontinue;",
	"\t\tprintf(\"  %s \\\\\\n\", tok);",
	"\t\tscan(tok);",
	"\t}",
	"\tprintf(\"\\n%s: $(deps_%s)\\n\\n$(deps_%s):\\n\", t, t, t);",
	"\treturn 0;",
	"}",
	NULL
};

static const char *const mkconfig_sh[] = {
	"#!/bin/sh",
	"# mkconfig.sh CONFIG: the C header of a .config file.  CONFIG_X=y becomes",
	"# #define CONFIG_X 1, a number or a string is defined as itself, and an",
	"# option that is not set stays undefined, so that #ifdef tests it.",
	"echo '/* generated from .config by scripts/mkconfig.sh: do not edit */'",
	"echo '#ifndef _GENERATED_AUTOCONF_H'",
	"echo '#define _GENERATED_AUTOCONF_H'",
	"sed -n -e 's/^\\(CONFIG_[A-Za-z0-9_]*\\)=y$/#define \\1 1/p' \\",
	"    -e 's/^\\(CONFIG_[A-Za-z0-9_]*\\)=\\(-\\{0,1\\}[0-9][0-9]*\\)$/#define \\1 \\2/p' \\",
	"    -e 's/^\\(CONFIG_[A-Za-z0-9_]*\\)=\\(\".*\"\\)$/#define \\1 \\2/p' \"$1\"",
	"echo '#endif'",
	NULL
};

static const char *const mkcalls_sh[] = {
	"#!/bin/sh",
	"# mkcalls.sh TABLE: the call numbers of a table of \"number abi name entry\"",
	"# lines: a #define per call, the count, and CALL_LIST, which the code",
	"# expands with its own CALL(number, entry) to build its tables.",
	"echo '/* generated from arch/calls.tbl by scripts/mkcalls.sh: do not edit */'",
	"echo '#ifndef _GENERATED_CALLS_H'",
	"echo '#define _GENERATED_CALLS_H'",
	"awk '",
	"/^[ \\t]*#/ || NF < 4 { next }",
	"{",
	"\tprintf \"#define __NR_%s %d\\n\", $3, $1",
	"\tif ($1 + 1 > n)",
	"\t\tn = $1 + 1",
	"\tlist = list sprintf(\" \\\\\\n\\tCALL(%d, %s)\", $1, $4)",
	"}",
	"END { printf \"#define NR_CALLS %d\\n#define CALL_LIST%s\\n\", n, list }' \"$1\"",
	"echo '#endif'",
	NULL
};

static const char *const mkoffsets_sh[] = {
	"#!/bin/sh",
	"# mkoffsets.sh ASM: the offsets header from the assembly the compiler made",
	"# of arch/offsets.c, where each constant is an asm comment \"#=> NAME VALUE\"",
	"# (the value may carry the assembler's immediate prefix, $ or #).",
	"echo '/* generated from arch/offsets.c by scripts/mkoffsets.sh: do not edit */'",
	"echo '#ifndef _GENERATED_OFFSETS_H'",
	"echo '#define _GENERATED_OFFSETS_H'",
	"sed -n 's/^[[:space:]]*#=> \\([A-Za-z0-9_]*\\) [$#]\\{0,1\\}\\(-\\{0,1\\}[0-9][0-9]*\\).*/#define \\1 \\2/p' \"$1\"",
	"echo '#endif'",
	NULL
};

static const char *const checksyms_sh[] = {
	"#!/bin/sh",
	"# checksyms.sh OBJECT PREFIX: fails when the object defines a global",
	"# symbol whose name does not start with PREFIX.  Units talk only through",
	"# headers; a stray global would clash in the link, or worse, not clash.",
	"${NM:-nm} \"$1\" | awk -v obj=\"$1\" -v pre=\"$2\" '",
	"NF == 3 && $2 ~ /^[A-Z]$/ && index($3, pre) != 1 {",
	"\tprint obj \": global symbol \" $3 \" does not start with \" pre",
	"\tbad = 1",
	"}",
	"END { exit bad }'",
	NULL
};

static const char *const link_sh[] = {
	"#!/bin/sh",
	"# link.sh OUT ARCHIVE: links vmlinux in steps: every object of the thin",
	"# archive into one relocatable vmlinux.o (whole archive: nothing refers",
	"# to most members yet), the final link, then System.map, the symbols in",
	"# address order without the absolute and undefined ones, and",
	"# vmlinux.symvers, every object's function list, sorted.",
	"set -e",
	"${CC:-cc} -r -nostdlib -o vmlinux.o -Wl,--whole-archive \"$2\" -Wl,--no-whole-archive",
	"${CC:-cc} -o \"$1\" vmlinux.o",
	"${NM:-nm} -n \"$1\" | sed -e '/ [AaUw] /d' -e '/^ /d' > System.map",
	"find . -name '.*.sym' -exec cat {} + | sort > vmlinux.symvers",
	NULL
};

static const char *const kbuild_include[] = {
	"# scripts/Kbuild.include: read first by every directory's Makefile: the",
	"# options of .config (obj-$(CONFIG_X) needs them before the object lists",
	"# are read) and the compile command the rules share.",
	"include $(srctree)/.config",
	"",
	"cmd_cc_o_c = $(CC) $(c_flags) -c -o $@ $<",
	NULL
};

static const char *const makefile_build[] = {
	"# scripts/Makefile.build: the rules of every directory's sub-make.  The",
	"# directory's Makefile names its objects (obj-y, as .config selects them)",
	"# and its subdirectories (subdir-y); these rules compile the one, descend",
	"# into the other, and archive both into a thin built-in.a.  A compile",
	"# is three shells, one a line, as a Kbuild object's rule is several: the",
	"# compiler writes the dependencies (-MD) and fixdep rewrites them into",
	"# the .cmd file the next make includes; checksyms.sh checks the object's",
	"# symbols; nm and sed list the functions it defines for vmlinux.symvers.",
	"subdir-ar := $(addsuffix /built-in.a,$(subdir-y))",
	"",
	"built-in.a: $(obj-y) $(subdir-y)",
	"\t@set -e; echo '  AR      $(obj)/$@'; rm -f $@; $(AR) cDPrST $@ $(obj-y) $(subdir-ar)",
	"",
	"$(subdir-y): FORCE",
	"\t@$(MAKE) -C $@ obj=$(obj)/$@",
	"",
	"%.o: %.c",
	"\t@set -e; echo '  CC      $(obj)/$@'; \\",
	"\t$(cmd_cc_o_c) -MD -MF .$@.d; \\",
	"\t$(FIXDEP) .$@.d $@ '$(cmd_cc_o_c)' > .$@.cmd; \\",
	"\trm -f .$@.d",
	"\t@$(CONFIG_SHELL) $(srctree)/scripts/checksyms.sh $@ $*",
	"\t@$(NM) $@ | sed -n 's/^[0-9a-f]* T //p' > .$@.sym",
	"",
	"-include $(wildcard .*.cmd)",
	"",
	"FORCE:",
	".PHONY: FORCE",
	NULL
};

/* The fixed files of scripts/, with where they go. */
static const struct {
	const char *file;
	const char *const *text;
} scripts[] = {
	{ "scripts/fixdep.c", fixdep_c },
	{ "scripts/mkconfig.sh", mkconfig_sh },
	{ "scripts/mkcalls.sh", mkcalls_sh },
	{ "scripts/mkoffsets.sh", mkoffsets_sh },
	{ "scripts/checksyms.sh", checksyms_sh },
	{ "scripts/link.sh", link_sh },
	{ "scripts/Kbuild.include", kbuild_include },
	{ "scripts/Makefile.build", makefile_build },
};

/* Adds one of the headers [lo, hi) to the n of inc, unless there or full. */
static void
pick(int *inc, int *n, int max, unsigned lo, unsigned hi)
{
	int i, k;

	if (hi <= lo || *n == max)
		return;
	i = (int)(lo + rnd(hi - lo));
	for (k = 0; k < *n; k++)
		if (inc[k] == i)
			return;
	inc[(*n)++] = i;
}

/* The first index of each level, asm headers (and their generic kin) at 0. */
#define L1_FIRST	(NASM + NGENERIC)
#define L2_FIRST	(L1_FIRST + NL1)
#define L3_FIRST	(L2_FIRST + NL2)

/*
 * Names every header, places it and draws its includes.  A header
 * includes only headers of lower index, so the graph has no cycles, and
 * mostly the level just below it, so a unit's few direct includes open
 * up to about a hundred.
 */
static void
plan_headers(void)
{
	unsigned i, a, n;
	struct hdr *h;

	for (i = 0; i < NHDR; i++) {
		h = &hdrs[i];
		memset(h, 0, sizeof(*h));
		a = i % NSYL;
		snprintf(h->stem, sizeof(h->stem), "%s_%s", syl[a], syl[(i / NSYL + 3 * a + 1) % NSYL]);
		if (i < L1_FIRST) {
			h->level = 0;
			snprintf(h->path, sizeof(h->path), "asm/%s.h", h->stem);
			snprintf(h->file, sizeof(h->file), i < NASM ? "arch/include/asm/%s.h" :
			    "include/asm-generic/%s.h", h->stem);
		} else {
			h->level = i < L2_FIRST ? 1 : i < L3_FIRST ? 2 : 3;
			snprintf(h->path, sizeof(h->path), "linux/%s.h", h->stem);
			snprintf(h->file, sizeof(h->file), "include/%slinux/%s.h",
			    i >= L2_FIRST - NUAPI && i < L2_FIRST ? "uapi/" : "", h->stem);
		}
		switch (h->level) {
		case 0:
			for (n = rnd(3); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, 0, i);
			break;
		case 1:
			for (n = 1 + rnd(2); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, 0, L1_FIRST);
			for (n = rnd(3); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, L1_FIRST, i);
			break;
		case 2:
			for (n = 2 + rnd(3); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, L1_FIRST, L2_FIRST);
			pick(h->inc, &h->ninc, MAXINC, 0, L1_FIRST);
			if (rnd(2))
				pick(h->inc, &h->ninc, MAXINC, L2_FIRST, i);
			break;
		default:
			for (n = 2 + rnd(3); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, L2_FIRST, L3_FIRST);
			for (n = rnd(3); n > 0; n--)
				pick(h->inc, &h->ninc, MAXINC, L1_FIRST, L2_FIRST);
			if (rnd(2))
				pick(h->inc, &h->ninc, MAXINC, L3_FIRST, i);
		}
		h->embed = h->ninc > 0 ? h->inc[0] : -1;
		h->nfn = 4 + (int)rnd(8);
		h->nops = 3 + (int)rnd(5);
		h->bufsz = 8 + (int)rnd(56);
		h->nflags = 3 + (int)rnd(6);
		h->nvals = 2 + (int)rnd(14);
		h->nkinds = 4 + (int)rnd(20);
		h->on = rnd(5) != 0;
		h->debug = rnd(4) == 0;
		h->shift = 1 + (int)rnd(8);
	}
}

/* Macros and the kind enum of a header: constants the code below tests. */
static void
hdr_macros(struct buf *b, const struct hdr *h, const char *up)
{
	unsigned max = 100 + rnd(100000), hi = 8 + rnd(24), lo = rnd(8);
	int k;

	bprintf(b, "\n#define %s_MAX %u\n#define %s_SHIFT CONFIG_%s_SHIFT\n"
	    "#define %s_MASK GENMASK(%u, %u)\n#define %s_BUF %d\n#define %s_NVALS %d\n",
	    up, max, up, up, up, hi, lo, up, h->bufsz, up, h->nvals);
	for (k = 0; k < h->nflags; k++)
		bprintf(b, "#define %s_F%d BIT(%d)\n", up, k, k);
	bprintf(b, "#define %s_idx(x) (((unsigned long)(x) >> %s_SHIFT) & %s_MASK)\n"
	    "#define %s_valid(p) ((p) && !IS_ERR(p) && ((p)->flags & %s_F0))\n"
	    "#define %s_for_each(pos, p) list_for_each(pos, &(p)->node)\n\n"
	    "enum %s_kind {\n", h->stem, up, up, h->stem, up, h->stem, h->stem);
	for (k = 0; k < h->nkinds; k++)
		bprintf(b, "\t%s_K%d,\n", up, k);
	bprintf(b, "\t%s_NR_KINDS\n};\n", up);
}

/* struct stem and struct stem_ops: members the inlines and units use. */
static void
hdr_struct(struct buf *b, const struct hdr *h, const char *up)
{
	static const char *const types[] = { "u8", "u16", "u32", "u64", "long", "bool", "unsigned int", "loff_t" };
	int k, n;

	bprintf(b, "\nstruct %s_ops;\n\nstruct %s {\n\tstruct list_head node;\n\tspinlock_t lock;\n"
	    "\tatomic_t refs;\n\tunsigned long flags;\n\tunsigned long kinds[BITS_TO_LONGS(%s_NR_KINDS)];\n"
	    "\tconst struct %s_ops *ops;\n\tu32 count;\n\tu16 id;\n\tu8 buf[%s_BUF];\n\tlong vals[%s_NVALS];\n",
	    h->stem, h->stem, up, h->stem, up, up);
	if (h->embed >= 0)
		bprintf(b, "\tstruct %s emb;\n", hdrs[h->embed].stem);
	for (k = 0; k < h->ninc; k++)
		bprintf(b, "\tstruct %s *ref%d;\n", hdrs[h->inc[k]].stem, k);
	bprintf(b, "#ifdef CONFIG_%s_DEBUG\n\tunsigned long debug;\n#endif\n", up);
	for (k = 0, n = 2 + (int)rnd(7); k < n; k++)
		bprintf(b, "\t%s f%d;\n", types[rnd(sizeof(types) / sizeof(types[0]))], k);
	bprintf(b, "};\n\nstruct %s_ops {\n", h->stem);
	for (k = 0; k < h->nops; k++)
		bprintf(b, "\tlong (*op%d)(struct %s *p, long arg);\n", k, h->stem);
	bprintf(b, "};\n");
}

/* Extern prototypes, and the stub a disabled option leaves. */
static void
hdr_protos(struct buf *b, const struct hdr *h, const char *up)
{
	unsigned k, n, v;

	n = 6 + rnd(16);
	v = rnd(NVERB);
	bprintf(b, "\n");
	for (k = 0; k < n; k++)
		bprintf(b, "extern long %s_%s(struct %s *p, long arg);\n", h->stem, verbs[(v + k) % NVERB], h->stem);
	bprintf(b, "extern struct %s *%s_create(gfp_t gfp, const char *name);\n"
	    "extern void %s_destroy(struct %s *p);\n\n"
	    "#ifdef CONFIG_%s\nextern long %s_feature(struct %s *p, long arg);\n#else\n"
	    "static inline long %s_feature(struct %s *p, long arg)\n{\n\t(void)p;\n\treturn arg;\n}\n#endif\n",
	    h->stem, h->stem, h->stem, h->stem, up, h->stem, h->stem, h->stem, h->stem);
}

/* One static inline, stem_fnK(struct stem *, long), of one of a few shapes. */
static void
hdr_inline(struct buf *b, const struct hdr *h, const char *up, int k)
{
	const struct hdr *o;
	unsigned m, n1, n2, n3, n4;

	bprintf(b, "\nstatic inline long %s_fn%d(struct %s *p, long x)\n{\n", h->stem, k, h->stem);
	switch (rnd(11)) {
	case 1:
		bprintf(b, "\tunsigned int i;\n\tlong r = x;\n\n\tfor (i = 0; i < ARRAY_SIZE(p->buf); i++)\n"
		    "\t\tr += (long)p->buf[i] << (i & %u);\n\treturn r;\n", 1 + rnd(7));
		break;
	case 2:
		if (h->embed >= 0) {
			o = &hdrs[h->embed];
			n1 = rnd((unsigned)o->nfn);
			n2 = rnd(4096);
			bprintf(b, "\treturn %s_fn%u(&p->emb, x ^ %u) + (long)p->id;\n", o->stem, n1, n2);
			break;
		}
		bprintf(b, "\treturn x + (long)%s_idx(p->flags);\n", h->stem);
		break;
	case 3:
		if (h->ninc > 0) {
			m = rnd((unsigned)h->ninc);
			o = &hdrs[h->inc[m]];
			bprintf(b, "\tif (p->ref%u)\n\t\tx = %s_fn%u(p->ref%u, x);\n", m, o->stem, rnd((unsigned)o->nfn), m);
		}
		bprintf(b, "\treturn x + (long)%s_idx(x);\n", h->stem);
		break;
	case 4:
		if (k > 0) {
			n1 = rnd((unsigned)k);
			n2 = rnd(100);
			bprintf(b, "\tlong r = %s_fn%u(p, x + %u);\n\n\treturn clamp_t(long, r, -%s_MAX, %s_MAX);\n",
			    h->stem, n1, n2, up, up);
			break;
		}
		bprintf(b, "\treturn max_t(long, x, (long)p->count);\n");
		break;
	case 5:
		n1 = rnd(16);
		n2 = 4 + rnd(20);
		n3 = rnd(64);
		n4 = 2 + rnd(30);
		bprintf(b, "\tswitch (x & 7) {\n\tcase 0:\n\t\treturn p->vals[%u %% %s_NVALS];\n"
		    "\tcase 1:\n\t\treturn (long)hash_32((u32)x, %u);\n\tcase 2:\n\t\treturn x << %s_SHIFT;\n"
		    "\tcase 3:\n\t\treturn (long)hweight_long((unsigned long)x) + %u;\n"
		    "\tdefault:\n\t\treturn x * %u;\n\t}\n", n1, up, n2, up, n3, n4);
		break;
	case 6:
		bprintf(b, "\tunsigned long n = (unsigned long)x %% %s_NR_KINDS;\n\n"
		    "\tif (test_bit(n, p->kinds))\n\t\treturn -EBUSY;\n\t__set_bit(n, p->kinds);\n"
		    "\treturn (long)n;\n", up);
		break;
	case 7:
		bprintf(b, "\tstruct list_head *pos;\n\tlong n = x;\n\n\t%s_for_each(pos, p)\n\t\tn += %u;\n"
		    "\treturn n;\n", h->stem, 1 + rnd(9));
		break;
	case 8:
		m = rnd((unsigned)h->nops);
		bprintf(b, "\tif (p->ops && p->ops->op%u)\n\t\treturn p->ops->op%u(p, x);\n\treturn -EINVAL;\n", m, m);
		break;
	case 9:
		bprintf(b, "\tlong r;\n\n\tspin_lock(&p->lock);\n\tp->count += (u32)x;\n\tr = (long)p->count;\n"
		    "\tspin_unlock(&p->lock);\n\treturn r;\n");
		break;
	case 10:
		bprintf(b, "#ifdef CONFIG_%s_DEBUG\n\tp->debug++;\n#endif\n\treturn x ^ %u;\n", up, rnd(65536));
		break;
	default:
		bprintf(b, "\tif (READ_ONCE(p->flags) & %s_F%u)\n\t\treturn x + (long)p->count;\n"
		    "\treturn x - %s_MAX;\n", up, rnd((unsigned)h->nflags), up);
	}
	bprintf(b, "}\n");
}

static void
hdr_text(struct buf *b, const struct hdr *h)
{
	char up[32], guard[64];
	int k;

	upper(up, sizeof(up), h->stem);
	upper(guard, sizeof(guard), h->path);
	bprintf(b, "/* %s.h: level %d of the contest reference tree's header graph */\n"
	    "#ifndef _%s\n#define _%s\n\n#include <linux/types.h>\n#include <linux/compiler.h>\n"
	    "#include <linux/stddef.h>\n#include <linux/list.h>\n#include <linux/bitops.h>\n"
	    "#include <linux/spinlock.h>\n#include <linux/err.h>\n", h->stem, h->level, guard, guard);
	for (k = 0; k < h->ninc; k++)
		bprintf(b, "#include <%s>\n", hdrs[h->inc[k]].path);
	hdr_macros(b, h, up);
	hdr_struct(b, h, up);
	hdr_protos(b, h, up);
	for (k = 0; k < h->nfn; k++)
		hdr_inline(b, h, up, k);
	bprintf(b, "\n#endif\n");
}

/* The name of call i of arch/calls.tbl: a header's stem and a verb. */
static void
call_name(char *dst, size_t len, unsigned i)
{
	snprintf(dst, len, "%s_%s", hdrs[(i * 7) % NHDR].stem, verbs[i % NVERB]);
}

/* One statement of a unit's step function, on its context c and value v. */
static void
unit_stmt(struct buf *b, const int *inc, int ninc)
{
	const struct hdr *o;
	char up[32];
	unsigned k, j, n;

	switch (rnd(6)) {
	case 0:
		j = rnd((unsigned)hdrs[inc[0]].nfn);
		n = rnd(1000);
		bprintf(b, "\tv = %s_fn%u(&c->a, v + %u);\n", hdrs[inc[0]].stem, j, n);
		break;
	case 1:
	case 2:
		k = 1 + rnd((unsigned)ninc - 1);
		o = &hdrs[inc[k]];
		j = rnd((unsigned)o->nfn);
		bprintf(b, "\tif (c->x%u)\n\t\tv += %s_fn%u(c->x%u, v);\n", k, o->stem, j, k);
		break;
	case 3:
		k = rnd(NOFFSETS);
		j = rnd(8);
		upper(up, sizeof(up), hdrs[L1_FIRST + k].stem);
		bprintf(b, "\tv ^= c->stat[%u] * (OFF_%s_COUNT + SIZEOF_%s);\n", j, up, up);
		break;
	case 4:
		k = rnd(NCALLS);
		call_name(up, sizeof(up), k);
		n = rnd(4);
		/* an option that is set leaves _feature an extern no unit defines */
		bprintf(b, "\tswitch (v & 3) {\n\tcase 0:\n\t\tv += __NR_%s;\n\t\tbreak;\n"
		    "\tcase 1:\n\t\tv = %s_%s(&c->a, v);\n\t\tbreak;\n"
		    "\tdefault:\n\t\tv -= (long)c->mode << %u;\n\t}\n", up, hdrs[inc[0]].stem,
		    hdrs[inc[0]].on ? "fn0" : "feature", n);
		break;
	default:
		upper(up, sizeof(up), hdrs[inc[0]].stem);
		bprintf(b, "#ifdef CONFIG_%s_DEBUG\n\tv += (long)c->a.debug;\n#else\n\tv += %s_idx(v);\n#endif\n",
		    up, hdrs[inc[0]].stem);
	}
}

/* The unit's context struct, its ops for struct a, and their table. */
static void
unit_ops(struct buf *b, unsigned u, const int *inc, int ninc)
{
	const struct hdr *a = &hdrs[inc[0]];
	unsigned j, n;
	int k;

	bprintf(b, "\nstruct u%04u_ctx {\n\tstruct %s a;\n", u, a->stem);
	for (k = 1; k < ninc; k++)
		bprintf(b, "\tstruct %s *x%d;\n", hdrs[inc[k]].stem, k);
	n = 2 + rnd(6);
	bprintf(b, "\tstruct list_head node;\n\tlong stat[8];\n\tu32 mode;\n};\n\n"
	    "static struct u%04u_ctx u%04u_ctxs[%u];\nstatic struct list_head u%04u_list;\n", u, u, n, u);
	for (k = 0; k < a->nops; k++) {
		j = rnd((unsigned)a->nfn);
		n = rnd(4096);
		bprintf(b, "\nstatic long u%04u_op%d(struct %s *p, long arg)\n{\n"
		    "\treturn %s_fn%u(p, arg ^ %u) + (long)p->count;\n}\n", u, k, a->stem, a->stem, j, n);
	}
	bprintf(b, "\nstatic const struct %s_ops u%04u_ops = {\n", a->stem, u);
	for (k = 0; k < a->nops; k++)
		bprintf(b, "\t.op%d = u%04u_op%d,\n", k, u, k);
	bprintf(b, "};\n");
}

static void
unit_text(struct buf *b, unsigned u)
{
	int inc[UNIT_L3 + UNIT_L2], ninc = 0, k;
	unsigned f, nf = 3 + rnd(4), s, ns;

	while (ninc < UNIT_L3)
		pick(inc, &ninc, UNIT_L3, L3_FIRST, NHDR);
	while (ninc < UNIT_L3 + UNIT_L2)
		pick(inc, &ninc, UNIT_L3 + UNIT_L2, L2_FIRST, L3_FIRST);
	bprintf(b, "/* u%04u.c: translation unit %u of the contest reference tree */\n", u, u);
	for (k = 0; k < ninc; k++)
		bprintf(b, "#include <%s>\n", hdrs[inc[k]].path);
	bprintf(b, "#include <asm/frame.h>\n");
	unit_ops(b, u, inc, ninc);
	for (f = 0; f < nf; f++) {
		bprintf(b, "\nstatic long u%04u_step%u(struct u%04u_ctx *c, long v)\n{\n\tunsigned int i;\n\n"
		    "\tfor (i = 0; i < ARRAY_SIZE(c->stat); i++)\n\t\tv += c->stat[i] >> (i & %u);\n", u, f, u, 1 + rnd(7));
		for (s = 0, ns = 4 + rnd(6); s < ns; s++)
			unit_stmt(b, inc, ninc);
		bprintf(b, "\treturn v;\n}\n");
	}
	bprintf(b, "\nlong u%04u_entry(long seed)\n{\n\tstruct u%04u_ctx *c;\n\tunsigned int i;\n\tlong v = seed;\n\n"
	    "\tINIT_LIST_HEAD(&u%04u_list);\n\tfor (i = 0; i < ARRAY_SIZE(u%04u_ctxs); i++) {\n"
	    "\t\tc = &u%04u_ctxs[i];\n\t\tc->a.ops = &u%04u_ops;\n\t\tINIT_LIST_HEAD(&c->a.node);\n"
	    "\t\tlist_add_tail(&c->node, &u%04u_list);\n\t}\n\tlist_for_each_entry(c, &u%04u_list, node) {\n",
	    u, u, u, u, u, u, u, u);
	for (f = 0; f < nf; f++)
		bprintf(b, "\t\tv = u%04u_step%u(c, v);\n", u, f);
	bprintf(b, "\t}\n\treturn v;\n}\n");
}

static void
offsets_c(struct buf *b)
{
	char up[32];
	int k;

	bprintf(b, "/*\n * offsets.c: compiled to assembly only, never assembled: every DEFINE\n"
	    " * leaves a line \"#=> NAME VALUE\" in it, which scripts/mkoffsets.sh turns\n"
	    " * into include/generated/offsets.h: constants the compiler computed.\n */\n");
	for (k = 0; k < NOFFSETS; k++)
		bprintf(b, "#include <%s>\n", hdrs[L1_FIRST + k].path);
	bprintf(b, "\n#define DEFINE(sym, val) __asm__ __volatile__(\"\\n#=> \" #sym \" %%0\" : : \"i\" (val))\n"
	    "#define OFFSET(sym, t, m) DEFINE(sym, offsetof(t, m))\n\nvoid offsets(void);\n\n"
	    "void offsets(void)\n{\n");
	for (k = 0; k < NOFFSETS; k++) {
		upper(up, sizeof(up), hdrs[L1_FIRST + k].stem);
		bprintf(b, "\tOFFSET(OFF_%s_COUNT, struct %s, count);\n\tDEFINE(SIZEOF_%s, sizeof(struct %s));\n",
		    up, hdrs[L1_FIRST + k].stem, up, hdrs[L1_FIRST + k].stem);
	}
	bprintf(b, "}\n");
}

static void
calls_tbl(struct buf *b)
{
	char name[64];
	unsigned i;

	bprintf(b, "# calls.tbl: the call table scripts/mkcalls.sh turns into calls.h\n"
	    "# number\tabi\tname\tentry\n");
	for (i = 0; i < NCALLS; i++) {
		call_name(name, sizeof(name), i);
		bprintf(b, "%u\t%s\t%s\tsys_%s\n", i, i % 5 ? "common" : "compat", name, name);
	}
}

static void
main_c(struct buf *b, unsigned units)
{
	unsigned u;

	bprintf(b, "/* main.c: the start of vmlinux: calls every unit, so the link needs them all */\n"
	    "#include <linux/types.h>\n#include <linux/compiler.h>\n#include <linux/stddef.h>\n"
	    "#include <%s>\n#include <%s>\n#include <asm/frame.h>\n\n"
	    "#define CALL(nr, entry) [nr] = __stringify(entry),\n"
	    "static const char *const main_calls[NR_CALLS] = { CALL_LIST };\n\n",
	    hdrs[L3_FIRST].path, hdrs[NHDR - 1].path);
	for (u = 0; u < units; u++)
		bprintf(b, "long u%04u_entry(long seed);\n", u);
	bprintf(b, "\nint main(void)\n{\n\tlong acc = (long)ARRAY_SIZE(main_calls);\n\n");
	for (u = 0; u < units; u++)
		bprintf(b, "\tacc = u%04u_entry(acc);\n", u);
	bprintf(b, "\treturn (int)(acc & 1) + (main_calls[0] == NULL);\n}\n");
}

/* .config: every unit's option, and each header's switch, debug switch and shift. */
static void
config(struct buf *b, unsigned units)
{
	char up[32];
	unsigned u;
	int i;

	bprintf(b, "# .config of the contest reference tree: the options units and headers test\n"
	    "CONFIG_LOCALVERSION=\"-contest\"\nCONFIG_NR_CPUS=64\nCONFIG_HZ=250\n");
	for (i = 0; i < NHDR; i++) {
		upper(up, sizeof(up), hdrs[i].stem);
		if (hdrs[i].on)
			bprintf(b, "CONFIG_%s=y\n", up);
		else
			bprintf(b, "# CONFIG_%s is not set\n", up);
		if (hdrs[i].debug)
			bprintf(b, "CONFIG_%s_DEBUG=y\n", up);
		else
			bprintf(b, "# CONFIG_%s_DEBUG is not set\n", up);
		bprintf(b, "CONFIG_%s_SHIFT=%d\n", up, hdrs[i].shift);
	}
	for (u = 0; u < units; u++)
		bprintf(b, "CONFIG_U%04u=y\n", u);
}

/* The name of directory d: a top directory, or a subdirectory of one. */
static void
dir_name(char *dst, size_t len, unsigned d)
{
	unsigned j = d / NTOP - 1, t = d % NTOP;

	if (d < NTOP)
		snprintf(dst, len, "%s", tops[t]);
	else if (j < NSYL)
		snprintf(dst, len, "%s/%s", tops[t], syl[(j + 11 * t) % NSYL]);
	else
		snprintf(dst, len, "%s/%s%u", tops[t], syl[(j + 11 * t) % NSYL], j / NSYL);
}

/* Directory d's Makefile: its units, and for a top directory its subdirectories. */
static void
dir_makefile(struct buf *b, unsigned d, unsigned ndirs, unsigned units)
{
	char name[64];
	unsigned u, s;

	dir_name(name, sizeof(name), d);
	bprintf(b, "# %s/Makefile: the objects of %s\ninclude $(srctree)/scripts/Kbuild.include\n\n", name, name);
	for (u = d * UNITS_PER_DIR; u < units && u < (d + 1) * UNITS_PER_DIR; u++)
		bprintf(b, "obj-$(CONFIG_U%04u) += u%04u.o\n", u, u);
	if (d < NTOP)
		for (s = d + NTOP; s < ndirs; s += NTOP) {
			dir_name(name, sizeof(name), s);
			bprintf(b, "subdir-y += %s\n", strchr(name, '/') + 1);
		}
	bprintf(b, "\ninclude $(srctree)/scripts/Makefile.build\n");
}

static const char *const top_rules[] = {
	"all: vmlinux",
	"",
	"vmlinux: built-in.a scripts/link.sh",
	"\t@echo '  LD      $@'; $(CONFIG_SHELL) scripts/link.sh $@ built-in.a",
	"",
	"built-in.a: $(dirs)",
	"\t@set -e; echo '  AR      $@'; rm -f $@; $(AR) cDPrST $@ $(addsuffix /built-in.a,$(dirs))",
	"",
	"# every directory waits for the generated headers and the host tool",
	"$(dirs): include/generated/offsets.h FORCE",
	"\t@$(MAKE) -C $@ obj=$@",
	"",
	"include/generated/offsets.h: arch/offsets.c $(gen-h) scripts/fixdep",
	"\t@set -e; echo '  CC      arch/offsets.s'; \\",
	"\t$(cmd_offsets) -MD -MF arch/.offsets.s.d; \\",
	"\t$(FIXDEP) arch/.offsets.s.d arch/offsets.s '$(cmd_offsets)' > arch/.offsets.s.cmd; \\",
	"\trm -f arch/.offsets.s.d; \\",
	"\techo '  GEN     $@'; $(CONFIG_SHELL) scripts/mkoffsets.sh arch/offsets.s > $@.tmp; mv $@.tmp $@",
	"",
	"include/generated/autoconf.h: .config scripts/mkconfig.sh | include/generated",
	"\t@echo '  GEN     $@'; $(CONFIG_SHELL) scripts/mkconfig.sh .config > $@.tmp; mv $@.tmp $@",
	"",
	"include/generated/calls.h: arch/calls.tbl scripts/mkcalls.sh | include/generated",
	"\t@echo '  GEN     $@'; $(CONFIG_SHELL) scripts/mkcalls.sh arch/calls.tbl > $@.tmp; mv $@.tmp $@",
	"",
	"arch/include/generated/asm/%.h: | arch/include/generated/asm",
	"\t@echo '  WRAP    $@'; echo '#include <asm-generic/$*.h>' > $@",
	"",
	"include/generated arch/include/generated/asm:",
	"\t@mkdir -p $@",
	"",
	"scripts/fixdep: scripts/fixdep.c",
	"\t@echo '  HOSTCC  $@'; $(HOSTCC) -O2 -o $@ scripts/fixdep.c",
	"",
	"clean:",
	"\t@find . \\( -name '*.o' -o -name '*.a' -o -name '*.s' -o -name '.*.cmd' -o -name '.*.d' \\",
	"\t    -o -name '.*.sym' \\) \\",
	"\t    -type f -exec rm -f {} +",
	"\t@rm -rf include/generated arch/include/generated",
	"\t@rm -f vmlinux System.map vmlinux.symvers scripts/fixdep",
	"",
	"FORCE:",
	".PHONY: all clean FORCE",
	NULL
};

static void
top_makefile(struct buf *b, unsigned ndirs)
{
	unsigned d;

	bprintf(b, "# Makefile of the contest reference tree (generator version %d), built\n"
	    "# the way Kbuild builds a kernel: generated headers and a host tool first,\n"
	    "# then a sub-make in every directory, each archiving its objects into a\n"
	    "# thin built-in.a, then the link.  make clean removes all the build made.\n"
	    "MAKEFLAGS += -r --no-print-directory\nsrctree := $(CURDIR)\nHOSTCC = $(CC)\nNM = nm\n"
	    "CONFIG_SHELL = sh\nFIXDEP = $(srctree)/scripts/fixdep\n"
	    "c_flags = -std=gnu11 -O2 -Wall -fno-strict-aliasing -fno-common -nostdinc \\\n"
	    "\t-I$(srctree)/arch/include -I$(srctree)/arch/include/generated \\\n"
	    "\t-I$(srctree)/include -I$(srctree)/include/uapi \\\n"
	    "\t-include $(srctree)/include/linux/kconfig.h -D__KERNEL__\n"
	    "cmd_offsets = $(CC) $(c_flags) -S -o arch/offsets.s arch/offsets.c\n"
	    "export CC AR NM HOSTCC CONFIG_SHELL FIXDEP c_flags srctree\n\n"
	    "include arch/include/asm/Kbuild\n"
	    "gen-h := include/generated/autoconf.h include/generated/calls.h \\\n"
	    "\t$(addprefix arch/include/generated/asm/,$(generic-y))\n\ndirs := init", GEN_VERSION);
	for (d = 0; d < NTOP && d < ndirs; d++)
		bprintf(b, " %s", tops[d]);
	bprintf(b, "\n\n");
	blines(b, top_rules);
}

static void
asm_kbuild(struct buf *b)
{
	int i;

	bprintf(b, "# arch/include/asm/Kbuild: the asm headers this arch takes from\n"
	    "# asm-generic; the top Makefile writes a wrapper for each\n");
	for (i = NASM; i < L1_FIRST; i++)
		bprintf(b, "generic-y += %s.h\n", hdrs[i].stem);
}

/* Writes a text kept as lines to the file name under dir. */
static int
put_lines(struct buf *b, const char *dir, const char *name, const char *const *text, char *err, size_t errlen)
{
	blines(b, text);
	return flush(b, dir, name, err, errlen);
}

/* The fixed files, the header graph and the files that do not depend on units. */
static int
write_common(struct buf *b, const char *dir, int (*stop)(void), char *err, size_t errlen)
{
	static const char *const dirs[] = {
		"include/linux", "include/uapi/linux", "include/asm-generic",
		"arch/include/asm", "scripts", "init",
	};
	size_t i;
	int h;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (mkdir_in(dir, dirs[i], err, errlen) < 0)
			return -1;
	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
		if (put_lines(b, dir, bases[i].file, bases[i].text, err, errlen) < 0)
			return -1;
	for (i = 0; i < sizeof(scripts) / sizeof(scripts[0]); i++)
		if (put_lines(b, dir, scripts[i].file, scripts[i].text, err, errlen) < 0)
			return -1;
	for (h = 0; h < NHDR; h++) {
		if (stop && h % 16 == 0 && stop())
			return -2;
		hdr_text(b, &hdrs[h]);
		if (flush(b, dir, hdrs[h].file, err, errlen) < 0)
			return -1;
	}
	asm_kbuild(b);
	if (flush(b, dir, "arch/include/asm/Kbuild", err, errlen) < 0)
		return -1;
	offsets_c(b);
	if (flush(b, dir, "arch/offsets.c", err, errlen) < 0)
		return -1;
	calls_tbl(b);
	return flush(b, dir, "arch/calls.tbl", err, errlen);
}

static int
write_tree(const char *dir, unsigned units, int (*stop)(void), char *err, size_t errlen)
{
	unsigned ndirs = (units + UNITS_PER_DIR - 1) / UNITS_PER_DIR, d, u;
	struct buf b = { 0 };
	char name[128];
	int rc = -1;

	rng = 0x636F6E7465737431ULL + GEN_VERSION;	/* "contest1" */
	plan_headers();
	if ((rc = write_common(&b, dir, stop, err, errlen)) < 0)
		goto out;
	rc = -1;
	config(&b, units);
	if (flush(&b, dir, ".config", err, errlen) < 0)
		goto out;
	top_makefile(&b, ndirs);
	if (flush(&b, dir, "Makefile", err, errlen) < 0)
		goto out;
	bprintf(&b, "# init/Makefile: the start of vmlinux\ninclude $(srctree)/scripts/Kbuild.include\n\n"
	    "obj-y += main.o\n\ninclude $(srctree)/scripts/Makefile.build\n");
	if (flush(&b, dir, "init/Makefile", err, errlen) < 0)
		goto out;
	main_c(&b, units);
	if (flush(&b, dir, "init/main.c", err, errlen) < 0)
		goto out;
	for (d = 0; d < ndirs; d++) {
		if (stop && d % 16 == 0 && stop()) {
			rc = -2;
			goto out;
		}
		dir_name(name, sizeof(name), d);
		if (mkdir_in(dir, name, err, errlen) < 0)
			goto out;
		dir_makefile(&b, d, ndirs, units);
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "/Makefile");
		if (flush(&b, dir, name, err, errlen) < 0)
			goto out;
	}
	for (u = 0; u < units; u++) {
		if (stop && u % 16 == 0 && stop()) {
			rc = -2;
			goto out;
		}
		unit_text(&b, u);
		dir_name(name, sizeof(name), u / UNITS_PER_DIR);
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "/u%04u.c", u);
		if (flush(&b, dir, name, err, errlen) < 0)
			goto out;
	}
	rc = 0;
out:
	free(b.p);
	return rc;
}

/* Is dir/name there?  1 yes, 0 no, -1 cannot tell (errno). */
static int
there(const char *dir, const char *name)
{
	char path[4300];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (lstat(path, &st) == 0)
		return 1;
	return errno == ENOENT ? 0 : -1;
}

int
gen_check(const char *dir, char *err, size_t errlen)
{
	struct dirent *de;
	struct stat st;
	int n = 0;
	DIR *d;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? 0 : (snprintf(err, errlen, "cannot look at '%s': %s", dir,
		    strerror(errno)), -1);
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "'%s' is %s, not the built-in tree: refused (contest would "
		    "replace it)", dir, S_ISLNK(st.st_mode) ? "a symbolic link" : "not a directory");
		return -1;
	}
	if (there(dir, ".contest-tree") == 1)
		return 0;
	/* an empty directory loses nothing; anything else is someone's */
	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL)
			n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
		closedir(d);
	}
	if (n == 0 && d != NULL)
		return 0;
	snprintf(err, errlen, "'%s' exists and was not made by contest (it has no .contest-tree): "
	    "refused, as contest would replace it; move it away or choose another -d", dir);
	return -1;
}

int
gen_present(const char *dir, unsigned units)
{
	char stamp[4300], want[64], have[64] = "";
	FILE *f;

	snprintf(want, sizeof(want), "contest-builtin %d %u\n", GEN_VERSION, units);
	snprintf(stamp, sizeof(stamp), "%s/.contest-tree", dir);
	if ((f = fopen(stamp, "r")) == NULL)
		return 0;
	if (fgets(have, sizeof(have), f) == NULL)
		have[0] = '\0';
	fclose(f);
	return !strcmp(have, want);
}

int
gen_tree(const char *dir, unsigned units, int (*stop)(void), char *err, size_t errlen)
{
	int rc;

	char stamp[4300], tmp[4200], want[64];

	if (gen_check(dir, err, errlen) < 0)
		return -1;
	if (gen_present(dir, units))
		return 0;
	snprintf(want, sizeof(want), "contest-builtin %d %u\n", GEN_VERSION, units);
	snprintf(tmp, sizeof(tmp), "%s.tmp", dir);
	if (rmtree(tmp) < 0 || rmtree(dir) < 0) {
		snprintf(err, errlen, "cannot remove the old tree '%s': %s", dir, strerror(errno));
		return -1;
	}
	if ((rc = write_tree(tmp, units, stop, err, errlen)) < 0) {
		int e = errno;	/* EFBIG: the caller names the file size limit */
		rmtree(tmp);
		errno = e;
		return rc;
	}
	if (stop && stop()) {
		rmtree(tmp);
		return -2;
	}
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
