/*
 * settings.c: the kernel settings of --set (see settings.h).  Expands
 * globs with glob(3), resolves links with realpath(3), reads and writes
 * each file with open(2), read(2) (kfile.h's kf_read_fd) and write(2)
 * (the restore path uses nothing else, so a signal's path may take it),
 * finds them where kfile.h's kf_map says, writes the journal
 * through outfile.h and fsync(2).  Prints nothing, exits never.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kfile.h"
#include "outfile.h"
#include "settings.h"
#include "util.h"
#include "watchmsg.h"

#define VIS	(SET_VALUE_MAX + 64)	/* a value or a path made safe to print (log_vis) */

static int bad(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Fill why: -1. */
static int
bad(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* s made safe to print into buf (VIS bytes). */
static const char *
vis(char *buf, const char *s)
{
	log_vis(buf, VIS, s, strlen(s));
	return buf;
}

/* What an errno of a write means here. */
static const char *
hint(int e)
{
	if ((e == EACCES || e == EPERM) && geteuid() != 0)
		return " (not root)";
	return e == EINVAL ? " (the kernel refuses the value)" : e == ENOENT ? " (the file is gone)" : "";
}

/* What settings_read's errno e means, in buf (64 bytes at least). */
static const char *
unread(int e, char *buf, size_t len)
{
	if (e == E2BIG)
		snprintf(buf, len, "it holds more than %d bytes", SET_VALUE_MAX - 1);
	else
		snprintf(buf, len, "%s", e == EILSEQ ? "it holds a NUL byte or more than one line" : strerror(e));
	return buf;
}

/* --------------------------------------------------------------- roots */

/* Does real (a realpath) lie below the real /sys or /proc/sys? */
static int
under_roots(const char *real)
{
	static const char *const top[] = { KF_SYS_DIR, KF_SYSCTL_DIR };
	static char mapped[PATH_MAX], root[PATH_MAX];	/* not on the stack: ulimit -s 64 */
	size_t k;
	int i;

	for (i = 0; i < 2; i++) {
		if (kf_map(top[i], mapped, sizeof(mapped)) < 0 || realpath(mapped, root) == NULL)
			continue;
		k = strlen(root);
		if (k > 0 && root[k - 1] == '/')
			k--;		/* a root of "/" */
		if (strncmp(real, root, k) == 0 && real[k] == '/')
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------- values */

void
settings_value(char *t)
{
	size_t n = strlen(t), k;
	char *p, *b = NULL;
	int choices = 0;

	if (n > 0 && t[n - 1] == '\n')
		t[--n] = '\0';
	/* "none [mq-deadline] kyber": one word in brackets, no other bracket */
	for (p = t; *(p += strspn(p, " \t")); p += k) {
		k = strcspn(p, " \t");
		if (memchr(p, '[', k) == NULL && memchr(p, ']', k) == NULL)
			continue;
		if (k < 3 || p[0] != '[' || p[k - 1] != ']' || memchr(p + 1, '[', k - 2) ||
		    memchr(p + 1, ']', k - 2))
			return;
		b = p;
		choices++;
	}
	if (choices != 1)
		return;
	k = strcspn(b, " \t") - 2;
	memmove(t, b + 1, k);
	t[k] = '\0';
}

int
settings_read(const char *path, char *value, size_t len)
{
	char buf[SET_VALUE_MAX + 2];
	size_t n = 0;
	ssize_t r;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -1;
	r = kf_read_fd(fd, buf, sizeof(buf));
	e = errno;
	close(fd);
	if (r < 0) {
		errno = e;
		return -1;
	}
	n = (size_t)r;
	errno = n > SET_VALUE_MAX ? E2BIG : EILSEQ;	/* a value and its newline at most */
	if (n > SET_VALUE_MAX || memchr(buf, '\0', n) || (n > 1 && memchr(buf, '\n', n - 1)))
		return -1;
	settings_value(buf);
	if ((n = strlen(buf)) >= len) {
		errno = E2BIG;
		return -1;
	}
	memcpy(value, buf, n + 1);
	return 0;
}

int
settings_write(const char *path, const char *value, char *now, size_t nowlen)
{
	char buf[SET_VALUE_MAX + 1];
	size_t n = strlen(value);
	struct stat st, fs;
	ssize_t w;
	int fd, e;

	if (n >= SET_VALUE_MAX) {
		errno = E2BIG;
		return -1;
	}
	if (lstat(path, &st) < 0)
		return -1;
	errno = EINVAL;		/* a device may act on being opened, a FIFO block */
	if (!S_ISREG(st.st_mode) || (fd = open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_NOFOLLOW |
	    O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &fs) < 0 || fs.st_ino != st.st_ino || fs.st_dev != st.st_dev) {
		close(fd);
		errno = EAGAIN;
		return -1;
	}
	memcpy(buf, value, n);
	buf[n++] = '\n';	/* as echo(1) writes it */
	while ((w = write(fd, buf, n)) < 0 && errno == EINTR)
		;
	e = w < 0 ? errno : EIO;
	if (close(fd) < 0 && w == (ssize_t)n)
		w = -1, e = errno;
	if (w != (ssize_t)n) {
		errno = e;
		return -1;
	}
	if (settings_read(path, now, nowlen) < 0)
		return 2;
	return settings_same(value, now) ? 0 : 1;
}

static int
space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The next word of *p, its length (0: no more); *p moves past it. */
static size_t
word(const char **p, const char **w)
{
	const char *s = *p;
	size_t k = 0;

	while (space(*s))
		s++;
	while (s[k] && !space(s[k]))
		k++;
	*w = s;
	*p = s + k;
	return k;
}

/* Is w (k bytes) an integer: a sign maybe, then digits? */
static int
integer(const char *w, size_t k)
{
	size_t i = w[0] == '-' || w[0] == '+';

	if (i == k)
		return 0;
	for (; i < k; i++)
		if (w[i] < '0' || w[i] > '9')
			return 0;
	return 1;
}

/* Is every word of s an integer, and is there one? */
static int
integers(const char *s)
{
	const char *w;
	size_t k;
	int n = 0;

	while ((k = word(&s, &w)) > 0) {
		if (!integer(w, k))
			return 0;
		n++;
	}
	return n > 0;
}

/* Are integers a and b (ka, kb bytes) the same number, however long? */
static int
same_number(const char *a, size_t ka, const char *b, size_t kb)
{
	int na = a[0] == '-', nb = b[0] == '-';

	if (a[0] == '-' || a[0] == '+')
		a++, ka--;
	if (b[0] == '-' || b[0] == '+')
		b++, kb--;
	while (ka > 1 && a[0] == '0')
		a++, ka--;
	while (kb > 1 && b[0] == '0')
		b++, kb--;
	if (ka == 1 && a[0] == '0')
		na = 0;		/* -0 is 0 */
	if (kb == 1 && b[0] == '0')
		nb = 0;
	return na == nb && ka == kb && memcmp(a, b, ka) == 0;
}

int
settings_same(const char *want, const char *got)
{
	int num = integers(want) && integers(got);
	const char *a, *b;
	size_t ka, kb;

	for (;;) {
		ka = word(&want, &a);
		kb = word(&got, &b);
		if (ka == 0 || kb == 0)
			return ka == kb;
		if (num ? !same_number(a, ka, b, kb) : ka != kb || memcmp(a, b, ka) != 0)
			return 0;
	}
}

/* ------------------------------------------------------------ parsing */

/* The path a setting names: itself, or the sysctl name's (sysctl(8)'s rule). */
static int
setting_path(const char *setting, char *out, size_t len)
{
	const char *dot = strchr(setting, '.'), *slash = strchr(setting, '/');
	int n, swap = dot && (slash == NULL || dot < slash);
	char *p;

	n = setting[0] == '/' ? snprintf(out, len, "%s", setting) : snprintf(out, len, "%s/%s", KF_SYSCTL_DIR, setting);
	if (n < 0 || (size_t)n >= len)
		return -1;
	if (setting[0] != '/' && swap)
		for (p = out + strlen(KF_SYSCTL_DIR "/"); *p; p++)
			*p = *p == '.' ? '/' : *p == '/' ? '.' : *p;
	return 0;
}

/* The tree a setting's path p lies below, /sys or /proc/sys; NULL if neither. */
static const char *
top_of(const char *p)
{
	if (strncmp(p, KF_SYS_DIR "/", strlen(KF_SYS_DIR "/")) == 0)
		return KF_SYS_DIR;
	return strncmp(p, KF_SYSCTL_DIR "/", strlen(KF_SYSCTL_DIR "/")) == 0 ? KF_SYSCTL_DIR : NULL;
}

/* What is wrong with the path of a setting, or NULL. */
static const char *
path_fault(const char *p)
{
	size_t k;

	if (!top_of(p))
		return "is not under /sys or /proc/sys";
	for (p++;; p += k + 1) {
		k = strcspn(p, "/");
		if (k == 0 || (k == 1 && p[0] == '.') || (k == 2 && p[0] == '.' && p[1] == '.'))
			return "has an empty, '.' or '..' component";
		if (p[k] == '\0')
			return NULL;
	}
}

/* Check the setting of a pair of label: 0, or -1 with why. */
static int
setting_fault(const char *label, const char *setting, char *why, size_t len)
{
	char path[PATH_MAX], v[VIS];
	const char *f, *p;

	for (p = setting; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return bad(why, len, "--set %s: '%s' holds a space or a control character", label,
			    vis(v, setting));
	if (setting_path(setting, path, sizeof(path)) < 0)
		return bad(why, len, "--set %s: '%s' is too long", label, vis(v, setting));
	if ((f = path_fault(path)) == NULL)
		return 0;
	if (setting[0] == '/')
		return bad(why, len, "--set %s: '%s' %s", label, setting, f);
	return bad(why, len, "--set %s: the sysctl '%s' (%s) %s", label, setting, path, f);
}

/* Add SETTING=VALUE (text, "\," undone) to L: 0, or -1 with why. */
static int
add_pair(struct set_label *L, char *text, char *why, size_t len)
{
	char *eq = strchr(text, '='), v[VIS];
	struct set_pair *p;
	int i;

	if (eq == NULL)
		return bad(why, len, "--set %s: '%s' has no '=VALUE'", L->name, vis(v, text));
	*eq = '\0';
	if (text[0] == '\0')
		return bad(why, len, "--set %s: '=%s' names no setting", L->name, vis(v, eq + 1));
	if (setting_fault(L->name, text, why, len) < 0)
		return -1;
	if (eq[1] == '\0')
		return bad(why, len, "--set %s: %s has an empty value", L->name, text);
	for (i = 0; i < L->npair; i++)
		if (strcmp(L->pair[i].setting, text) == 0)
			return bad(why, len, "--set %s: %s is given twice: a setting once a label", L->name, text);
	if (strchr(eq + 1, '\n'))
		return bad(why, len, "--set %s: the value of %s holds a newline: a value is one line", L->name, text);
	if (strlen(eq + 1) >= SET_VALUE_MAX)
		return bad(why, len, "--set %s: the value of %s is longer than %d bytes", L->name, text,
		    SET_VALUE_MAX - 1);
	if ((p = realloc(L->pair, (size_t)(L->npair + 1) * sizeof(*p))) == NULL)
		return bad(why, len, "--set %s: %s", L->name, strerror(errno));
	L->pair = p;
	p += L->npair;
	memset(p, 0, sizeof(*p));
	if ((p->setting = strdup(text)) == NULL || (p->value = strdup(eq + 1)) == NULL) {
		free(p->setting);
		return bad(why, len, "--set %s: %s", L->name, strerror(errno));
	}
	L->npair++;
	return 0;
}

/* Split s at each ',' that no '\' escapes into L's pairs: 0, or -1 with why. */
static int
add_pairs(struct set_label *L, const char *s, char *why, size_t len)
{
	char *text = malloc(strlen(s) + 1);
	size_t o;
	int rc = 0;

	if (text == NULL)
		return bad(why, len, "--set %s: %s", L->name, strerror(errno));
	while (rc == 0) {
		for (o = 0; *s && *s != ','; s++) {
			if (*s == '\\' && s[1] != ',' && s[1] != '\\') {
				rc = bad(why, len, "--set %s: a '\\' before neither ',' nor '\\' (\"\\,\" is a "
				    "comma of a name or a value, \"\\\\\" a backslash)", L->name);
				break;
			}
			s += *s == '\\';
			text[o++] = *s;
		}
		text[o] = '\0';
		if (rc < 0 || (rc = add_pair(L, text, why, len)) < 0 || *s++ != ',')
			break;
		if (*s == '\0')
			rc = bad(why, len, "--set %s: nothing after the last ','", L->name);
	}
	free(text);
	return rc;
}

static void
free_label(struct set_label *L)
{
	int i;

	for (i = 0; i < L->npair; i++) {
		free(L->pair[i].setting);
		free(L->pair[i].value);
		free(L->pair[i].file);
	}
	free(L->pair);
	free(L->want);
	memset(L, 0, sizeof(*L));
}

int
settings_label(const struct settings *s, const char *name)
{
	int i;

	for (i = 0; i < s->nlabel; i++)
		if (strcmp(s->label[i].name, name) == 0)
			return i;
	return -1;
}

int
settings_add(struct settings *s, const char *arg, char *why, size_t len)
{
	const char *colon = strchr(arg, ':');
	struct set_label *L = &s->label[s->nlabel];
	char *name, w[256], v[VIS];
	int ok;

	if (s->nlabel == SET_LABELS)
		return bad(why, len, "--set: more than %d labels", SET_LABELS);
	if (colon == NULL)
		return bad(why, len, "--set '%s': LABEL:SETTING=VALUE expected, and there is no ':'", vis(v, arg));
	if ((name = strndup(arg, (size_t)(colon - arg))) == NULL)
		return bad(why, len, "--set: %s", strerror(errno));
	if ((ok = log_label_ok(name, w, sizeof(w))) < 0)
		bad(why, len, "--set LABEL '%s': %s", vis(v, name), w);
	else if ((ok = -(settings_label(s, name) >= 0)) < 0)
		bad(why, len, "--set %s: the label is given twice (give all its settings in one --set, "
		    "separated by ',')", name);
	else if ((ok = -(colon[1] == '\0')) < 0)
		bad(why, len, "--set %s: no SETTING=VALUE after '%s:'", name, name);
	if (ok == 0) {
		memset(L, 0, sizeof(*L));
		memcpy(L->name, name, strlen(name) + 1);
	}
	free(name);
	if (ok < 0)
		return -1;
	if (add_pairs(L, colon + 1, why, len) < 0) {
		free_label(L);
		return -1;
	}
	s->nlabel++;
	return 0;
}

/* ---------------------------------------------------------- resolving */

/* Why the value of the file name could not be read (errno e). */
static int
unreadable(const char *label, const char *name, int e, char *why, size_t len)
{
	char u[128];

	return bad(why, len, "--set %s: cannot read '%s': %s (contest could not give it its value back)",
	    label, name, unread(e, u, sizeof(u)));
}

/* The file at real, named name, checked: 0, or -1 with why. */
static int
check_file(const char *label, const char *name, const char *real, char *why, size_t len)
{
	struct stat st;
	int fd, e;

	if (!under_roots(real))
		return bad(why, len, "--set %s: '%s' leads to '%s', outside /sys and /proc/sys: refused",
		    label, name, real);
	if (lstat(real, &st) < 0)
		return bad(why, len, "--set %s: cannot look at '%s': %s", label, name, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return bad(why, len, "--set %s: '%s' is %s, not a regular file: refused", label, name,
		    S_ISDIR(st.st_mode) ? "a directory" : "not a file of settings");
	if (strpbrk(real, "\t\n"))
		return bad(why, len, "--set %s: the path of '%s' holds a tab or a newline: refused", label, name);
	if ((fd = open(real, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		e = errno;
		return bad(why, len, "--set %s: cannot write '%s': %s%s", label, name, strerror(e), hint(e));
	}
	close(fd);
	return 0;
}

/*
 * Room for one file more in s: doubled at 8, 16, 32 ... (an entry is
 * 2 KiB, and a glob may give a thousand).  0, or -1.
 */
static int
room(struct settings *s)
{
	struct set_file *f;
	int n = s->nfile;

	if (n != 0 && (n < 8 || (n & (n - 1)) != 0))
		return 0;
	if ((f = realloc(s->file, (size_t)(n ? 2 * n : 8) * sizeof(*f))) == NULL)
		return -1;
	s->file = f;
	return 0;
}

/* The index of the file mapped (named name) in s, added and read if new; -1 with why. */
static int
admit(struct settings *s, const char *label, const char *mapped, const char *name, char *why, size_t len)
{
	static char real[PATH_MAX];	/* not on the stack: ulimit -s 64 */
	struct set_file *f;
	int i;

	if (realpath(mapped, real) == NULL)
		return bad(why, len, "--set %s: cannot find '%s': %s", label, name, strerror(errno));
	for (i = 0; i < s->nfile; i++)
		if (strcmp(s->file[i].path, real) == 0)
			return i;
	if (check_file(label, name, real, why, len) < 0)
		return -1;
	if (room(s) < 0)
		return bad(why, len, "--set %s: %s", label, strerror(errno));
	f = s->file + s->nfile;
	memset(f, 0, sizeof(*f));
	if ((f->path = strdup(real)) == NULL || (f->name = strdup(name)) == NULL) {
		free(f->path);
		return bad(why, len, "--set %s: %s", label, strerror(errno));
	}
	s->nfile++;
	if (settings_read(real, f->found, sizeof(f->found)) < 0)
		return unreadable(label, name, errno, why, len);
	return s->nfile - 1;
}

/* Label L sets file i to pair p's value: 0, or -1 with why (named twice, two values). */
static int
want(struct settings *s, struct set_label *L, struct set_pair *p, int i, char *why, size_t len)
{
	const char *value = p->value;
	struct set_want *w;
	char v1[VIS], v2[VIS];
	int *pf, k;

	for (k = 0; k < p->nfile && p->file[k] != i; k++)
		;
	if (k == p->nfile) {
		if ((pf = realloc(p->file, (size_t)(p->nfile + 1) * sizeof(*pf))) == NULL)
			return bad(why, len, "--set %s: %s", L->name, strerror(errno));
		p->file = pf;
		pf[p->nfile++] = i;
	}
	for (k = 0; k < L->nwant; k++) {
		if (L->want[k].file != i)
			continue;
		if (strcmp(L->want[k].value, value) == 0)
			return 0;
		return bad(why, len, "--set %s: '%s' is named twice, with '%s' and '%s'", L->name,
		    s->file[i].name, vis(v1, L->want[k].value), vis(v2, value));
	}
	if ((w = realloc(L->want, (size_t)(L->nwant + 1) * sizeof(*w))) == NULL)
		return bad(why, len, "--set %s: %s", L->name, strerror(errno));
	L->want = w;
	w[L->nwant].file = i;
	w[L->nwant++].value = value;
	return 0;
}

/*
 * user (a path under /sys or /proc/sys) mapped, as a glob(3) pattern:
 * only the '*' of what the user typed is magic.  0, or -1.
 */
static int
pattern(const char *user, const char *mapped, char *out, size_t len)
{
	size_t root = strlen(mapped) - strlen(user + (user[1] == 's' ? 4 : 5)), i, o = 0;

	for (i = 0; mapped[i]; i++) {
		if (strchr("*?[]\\", mapped[i]) && !(mapped[i] == '*' && i >= root)) {
			if (o + 1 >= len)
				return -1;
			out[o++] = '\\';
		}
		if (o + 1 >= len)
			return -1;
		out[o++] = mapped[i];
	}
	out[o] = '\0';
	return 0;
}

/* Every file pair p of label L names, into s and L->want: 0, or -1 with why. */
static int
resolve_pair(struct settings *s, struct set_label *L, struct set_pair *p, char *why, size_t len)
{
	static char user[PATH_MAX], mapped[PATH_MAX], pat[2 * PATH_MAX], name[PATH_MAX];
	size_t root, top, k;
	glob_t g;
	int i, rc = 0;

	if (setting_path(p->setting, user, sizeof(user)) < 0 || kf_map(user, mapped, sizeof(mapped)) < 0)
		return bad(why, len, "--set %s: '%s' is too long", L->name, p->setting);
	if (strchr(user, '*') == NULL)
		return (i = admit(s, L->name, mapped, p->setting, why, len)) < 0 ? -1 : want(s, L, p, i, why, len);
	if (pattern(user, mapped, pat, sizeof(pat)) < 0)
		return bad(why, len, "--set %s: '%s' is too long", L->name, p->setting);
	if ((i = glob(pat, 0, NULL, &g)) != 0)
		return bad(why, len, "--set %s: '%s' %s", L->name, p->setting, i == GLOB_NOMATCH ?
		    "matches no file" : "cannot be expanded");
	top = strlen(top_of(user));	/* the length of /sys or /proc/sys */
	root = strlen(mapped) - strlen(user + top);
	for (k = 0; k < g.gl_pathc && rc == 0; k++) {
		/* the match as the user would name it: below /sys, not the fake root */
		snprintf(name, sizeof(name), "%.*s%s", (int)top, user, g.gl_pathv[k] + root);
		if ((i = admit(s, L->name, g.gl_pathv[k], name, why, len)) < 0)
			rc = -1;
		else
			rc = want(s, L, p, i, why, len);
	}
	globfree(&g);
	return rc;
}

/* Do the files fit the watchdog's room (watchmsg.h)?  0, or -1 with why. */
static int
fits(const struct settings *s, char *why, size_t len)
{
	size_t total = 0, k;
	int i;

	for (i = 0; i < s->nfile; i++) {
		k = strlen(s->file[i].path) + 1 + strlen(s->file[i].found) + 1;
		if (k - 1 >= WATCH_ARG_MAX)	/* the s message: FILE, a newline, VALUE */
			return bad(why, len, "--set: the path and value of '%s' are longer than the watchdog "
			    "takes (%d bytes)", s->file[i].name, WATCH_ARG_MAX - 1);
		total += k;
	}
	if (total > WATCH_SET_BYTES)
		return bad(why, len, "--set: the settings name %d files, %zu bytes of paths and values: more "
		    "than the %d the watchdog keeps", s->nfile, total, WATCH_SET_BYTES);
	return 0;
}

int
settings_resolve(struct settings *s, char *why, size_t len)
{
	int li, k;

	for (li = 0; li < s->nlabel; li++)
		for (k = 0; k < s->label[li].npair; k++)
			if (resolve_pair(s, &s->label[li], &s->label[li].pair[k], why, len) < 0)
				return -1;
	return fits(s, why, len);
}

/* ----------------------------------------------------------- writing */

/* Write value to file i for label: 0, or -1 with why; dirty kept true. */
static int
put(struct settings *s, int i, const char *value, const char *label, char *why, size_t len)
{
	struct set_file *f = &s->file[i];
	char v1[VIS], v2[VIS], u[128];
	int r, e;

	f->dirty = 1;		/* before the write: a signal's restore must see it */
	r = settings_write(f->path, value, f->now, sizeof(f->now));
	e = errno;
	if (r == 2)
		return bad(why, len, "--set %s: wrote '%s' to '%s', but cannot read it back: %s", label,
		    vis(v1, value), f->name, unread(e, u, sizeof(u)));
	if (r < 0 && settings_read(f->path, f->now, sizeof(f->now)) < 0)
		return bad(why, len, "--set %s: cannot write '%s' to '%s': %s%s", label, vis(v1, value),
		    f->name, strerror(e), hint(e));
	if (settings_same(f->found, f->now))
		f->dirty = 0;	/* it holds its value found: nothing to give back */
	if (r == 0)
		return 0;
	if (r > 0)
		return bad(why, len, "--set %s: '%s' did not take '%s': it reads '%s'", label, f->name,
		    vis(v1, value), vis(v2, f->now));
	return bad(why, len, "--set %s: cannot write '%s' to '%s': %s%s", label, vis(v1, value), f->name,
	    strerror(e), hint(e));
}

/* File i, which contest did not change, must still hold its value found. */
static int
holds_found(struct settings *s, int i, const char *label, char *why, size_t len)
{
	struct set_file *f = &s->file[i];
	char v1[VIS], v2[VIS];

	if (settings_read(f->path, f->now, sizeof(f->now)) < 0)
		return bad(why, len, "--set %s: cannot read '%s': %s", label, f->name, strerror(errno));
	if (!settings_same(f->found, f->now))
		return bad(why, len, "--set %s: '%s' reads '%s', not '%s' as before contest wrote it: "
		    "another changed it", label, f->name, vis(v1, f->now), vis(v2, f->found));
	return 0;
}

int
settings_apply(struct settings *s, int li, char *why, size_t len)
{
	const struct set_label *L;
	int i, k;

	if (li < 0 || li >= s->nlabel)
		return bad(why, len, "--set: no label %d", li);
	L = &s->label[li];
	if (s->journal[0] == '\0' || !s->watched)
		return bad(why, len, "--set %s: nothing written: %s", L->name, s->journal[0] == '\0' ?
		    "no journal keeps the values found" : "the watchdog was not told the values found");
	for (i = 0; i < s->nfile; i++)
		s->file[i].named = 0;
	for (k = 0; k < L->nwant; k++)
		s->file[L->want[k].file].named = 1;
	for (i = s->nfile - 1; i >= 0; i--)
		if (s->file[i].dirty && !s->file[i].named && put(s, i, s->file[i].found, L->name, why, len) < 0)
			return -1;
	for (k = 0; k < L->nwant; k++)
		if (put(s, L->want[k].file, L->want[k].value, L->name, why, len) < 0)
			return -1;
	for (i = 0; i < s->nfile; i++)
		if (!s->file[i].named && !s->file[i].dirty && holds_found(s, i, L->name, why, len) < 0)
			return -1;
	return 0;
}

int
settings_restore(struct settings *s)
{
	int saved = errno, pass, i, r, left = 0;
	struct set_file *f;

	for (pass = 0; pass < 2; pass++) {
		left = 0;
		for (i = s->nfile - 1; i >= 0; i--) {
			f = &s->file[i];
			if (!f->dirty)
				continue;
			r = settings_write(f->path, f->found, f->now, sizeof(f->now));
			f->bad = r;
			f->err = r < 0 || r == 2 ? errno : 0;
			if (r < 0 && settings_read(f->path, f->now, sizeof(f->now)) == 0 &&
			    settings_same(f->found, f->now))
				r = 0;	/* the write failed, yet it holds its value */
			if (r == 0)
				f->dirty = f->bad = 0;
			else
				left++;
		}
		if (left == 0)
			break;
	}
	errno = saved;
	return left;
}

/* Why the restore left a file: the first one; -1. */
static int
restore_why(const struct settings *s, char *why, size_t len)
{
	char v1[VIS], v2[VIS], keep[PATH_MAX + 64] = "", u[128];
	const struct set_file *f;
	int i;

	if (s->journal[0])
		snprintf(keep, sizeof(keep), "; the journal '%s' keeps the values found", s->journal);
	for (i = s->nfile - 1; i >= 0; i--) {
		f = &s->file[i];
		if (!f->dirty)
			continue;
		if (f->bad == 1)
			return bad(why, len, "cannot give '%s' its value '%s' back: it reads '%s'%s", f->name,
			    vis(v1, f->found), vis(v2, f->now), keep);
		if (f->bad == 2)
			return bad(why, len, "cannot give '%s' its value '%s' back: written, it cannot be read "
			    "back: %s%s", f->name, vis(v1, f->found), unread(f->err, u, sizeof(u)), keep);
		return bad(why, len, "cannot give '%s' its value '%s' back: %s%s%s", f->name, vis(v1, f->found),
		    strerror(f->err), hint(f->err), keep);
	}
	return bad(why, len, "every file holds its value");
}

int
settings_trial(struct settings *s, void (*each)(int li, void *arg), void *arg, char *why, size_t len)
{
	size_t n;
	int li;

	for (li = 0; li < s->nlabel; li++) {
		if (settings_apply(s, li, why, len) == 0) {
			if (each)
				each(li, arg);
			continue;
		}
		if (settings_restore(s) > 0 && (n = strlen(why)) + 8 < len) {
			snprintf(why + n, len - n, "; and ");
			restore_why(s, why + n + 6, len - n - 6);
		}
		return -1;
	}
	return settings_restore(s) > 0 ? restore_why(s, why, len) : 0;
}

int
settings_check(struct settings *s, int li, char *why, size_t len)
{
	const struct set_label *L = &s->label[li];
	struct set_file *f;
	char v1[VIS], v2[VIS];
	int i, k;

	for (i = 0; i < s->nfile; i++)
		s->file[i].named = 0;
	for (k = 0; k < L->nwant; k++) {
		f = &s->file[L->want[k].file];
		f->named = 1;
		if (settings_read(f->path, f->now, sizeof(f->now)) < 0)
			return bad(why, len, "--set %s: cannot read '%s': %s", L->name, f->name, strerror(errno));
		if (!settings_same(L->want[k].value, f->now))
			return bad(why, len, "--set %s: '%s' reads '%s', not '%s' as contest wrote it: another "
			    "changed it", L->name, f->name, vis(v1, f->now), vis(v2, L->want[k].value));
	}
	for (i = 0; i < s->nfile; i++)
		if (!s->file[i].named && holds_found(s, i, L->name, why, len) < 0)
			return -1;
	return 0;
}

/* Does text fit a log value of LOG_SET_MAX bytes, encoded? */
static int
fits_log(const char *text)
{
	static char enc[LOG_SET_MAX];

	return log_encode(text, enc, sizeof(enc)) == 0;
}

/* Pair p's value found: its files' one value, or NULL when they differ. */
static const char *
pair_found(const struct settings *s, const struct set_pair *p)
{
	int k;

	for (k = 1; k < p->nfile; k++)
		if (strcmp(s->file[p->file[k]].found, s->file[p->file[0]].found) != 0)
			return NULL;
	return p->nfile > 0 ? s->file[p->file[0]].found : NULL;
}

/* Was setting named by a pair before label li's pair k? */
static int
named_before(const struct settings *s, int li, int k, const char *setting)
{
	int l, j;

	for (l = 0; l <= li; l++)
		for (j = 0; j < (l == li ? k : s->label[l].npair); j++)
			if (strcmp(s->label[l].pair[j].setting, setting) == 0)
				return 1;
	return 0;
}

/* set_found's text into found (LOG_SET_MAX bytes): 0, or -1 when it does not fit. */
static int
found_text(const struct settings *s, char *found)
{
	const struct set_pair *p;
	const char *v;
	int li, k, j;

	found[0] = '\0';
	for (li = 0; li < s->nlabel; li++)
		for (k = 0; k < s->label[li].npair; k++) {
			p = &s->label[li].pair[k];
			if (named_before(s, li, k, p->setting))
				continue;
			if ((v = pair_found(s, p)) != NULL) {
				if (log_set_add(found, LOG_SET_MAX, p->setting, v) < 0)
					return -1;
				continue;
			}
			for (j = 0; j < p->nfile; j++)	/* a glob's matches that differ: each */
				if (log_set_add(found, LOG_SET_MAX, s->file[p->file[j]].name,
				    s->file[p->file[j]].found) < 0)
					return -1;
		}
	return fits_log(found) ? 0 : -1;
}

int
settings_record(const struct settings *s, int li, char *set, char *found, char *why, size_t len)
{
	const struct set_label *L = &s->label[li];
	int k;

	set[0] = '\0';
	for (k = 0; k < L->npair; k++)
		if (log_set_add(set, LOG_SET_MAX, L->pair[k].setting, L->pair[k].value) < 0)
			break;
	if (k < L->npair || !fits_log(set))
		return bad(why, len, "--set %s: its settings take more than the %d bytes the log keeps of them",
		    L->name, LOG_SET_MAX - 1);
	if (found_text(s, found) < 0)
		return bad(why, len, "--set: the values found of the settings take more than the %d bytes "
		    "the log keeps of them: name fewer files", LOG_SET_MAX - 1);
	return 0;
}

int
settings_finish(struct settings *s, char *why, size_t len)
{
	if (settings_restore(s) > 0)
		return restore_why(s, why, len);
	if (s->journal[0] && unlink(s->journal) < 0 && errno != ENOENT)
		return bad(why, len, "every file holds its value, but the journal '%s' cannot be removed: %s",
		    s->journal, strerror(errno));
	s->journal[0] = '\0';
	return 0;
}

void
settings_free(struct settings *s)
{
	int i;

	for (i = 0; i < s->nlabel; i++)
		free_label(&s->label[i]);
	for (i = 0; i < s->nfile; i++) {
		free(s->file[i].path);
		free(s->file[i].name);
	}
	free(s->file);
	memset(s, 0, sizeof(*s));
}

/* ------------------------------------------------------------ journal */

/* This boot's identity (/proc/sys/kernel/random/boot_id), "-" if unknown. */
static void
boot_id(char *out, size_t len)
{
	char path[PATH_MAX];

	if (kf_map(KF_SYSCTL_DIR "/kernel/random/boot_id", path, sizeof(path)) < 0 ||
	    settings_read(path, out, len) < 0 || out[0] == '\0' || strpbrk(out, " \t"))
		snprintf(out, len, "-");
}

/* The journal's text: a header, then FILE<tab>VALUE lines in the order restored. */
static char *
journal_text(const struct settings *s, size_t *n)
{
	size_t cap = 512, k;
	char boot[64], *t;
	int i;

	for (i = 0; i < s->nfile; i++)
		cap += strlen(s->file[i].path) + strlen(s->file[i].found) + 2;
	if ((t = malloc(cap)) == NULL)
		return NULL;
	boot_id(boot, sizeof(boot));
	k = (size_t)snprintf(t, cap, "# contest: the files --set changed, each with the value it held before "
	    "(contest(1), SETTINGS).\n# To undo by hand: write each value (after the tab) into its file, in "
	    "this order.\n# pid=%ld boot=%s\n", (long)getpid(), boot);
	for (i = s->nfile - 1; i >= 0; i--)
		k += (size_t)snprintf(t + k, cap - k, "%s\t%s\n", s->file[i].path, s->file[i].found);
	*n = k;
	return t;
}

/* fsync path's directory, so that a rename in it outlives a power cut. */
static void
sync_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd;

	snprintf(dir, sizeof(dir), "%.*s", slash == NULL ? 1 : slash == path ? 1 : (int)(slash - path),
	    slash == NULL ? "." : path);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
}

int
settings_journal(struct settings *s, const char *path, char *why, size_t len)
{
	char tmp[PATH_MAX + 16], *text;
	struct stat st;
	size_t n;
	int fd, e;

	if (lstat(path, &st) == 0)
		return bad(why, len, "the journal '%s' is there: the values it keeps go back first", path);
	if (strlen(path) >= sizeof(s->journal))
		return bad(why, len, "the journal's path '%s' is too long", path);
	if ((text = journal_text(s, &n)) == NULL)
		return bad(why, len, "cannot write the journal '%s': %s", path, strerror(errno));
	if ((fd = out_temp(path, tmp, sizeof(tmp), why, len)) < 0) {
		free(text);
		return -1;
	}
	e = write_all(fd, text, n) < 0 || fsync(fd) < 0 ? errno : 0;
	free(text);
	if (close(fd) < 0 && e == 0)
		e = errno;
	if (e != 0) {
		unlink(tmp);
		return bad(why, len, "cannot write the journal '%s': %s", path, strerror(e));
	}
	if (out_commit(tmp, path, why, len) < 0)
		return -1;
	sync_dir(path);
	memcpy(s->journal, path, strlen(path) + 1);
	return 0;
}

/* A journal read: its entries point into text. */
struct journal {
	char *text;
	char **file, **value;
	unsigned char *done;
	int n;
	long pid;
	char boot[64];
};

/* Split j->text (n bytes) into entries: 0, or -1 with why. */
static int
journal_parse(struct journal *j, size_t n, const char *path, char *why, size_t len)
{
	char *p, *e, *tab;
	int line = 0;

	if (memchr(j->text, '\0', n))
		return bad(why, len, "the journal '%s' holds a NUL byte", path);
	j->file = calloc(n / 3 + 1, sizeof(char *));
	j->value = calloc(n / 3 + 1, sizeof(char *));
	j->done = calloc(n / 3 + 1, 1);
	if (j->file == NULL || j->value == NULL || j->done == NULL)
		return bad(why, len, "cannot read the journal '%s': %s", path, strerror(errno));
	for (p = j->text; *p; p = e + 1) {
		line++;
		if ((e = strchr(p, '\n')) == NULL)
			return bad(why, len, "the journal '%s' ends in the middle of line %d", path, line);
		*e = '\0';
		if (sscanf(p, "# pid=%ld boot=%63s", &j->pid, j->boot) == 2 || p[0] == '#' || p[0] == '\0')
			continue;
		if (p[0] != '/' || (tab = strchr(p, '\t')) == NULL || strlen(tab + 1) >= SET_VALUE_MAX)
			return bad(why, len, "the journal '%s' line %d is not a file, a tab and a value", path, line);
		*tab = '\0';
		j->file[j->n] = p;
		j->value[j->n++] = tab + 1;
	}
	return 0;
}

/* Read the journal at path into j: 1, 0 if there is none, -1 with why. */
static int
journal_read(struct journal *j, const char *path, char *why, size_t len)
{
	size_t max = WATCH_SET_BYTES + 1024, n = 0;
	ssize_t r;
	int fd;

	memset(j, 0, sizeof(*j));
	snprintf(j->boot, sizeof(j->boot), "-");
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) < 0)
		return errno == ENOENT ? 0 : bad(why, len, "cannot read the journal '%s': %s", path,
		    strerror(errno));
	if ((j->text = malloc(max + 1)) == NULL) {
		close(fd);
		return bad(why, len, "cannot read the journal '%s': %s", path, strerror(errno));
	}
	while (n < max && ((r = read(fd, j->text + n, max - n)) > 0 || (r < 0 && errno == EINTR)))
		n += r > 0 ? (size_t)r : 0;
	close(fd);
	if (n == max)
		return bad(why, len, "the journal '%s' is longer than any contest writes", path);
	j->text[n] = '\0';
	return journal_parse(j, n, path, why, len) < 0 ? -1 : 1;
}

static void
journal_free(struct journal *j)
{
	free(j->text);
	free(j->file);
	free(j->value);
	free(j->done);
}

/*
 * Give entry k of j its value back: 0 (or gone: 1), or -1 with why.  A
 * journal's file must still be a regular file under /sys or /proc/sys,
 * by the path written: a journal is never a way to write elsewhere.
 */
static int
journal_put(struct journal *j, int k, const char *path, char *why, size_t len)
{
	static char real[PATH_MAX], now[SET_VALUE_MAX];
	char v1[VIS], v2[VIS], u[128];
	struct stat st;
	int r;

	if (realpath(j->file[k], real) == NULL && errno == ENOENT)
		return 1;	/* gone (a disk unplugged): nothing to give back */
	if (strcmp(real, j->file[k]) != 0 || !under_roots(real) || lstat(real, &st) < 0 || !S_ISREG(st.st_mode))
		return bad(why, len, "the journal '%s' names '%s', not a file of settings under /sys"
		    " or /proc/sys: refused", path, j->file[k]);
	if ((r = settings_write(j->file[k], j->value[k], now, sizeof(now))) == 0)
		return 0;
	if (r == 1)
		return bad(why, len, "cannot give '%s' its value '%s' back from the journal '%s': it reads '%s'",
		    j->file[k], vis(v1, j->value[k]), path, vis(v2, now));
	r = r == 2 ? -errno : errno;
	return bad(why, len, "cannot give '%s' its value '%s' back from the journal '%s': %s%s", j->file[k],
	    vis(v1, j->value[k]), path, r < 0 ? unread(-r, u, sizeof(u)) : strerror(r), r < 0 ? "" : hint(r));
}

/* Every entry of j given back, twice for those that failed: 0, or -1 with why. */
static int
journal_restore(struct journal *j, const char *path, int *gone, char *why, size_t len)
{
	int pass, k, r, left = 0;

	for (pass = 0; pass < 2; pass++) {
		left = 0;
		*gone = 0;
		for (k = 0; k < j->n; k++) {
			if (j->done[k])
				continue;
			if ((r = journal_put(j, k, path, why, len)) >= 0)
				j->done[k] = 1;
			*gone += r == 1;
			left += r < 0;
		}
		if (left == 0)
			return 0;
	}
	return -1;
}

int
settings_recover(const char *path, char *said, size_t len)
{
	struct journal j;
	char boot[64];
	int rc, gone = 0;

	if ((rc = journal_read(&j, path, said, len)) <= 0) {
		journal_free(&j);
		return rc;
	}
	boot_id(boot, sizeof(boot));
	if (strcmp(j.boot, "-") != 0 && strcmp(boot, "-") != 0 && strcmp(j.boot, boot) != 0) {
		rc = unlink(path) < 0 ? bad(said, len, "cannot remove the journal '%s': %s", path,
		    strerror(errno)) : 2;
		if (rc == 2)
			snprintf(said, len, "removed the journal '%s' of contest pid %ld: it is from another boot, "
			    "and the settings it lists went with that kernel; nothing written", path, j.pid);
	} else if (journal_restore(&j, path, &gone, said, len) < 0) {
		rc = -1;
		snprintf(said + strlen(said), len - strlen(said), "; the journal is kept: write its values "
		    "back by hand (contest(1), SETTINGS), then remove it");
	} else if (unlink(path) < 0) {
		rc = bad(said, len, "every file of the journal '%s' holds its value again, but the journal "
		    "cannot be removed: %s", path, strerror(errno));
	} else {
		snprintf(said, len, "gave %d file%s back the value%s found before contest pid %ld was killed "
		    "with its watchdog (the journal '%s', now removed)%s", j.n - gone, j.n - gone == 1 ? "" : "s",
		    j.n - gone == 1 ? "" : "s", j.pid, path, gone ? "; some files are gone" : "");
	}
	journal_free(&j);
	return rc;
}
