/*
 * sys.c: what the whole machine did during the compile window, and a
 * snapshot of the box; sys.h says how to use it, doc/sys-keys.md what
 * each key means.
 *
 * At each edge of the window sys_take reads /proc/stat (its first line,
 * and the lines of the set's CPUs when sys_cpus gave fewer than all),
 * /proc/vmstat, /proc/pressure/{cpu,memory,io} and /proc/diskstats with
 * open(2), read(2) and close(2) into one fixed buffer, scanned by hand.
 * Once, at setup: stat(2) and realpath(3) of the directories,
 * /proc/self/mountinfo, /sys/class/block/NAME/dev and /sys/block/dm-N/dm/name.
 * The snapshot adds uname(2), /proc/cmdline, /proc/cpuinfo, /proc/meminfo,
 * /sys/devices/system/cpu, /sys/kernel/mm/transparent_hugepage/enabled,
 * /sys/dev/block/MAJ:MIN/queue/scheduler, and fork/exec of cc and make
 * with --version.  Every file of /proc and /sys through kfile.h (below
 * $CONTEST_ROOT in tests).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kfile.h"
#include "log.h"
#include "sys.h"
#include "util.h"

#define RESOLVE_DEPTH	3	/* overlay upperdirs followed, at most */

/* the split's slack, doc/sys-keys.md says why */
#define HZ_MIN	100	/* ticks per second: USER_HZ, and the lowest CONFIG_HZ */
#define SLACK_FIELDS 5	/* busy fields of the cpu line, each truncated to a tick */
#define SLACK_SD	3	/* standard deviations of tick sampling allowed, at the worst busy share (50%) */

/* The vmstat counters (sys.h): their log keys and lines. */
#define VM_ROW(id, key, name, suffixes) { key, name, suffixes },
static const struct {
	int k;			/* its log key, K_* */
	const char *name;	/* /proc/vmstat line */
	const char *suffixes;	/* space-separated; their lines are summed in */
} vmctr[SYS_VM_N] = { SYS_VMSTAT(VM_ROW) };

static const int cpukey[SYS_CPU_N] = {
	K_SYS_USER, K_SYS_NICE, K_SYS_SYSTEM, K_SYS_IRQ, K_SYS_IOWAIT, K_SYS_STEAL, K_SYS_IDLE,
};
static const char *const psifile[SYS_PSI_N] = { "pressure/cpu", "pressure/memory", "pressure/io" };
static const int psikey[SYS_PSI_N][2] = {
	{ K_PSI_CPU_SOME, K_PSI_CPU_FULL },
	{ K_PSI_MEM_SOME, K_PSI_MEM_FULL },
	{ K_PSI_IO_SOME, K_PSI_IO_FULL },
};
/* per directory, its figures */
static const int diskkey[SYS_DISKS][5] = {
	{ K_DISK_RSECT, K_DISK_WSECT, K_DISK_BUSY, K_DISK_WMS, K_DISK_QDEPTH },
	{ K_ODISK_RSECT, K_ODISK_WSECT, K_ODISK_BUSY, K_ODISK_WMS, K_ODISK_QDEPTH },
};

/* A mount from mountinfo. */
struct mnt {
	char fstype[32];
	char source[256];
	char opts[256];		/* per-mount options */
	char super[4096];	/* superblock options: an overlay's lowerdir list can be long */
};

/* Skip blanks, read a decimal; the end, or NULL if there is no number. */
static char *
num(char *p, unsigned long long *v)
{
	unsigned long long x = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return NULL;
	while (*p >= '0' && *p <= '9')
		x = x * 10 + (unsigned)(*p++ - '0');
	*v = x;
	return p;
}

/* The bracketed word of a sysfs choice ("always [madvise] never"), or the whole if there is none. */
static void
bracketed(char *s)
{
	char *a = strchr(s, '['), *b;

	if (a && (b = strchr(a, ']')) != NULL) {
		memmove(s, a + 1, (size_t)(b - a - 1));
		s[b - a - 1] = '\0';
	}
}

/* a, b and c joined into dst, cut to fit (NULL ones are left out). */
static void
join(char *dst, size_t len, const char *a, const char *b, const char *c)
{
	const char *part[3] = { a, b, c };
	size_t used = 0, k;
	int i;

	for (i = 0; i < 3; i++) {
		if (!part[i])
			continue;
		k = strlen(part[i]);
		if (k > len - 1 - used)
			k = len - 1 - used;
		memcpy(dst + used, part[i], k);
		used += k;
	}
	dst[used] = '\0';
}

/* --- /proc/vmstat ------------------------------------------------------ */

/* The counter a vmstat line name (n bytes) adds to, or -1. */
static int
vm_counter(const char *l, size_t n)
{
	size_t k;
	int c;

	for (c = 0; c < SYS_VM_N; c++) {
		k = strlen(vmctr[c].name);
		if (n < k || memcmp(l, vmctr[c].name, k))
			continue;
		if (n == k || (l[k] == '_' && in_list(vmctr[c].suffixes, ' ', l + k + 1, n - k - 1)))
			return c;
	}
	return -1;
}

/* sys_open: note each line that adds to a counter */
static int
vm_open_line(char *l, size_t len, void *arg)
{
	struct sys *s = arg;
	char *sp = memchr(l, ' ', len);
	size_t n;
	int c;

	if (!sp || (n = (size_t)(sp - l)) >= sizeof(s->vm_line[0].name))
		return 0;
	if ((c = vm_counter(l, n)) < 0 || s->nvm == SYS_VM_LINES)
		return 0;
	memcpy(s->vm_line[s->nvm].name, l, n);
	s->vm_line[s->nvm].name[n] = '\0';
	s->vm_line[s->nvm].len = (unsigned char)n;
	s->vm_line[s->nvm].ctr = (unsigned char)c;
	s->nvm++;
	s->vm_have |= 1u << c;
	return 0;
}

struct vmtake {
	const struct sys *s;
	struct sys_sample *o;
	unsigned long long seen;	/* bit per vm_line read */
};

static int
vm_take_line(char *l, size_t len, void *arg)
{
	struct vmtake *v = arg;
	const struct sys *s = v->s;
	char *sp = memchr(l, ' ', len);
	unsigned long long x;
	size_t n;
	int i;

	if (!sp)
		return 0;
	n = (size_t)(sp - l);
	for (i = 0; i < s->nvm; i++)
		if (s->vm_line[i].len == n && !memcmp(s->vm_line[i].name, l, n)) {
			if (num(sp, &x)) {
				v->o->vm[s->vm_line[i].ctr] += x;
				v->seen |= 1ULL << i;
			}
			break;
		}
	return 0;
}

static void
vm_take(struct sys *s, struct sys_sample *o)
{
	struct vmtake v = { s, o, 0 };
	int i;

	if (!s->vm_have || kf_scan(KF_PROC, "vmstat", s->buf, sizeof(s->buf), vm_take_line, &v) < 0)
		return;
	/* a counter is there only if every one of its lines was */
	o->vm_have = s->vm_have;
	for (i = 0; i < s->nvm; i++)
		if (!(v.seen & 1ULL << i))
			o->vm_have &= ~(1u << s->vm_line[i].ctr);
}

/* --- /proc/stat --------------------------------------------------------- */

struct statscan {
	const struct sys *s;
	struct sys_sample *o;
};

/* A cpuN line of a CPU of the set: added to setcpu. */
static void
set_line(const struct sys *s, struct sys_sample *o, char *l)
{
	unsigned long long v[SYS_F_N];
	char *end, *p;
	long c;
	int i;

	c = strtol(l + 3, &end, 10);
	if (end == l + 3 || *end != ' ' || c < 0 || c >= SYS_MAXCPU ||
	    !(s->set[c / (8 * sizeof(unsigned long))] & 1UL << (c % (8 * sizeof(unsigned long)))))
		return;
	for (p = end, i = 0; i < SYS_F_N && (p = num(p, &v[i])) != NULL; i++)
		o->setcpu[i] += v[i];
	o->nsetf = o->nsetl++ ? (i < o->nsetf ? i : o->nsetf) : i;
}

static int
stat_line(char *l, size_t len, void *arg)
{
	struct statscan *sc = arg;
	struct sys_sample *o = sc->o;
	char *p = l + 4;
	int i;

	if (len < 4 || strncmp(l, "cpu", 3))
		return o->ncpuf > 0;	/* the cpu lines come first */
	if (l[3] != ' ') {
		if (sc->s && sc->s->nset)
			set_line(sc->s, o, l);
		return 0;
	}
	for (i = 0; i < SYS_F_N && (p = num(p, &o->cpu[i])) != NULL; i++)
		;
	o->ncpuf = i;
	return !(sc->s && sc->s->nset);
}

/* --- /proc/pressure ----------------------------------------------------- */

struct psiscan {
	unsigned long long tot[2];
	unsigned have;		/* bit per line: 1 some, 2 full */
};

static int
psi_line(char *l, size_t len, void *arg)
{
	struct psiscan *p = arg;
	char *t;
	int which;

	(void)len;
	if (!strncmp(l, "some ", 5))
		which = SYS_SOME;
	else if (!strncmp(l, "full ", 5))
		which = SYS_FULL;
	else
		return 0;
	if ((t = strstr(l, " total=")) != NULL && num(t + 7, &p->tot[which]))
		p->have |= 1u << which;
	return 0;
}

/* Does the kernel command line turn PSI off (psi=0, psi=off, psi=n: kstrtobool's false)? */
static int
psi_off(const char *cmd)
{
	const char *p, *v;

	for (p = cmd; (p = strstr(p, "psi=")) != NULL; p += 4) {
		if (p != cmd && p[-1] != ' ')
			continue;
		v = p + 4;
		if (*v && strchr("0nNfF", *v) && (v[1] == ' ' || v[1] == '\0'))
			return 1;
		if (!strncmp(v, "off", 3) && (v[3] == ' ' || v[3] == '\0'))
			return 1;
	}
	return 0;
}

/* PSI is on if a file reads; disabled if they exist but do not read (psi=0
 * on kernels that keep the files: EOPNOTSUPP) or hold no "some" line */
static void
psi_open(struct sys *s)
{
	char cmd[1024], dir[PATH_MAX];
	struct psiscan p;
	int r, present = 0, on = 0, err = 0;

	for (r = 0; r < SYS_PSI_N; r++) {
		memset(&p, 0, sizeof(p));
		if (kf_scan(KF_PROC, psifile[r], s->buf, sizeof(s->buf), psi_line, &p) < 0) {
			if (errno != ENOENT) {
				present = 1;
				err = errno;
			}
			continue;
		}
		present = 1;
		if (p.have & 1u << SYS_SOME) {
			on = 1;
			s->psi_lines |= SYS_PSI_BIT(r, SYS_SOME);
			if (p.have & 1u << SYS_FULL)
				s->psi_lines |= SYS_PSI_BIT(r, SYS_FULL);
		}
	}
	if (on) {
		s->psi = SYS_PSI_ON;
		return;
	}
	if (kf_path(dir, sizeof(dir), KF_PROC, "pressure") < 0)
		snprintf(dir, sizeof(dir), "pressure");
	if (present) {
		s->psi = SYS_PSI_DISABLED;
		join(s->psi_why, sizeof(s->psi_why), dir, ": ", err ? strerror(err) : "no some line");
		return;
	}
	s->psi = SYS_PSI_ABSENT;
	/* newer kernels booted with psi=0 make no /proc/pressure at all */
	if (kf_line(KF_PROC, "cmdline", cmd, sizeof(cmd)) > 0 && psi_off(cmd))
		join(s->psi_why, sizeof(s->psi_why), "no ", dir, ": psi is off on the kernel command line");
	else
		join(s->psi_why, sizeof(s->psi_why), "no ", dir, NULL);
}

static void
psi_take(struct sys *s, struct sys_sample *o)
{
	struct psiscan p;
	int r;

	for (r = 0; r < SYS_PSI_N; r++) {
		if (!(s->psi_lines & SYS_PSI_BIT(r, SYS_SOME)))
			continue;
		memset(&p, 0, sizeof(p));
		if (kf_scan(KF_PROC, psifile[r], s->buf, sizeof(s->buf), psi_line, &p) < 0)
			continue;
		o->psi[r][SYS_SOME] = p.tot[SYS_SOME];
		o->psi[r][SYS_FULL] = p.tot[SYS_FULL];
		o->psi_have |= (p.have & 1u << SYS_SOME ? SYS_PSI_BIT(r, SYS_SOME) : 0) |
		    (p.have & 1u << SYS_FULL ? SYS_PSI_BIT(r, SYS_FULL) : 0);
	}
	o->psi_have &= s->psi_lines;
}

/* --- /proc/diskstats ---------------------------------------------------- */

/* Parse "MAJ MIN NAME" at the start of a diskstats line; the rest, or NULL. */
static char *
disk_head(char *l, unsigned long long *maj, unsigned long long *min, char **name, size_t *nlen)
{
	char *p;

	if ((p = num(l, maj)) == NULL || (p = num(p, min)) == NULL)
		return NULL;
	while (*p == ' ')
		p++;
	*name = p;
	while (*p && *p != ' ')
		p++;
	*nlen = (size_t)(p - *name);
	return *nlen ? p : NULL;
}

struct diskfind {
	unsigned maj, min;
	char *name;
	size_t len;
	int found;
};

static int
disk_find_line(char *l, size_t len, void *arg)
{
	struct diskfind *f = arg;
	unsigned long long maj, min;
	char *name;
	size_t n;

	(void)len;
	if (!disk_head(l, &maj, &min, &name, &n) || maj != f->maj || min != f->min)
		return 0;
	if (n >= f->len)
		n = f->len - 1;
	memcpy(f->name, name, n);
	f->name[n] = '\0';
	f->found = 1;
	return 1;
}

struct disktake {
	const struct sys *s;
	struct sys_sample *o;
};

static int
disk_take_line(char *l, size_t len, void *arg)
{
	struct disktake *t = arg;
	unsigned long long maj, min, f[11];
	char *name, *p;
	size_t n;
	int i, k;

	(void)len;
	if ((p = disk_head(l, &maj, &min, &name, &n)) == NULL)
		return 0;
	for (i = 0; i < t->s->ndisk; i++) {
		const struct sys_disk *d = &t->s->disk[i];
		if (!d->name[0] || d->same >= 0 || d->maj != maj || d->min != min)
			continue;
		for (k = 0; k < 11 && (p = num(p, &f[k])) != NULL; k++)
			;
		if (k < 11)
			return 0;
		t->o->disk[i].rsect = f[2];
		t->o->disk[i].wsect = f[6];
		t->o->disk[i].io_ms = f[9];
		t->o->disk[i].wio_ms = f[10];
		t->o->disk[i].have = 1;
	}
	return 0;
}

/* --- finding the disk under a directory --------------------------------- */

struct mntfind {
	const char *path;	/* realpath of the directory */
	struct mnt *m;
	size_t best;		/* length of the best mount point so far, 0: none */
	int found;
};

static int
mnt_line(struct kf_mount *km, void *arg)
{
	struct mntfind *f = arg;
	size_t n = strlen(km->point);

	if (strcmp(km->point, "/") && (strncmp(f->path, km->point, n) || (f->path[n] && f->path[n] != '/')))
		return 0;
	/* the longest mount point holding the path; of equal ones the last, which hides the others */
	if (f->found && n < f->best)
		return 0;
	f->best = n;
	f->found = 1;
	snprintf(f->m->fstype, sizeof(f->m->fstype), "%s", km->fstype);
	snprintf(f->m->source, sizeof(f->m->source), "%s", km->source);
	snprintf(f->m->opts, sizeof(f->m->opts), "%s", km->opts);
	snprintf(f->m->super, sizeof(f->m->super), "%s", km->super);
	return 0;
}

/* The mount holding dir; 0, or -1 if none was found. */
static int
mount_of(const char *dir, struct mnt *m)
{
	char rp[PATH_MAX];
	struct mntfind f = { rp, m, 0, 0 };

	if (!realpath(dir, rp))
		return -1;
	if (kf_mounts(mnt_line, &f) < 0 || !f.found)
		return -1;
	return 0;
}

/* "MAJ:MIN" into numbers; 0 or -1. */
static int
devnum(char *str, unsigned *maj, unsigned *min)
{
	unsigned long long a, b;
	char *p;

	if ((p = num(str, &a)) == NULL || *p != ':' || num(p + 1, &b) == NULL)
		return -1;
	*maj = (unsigned)a;
	*min = (unsigned)b;
	return 0;
}

/* A mount source (/dev/sda2, /dev/mapper/vg-root, /dev/vda) to device numbers; 0 or -1. */
static int
source_dev(const char *source, unsigned *maj, unsigned *min)
{
	char rel[PATH_MAX], buf[64], want[256];
	const char *base;
	struct dirent *e;
	struct stat st;
	DIR *dir;
	int r = -1;

	if (strncmp(source, "/dev/", 5))
		return -1;
	base = strrchr(source, '/') + 1;
	/* the kernel's name: sysfs knows it (this also works in a fake tree) */
	snprintf(rel, sizeof(rel), "class/block/%s/dev", base);
	if (kf_line(KF_SYS, rel, buf, sizeof(buf)) > 0 && devnum(buf, maj, min) == 0)
		return 0;
	/* a device-mapper name: /sys/block/dm-N/dm/name holds it */
	if (!strncmp(source, "/dev/mapper/", 12)) {
		if ((dir = kf_opendir(KF_SYS, "block")) != NULL) {
			while (r < 0 && (e = readdir(dir)) != NULL) {
				if (strncmp(e->d_name, "dm-", 3))
					continue;
				snprintf(rel, sizeof(rel), "block/%s/dm/name", e->d_name);
				if (kf_line(KF_SYS, rel, want, sizeof(want)) <= 0 || strcmp(want, base))
					continue;
				snprintf(rel, sizeof(rel), "block/%s/dev", e->d_name);
				if (kf_line(KF_SYS, rel, buf, sizeof(buf)) > 0 && devnum(buf, maj, min) == 0)
					r = 0;
			}
			closedir(dir);
			if (r == 0)
				return 0;
		}
	}
	/* a link to one (/dev/disk/by-uuid/...) */
	if (stat(source, &st) == 0 && S_ISBLK(st.st_mode)) {
		*maj = major(st.st_rdev);
		*min = minor(st.st_rdev);
		return 0;
	}
	return -1;
}

/* The diskstats name of maj:min into name; 1 found, 0 not, -1 diskstats unreadable. */
static int
disk_name(struct sys *s, unsigned maj, unsigned min, char *name, size_t len)
{
	struct diskfind f = { maj, min, name, len, 0 };

	if (kf_scan(KF_PROC, "diskstats", s->buf, sizeof(s->buf), disk_find_line, &f) < 0)
		return -1;
	return f.found;
}

/* Find the device of dir: its st_dev, else its mount's source, else an
 * overlay's upper directory.  Fills d's name, maj, min, or why. */
static void
resolve(struct sys *s, struct sys_disk *d, const char *dir, int depth)
{
	struct stat st;
	struct mnt m;
	unsigned maj, min;
	char *up, *e;
	int r;

	if (stat(dir, &st) < 0) {
		snprintf(d->why, sizeof(d->why), "nostat");
		return;
	}
	maj = major(st.st_dev);
	min = minor(st.st_dev);
	if ((r = disk_name(s, maj, min, d->name, sizeof(d->name))) < 0) {
		snprintf(d->why, sizeof(d->why), "nodiskstats");
		return;
	}
	if (r == 0 && mount_of(dir, &m) == 0) {
		/* btrfs and others give files an anonymous st_dev: ask the mount */
		if (source_dev(m.source, &maj, &min) == 0) {
			r = disk_name(s, maj, min, d->name, sizeof(d->name));
		} else if (!strcmp(m.fstype, "overlay") && depth < RESOLVE_DEPTH &&
		    (up = strstr(m.super, "upperdir=")) != NULL) {
			up += 9;
			if ((e = strchr(up, ',')) != NULL)
				*e = '\0';
			resolve(s, d, up, depth + 1);
			return;
		} else {
			snprintf(d->why, sizeof(d->why), "nodev-%s", m.fstype);
			return;
		}
	}
	if (r <= 0) {
		d->name[0] = '\0';
		snprintf(d->why, sizeof(d->why), "noline-%u:%u", maj, min);
		return;
	}
	d->maj = maj;
	d->min = min;
}

static void
disk_open(struct sys *s, int i, const char *dir)
{
	struct sys_disk *d = &s->disk[i];
	int j;

	d->same = -1;
	if (!dir)
		return;
	snprintf(d->dir, sizeof(d->dir), "%s", dir);
	resolve(s, d, dir, 0);
	if (!d->name[0])
		return;
	for (j = 0; j < i; j++)
		if (s->disk[j].name[0] && s->disk[j].maj == d->maj && s->disk[j].min == d->min) {
			d->same = j;
			break;
		}
}

/* --- the window --------------------------------------------------------- */

int
sys_open(struct sys *s, const char *const *dirs, int ndirs)
{
	struct statscan sc;
	struct sys_sample t;
	int i;

	memset(s, 0, sizeof(*s));
	if ((s->hz = sysconf(_SC_CLK_TCK)) <= 0)
		s->hz = 100;
	kf_scan(KF_PROC, "vmstat", s->buf, sizeof(s->buf), vm_open_line, s);
	psi_open(s);
	s->ndisk = ndirs < SYS_DISKS ? ndirs : SYS_DISKS;
	for (i = 0; i < SYS_DISKS; i++)
		disk_open(s, i, i < s->ndisk ? dirs[i] : NULL);
	memset(&t, 0, sizeof(t));
	sc.s = NULL;
	sc.o = &t;
	kf_scan(KF_PROC, "stat", s->buf, sizeof(s->buf), stat_line, &sc);
	return t.ncpuf >= 4 ? 0 : -1;
}

void
sys_cpus(struct sys *s, const unsigned long *mask, int nbits, int online)
{
	int i, n = 0;

	memset(s->set, 0, sizeof(s->set));
	for (i = 0; i < nbits && i < SYS_MAXCPU; i++)
		if (mask[i / (8 * sizeof(unsigned long))] & 1UL << (i % (8 * sizeof(unsigned long)))) {
			s->set[i / (8 * sizeof(unsigned long))] |= 1UL << (i % (8 * sizeof(unsigned long)));
			n++;
		}
	/* the whole machine: its cpu line says it all */
	s->nset = n > 0 && n < online ? n : 0;
}

void
sys_take(struct sys *s, struct sys_sample *o)
{
	struct disktake dt = { s, o };
	struct statscan sc = { s, o };
	int i;

	memset(o, 0, sizeof(*o));
	o->t = mono_s();
	kf_scan(KF_PROC, "stat", s->buf, sizeof(s->buf), stat_line, &sc);
	vm_take(s, o);
	if (s->psi == SYS_PSI_ON)
		psi_take(s, o);
	for (i = 0; i < s->ndisk; i++)
		if (s->disk[i].name[0] && s->disk[i].same < 0) {
			kf_scan(KF_PROC, "diskstats", s->buf, sizeof(s->buf), disk_take_line, &dt);
			break;
		}
}

/* b - a of one counter into *d; 0, or -1 if it went backwards */
static int
diff(unsigned long long a, unsigned long long b, unsigned long long *d)
{
	if (b < a)
		return -1;
	*d = b - a;
	return 0;
}

static void
cpu_delta(long hz, const struct sys_sample *a, const struct sys_sample *b, struct sys_delta *d)
{
	/* the shares' fields; guest and guest_nice are inside user and nice */
	static const int from[SYS_CPU_N][2] = {
		[SYS_USER] = { SYS_F_USER, -1 },
		[SYS_NICE] = { SYS_F_NICE, -1 },
		[SYS_SYSTEM] = { SYS_F_SYSTEM, -1 },
		[SYS_IRQ] = { SYS_F_IRQ, SYS_F_SOFTIRQ },
		[SYS_IOWAIT] = { SYS_F_IOWAIT, -1 },
		[SYS_STEAL] = { SYS_F_STEAL, -1 },
		[SYS_IDLE] = { SYS_F_IDLE, -1 },
	};
	unsigned long long f[SYS_CPU_N], x, total = 0;
	int n = a->ncpuf < b->ncpuf ? a->ncpuf : b->ncpuf, i, k, ok;

	if (n < 4)
		return;
	for (i = 0; i < SYS_CPU_N; i++) {
		f[i] = 0;
		for (ok = 1, k = 0; k < 2 && from[i][k] >= 0; k++) {
			if (from[i][k] >= n)
				ok = 0;
			else if (diff(a->cpu[from[i][k]], b->cpu[from[i][k]], &x) < 0) {
				ok = 0;
				d->back |= SYS_BACK_CPU;
			} else
				f[i] += x;
		}
		if (ok) {
			d->cpu_have |= 1u << i;
			total += f[i];
		}
	}
	if (total == 0) {
		d->cpu_have = 0;
		return;
	}
	for (i = 0; i < SYS_CPU_N; i++)
		d->cpu[i] = d->cpu_have & 1u << i ? (double)f[i] * 100 / (double)total : 0;
	d->cpu_s = (double)total / (double)hz;
}

/* the tick sampling's tolerance of a share of ncpu CPUs' time over window s */
static double
slack_of(double window, double ncpu)
{
	double n = window * ncpu * (double)HZ_MIN;	/* ticks */

	return 100 * (ncpu + SLACK_FIELDS) / n + SLACK_SD * 50 / sqrt(n);
}

/* The set's busy and stolen time, when both edges read all its lines. */
static void
set_delta(const struct sys *s, const struct sys_sample *a, const struct sys_sample *b, struct sys_delta *d)
{
	static const int busy[] = { SYS_F_USER, SYS_F_NICE, SYS_F_SYSTEM };
	unsigned long long x, t = 0;
	size_t i;

	if (!s->nset || a->nsetl != s->nset || b->nsetl != s->nset || a->nsetf < 4 || b->nsetf < 4 ||
	    d->window <= 0)
		return;
	for (i = 0; i < sizeof(busy) / sizeof(busy[0]); i++) {
		if (diff(a->setcpu[busy[i]], b->setcpu[busy[i]], &x) < 0) {
			d->back |= SYS_BACK_CPU;
			return;
		}
		t += x;
	}
	d->set_busy_s = (double)t / (double)s->hz;
	if (a->nsetf > SYS_F_STEAL && b->nsetf > SYS_F_STEAL &&
	    diff(a->setcpu[SYS_F_STEAL], b->setcpu[SYS_F_STEAL], &x) == 0)
		d->set_steal_s = (double)x / (double)s->hz;
	d->set_n = s->nset;
	d->set_slack = slack_of(d->window, s->nset);
}

void
sys_delta(const struct sys *s, const struct sys_sample *a, const struct sys_sample *b,
    double window, struct sys_delta *d)
{
	unsigned long long x;
	double ms;
	int i, r, k;

	memset(d, 0, sizeof(*d));
	d->window = window > 0 ? window : b->t - a->t;
	cpu_delta(s->hz, a, b, d);
	set_delta(s, a, b, d);
	for (i = 0; i < SYS_VM_N; i++) {
		if (!(a->vm_have & b->vm_have & 1u << i))
			continue;
		if (diff(a->vm[i], b->vm[i], &d->vm[i]) < 0)
			d->back |= SYS_BACK_VM;
		else
			d->vm_have |= 1u << i;
	}
	ms = d->window * 1000;
	for (r = 0; r < SYS_PSI_N && d->window > 0; r++)
		for (k = 0; k < 2; k++) {
			if (!(a->psi_have & b->psi_have & SYS_PSI_BIT(r, k)))
				continue;
			if (diff(a->psi[r][k], b->psi[r][k], &x) < 0) {
				d->back |= SYS_BACK_PSI;
				continue;
			}
			d->psi[r][k] = (double)x / (ms * 1000) * 100;
			d->psi_have |= SYS_PSI_BIT(r, k);
		}
	d->ndisk = s->ndisk;
	for (i = 0; i < s->ndisk; i++) {
		const struct sys_disk *sd = &s->disk[i];
		int from = sd->same >= 0 ? sd->same : i;
		unsigned long long io, wio;

		d->disk[i].name = sd->name[0] ? sd->name : NULL;
		d->disk[i].why = sd->name[0] ? NULL : sd->dir[0] ? sd->why : NULL;
		d->disk[i].same = sd->same;
		if (!sd->name[0] || !a->disk[from].have || !b->disk[from].have || ms <= 0)
			continue;
		if (diff(a->disk[from].rsect, b->disk[from].rsect, &d->disk[i].rsect) < 0 ||
		    diff(a->disk[from].wsect, b->disk[from].wsect, &d->disk[i].wsect) < 0 ||
		    diff(a->disk[from].io_ms, b->disk[from].io_ms, &io) < 0 ||
		    diff(a->disk[from].wio_ms, b->disk[from].wio_ms, &wio) < 0) {
			d->back |= SYS_BACK_DISK;
			continue;
		}
		d->disk[i].busy = (double)io / ms * 100;
		d->disk[i].wms = (double)wio;
		d->disk[i].qdepth = (double)wio / ms;
		d->disk[i].have = 1;
	}
}

int
sys_split(struct sys_delta *d, double compile_s, double load_s, long ncpu)
{
	const unsigned need = 1u << SYS_USER | 1u << SYS_NICE | 1u << SYS_SYSTEM | 1u << SYS_IRQ;
	double mach;

	d->split = d->adds_up = 0;
	if (d->window <= 0 || ncpu <= 0 || (d->cpu_have & need) != need || d->cpu_s <= 0 ||
	    compile_s < 0 || load_s < 0)
		return 0;
	mach = d->window * (double)ncpu;
	d->busy = derive_busy(d->cpu) * d->cpu_s / mach;
	d->compile = compile_s / mach * 100;
	d->load = load_s / mach * 100;
	d->rest = derive_rest(d->busy, d->compile, d->load);
	/* machine ticks in the window; doc/sys-keys.md explains both terms */
	d->slack = slack_of(d->window, (double)ncpu);
	/* whether a task's CPU time holds stolen time depends on the kernel */
	if (d->cpu_have & 1u << SYS_STEAL)
		d->slack += d->cpu[SYS_STEAL] * d->cpu_s / mach;
	d->split = 1;
	d->adds_up = d->rest >= -d->slack && fabs(d->cpu_s - mach) / mach * 100 <= d->slack;
	return d->adds_up;
}

/* --- into the record -------------------------------------------------- */

/* Set numeric key k of r, unless the log's reader would reject v. */
static int
put(struct rec *r, int k, double v)
{
	if (!isfinite(v) || v < 0 || v > LOG_NUM_MAX)
		return 0;
	rec_set(r, k, v);
	return 1;
}

int
sys_record(const struct sys_delta *d, struct rec *r)
{
	int n = 0, i, k;

	for (i = 0; i < SYS_CPU_N; i++)
		if (d->cpu_have & 1u << i)
			n += put(r, cpukey[i], d->cpu[i]);
	if (d->split) {
		n += put(r, K_SYS_REST, d->rest > 0 ? d->rest : 0);
		n += put(r, K_SYS_ADDS, d->adds_up);
	}
	for (i = 0; i < SYS_VM_N; i++)
		if (d->vm_have & 1u << i)
			n += put(r, vmctr[i].k, (double)d->vm[i]);
	for (i = 0; i < SYS_PSI_N; i++)
		for (k = 0; k < 2; k++)
			if (d->psi_have & SYS_PSI_BIT(i, k))
				n += put(r, psikey[i][k], d->psi[i][k]);
	for (i = 0; i < d->ndisk && i < SYS_DISKS; i++) {
		char *dev = i ? r->odisk_dev : r->disk_dev, *why = i ? r->odisk_why : r->disk_why;

		if (!d->disk[i].name && !d->disk[i].why)
			continue;
		snprintf(dev, sizeof(r->disk_dev), "%s", d->disk[i].name ? d->disk[i].name : "none");
		if (!d->disk[i].name) {
			snprintf(why, sizeof(r->disk_why), "%s", d->disk[i].why);
			continue;
		}
		if (!d->disk[i].have || d->disk[i].same >= 0)
			continue;
		n += put(r, diskkey[i][0], (double)d->disk[i].rsect);
		n += put(r, diskkey[i][1], (double)d->disk[i].wsect);
		n += put(r, diskkey[i][2], d->disk[i].busy);
		n += put(r, diskkey[i][3], d->disk[i].wms);
		n += put(r, diskkey[i][4], d->disk[i].qdepth);
	}
	return n;
}

const char *
sys_psi_state(const struct sys *s)
{
	return s->psi == SYS_PSI_ON ? "on" : s->psi == SYS_PSI_DISABLED ? "disabled" : "absent";
}

/* --- the snapshot ------------------------------------------------------- */

struct cpuinfo {
	char model[128];	/* model name (x86), Processor (old arm), cpu model (mips), cpu (powerpc) */
	int rank;		/* which of those model holds, 4 best, 0 none */
	char impl[32], part[32];	/* arm64: CPU implementer, CPU part */
};

static int
cpuinfo_line(char *l, size_t len, void *arg)
{
	static const char *const names[] = { "cpu", "cpu model", "Processor", "model name" };
	struct cpuinfo *c = arg;
	char *colon = memchr(l, ':', len), *k, *v;
	int i;

	if (!colon)
		return 0;
	for (k = colon; k > l && (k[-1] == ' ' || k[-1] == '\t'); k--)
		;
	*k = '\0';
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	if (!strcmp(l, "CPU implementer") && !c->impl[0])
		snprintf(c->impl, sizeof(c->impl), "%s", v);
	else if (!strcmp(l, "CPU part") && !c->part[0])
		snprintf(c->part, sizeof(c->part), "%s", v);
	for (i = 0; i < 4; i++)
		if (!strcmp(l, names[i]) && i + 1 > c->rank && *v) {
			snprintf(c->model, sizeof(c->model), "%s", v);
			c->rank = i + 1;
		}
	return c->rank == 4;
}

/* The online CPUs' count into cpus, their governors, distinct ones
 * joined by ',', into gov ("none" without cpufreq). */
static void
cpus(struct sys_snap *sn)
{
	static unsigned long set[SYS_MAXCPU / (8 * sizeof(unsigned long))];	/* ulimit -s 64 */
	char rel[96], g[32];
	size_t used = 0, k;
	int cpu, n = kf_cpulist(sn->online, set, SYS_MAXCPU);

	sn->governor[0] = '\0';
	for (cpu = 0; n > 0 && cpu < SYS_MAXCPU; cpu++) {
		if (!(set[cpu / KF_LONGBITS] >> (cpu % KF_LONGBITS) & 1))
			continue;
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
		if ((k = (size_t)kf_line(KF_SYS, rel, g, sizeof(g))) == 0 || k == (size_t)-1)
			continue;
		if (in_list(sn->governor, ',', g, k) || used + k + 2 > sizeof(sn->governor))
			continue;
		if (used)
			sn->governor[used++] = ',';
		memcpy(sn->governor + used, g, k + 1);
		used += k;
	}
	if (n > 0)
		snprintf(sn->cpus, sizeof(sn->cpus), "%d", n);
	if (!used)
		snprintf(sn->governor, sizeof(sn->governor), "none");
}

/* The first line prog --version writes on stdout, into dst; "none" if it fails. */
static void
version(const char *prog, char *dst, size_t len)
{
	char buf[256], rest[512], *nl;
	size_t have = 0;
	ssize_t n;
	pid_t pid, w;
	int p[2], st, fd;

	snprintf(dst, len, "none");
	if (!prog || !*prog || pipe(p) < 0)
		return;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return;
	}
	if (pid == 0) {
		if ((fd = open("/dev/null", O_RDWR)) >= 0) {
			dup2(fd, 0);
			dup2(fd, 2);
		}
		dup2(p[1], 1);
		execlp(prog, prog, "--version", (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	/* read to the end, keep the start: the child never blocks on a full pipe */
	for (;;) {
		if (have < sizeof(buf) - 1)
			n = read(p[0], buf + have, sizeof(buf) - 1 - have);
		else
			n = read(p[0], rest, sizeof(rest));
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
		if (n > 0 && have < sizeof(buf) - 1)
			have += (size_t)n;
	}
	close(p[0]);
	while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	buf[have] = '\0';
	if ((nl = strchr(buf, '\n')) != NULL)
		*nl = '\0';
	if (w == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0 && buf[0])
		join(dst, len, buf, NULL, NULL);
}

/* The work directory's disk's scheduler (a partition's is its disk's); unknown without one. */
static void
iosched(struct sys *s, char *dst, size_t len)
{
	const struct sys_disk *d = &s->disk[0];
	char rel[128], buf[256];

	snprintf(dst, len, "unknown");
	if (s->ndisk < 1 || !d->name[0])
		return;
	snprintf(rel, sizeof(rel), "dev/block/%u:%u/partition", d->maj, d->min);
	if (kf_line(KF_SYS, rel, buf, sizeof(buf)) >= 0)
		snprintf(rel, sizeof(rel), "dev/block/%u:%u/../queue/scheduler", d->maj, d->min);
	else
		snprintf(rel, sizeof(rel), "dev/block/%u:%u/queue/scheduler", d->maj, d->min);
	if (kf_line(KF_SYS, rel, buf, sizeof(buf)) <= 0)
		return;
	bracketed(buf);
	join(dst, len, buf, NULL, NULL);
}

/* The mount's options, then the superblock's that are not among them. */
static void
fsopts(const struct mnt *m, char *dst, size_t len)
{
	char super[sizeof(m->super)], *p = super, *o;
	size_t used;

	snprintf(dst, len, "%s", m->opts);
	snprintf(super, sizeof(super), "%s", m->super);
	used = strlen(dst);
	while ((o = strsep(&p, ",")) != NULL) {
		if (!*o || in_list(m->opts, ',', o, strlen(o)))
			continue;
		if (used + strlen(o) + 2 > len)
			break;
		dst[used++] = ',';
		strcpy(dst + used, o);
		used += strlen(o);
	}
}

void
sys_snap_settings(struct sys *s, struct sys_snap *sn)
{
	char buf[256];

	snprintf(sn->cpus, sizeof(sn->cpus), "none");
	if (kf_line(KF_SYS, "devices/system/cpu/online", sn->online, sizeof(sn->online)) <= 0)
		snprintf(sn->online, sizeof(sn->online), "none");
	cpus(sn);
	if (kf_line(KF_SYS, "kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf)) > 0) {
		bracketed(buf);
		join(sn->thp, sizeof(sn->thp), buf, NULL, NULL);
	} else {
		snprintf(sn->thp, sizeof(sn->thp), "none");
	}
	iosched(s, sn->iosched, sizeof(sn->iosched));
}

int
sys_snap(struct sys *s, struct sys_snap *sn, const char *make, const char *config)
{
	struct cpuinfo ci;
	struct kf_meminfo mi;
	struct utsname u;
	struct mnt m;
	const char *cc = getenv("CC");
	char cmd[4096], ccw[256];

	memset(sn, 0, sizeof(*sn));
	snprintf(sn->release, sizeof(sn->release), "none");
	snprintf(sn->version, sizeof(sn->version), "none");
	if (uname(&u) == 0) {
		snprintf(sn->release, sizeof(sn->release), "%s", u.release);
		snprintf(sn->version, sizeof(sn->version), "%s", u.version);
	}
	snprintf(sn->cmdline, sizeof(sn->cmdline), "none");
	if (kf_line(KF_PROC, "cmdline", cmd, sizeof(cmd)) > 0) {
		join(sn->cmdline, sizeof(sn->cmdline), cmd, NULL, NULL);
		/* a record must stay well under LOG_LINE_MAX: cut, and say so */
		if (strlen(cmd) >= sizeof(sn->cmdline))
			memcpy(sn->cmdline + sizeof(sn->cmdline) - 4, "...", 4);
	}

	memset(&ci, 0, sizeof(ci));
	kf_scan(KF_PROC, "cpuinfo", s->buf, sizeof(s->buf), cpuinfo_line, &ci);
	if (ci.rank)
		snprintf(sn->cpu, sizeof(sn->cpu), "%s", ci.model);
	else if (ci.impl[0])
		snprintf(sn->cpu, sizeof(sn->cpu), "implementer %s part %s", ci.impl, ci.part[0] ? ci.part : "?");
	else
		snprintf(sn->cpu, sizeof(sn->cpu), "none");

	snprintf(sn->memtotal, sizeof(sn->memtotal), "none");
	snprintf(sn->swaptotal, sizeof(sn->swaptotal), "none");
	if (kf_meminfo(&mi) == 0 && mi.total >= 0)
		snprintf(sn->memtotal, sizeof(sn->memtotal), "%lld", mi.total);
	if (mi.swaptotal >= 0)
		snprintf(sn->swaptotal, sizeof(sn->swaptotal), "%lld", mi.swaptotal);

	snprintf(sn->fstype, sizeof(sn->fstype), "none");
	snprintf(sn->fsopts, sizeof(sn->fsopts), "none");
	if (s->ndisk > 0 && s->disk[0].dir[0] && mount_of(s->disk[0].dir, &m) == 0) {
		snprintf(sn->fstype, sizeof(sn->fstype), "%s", m.fstype);
		fsopts(&m, sn->fsopts, sizeof(sn->fsopts));
	}
	sys_snap_settings(s, sn);
	/* CC may hold arguments, as make takes it: the compiler is its first word */
	if (cc == NULL || sscanf(cc, "%255s", ccw) != 1)
		snprintf(ccw, sizeof(ccw), "cc");
	version(ccw, sn->cc, sizeof(sn->cc));
	version(make && *make ? make : "make", sn->make, sizeof(sn->make));
	snprintf(sn->config, sizeof(sn->config), "%s", config && *config ? config : "none");
	return 0;
}

void
sys_snap_record(const struct sys_snap *sn, struct rec *r)
{
	/* the log's snapshot keys (log.h), each from what sys_snap read */
	snprintf(r->kernel, sizeof(r->kernel), "%s", sn->release);
	snprintf(r->snap.uname, sizeof(r->snap.uname), "%s", sn->version);
	snprintf(r->snap.cmdline, sizeof(r->snap.cmdline), "%s", sn->cmdline);
	snprintf(r->snap.cpu, sizeof(r->snap.cpu), "%s", sn->cpu);
	snprintf(r->snap.governor, sizeof(r->snap.governor), "%.*s", (int)sizeof(r->snap.governor) - 1,
	    sn->governor);
	/* /proc/meminfo's kB are KiB; "none" (no such line) stays 0 */
	snprintf(r->snap.ram, sizeof(r->snap.ram), "%llu", strtoull(sn->memtotal, NULL, 10) * 1024);
	snprintf(r->snap.swap, sizeof(r->snap.swap), "%llu", strtoull(sn->swaptotal, NULL, 10) * 1024);
	snprintf(r->snap.thp, sizeof(r->snap.thp), "%s", sn->thp);
	snprintf(r->snap.fs, sizeof(r->snap.fs), "%.*s", (int)sizeof(r->snap.fs) - 1, sn->fstype);
	snprintf(r->snap.fsopts, sizeof(r->snap.fsopts), "%.*s", (int)sizeof(r->snap.fsopts) - 1, sn->fsopts);
	snprintf(r->snap.sched, sizeof(r->snap.sched), "%s", sn->iosched);
	snprintf(r->snap.cc, sizeof(r->snap.cc), "%s", sn->cc);
	snprintf(r->snap.make, sizeof(r->snap.make), "%s", sn->make);
}

/* --- the kernel's threads ---------------------------------------------- */

static int
kthread(long pid, const struct proc_stat *ps, void *arg)
{
	struct sys_procs *o = arg;

	if (ps->ppid != 2 && pid != 2)
		return 0;	/* a process, not one of the kernel's threads */
	if (o->n == SYS_PROCS) {
		o->cut = 1;
		return 1;
	}
	o->p[o->n].pid = (int)pid;
	o->p[o->n].start = ps->start;
	o->p[o->n].ticks = ps->utime + ps->stime;
	o->n++;
	return 0;
}

void
sys_kthreads_take(struct sys_procs *o)
{
	int i, k;

	o->n = 0;
	o->cut = 0;
	kf_pids(kthread, o);
	/* readdir gives /proc in pid order, mostly: make it so */
	for (i = 1; i < o->n; i++)
		for (k = i; k > 0 && o->p[k - 1].pid > o->p[k].pid; k--) {
			struct sys_proc t = o->p[k];
			o->p[k] = o->p[k - 1];
			o->p[k - 1] = t;
		}
}

double
sys_kthreads_delta(const struct sys *s, const struct sys_procs *a, const struct sys_procs *b)
{
	unsigned long long ticks = 0;
	int i, k = 0;

	for (i = 0; i < b->n; i++) {
		while (k < a->n && a->p[k].pid < b->p[i].pid)
			k++;
		if (k < a->n && a->p[k].pid == b->p[i].pid && a->p[k].start == b->p[i].start) {
			if (b->p[i].ticks > a->p[k].ticks)
				ticks += b->p[i].ticks - a->p[k].ticks;
		} else
			ticks += b->p[i].ticks;
	}
	return (double)ticks / (double)(s->hz > 0 ? s->hz : 100);
}
