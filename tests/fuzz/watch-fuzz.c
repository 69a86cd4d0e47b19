/*
 * watch-fuzz.c: libFuzzer entry point for the watchdog's protocol
 * (watchmsg.c).  The first byte chooses the way in:
 *  - even: the rest is raw pipe bytes, fed in pieces whose sizes the
 *    input also gives; the state must stay sane whatever comes: groups
 *    above 1, distinct, at most WATCH_PGS, the directory NUL-ended;
 *  - odd: the rest is a script of messages (op, argument of any bytes
 *    but NUL, newlines included, up to 5000 bytes), encoded with
 *    watch_msg as contest does and fed split at points the script
 *    gives; the state must be exactly what the messages say, kept
 *    beside it here: the last directory named whole, never a part of
 *    one, never one that was not sent.
 * Anything else aborts, as does whatever ASan or UBSan sees.  Built by
 * make with clang -fsanitize=fuzzer,address,undefined.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../watchmsg.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "watch-fuzz: %s\n", #c); abort(); } } while (0)

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
};

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
		snprintf(m->dir, sizeof(m->dir), "%s", arg);
		return;
	case 'D':
		m->dir[0] = '\0';
		return;
	}
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
		char op = "gGdDx"[d[i] % 5];
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
