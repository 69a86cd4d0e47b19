/*
 * watchmsg.c: the watchdog's protocol (see watchmsg.h): NUL-ended
 * messages, parsed byte by byte into a fixed state with no allocation,
 * so that the watchdog, whose job starts when contest is gone, depends
 * on nothing that can fail.
 */
#include <limits.h>
#include <string.h>

#include "watchmsg.h"

void
watch_init(struct watch *w)
{
	memset(w, 0, sizeof(*w));
}

/*
 * A process group to kill: decimal, above 1 (kill(-1) would mean every
 * process, and 1 is init's), without sign, space or leading zero.
 */
static int
pgid(const char *s, size_t n, pid_t *out)
{
	long long v = 0;
	size_t i;

	if (n == 0 || n > 10 || s[0] == '0')
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v <= 1 || v > INT_MAX)
		return -1;
	*out = (pid_t)v;
	return 0;
}

/*
 * An s argument of n bytes: FILE, one newline, VALUE; FILE absolute.
 * FILE's length, or -1.
 */
static long
setting(const char *s, size_t n)
{
	const char *nl = memchr(s, '\n', n);

	if (nl == NULL || nl == s || s[0] != '/' || memchr(nl + 1, '\n', n - (size_t)(nl - s) - 1))
		return -1;
	return nl - s;
}

/* Keep the setting of w->arg, unless its file is kept already: 0, or -1 (dropped). */
static int
keep(struct watch *w)
{
	long k = setting(w->arg, w->len);
	const char *f, *v;
	size_t off = 0;

	if (k < 0)
		return -1;
	w->arg[k] = '\0';
	while (watch_setting(w, &off, &f, &v))
		if (strcmp(f, w->arg) == 0)
			return 0;
	if (w->setlen + w->len + 1 > sizeof(w->set))
		return -1;
	memcpy(w->set + w->setlen, w->arg, w->len + 1);	/* the newline is now a NUL */
	w->setlen += w->len + 1;
	w->nset++;
	return 0;
}

/* A path message: d into w->dir, j into w->journal. */
static int
path_msg(struct watch *w, char *to)
{
	if (w->len == 0) {
		to[0] = '\0';
		return -1;
	}
	memcpy(to, w->arg, w->len);
	to[w->len] = '\0';
	return 0;
}

/* The message in w->op, w->arg is whole: act on it, or drop it. */
static void
apply(struct watch *w)
{
	pid_t p;
	int i;

	if (w->over) {
		if (w->op == 'd')
			w->dir[0] = '\0';	/* contest named a new directory: not the old one */
		if (w->op == 'j')
			w->journal[0] = '\0';	/* ... or a new journal */
		w->dropped++;
		return;
	}
	switch (w->op) {
	case 'g':
		if (pgid(w->arg, w->len, &p) < 0)
			break;
		for (i = 0; i < w->npg; i++)
			if (w->pg[i] == p)
				return;
		if (w->npg == WATCH_PGS)
			break;
		w->pg[w->npg++] = p;
		return;
	case 'G':
		if (pgid(w->arg, w->len, &p) < 0)
			break;
		for (i = 0; i < w->npg; i++)
			if (w->pg[i] == p) {
				w->pg[i] = w->pg[--w->npg];
				return;
			}
		return;		/* a group it never had: nothing to forget */
	case 'd':
	case 'j':
		if (path_msg(w, w->op == 'd' ? w->dir : w->journal) < 0)
			break;
		return;
	case 'D':
	case 'J':
		(w->op == 'D' ? w->dir : w->journal)[0] = '\0';
		if (w->len == 0)
			return;
		break;
	case 's':
		if (keep(w) < 0)
			break;
		return;
	case 'S':
		if (w->len != 0)
			break;	/* never forget the settings on a message not understood */
		w->setlen = 0;
		w->nset = 0;
		return;
	}
	w->dropped++;
}

void
watch_feed(struct watch *w, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c = buf[i];

		if (w->op == 0) {	/* a message starts; an empty one ("\0") is none */
			if (c != '\0') {
				w->op = c;
				w->len = 0;
				w->over = 0;
			}
			continue;
		}
		if (c == '\0') {
			w->arg[w->len] = '\0';
			apply(w);
			w->op = 0;
			continue;
		}
		if (w->len + 1 < sizeof(w->arg))
			w->arg[w->len++] = c;
		else
			w->over = 1;
	}
}

int
watch_msg(char *buf, size_t len, char op, const char *arg)
{
	size_t n = arg ? strlen(arg) : 0;
	pid_t p;

	switch (op) {
	case 'g':
	case 'G':
		if (pgid(arg ? arg : "", n, &p) < 0)
			return -1;
		break;
	case 'd':
	case 'j':
		if (n == 0)
			return -1;
		break;
	case 's':
		if (setting(arg ? arg : "", n) < 0)
			return -1;
		break;
	case 'D':
	case 'J':
	case 'S':
		if (n != 0)
			return -1;
		break;
	default:
		return -1;
	}
	if (n >= WATCH_ARG_MAX || n + 2 > len)
		return -1;
	buf[0] = op;
	memcpy(buf + 1, arg ? arg : "", n);
	buf[n + 1] = '\0';
	return (int)n + 2;
}

int
watch_setting(const struct watch *w, size_t *off, const char **file, const char **value)
{
	size_t k;

	if (*off >= w->setlen)
		return 0;
	*file = w->set + *off;
	k = strlen(*file) + 1;
	*value = *file + k;
	*off += k + strlen(*value) + 1;
	return 1;
}
