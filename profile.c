/*
 * profile.c: the kernel's sampling profile over a run's window (see
 * profile.h).  perf_event_open(2) opens one software cpu-clock event per
 * online CPU (pid -1: every task on that CPU), sampling IP, PID/TID and
 * time, with FORK records (attr.task) and, for --profile all, COMM
 * records; each event has its own ring, mmap(2)ed read-write so that the
 * kernel never overwrites what contest has not read (it counts LOST
 * instead).  ioctl(2) PERF_EVENT_IOC_ENABLE and _DISABLE bound the
 * window.  /proc/kallsyms is read once, at prof_open; it and every other
 * file of /proc and /sys through kfile.h.
 *
 * Records of different rings are not in one order, and a child's FORK
 * record may sit in a ring read after the ring that holds the child's
 * first samples, or the fork of its parent.  So a drain reads every ring,
 * applies the FORK and COMM records in time order up to a mark taken
 * before the first ring was read (less PROF_MARGIN_S: a record stamped
 * before it is in its ring by then), keeps the later ones for the next
 * drain, and only then gives each sample's PID its part.  A PID still
 * unknown waits one drain more, then counts as the rest.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "config.h"
#include "kfile.h"
#include "profile.h"
#include "util.h"

#define PROF_MARGIN_S	0.005	/* a record stamped this long before a drain is in its ring */
#define PROF_MAXCPU	8192	/* highest CPU number + 1 the events are opened on */
#define PROF_UNKNOWN	"[unknown]"

/* One CPU's event and its ring. */
struct prof_ring {
	int fd;
	int cpu;
	void *base;		/* the control page, then the data */
	size_t len;		/* of the mapping */
	unsigned long long lost0;	/* the event's lost records at the window's open */
};

/* Open addressing, PID or TID (never 0) -> a number. */
struct prof_slot {
	int key;		/* 0: empty */
	unsigned long long val;
};
struct prof_map {
	struct prof_slot *slot;
	size_t cap, n;		/* cap: a power of two */
};

/* A FORK or COMM record, held until it can be applied in time order. */
struct task_rec {
	unsigned long long time;	/* ns, CLOCK_MONOTONIC */
	int type;			/* PERF_RECORD_FORK, PERF_RECORD_COMM */
	int pid, ppid, tid, ptid;
	char comm[16];
};

/* The engine's private state beside struct prof (one per struct prof). */
struct prof_priv {
	struct task_rec *task;		/* read, not yet applied */
	size_t ntask, captask;
	struct prof_map wait;		/* PID -> kernel samples of this drain, part not given */
	struct prof_map old;		/* PID -> those of the drain before, still unknown */
	struct prof_map uwait;		/* TID -> user samples, command not given (PROF_ALL) */
	struct prof_map uold;
	struct prof_map parts, tcomm;
	pid_t child[8];			/* contest's children named by prof_child this window */
	int nchild;
	int run_pid;			/* the PID of the last kernel samples read, */
	unsigned long long run_n;	/* and how many in a row: one map update for them all */
	/* a sample's IP -> symbol, remembered by IP / 64: most samples fall in a few functions */
	struct { unsigned long long lo, hi; long k; } near[4096];
	unsigned char copy[65536];	/* a record that wraps the ring's end, put together */
};

/* ------------------------------------------------------------- helpers */

static double
now_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
prof_mode_parse(const char *s)
{
	if (!strcmp(s, "off"))
		return PROF_OFF;
	if (!strcmp(s, "kernel"))
		return PROF_KERNEL;
	if (!strcmp(s, "all"))
		return PROF_ALL;
	return -1;
}

const char *
prof_mode_name(int mode)
{
	return mode == PROF_KERNEL ? "kernel" : mode == PROF_ALL ? "all" : "off";
}

/* ----------------------------------------------------------------- maps */

static size_t
map_hash(int key, size_t cap)
{
	return (size_t)((unsigned)key * 2654435761u) & (cap - 1);
}

static int
map_grow(struct prof_map *m)
{
	size_t ncap = m->cap ? 2 * m->cap : 1024, i, j;
	struct prof_slot *ns = calloc(ncap, sizeof(*ns));

	if (ns == NULL)
		return -1;
	for (i = 0; i < m->cap; i++) {
		if (m->slot[i].key == 0)
			continue;
		for (j = map_hash(m->slot[i].key, ncap); ns[j].key; j = (j + 1) & (ncap - 1))
			;
		ns[j] = m->slot[i];
	}
	free(m->slot);
	m->slot = ns;
	m->cap = ncap;
	return 0;
}

/* The slot of key, made (value 0) if new; NULL when out of memory. */
static struct prof_slot *
map_at(struct prof_map *m, int key)
{
	size_t j;

	if (2 * (m->n + 1) > m->cap && map_grow(m) < 0)
		return NULL;
	for (j = map_hash(key, m->cap); m->slot[j].key; j = (j + 1) & (m->cap - 1))
		if (m->slot[j].key == key)
			return &m->slot[j];
	m->slot[j].key = key;
	m->slot[j].val = 0;
	m->n++;
	return &m->slot[j];
}

/* 1 and *val if key is there. */
static int
map_get(const struct prof_map *m, int key, unsigned long long *val)
{
	size_t j;

	if (m->cap == 0)
		return 0;
	for (j = map_hash(key, m->cap); m->slot[j].key; j = (j + 1) & (m->cap - 1))
		if (m->slot[j].key == key) {
			*val = m->slot[j].val;
			return 1;
		}
	return 0;
}

static void
map_set(struct prof_map *m, int key, unsigned long long val)
{
	struct prof_slot *s = map_at(m, key);

	if (s)
		s->val = val;
}

static void
map_clear(struct prof_map *m)
{
	if (m->n && m->slot)
		memset(m->slot, 0, m->cap * sizeof(*m->slot));
	m->n = 0;
}

static void
map_free(struct prof_map *m)
{
	free(m->slot);
	memset(m, 0, sizeof(*m));
}

/* -------------------------------------------------------------- kallsyms */

/* A line of kallsyms kept, before the snapshot is laid out. */
struct ksym_in {
	unsigned long long addr;
	size_t name;		/* offset in the names being built */
	size_t idx;		/* line order: the first wins a tie, as in perf */
	char type;
};

static int
hexdigit(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Leading underscores of s. */
static int
underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/*
 * Of two text symbols at one address, the one perf names (its
 * choose_best_symbol for kallsyms, where every length is 0): not weak
 * over weak, global over local, fewer leading underscores, the longer
 * name, the first.  1 if a is the better.
 */
static int
better_sym(const struct ksym_in *a, const struct ksym_in *b, const char *names)
{
	int wa = a->type == 'w' || a->type == 'W', wb = b->type == 'w' || b->type == 'W';
	int ga = isupper((unsigned char)a->type) && !wa, gb = isupper((unsigned char)b->type) && !wb;
	const char *na = names + a->name, *nb = names + b->name;
	size_t la, lb;

	if (wa != wb)
		return wb;
	if (ga != gb)
		return ga;
	if (underscores(na) != underscores(nb))
		return underscores(na) < underscores(nb);
	la = strcspn(na, " ");
	lb = strcspn(nb, " ");
	if (la != lb)
		return la > lb;
	return a->idx < b->idx;
}

static int
cmp_ksym(const void *x, const void *y)
{
	const struct ksym_in *a = x, *b = y;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/*
 * One line of kallsyms at p, "ADDR TYPE NAME[\t[MOD]]\n": a text symbol
 * (t, T, w, W) into in, its name made "NAME" or "NAME [MOD]" in place
 * (the tab a space, the newline a NUL), in->name its offset from base.
 * The next line's start; in->type 0 if the line is not one.
 */
static char *
parse_ksym(char *p, char *base, struct ksym_in *in)
{
	unsigned long long a = 0;
	char *s = p, *e;
	int d;

	in->type = 0;
	for (; (d = hexdigit(*p)) >= 0; p++)
		a = a << 4 | (unsigned)d;
	e = p + strcspn(p, "\n");
	if (p == s || p[0] != ' ' || p[1] == '\0' || !strchr("tTwW", p[1]) || p[2] != ' ' || e == p + 3) {
		if (*e)
			*e++ = '\0';
		return e;
	}
	in->type = p[1];
	in->addr = a;
	in->name = (size_t)(p + 3 - base);
	for (s = p + 3; s < e; s++)
		if (*s == '\t')
			*s = ' ';
	if (*e)
		*e++ = '\0';
	return e;
}

int
prof_ksyms_load(struct prof_ksyms *ks, const char *path, char *why, size_t whylen)
{
	size_t len, n = 0, cap = 0, i, k;
	struct ksym_in *in = NULL, *q;
	char *buf, *p;
	int nonzero = 0, sorted = 1;

	memset(ks, 0, sizeof(*ks));
	if ((buf = kf_slurp(KF_FILE, path, &len)) == NULL) {
		snprintf(why, whylen, "cannot read '%s': %s", path, strerror(errno ? errno : ENOMEM));
		return -1;
	}
	for (p = buf; *p;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			if ((q = realloc(in, cap * sizeof(*in))) == NULL)
				goto oom;
			in = q;
		}
		p = parse_ksym(p, buf, &in[n]);
		if (in[n].type == 0)
			continue;
		in[n].idx = n;
		nonzero |= in[n].addr != 0;
		sorted &= n == 0 || in[n - 1].addr <= in[n].addr;
		n++;
	}
	if (n == 0 || !nonzero) {
		snprintf(why, whylen, n ? "'%s' shows no addresses (kptr_restrict)" :
		    "no text symbols in '%s'", path);
		free(in);
		free(buf);
		return -1;
	}
	if (!sorted)	/* the core kernel's are in order; modules' and BPF's follow */
		qsort(in, n, sizeof(*in), cmp_ksym);
	/* one symbol per address: the one perf would name */
	for (i = k = 0; i < n; i++) {
		if (k > 0 && in[k - 1].addr == in[i].addr) {
			if (better_sym(&in[i], &in[k - 1], buf))
				in[k - 1] = in[i];
			continue;
		}
		in[k++] = in[i];
	}
	ks->addr = malloc(k * sizeof(*ks->addr));
	ks->name = malloc(k * sizeof(*ks->name));
	if (ks->addr == NULL || ks->name == NULL)
		goto oom;
	for (i = 0; i < k; i++) {
		ks->addr[i] = in[i].addr;
		ks->name[i] = (unsigned)in[i].name;
	}
	ks->n = k;
	ks->names = buf;
	ks->len = len;
	free(in);
	return 0;
oom:
	free(buf);
	free(in);
	prof_ksyms_free(ks);
	snprintf(why, whylen, "out of memory reading '%s'", path);
	return -1;
}

long
prof_ksyms_find(const struct prof_ksyms *ks, unsigned long long ip)
{
	size_t lo = 0, hi = ks->n;

	if (ks->n == 0 || ip < ks->addr[0])
		return -1;
	/* the last symbol at or below ip */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ks->addr[mid] <= ip)
			lo = mid;
		else
			hi = mid;
	}
	return (long)lo;
}

void
prof_ksyms_free(struct prof_ksyms *ks)
{
	free(ks->addr);
	free(ks->name);
	free(ks->names);
	memset(ks, 0, sizeof(*ks));
}

/* ------------------------------------------------------ command names */

/* The index of command name in p->comm, added if new; -1 out of memory. */
static long
comm_index(struct prof *p, const char *name)
{
	struct prof_comm *q;
	size_t i;

	for (i = 0; i < p->ncomm; i++)
		if (!strcmp(p->comm[i].name, name))
			return (long)i;
	if (p->ncomm == p->capcomm) {
		size_t ncap = p->capcomm ? 2 * p->capcomm : 64;
		if ((q = realloc(p->comm, ncap * sizeof(*q))) == NULL)
			return -1;
		p->comm = q;
		p->capcomm = ncap;
	}
	snprintf(p->comm[p->ncomm].name, sizeof(p->comm[0].name), "%s", name);
	p->comm[p->ncomm].n = 0;
	return (long)p->ncomm++;
}

/*
 * The command of a task no COMM or FORK record named (it ran before the
 * window): read once from /proc, then known.  PROF_UNKNOWN if gone.
 */
static long
comm_of(struct prof *p, int tid)
{
	struct prof_priv *q = p->priv;
	unsigned long long v;
	char name[32];
	long i;

	if (map_get(&q->tcomm, tid, &v))
		return (long)v;
	if (kf_pid_read(tid, "comm", name, 17) > 0)	/* 16 bytes at most, the newline's included */
		name[strcspn(name, "\n")] = '\0';
	else
		snprintf(name, sizeof(name), "%s", PROF_UNKNOWN);
	if ((i = comm_index(p, name)) >= 0)
		map_set(&q->tcomm, tid, (unsigned long long)i);
	return i;
}

/* ------------------------------------------------------------- records */

static void
add(struct prof_map *m, int key, unsigned long long n)
{
	struct prof_slot *s = map_at(m, key);

	if (s)
		s->val += n;
}

/* The run of samples of one PID into the map of those waiting for their part. */
static void
flush_run(struct prof_priv *q)
{
	if (q->run_n)
		add(&q->wait, q->run_pid, q->run_n);
	q->run_pid = 0;
	q->run_n = 0;
}

/* The symbol of ip, through the cache of the last ones seen. */
static long
sym_of(struct prof *p, unsigned long long ip)
{
	struct prof_priv *q = p->priv;
	size_t h = (size_t)(ip >> 6) & (sizeof(q->near) / sizeof(q->near[0]) - 1);
	long k;

	if (ip >= q->near[h].lo && ip < q->near[h].hi)
		return q->near[h].k;
	if ((k = prof_ksyms_find(&p->ks, ip)) >= 0) {
		/* the symbol's span: to the next symbol, or to the end of the address space */
		q->near[h].lo = p->ks.addr[k];
		q->near[h].hi = (size_t)k + 1 < p->ks.n ? p->ks.addr[k + 1] : ~0ULL;
		q->near[h].k = k;
	}
	return k;
}

/* A sample: IP, PID and TID, time (the attr's sample_type, in its order). */
static void
sample(struct prof *p, unsigned misc, const unsigned char *b, size_t len)
{
	unsigned mode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
	unsigned long long ip;
	uint32_t pid, tid;
	long k;

	if (len < 16)
		return;
	memcpy(&ip, b, 8);
	memcpy(&pid, b + 8, 4);
	memcpy(&tid, b + 12, 4);
	if (pid == 0) {
		p->t.idle++;
		return;
	}
	if (mode == PERF_RECORD_MISC_USER || mode == PERF_RECORD_MISC_GUEST_USER) {
		p->t.user++;
		if (p->mode == PROF_ALL && (int)tid > 0)
			add(&p->priv->uwait, (int)tid, 1);
		return;
	}
	p->t.kernel++;
	if ((k = sym_of(p, ip)) < 0)
		p->t.unknown++;
	else
		p->count[k]++;
	if ((int)pid <= 0) {
		p->t.part[PART_REST]++;
		return;
	}
	if ((int)pid != p->priv->run_pid) {
		flush_run(p->priv);
		p->priv->run_pid = (int)pid;
	}
	p->priv->run_n++;
}

/* A FORK or COMM record, held for the time-ordered pass of the drain. */
static void
hold(struct prof *p, unsigned type, const unsigned char *b, size_t len)
{
	struct prof_priv *q = p->priv;
	struct task_rec *t;
	uint32_t v[4];

	if (q->ntask == q->captask) {
		size_t ncap = q->captask ? 2 * q->captask : 256;
		if ((t = realloc(q->task, ncap * sizeof(*t))) == NULL)
			return;
		q->task = t;
		q->captask = ncap;
	}
	t = &q->task[q->ntask];
	memset(t, 0, sizeof(*t));
	t->type = (int)type;
	if (type == PERF_RECORD_FORK) {
		if (len < 24)
			return;
		memcpy(v, b, 16);
		memcpy(&t->time, b + 16, 8);
		t->pid = (int)v[0];
		t->ppid = (int)v[1];
		t->tid = (int)v[2];
		t->ptid = (int)v[3];
	} else {
		/* pid, tid, the name (NUL-padded to 8 bytes), then sample_id: pid, tid, time */
		if (len < 8 + 8 + 16)
			return;
		memcpy(v, b, 8);
		t->pid = (int)v[0];
		t->tid = (int)v[1];
		snprintf(t->comm, sizeof(t->comm), "%.*s", (int)(len - 8 - 16 < 15 ? len - 8 - 16 : 15), b + 8);
		memcpy(&t->time, b + len - 8, 8);
	}
	q->ntask++;
}

void
prof_feed(struct prof *p, const void *rec, size_t len)
{
	const unsigned char *r = rec;
	struct perf_event_header h;
	unsigned long long lost;

	if (len < sizeof(h))
		return;
	memcpy(&h, r, sizeof(h));
	if (h.size < sizeof(h) || h.size > len)
		return;
	p->t.records++;
	switch (h.type) {
	case PERF_RECORD_SAMPLE:
		sample(p, h.misc, r + sizeof(h), h.size - sizeof(h));
		break;
	case PERF_RECORD_FORK:
		hold(p, h.type, r + sizeof(h), h.size - sizeof(h));
		break;
	case PERF_RECORD_COMM:
		if (p->mode == PROF_ALL)
			hold(p, h.type, r + sizeof(h), h.size - sizeof(h));
		break;
	case PERF_RECORD_LOST:
		if (!p->lostfmt && h.size >= sizeof(h) + 16) {	/* else read(2) counts them */
			memcpy(&lost, r + sizeof(h) + 8, 8);
			p->t.lost += lost;
		}
		break;
	case PERF_RECORD_THROTTLE:
		p->t.throttled++;
		break;
	default:
		break;
	}
}

void
prof_read_ring(struct prof *p, void *base, size_t size)
{
	struct perf_event_mmap_page *mp = base;
	unsigned char *data = (unsigned char *)base +
	    (mp->data_offset ? mp->data_offset : (unsigned long long)sysconf(_SC_PAGESIZE));
	unsigned long long head, tail;

	head = *(volatile unsigned long long *)&mp->data_head;
	atomic_thread_fence(memory_order_acquire);
	tail = mp->data_tail;
	while (head - tail >= sizeof(struct perf_event_header)) {
		size_t off = (size_t)(tail & (size - 1));
		struct perf_event_header h;

		/* records are whole multiples of 8 bytes: a header never wraps */
		memcpy(&h, data + off, sizeof(h));
		if (h.size < sizeof(h) || h.size > head - tail)
			break;		/* not a record: what is left is skipped */
		if (off + h.size > size) {
			size_t first = size - off;
			memcpy(p->priv->copy, data + off, first);
			memcpy(p->priv->copy + first, data, h.size - first);
			prof_feed(p, p->priv->copy, h.size);
		} else
			prof_feed(p, data + off, h.size);
		tail += h.size;
	}
	/* the data read before the kernel may write over it */
	atomic_thread_fence(memory_order_seq_cst);
	*(volatile unsigned long long *)&mp->data_tail = head;
}

/* ------------------------------------------------------------ the drain */

static int
cmp_task(const void *x, const void *y)
{
	const struct task_rec *a = x, *b = y;

	return a->time < b->time ? -1 : a->time > b->time;
}

static int
own_child(const struct prof_priv *q, int pid)
{
	int i;

	for (i = 0; i < q->nchild; i++)
		if (q->child[i] == pid)
			return 1;
	return 0;
}

static void
apply(struct prof *p, const struct task_rec *t)
{
	struct prof_priv *q = p->priv;
	unsigned long long v;
	long i;

	if (t->type == PERF_RECORD_COMM) {
		if ((i = comm_index(p, t->comm)) >= 0)
			map_set(&q->tcomm, t->tid, (unsigned long long)i);
		return;
	}
	if (p->mode == PROF_ALL && map_get(&q->tcomm, t->ptid, &v))
		map_set(&q->tcomm, t->tid, v);	/* a child runs its parent's command until it execs */
	if (t->pid != t->tid)
		return;		/* a thread: its process keeps its part */
	if (t->ppid == p->self) {
		if (!own_child(q, t->pid))	/* the compile was named by prof_child */
			map_set(&q->parts, t->pid, PART_REST);
	} else if (map_get(&q->parts, t->ppid, &v))
		map_set(&q->parts, t->pid, v);
	else
		map_set(&q->parts, t->pid, PART_REST);
}

/*
 * Apply the held FORK and COMM records stamped up to mark (ns), in time
 * order (qsort keeps no order among equal times: a fork and its child's
 * fork are never stamped the same nanosecond); keep the later ones.
 */
static void
apply_held(struct prof *p, unsigned long long mark)
{
	struct prof_priv *q = p->priv;
	size_t i, k = 0;

	if (q->ntask > 1)
		qsort(q->task, q->ntask, sizeof(*q->task), cmp_task);
	for (i = 0; i < q->ntask; i++) {
		if (q->task[i].time <= mark)
			apply(p, &q->task[i]);
		else
			q->task[k++] = q->task[i];
	}
	q->ntask = k;
}

/*
 * Give the kernel samples their part: those of the drain before still
 * unknown count as the rest; this drain's unknown ones wait (final: no
 * more).
 */
static void
settle_kernel(struct prof *p, int final)
{
	struct prof_priv *q = p->priv;
	unsigned long long v;
	size_t i;

	for (i = 0; i < q->old.cap; i++) {
		struct prof_slot *s = &q->old.slot[i];
		if (s->key)
			p->t.part[map_get(&q->parts, s->key, &v) ? v : PART_REST] += s->val;
	}
	map_clear(&q->old);
	for (i = 0; i < q->wait.cap; i++) {
		struct prof_slot *s = &q->wait.slot[i];
		if (s->key == 0)
			continue;
		if (map_get(&q->parts, s->key, &v))
			p->t.part[v] += s->val;
		else if (final)
			p->t.part[PART_REST] += s->val;
		else
			add(&q->old, s->key, s->val);
	}
	map_clear(&q->wait);
}

/* The user samples' commands, the same way; a task still unknown ran before the window: /proc says. */
static void
settle_user(struct prof *p, int final)
{
	struct prof_priv *q = p->priv;
	unsigned long long v;
	size_t i;
	long c;

	for (i = 0; i < q->uold.cap; i++) {
		struct prof_slot *s = &q->uold.slot[i];
		if (s->key && (c = comm_of(p, s->key)) >= 0)
			p->comm[c].n += s->val;
	}
	map_clear(&q->uold);
	for (i = 0; i < q->uwait.cap; i++) {
		struct prof_slot *s = &q->uwait.slot[i];
		if (s->key == 0)
			continue;
		if (map_get(&q->tcomm, s->key, &v))
			p->comm[v].n += s->val;
		else if (!final)
			add(&q->uold, s->key, s->val);
		else if ((c = comm_of(p, s->key)) >= 0)
			p->comm[c].n += s->val;
	}
	map_clear(&q->uwait);
}

static void
drain(struct prof *p, unsigned long long mark, int final)
{
	int i;

	for (i = 0; i < p->ncpu; i++)
		prof_read_ring(p, p->ring[i].base, p->ring_bytes);
	flush_run(p->priv);
	apply_held(p, mark);
	settle_kernel(p, final);
	settle_user(p, final);
	p->t.drains++;
}

void
prof_drain(struct prof *p)
{
	double c0;

	if (!p->on)
		return;
	c0 = now_cpu();
	drain(p, (unsigned long long)(mono_ns() - (long long)(PROF_MARGIN_S * 1e9)), 0);
	p->t.cpu += now_cpu() - c0;
}

/* ------------------------------------------------------------ the events */

/* The online CPUs (/sys/devices/system/cpu/online: "0-3,5"); how many, up to max. */
static int
online_cpus(int *cpu, int max)
{
	static unsigned long set[PROF_MAXCPU / (8 * sizeof(unsigned long))];	/* ulimit -s 64 */
	char buf[4096];
	int i, n = 0;

	if (kf_line(KF_SYS, "devices/system/cpu/online", buf, sizeof(buf)) > 0 &&
	    kf_cpulist(buf, set, PROF_MAXCPU) > 0)
		for (i = 0; i < PROF_MAXCPU && n < max; i++)
			if (set[i / KF_LONGBITS] >> (i % KF_LONGBITS) & 1)
				cpu[n++] = i;
	if (n == 0)	/* no sysfs: the first CPUs sysconf counts */
		for (i = 0; i < sysconf(_SC_NPROCESSORS_ONLN) && n < max; i++)
			cpu[n++] = i;
	return n;
}

/* /proc/sys/kernel/NAME's number, -9999 if unread */
static long
sysctl_long(const char *name)
{
	char rel[128], buf[32];

	snprintf(rel, sizeof(rel), "sys/kernel/%s", name);
	return kf_line(KF_PROC, rel, buf, sizeof(buf)) > 0 ? strtol(buf, NULL, 10) : -9999;
}

/* Why perf_event_open failed with err, in words for the notice. */
static void
open_why(struct prof *p, int err)
{
	long par = sysctl_long("perf_event_paranoid"), max = sysctl_long("perf_event_max_sample_rate");

	if (err == EACCES || err == EPERM)
		snprintf(p->why, sizeof(p->why), "perf_event_paranoid is %ld and contest has no "
		    "CAP_PERFMON: a CPU-wide profile needs root or perf_event_paranoid <= 0", par);
	else if (err == ENOSYS)
		snprintf(p->why, sizeof(p->why), "the kernel has no perf_event_open (CONFIG_PERF_EVENTS)");
	else if (err == ENOENT || err == ENODEV || err == EOPNOTSUPP)
		snprintf(p->why, sizeof(p->why), "the kernel has no cpu-clock event: %s", strerror(err));
	else if (err == EINVAL && max > 0 && (long)p->hz > max)
		snprintf(p->why, sizeof(p->why), "perf_event_max_sample_rate is %ld, below %u Hz", max, p->hz);
	else
		snprintf(p->why, sizeof(p->why), "perf_event_open: %s", strerror(err));
}

static int
event_open(struct prof *p, int cpu)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.freq = 1;		/* the kernel turns it into a period of 1e9 / hz ns, as for perf -F */
	a.sample_freq = p->hz;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
	a.disabled = 1;
	a.exclude_user = p->mode != PROF_ALL;
	a.exclude_hv = 1;
	a.task = 1;		/* FORK records: the map PID -> part follows fork */
	a.comm = p->mode == PROF_ALL;
	a.sample_id_all = 1;	/* COMM records carry their time */
	a.use_clockid = 1;
	a.clockid = CLOCK_MONOTONIC;	/* times comparable with the drain's mark */
	/*
	 * read(2) gives the records the kernel dropped (Linux 6.0): those of
	 * a ring full at the window's close too, which no LOST record ever
	 * reports (the kernel writes one only when it next writes to the
	 * ring).  Before 6.0, the LOST records alone.
	 */
	if (p->lostfmt) {
		int fd;

		a.read_format = PERF_FORMAT_LOST;
		if ((fd = (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC)) >= 0 ||
		    errno != EINVAL)
			return fd;
		p->lostfmt = 0;
		a.read_format = 0;
	}
	return (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/* The records the kernel dropped from ring r so far (PERF_FORMAT_LOST). */
static unsigned long long
ring_lost(const struct prof_ring *r)
{
	unsigned long long v[2] = { 0, 0 };

	if (read(r->fd, v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v[1];
}

static void
close_rings(struct prof *p)
{
	int i;

	for (i = 0; i < p->ncpu && p->ring; i++) {
		if (p->ring[i].base && p->ring[i].base != MAP_FAILED)
			munmap(p->ring[i].base, p->ring[i].len);
		if (p->ring[i].fd >= 0)
			close(p->ring[i].fd);
	}
	free(p->ring);
	p->ring = NULL;
	p->ncpu = 0;
}

/*
 * Map every ring, halving their size while the kernel refuses to lock
 * that much for this user (perf_event_mlock_kb), down to 16 KiB.
 */
static int
map_rings(struct prof *p, size_t bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int i, j;

	for (; bytes >= 16384 && bytes >= page; bytes /= 2) {
		for (i = 0; i < p->ncpu; i++) {
			p->ring[i].len = page + bytes;
			p->ring[i].base = mmap(NULL, p->ring[i].len, PROT_READ | PROT_WRITE, MAP_SHARED,
			    p->ring[i].fd, 0);
			if (p->ring[i].base == MAP_FAILED)
				break;
		}
		if (i == p->ncpu) {
			p->ring_bytes = bytes;
			return 0;
		}
		for (j = 0; j < i; j++)
			munmap(p->ring[j].base, p->ring[j].len);
		p->ring[i].base = NULL;
		if (errno != EPERM && errno != ENOMEM)
			break;
	}
	snprintf(p->why, sizeof(p->why), "cannot map the rings (%d CPUs): %s; perf_event_mlock_kb is %ld",
	    p->ncpu, strerror(errno), sysctl_long("perf_event_mlock_kb"));
	return -1;
}

static int
open_events(struct prof *p, size_t bytes)
{
	int cpus[4096], n = online_cpus(cpus, 4096), i;

	if ((p->ring = calloc((size_t)n, sizeof(*p->ring))) == NULL) {
		snprintf(p->why, sizeof(p->why), "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++)
		p->ring[i].fd = -1;
	p->ncpu = n;
	p->lostfmt = 1;
	for (i = 0; i < n; i++) {
		p->ring[i].cpu = cpus[i];
		if ((p->ring[i].fd = event_open(p, cpus[i])) < 0) {
			open_why(p, errno);
			return -1;
		}
	}
	return map_rings(p, bytes);
}

/* The engine's memory: the private block, the symbol counts. */
static int
alloc_engine(struct prof *p)
{
	if ((p->priv = calloc(1, sizeof(*p->priv))) == NULL ||
	    (p->count = calloc(p->ks.n ? p->ks.n : 1, sizeof(*p->count))) == NULL) {
		snprintf(p->why, sizeof(p->why), "out of memory");
		return -1;
	}
	return 0;
}

/* Undo what prof_open did, keeping why it failed: -1. */
static int
open_failed(struct prof *p)
{
	char why[sizeof(p->why)];

	memcpy(why, p->why, sizeof(why));
	prof_close(p);
	memcpy(p->why, why, sizeof(why));
	return -1;
}

int
prof_open(struct prof *p, int mode, unsigned hz, unsigned ring_kib)
{
	size_t bytes = (size_t)(ring_kib ? ring_kib : PROF_RING_KIB) * 1024;
	char ksyms[PATH_MAX];

	memset(p, 0, sizeof(*p));
	p->mode = mode;
	p->hz = hz;
	if (mode == PROF_OFF) {
		snprintf(p->why, sizeof(p->why), "--profile off");
		return -1;
	}
	if (bytes & (bytes - 1)) {
		snprintf(p->why, sizeof(p->why), "ring size %u KiB is not a power of two", ring_kib);
		p->mode = PROF_OFF;
		return -1;
	}
	if (kf_path(ksyms, sizeof(ksyms), KF_PROC, "kallsyms") < 0)
		snprintf(ksyms, sizeof(ksyms), "kallsyms");	/* too long a root: it cannot be opened */
	if (open_events(p, bytes) < 0 ||
	    prof_ksyms_load(&p->ks, ksyms, p->why, sizeof(p->why)) < 0 ||
	    alloc_engine(p) < 0)
		return open_failed(p);
	return 0;
}

int
prof_open_fake(struct prof *p, int mode, const char *kallsyms)
{
	memset(p, 0, sizeof(*p));
	p->mode = mode;
	p->hz = PROF_HZ;
	if (prof_ksyms_load(&p->ks, kallsyms, p->why, sizeof(p->why)) < 0 || alloc_engine(p) < 0)
		return open_failed(p);
	return 0;
}

/* ------------------------------------------------------------ the window */

void
prof_start(struct prof *p)
{
	struct prof_priv *q = p->priv;
	double c0 = now_cpu();
	size_t i;
	int k;

	if (p->mode == PROF_OFF)
		return;
	memset(&p->t, 0, sizeof(p->t));
	memset(p->count, 0, p->ks.n * sizeof(*p->count));
	for (i = 0; i < p->ncomm; i++)
		p->comm[i].n = 0;
	map_clear(&q->parts);
	map_clear(&q->tcomm);
	map_clear(&q->wait);
	map_clear(&q->old);
	map_clear(&q->uwait);
	map_clear(&q->uold);
	q->ntask = 0;
	q->nchild = 0;
	p->self = getpid();
	p->t.t0 = mono_s();
	for (k = 0; k < p->ncpu; k++) {
		if (p->lostfmt)
			p->ring[k].lost0 = ring_lost(&p->ring[k]);
		ioctl(p->ring[k].fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	p->on = 1;
	p->t.cpu += now_cpu() - c0;
}

void
prof_seed(struct prof *p, int part, const pid_t *pids, int n)
{
	int i;

	if (!p->on)
		return;
	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			map_set(&p->priv->parts, (int)pids[i], (unsigned long long)part);
}

void
prof_child(struct prof *p, pid_t pid, int part)
{
	struct prof_priv *q = p->priv;

	if (!p->on || pid <= 0)
		return;
	map_set(&q->parts, (int)pid, (unsigned long long)part);
	if (q->nchild < (int)(sizeof(q->child) / sizeof(q->child[0])))
		q->child[q->nchild++] = pid;
}

void
prof_stop(struct prof *p)
{
	double c0;
	int k;

	if (!p->on)
		return;
	c0 = now_cpu();
	for (k = 0; k < p->ncpu; k++)
		ioctl(p->ring[k].fd, PERF_EVENT_IOC_DISABLE, 0);
	p->t.t1 = mono_s();
	drain(p, ~0ULL, 1);
	for (k = 0; k < p->ncpu && p->lostfmt; k++)
		p->t.lost += ring_lost(&p->ring[k]) - p->ring[k].lost0;
	p->on = 0;
	p->t.cpu += now_cpu() - c0;
}

/* ------------------------------------------------------------- results */

static int
cmp_name(const void *x, const void *y)
{
	const struct prof_entry *a = x, *b = y;

	return strcmp(a->name, b->name);
}

static int
cmp_count(const void *x, const void *y)
{
	const struct prof_entry *a = x, *b = y;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->name, b->name);
}

int
prof_top(const struct prof *p, struct prof_entry *out, int max, double cover_pct)
{
	struct prof_entry *e;
	size_t i, n = 0, k;
	unsigned long long sum = 0;
	int m;

	for (i = 0; i < p->ks.n; i++)
		n += p->count[i] > 0;
	if ((e = malloc((n ? n : 1) * sizeof(*e))) == NULL)
		return -1;
	for (i = k = 0; i < p->ks.n; i++)
		if (p->count[i]) {
			e[k].name = p->ks.names + p->ks.name[i];
			e[k++].n = p->count[i];
		}
	/* same-named symbols summed */
	qsort(e, n, sizeof(*e), cmp_name);
	for (i = k = 0; i < n; i++) {
		if (k > 0 && !strcmp(e[k - 1].name, e[i].name))
			e[k - 1].n += e[i].n;
		else
			e[k++] = e[i];
	}
	qsort(e, k, sizeof(*e), cmp_count);
	for (m = 0; m < max && (size_t)m < k; m++) {
		if (sum >= cover_pct / 100 * (double)p->t.kernel && m > 0)
			break;
		out[m] = e[m];
		sum += e[m].n;
	}
	free(e);
	return m;
}

int
prof_comms(const struct prof *p, struct prof_entry *out, int max)
{
	struct prof_entry *e;
	size_t i, k = 0;
	int m;

	if ((e = malloc((p->ncomm ? p->ncomm : 1) * sizeof(*e))) == NULL)
		return -1;
	for (i = 0; i < p->ncomm; i++)
		if (p->comm[i].n) {
			e[k].name = p->comm[i].name;
			e[k++].n = p->comm[i].n;
		}
	qsort(e, k, sizeof(*e), cmp_count);
	for (m = 0; m < max && (size_t)m < k; m++)
		out[m] = e[m];
	free(e);
	return m;
}

void
prof_close(struct prof *p)
{
	struct prof_priv *q = p->priv;

	if (p->on)
		prof_stop(p);
	close_rings(p);
	prof_ksyms_free(&p->ks);
	free(p->count);
	free(p->comm);
	if (q) {
		map_free(&q->parts);
		map_free(&q->tcomm);
		map_free(&q->wait);
		map_free(&q->old);
		map_free(&q->uwait);
		map_free(&q->uold);
		free(q->task);
		free(q);
	}
	memset(p, 0, sizeof(*p));
}
