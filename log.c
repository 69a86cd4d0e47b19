/*
 * log.c: write and read the results log (see log.h).  Writing is one
 * write(2) to a file opened O_APPEND, then fsync(2), so concurrent
 * writers never interleave and a crash leaves no half line before a
 * whole one.  Reading streams line by line and trusts nothing.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"

enum type { T_INT, T_NUM, T_STR };

struct field {
	const char *key;
	size_t klen;		/* strlen(key) */
	enum type type;
	size_t off;
	size_t size;		/* T_STR: buffer size */
	int required;
};

#define F(k, t, m, req) { k, sizeof(k) - 1, t, offsetof(struct rec, m), sizeof(((struct rec *)0)->m), req }
/* In the order they are written. */
static const struct field fields[] = {
	F("contest",  T_INT, version,  1),
	F("date",     T_STR, date,     1),
	F("host",     T_STR, host,     1),
	F("label",    T_STR, label,    1),
	F("kernel",   T_STR, kernel,   0),
	F("load",     T_STR, load,     1),
	F("run",      T_INT, run,      1),
	F("status",   T_STR, status,   1),
	F("reason",   T_STR, reason,   0),
	F("elapsed",  T_NUM, elapsed,  1),
	F("user",     T_NUM, user,     1),
	F("sys",      T_NUM, sys,      1),
	F("lcpu",     T_NUM, lcpu,     1),
	F("units",    T_NUM, units,    1),
	F("unit",     T_STR, unit,     1),
	F("jobs",     T_INT, jobs,     1),
	F("workload", T_STR, workload, 1),
	F("config",   T_STR, config,   0),
	F("cache",    T_STR, cache,    1),
	F("ncpu",     T_INT, ncpu,     1),
	F("lead",     T_NUM, lead,     0),
	F("majflt",   T_NUM, majflt,   0),
	F("minflt",   T_NUM, minflt,   0),
	F("nvcsw",    T_NUM, nvcsw,    0),
	F("nivcsw",   T_NUM, nivcsw,   0),
	F("maxrss",   T_NUM, maxrss,   0),
	F("self",     T_NUM, self,     0),
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

static int
safe(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || strchr("._,:/+@-~", c) != NULL;
}

int
log_encode(const char *src, char *dst, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (; *src; src++) {
		unsigned char c = *src;
		if (safe(c)) {
			if (n + 1 >= len)
				return -1;
			dst[n++] = c;
		} else {
			if (n + 3 >= len)
				return -1;
			dst[n++] = '%';
			dst[n++] = hex[c >> 4];
			dst[n++] = hex[c & 15];
		}
	}
	if (n >= len)
		return -1;
	dst[n] = '\0';
	return 0;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decode a percent-encoded value of n bytes; -1 if bad or too long. */
static int
decode(const char *src, size_t n, char *dst, size_t len)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		int c = (unsigned char)src[i];
		if (c == '%') {
			int h, l;
			if (i + 2 >= n)
				return -1;
			h = hexval((unsigned char)src[i + 1]);
			l = hexval((unsigned char)src[i + 2]);
			if (h < 0 || l < 0)
				return -1;
			c = h << 4 | l;
			if (c == 0)
				return -1;
			i += 2;
		}
		if (o + 1 >= len)
			return -1;
		dst[o++] = (char)c;
	}
	dst[o] = '\0';
	return 0;
}

static int
put(char *buf, size_t len, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int
put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*n >= len)
		return -1;
	va_start(ap, fmt);
	w = vsnprintf(buf + *n, len - *n, fmt, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= len - *n)
		return -1;
	*n += (size_t)w;
	return 0;
}

int
log_format(const struct rec *r, char *buf, size_t len)
{
	char enc[3 * sizeof(r->workload)];
	size_t i, n = 0;

	if (len > LOG_LINE_MAX)
		len = LOG_LINE_MAX;
	for (i = 0; i < NFIELDS; i++) {
		const struct field *f = &fields[i];
		const char *p = (const char *)r + f->off;
		const char *sep = i ? " " : "";
		int rc = 0;

		switch (f->type) {
		case T_INT:
			if (f->off == offsetof(struct rec, version))
				rc = put(buf, len, &n, "%s%s=%d", sep, f->key, *(const int *)p);
			else
				rc = put(buf, len, &n, "%s%s=%ld", sep, f->key, *(const long *)p);
			break;
		case T_NUM:
			if (f->off == offsetof(struct rec, self))
				rc = put(buf, len, &n, "%s%s=%.4f", sep, f->key, *(const double *)p);
			else if (f->off >= offsetof(struct rec, majflt))
				rc = put(buf, len, &n, "%s%s=%.0f", sep, f->key, *(const double *)p);
			else
				rc = put(buf, len, &n, "%s%s=%.3f", sep, f->key, *(const double *)p);
			break;
		case T_STR:
			if (*p == '\0' && !f->required)
				break;
			if (log_encode(p, enc, sizeof(enc)) < 0)
				return -1;
			rc = put(buf, len, &n, "%s%s=%s", sep, f->key, enc);
			break;
		}
		if (rc < 0)
			return -1;
	}
	if (r->extra[0] && put(buf, len, &n, " %s", r->extra) < 0)
		return -1;
	if (put(buf, len, &n, "\n") < 0)
		return -1;
	return (int)n;
}

int
log_append(const char *path, const struct rec *r)
{
	char buf[LOG_LINE_MAX + 1];
	int fd, n, saved;

	if ((n = log_format(r, buf, sizeof(buf))) < 0) {
		errno = EOVERFLOW;
		return -1;
	}
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) < 0)
		return -1;
	if (write(fd, buf, (size_t)n) != n) {
		saved = errno ? errno : EIO;
		close(fd);
		errno = saved;
		return -1;
	}
	if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

/* The field named key; hint is where to look first (writers keep order). */
static const struct field *
lookup(const char *key, size_t klen, size_t hint)
{
	size_t i;

	if (hint < NFIELDS && fields[hint].klen == klen && memcmp(fields[hint].key, key, klen) == 0)
		return &fields[hint];
	for (i = 0; i < NFIELDS; i++)
		if (fields[i].klen == klen && memcmp(fields[i].key, key, klen) == 0)
			return &fields[i];
	return NULL;
}

static int
fail(char *why, size_t whylen, const char *fmt, const char *key, size_t klen)
{
	snprintf(why, whylen, fmt, (int)klen, key);
	return -1;
}

static int
badnum(char *why, size_t whylen, const char *key, size_t klen, const char *val, size_t vlen,
    double max)
{
	snprintf(why, whylen, "bad number '%.*s=%.*s'%s (want 0 to %.0e)", (int)klen, key,
	    (int)(vlen > 32 ? 32 : vlen), val, vlen > 32 ? "..." : "", max);
	return -1;
}

int
log_parse(const char *line, struct rec *r, char *why, size_t whylen)
{
	unsigned long long seen = 0;
	const char *p = line;
	size_t i, hint = 0;

	while (*p == ' ')
		p++;
	if (*p == '\0' || *p == '#')
		return 0;
	if (strlen(line) >= LOG_LINE_MAX) {
		snprintf(why, whylen, "line longer than %d bytes", LOG_LINE_MAX - 1);
		return -1;
	}
	memset(r, 0, sizeof(*r));
	while (*p) {
		const char *key = p, *eq, *val, *end;
		const struct field *f;
		size_t klen, vlen;
		char tmp[64], *ep;

		end = p + strcspn(p, " ");
		eq = memchr(key, '=', (size_t)(end - key));
		if (eq == NULL || eq == key)
			return fail(why, whylen, "'%.*s' is not key=value", key, (size_t)(end - key));
		klen = (size_t)(eq - key);
		val = eq + 1;
		vlen = (size_t)(end - val);
		for (p = end; *p == ' '; p++)
			;
		if ((f = lookup(key, klen, hint)) == NULL)
			continue;	/* a newer writer's key */
		i = (size_t)(f - fields);
		hint = i + 1;
		if (seen & (1ULL << i))
			return fail(why, whylen, "key '%.*s' given twice", key, klen);
		seen |= 1ULL << i;
		if (f->type == T_STR) {
			if (decode(val, vlen, (char *)r + f->off, f->size) < 0)
				return fail(why, whylen, "bad or over-long value of '%.*s'", key, klen);
			if (f->required && vlen == 0)
				return fail(why, whylen, "empty value of '%.*s'", key, klen);
			continue;
		}
		if (vlen == 0 || vlen >= sizeof(tmp))
			return badnum(why, whylen, key, klen, val, vlen,
			    f->type == T_INT ? 1e9 : LOG_NUM_MAX);
		memcpy(tmp, val, vlen);
		tmp[vlen] = '\0';
		errno = 0;
		if (f->type == T_INT) {
			long v = strtol(tmp, &ep, 10);
			if (*ep || errno || v < 0 || v > 1000000000L)
				return badnum(why, whylen, key, klen, val, vlen, 1e9);
			if (f->off == offsetof(struct rec, version))
				r->version = (int)v;
			else
				*(long *)((char *)r + f->off) = v;
		} else {
			double v = strtod(tmp, &ep);
			if (*ep || errno || !isfinite(v) || v < 0 || v > LOG_NUM_MAX)
				return badnum(why, whylen, key, klen, val, vlen, LOG_NUM_MAX);
			*(double *)((char *)r + f->off) = v;
		}
	}
	for (i = 0; i < NFIELDS; i++)
		if (fields[i].required && !(seen & (1ULL << i)))
			return fail(why, whylen, "required key '%.*s' missing",
			    fields[i].key, strlen(fields[i].key));
	if (r->version != LOG_VERSION) {
		snprintf(why, whylen, "log format version %d not known", r->version);
		return -1;
	}
	if (strcmp(r->status, "ok") && strcmp(r->status, "failed") && strcmp(r->status, "invalid")) {
		snprintf(why, whylen, "unknown status '%.20s'", r->status);
		return -1;
	}
	return 1;
}

/* Refill lr->buf keeping the unread tail; 0 at end of file. */
static size_t
refill(struct logreader *lr)
{
	size_t n;

	if (lr->pos > 0) {
		memmove(lr->buf, lr->buf + lr->pos, lr->len - lr->pos);
		lr->len -= lr->pos;
		lr->pos = 0;
	}
	if (lr->len == sizeof(lr->buf))
		return 0;
	n = fread(lr->buf + lr->len, 1, sizeof(lr->buf) - lr->len, lr->f);
	if (n == 0 && ferror(lr->f) && !lr->err)
		lr->err = errno ? errno : EIO;
	lr->len += n;
	return n;
}

int
log_next(struct logreader *lr, struct rec *r)
{
	char why[160];
	int rc;

	for (;;) {
		char *line = lr->buf + lr->pos, *nl;
		size_t avail = lr->len - lr->pos, n;

		nl = memchr(line, '\n', avail);
		if (nl == NULL) {
			if (avail >= LOG_LINE_MAX) {
				/* over-long: drop what we hold, skip to the next newline */
				if (!lr->skipping) {
					lr->lineno++;
					lr->bad++;
					if (!lr->quiet)
						fprintf(stderr, "%s:%ld: line longer than %d bytes\n",
						    lr->name, lr->lineno, LOG_LINE_MAX - 1);
				}
				lr->skipping = 1;
				lr->pos = lr->len;
			}
			if (refill(lr) > 0)
				continue;
			if (lr->len - lr->pos == 0 || lr->skipping)
				return 0;
			/* a last line without its newline: a write cut short */
			lr->lineno++;
			lr->bad++;
			if (!lr->quiet)
				fprintf(stderr, "%s:%ld: truncated last line (no newline)\n",
				    lr->name, lr->lineno);
			lr->pos = lr->len;
			return 0;
		}
		n = (size_t)(nl - line);
		lr->pos += n + 1;
		if (lr->skipping) {
			lr->skipping = 0;
			continue;
		}
		lr->lineno++;
		*nl = '\0';
		if (n > 0 && line[n - 1] == '\r')	/* a log copied through DOS */
			line[--n] = '\0';
		if (memchr(line, '\0', n) != NULL) {
			snprintf(why, sizeof(why), "NUL byte in line");
			rc = -1;
		} else if (n >= LOG_LINE_MAX) {
			snprintf(why, sizeof(why), "line longer than %d bytes", LOG_LINE_MAX - 1);
			rc = -1;
		} else {
			rc = log_parse(line, r, why, sizeof(why));
		}
		if (rc == 1)
			return 1;
		if (rc < 0) {
			lr->bad++;
			if (!lr->quiet)
				fprintf(stderr, "%s:%ld: %s\n", lr->name, lr->lineno, why);
		}
	}
}
