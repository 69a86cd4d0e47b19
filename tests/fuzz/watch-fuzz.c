/*
 * watch-fuzz.c: libFuzzer entry point for the watchdog's protocol
 * (watchmsg.c).  The first byte chooses the way in:
 *  - even: the rest is raw pipe bytes, fed in pieces whose sizes the
 *    input also gives; the state must stay sane whatever comes: groups
 *    above 1, distinct, at most WATCH_PGS, the directory and the
 *    journal NUL-ended, the settings kept each an absolute file without
 *    a newline and a value without one, distinct files, within
 *    WATCH_SET_BYTES, as many as nset says;
 *  - odd: the rest is a script of messages (op, argument of any bytes
 *    but NUL, newlines included, up to 5000 bytes), encoded with
 *    watch_msg as contest does and fed split at points the script
 *    gives; the state must be exactly what the messages say, kept
 *    beside it here: the last directory and journal named whole, never
 *    a part of one, never one that was not sent; the settings sent, in
 *    order, each file's first value, until an S.
 * Anything else aborts, as does whatever ASan or UBSan sees.  Built by
 * make with clang -fsanitize=fuzzer,address,undefined.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../watchmsg.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "watch-fuzz: %s\n", #c); abort(); } } while (0)

/* The settings kept: well formed, distinct files, nset of them. */
static void
sane_settings(const struct watch *w)
{
	const char *f, *v, *g, *u;
	size_t off = 0, o2;
	int n = 0;

	CHECK(w->setlen <= WATCH_SET_BYTES);
	while (watch_setting(w, &off, &f, &v)) {
		CHECK(off <= w->setlen && f[0] == '/' && strchr(f, '\n') == NULL && strchr(v, '\n') == NULL);
		for (o2 = 0; watch_setting(w, &o2, &g, &u) && g != f;)
			CHECK(strcmp(g, f) != 0);
		n++;
	}
	CHECK(off == w->setlen && n == w->nset);
}

static void
sane(const struct watch *w)
{
	int i, j;

	CHECK(w->npg >= 0 && w->npg <= WATCH_PGS);
	for (i = 0; i < w->npg; i++) {
		CHECK(w->pg[i] > 1);
		for (j = 0; j < i; j++)
			CHECK(w->pg[i] != w->pg[j]);
	}
	CHECK(memchr(w->dir, '\0', sizeof(w->dir)) != NULL);
	CHECK(memchr(w->journal, '\0', sizeof(w->journal)) != NULL);
	sane_settings(w);
}

static void
raw(const uint8_t *d, size_t n)
{
	static struct watch w;
	size_t i = 0;

	watch_init(&w);
	while (i < n) {
		size_t k = 1 + d[i] % 64;	/* the piece's size, then the piece */
		i++;
		if (k > n - i)
			k = n - i;
		watch_feed(&w, (const char *)d + i, k);
		sane(&w);
		i += k;
	}
}

/* What the messages sent say, kept apart from the parser. */
struct model {
	pid_t pg[WATCH_PGS];
	int npg;
	char dir[WATCH_ARG_MAX];
	char journal[WATCH_ARG_MAX];
	int nset;
	const char *set[WATCH_SET_BYTES / 3];	/* "FILE\nVALUE" of each kept, in order */
	size_t bytes;				/* their lengths + 1 */
	char arena[WATCH_SET_BYTES];		/* their text */
};

/* An s: kept unless its file is, or it would pass the room. */
static void
expect_setting(struct model *m, const char *arg)
{
	size_t k = (size_t)(strchr(arg, '\n') - arg), n = strlen(arg);
	int i;

	for (i = 0; i < m->nset; i++)
		if (strncmp(m->set[i], arg, k + 1) == 0)
			return;
	if (m->bytes + n + 1 > WATCH_SET_BYTES)
		return;
	memcpy(m->arena + m->bytes, arg, n + 1);
	m->set[m->nset++] = m->arena + m->bytes;
	m->bytes += n + 1;
}

/* Does w keep exactly m's settings, in order? */
static void
same_settings(const struct watch *w, const struct model *m)
{
	const char *f, *v;
	size_t off = 0, k;
	int i = 0;

	CHECK(w->nset == m->nset);
	while (watch_setting(w, &off, &f, &v)) {
		CHECK(i < m->nset);
		k = strlen(f);
		CHECK(strncmp(m->set[i], f, k) == 0 && m->set[i][k] == '\n' && strcmp(m->set[i] + k + 1, v) == 0);
		i++;
	}
}

static void
expect(struct model *m, char op, const char *arg)
{
	pid_t p = (pid_t)atol(arg);
	int i;

	switch (op) {
	case 'g':
		for (i = 0; i < m->npg; i++)
			if (m->pg[i] == p)
				return;
		if (m->npg < WATCH_PGS)
			m->pg[m->npg++] = p;
		return;
	case 'G':
		for (i = 0; i < m->npg; i++)
			if (m->pg[i] == p) {
				m->pg[i] = m->pg[--m->npg];
				return;
			}
		return;
	case 'd':
	case 'j':
		snprintf(op == 'd' ? m->dir : m->journal, WATCH_ARG_MAX, "%s", arg);
		return;
	case 'D':
	case 'J':
		(op == 'D' ? m->dir : m->journal)[0] = '\0';
		return;
	case 's':
		expect_setting(m, arg);
		return;
	case 'S':
		m->nset = 0;
		m->bytes = 0;
		return;
	}
}

/* Most random s arguments are not settings: make one of some. */
static void
as_setting(char *arg, size_t len)
{
	size_t i;

	if (len < 2 || (uint8_t)arg[0] < 0x80)
		return;
	for (i = 0; i < len; i++)
		if (arg[i] == '\n')
			arg[i] = 'n';
	arg[0] = '/';
	arg[1 + (uint8_t)arg[1] % (len - 1)] = '\n';	/* a short file, repeated often */
}

static void
script(const uint8_t *d, size_t n)
{
	static struct watch w;
	static struct model m;
	static char arg[5001], enc[WATCH_ARG_MAX + 8];
	size_t i = 0, k, len;
	int e, a, b;

	watch_init(&w);
	memset(&m, 0, sizeof(m));
	while (i + 3 <= n) {
		char op = "gGdDsSjJx"[d[i] % 9];
		len = (size_t)d[i + 1] << 5 | d[i + 2] % 32;	/* up to 8191: past WATCH_ARG_MAX */
		i += 3;
		if (len > 5000)
			len = 5000;
		if (len > n - i)
			len = n - i;
		for (k = 0; k < len; k++)	/* a NUL would end the argument: a newline instead */
			arg[k] = d[i + k] ? (char)d[i + k] : '\n';
		arg[len] = '\0';
		i += len;
		if ((op == 'g' || op == 'G') && len > 0 && (uint8_t)arg[0] >= 0x80)
			snprintf(arg, sizeof(arg), "%u", 2 + (unsigned)(uint8_t)arg[0] % 24);	/* a real pgid */
		if (op == 's')
			as_setting(arg, len);
		if ((e = watch_msg(enc, sizeof(enc), op, arg)) < 0)
			continue;	/* contest would not send it */
		CHECK(e >= 2 && (size_t)e == strlen(arg) + 2 && enc[e - 1] == '\0');
		expect(&m, op, arg);
		/* fed in two pieces, split where the next byte says */
		b = i < n ? d[i] % (e + 1) : e;
		watch_feed(&w, enc, (size_t)b);
		watch_feed(&w, enc + b, (size_t)(e - b));
		sane(&w);
		CHECK(strcmp(w.dir, m.dir) == 0);
		CHECK(strcmp(w.journal, m.journal) == 0);
		same_settings(&w, &m);
		CHECK(w.npg == m.npg);
		for (a = 0; a < m.npg; a++) {
			int f = 0;
			for (b = 0; b < w.npg; b++)
				f |= w.pg[b] == m.pg[a];
			CHECK(f);
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	if (n == 0)
		return 0;
	if (d[0] & 1)
		script(d + 1, n - 1);
	else
		raw(d + 1, n - 1);
	return 0;
}
