/*
 * log.c: write and read the results log (see log.h).  The key table,
 * log.h's LOG_KEYS made into fields[] below, is the record's one
 * definition: name, type, print precision and whether a reader may do
 * without it.  Writing is one write(2) to a file
 * opened O_APPEND under flock(2), then fsync(2): concurrent writers never
 * interleave, a short write (a full disk) is cut back off, and a crash
 * leaves no half line before a whole one.  Reading streams line by line
 * and trusts nothing.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "derive.h"
#include "log.h"
#include "outfile.h"
#include "util.h"

enum type { T_INT, T_LONG, T_NUM, T_STR, T_LIST };

struct field {
	const char *key;
	size_t klen;		/* strlen(key) */
	enum type type;
	size_t off;		/* T_NUM: index into rec.num; T_LIST: 0 ksym, 1 usym; else offset in struct rec */
	size_t size;		/* T_STR: buffer size */
	int prec;		/* T_NUM: decimals written */
	int required;		/* LOG_RUN, LOG_SNAP, LOG_PROF: a record of that kind lacks it: malformed; a writer always writes it */
	int kind;		/* LOG_RUN, LOG_SNAP, LOG_PROF: the kinds of record it belongs to */
};

/* One line of the key table (log.h) each, in the order written. */
#define F_INT(m, k, req, kd) { k, sizeof(k) - 1, T_INT, offsetof(struct rec, m), 0, 0, req, kd },
#define F_STR(m, k, req, kd) { k, sizeof(k) - 1, T_STR, offsetof(struct rec, m), \
	sizeof(((struct rec *)0)->m), 0, req, kd },
#define F_LNG(m, k, req, kd) { k, sizeof(k) - 1, T_LONG, offsetof(struct rec, m), 0, 0, req, kd },
#define F_NUM(id, k, p, req) { k, sizeof(k) - 1, T_NUM, id, 0, p, req, LOG_RUN },
#define F_NUMK(id, k, p, req, kd) { k, sizeof(k) - 1, T_NUM, id, 0, p, req, kd },
#define F_LIST(which, k, kd) { k, sizeof(k) - 1, T_LIST, which, 0, 0, 0, kd },
static const struct field fields[] = { LOG_KEYS(F_INT, F_STR, F_LNG, F_NUM, F_NUMK, F_LIST) };
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))
#define SEENW	((NFIELDS + 63) / 64)

/* the field of each numeric key, filled on first use */
static const struct field *numfield[K_NNUM];

static void
index_numbers(void)
{
	size_t i;

	if (numfield[0])
		return;
	for (i = 0; i < NFIELDS; i++)
		if (fields[i].type == T_NUM)
			numfield[fields[i].off] = &fields[i];
}

int
log_numkey(const char *key, size_t klen)
{
	size_t i;

	for (i = 0; i < NFIELDS; i++)
		if (fields[i].type == T_NUM && fields[i].klen == klen &&
		    memcmp(fields[i].key, key, klen) == 0)
			return (int)fields[i].off;
	return -1;
}

const char *
log_numname(int k)
{
	index_numbers();
	return k >= 0 && k < K_NNUM && numfield[k] ? numfield[k]->key : "?";
}

int
log_numdec(int k)
{
	index_numbers();
	return k >= 0 && k < K_NNUM && numfield[k] ? numfield[k]->prec : 0;
}

/* ------------------------------------------------------------ records */

/* The kind of record r is. */
static int
kind_of(const struct rec *r)
{
	return r->snapshot ? LOG_SNAP : r->prof ? LOG_PROF : LOG_RUN;
}

void
rec_init(struct rec *r)
{
	memset(r, 0, sizeof(*r));
	r->version = LOG_VERSION;
}

void
rec_set(struct rec *r, int k, double v)
{
	if (k < 0 || k >= K_NNUM)
		return;
	r->num[k] = v;
	r->has[k] = 1;
}

#define KEYSLOTS 512		/* a power of two, well above NFIELDS */
static short keyslot[KEYSLOTS];	/* 1 + index into fields, 0 empty; filled on first use */
static int keys_indexed;
static char keq[NFIELDS][40];	/* each key with its '=', for the reader's nexthint */

static void
index_keys(void)
{
	size_t i, j;

	keys_indexed = 1;
	for (i = 0; i < NFIELDS; i++)
		snprintf(keq[i], sizeof(keq[i]), "%s=", fields[i].key);
	for (i = 0; i < NFIELDS; i++) {
		for (j = fnv1a(FNV_INIT, fields[i].key, fields[i].klen) & (KEYSLOTS - 1); keyslot[j];
		    j = (j + 1) & (KEYSLOTS - 1))
			;
		keyslot[j] = (short)(i + 1);
	}
}

/* The field of key, or NULL. */
static const struct field *
lookup(const char *key, size_t klen)
{
	const struct field *f;
	size_t j;

	if (!keys_indexed)
		index_keys();
	for (j = fnv1a(FNV_INIT, key, klen) & (KEYSLOTS - 1); keyslot[j]; j = (j + 1) & (KEYSLOTS - 1)) {
		f = &fields[keyslot[j] - 1];
		if (f->klen == klen && memcmp(f->key, key, klen) == 0)
			return f;
	}
	return NULL;
}

int
rec_note(struct rec *r, const char *key, const char *val)
{
	size_t klen = strlen(key), n = strlen(r->notes), i;
	char enc[LOG_NOTES_MAX];
	const char *p;
	int w;

	if (klen == 0 || klen > 32 || lookup(key, klen) != NULL)
		return -1;
	for (i = 0; i < klen; i++)
		if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
			return -1;
	/* already a note: " key=" at the start or after a space */
	for (p = r->notes; (p = strstr(p, key)) != NULL; p += klen)
		if (p > r->notes && p[-1] == ' ' && p[klen] == '=')
			return -1;
	if (log_encode(val, enc, sizeof(enc)) < 0)
		return -1;
	w = snprintf(r->notes + n, sizeof(r->notes) - n, " %s=%s", key, enc);
	if (w < 0 || (size_t)w >= sizeof(r->notes) - n) {
		r->notes[n] = '\0';
		return -1;
	}
	return 0;
}

int
rec_sym_add(struct rec *r, int user, const char *name, double n)
{
	struct rec_prof *p = &r->pf;
	size_t len = strlen(name) + 1;
	int *cnt = user ? &p->nu : &p->nk, max = user ? LOG_USYM_MAX : LOG_KSYM_MAX;
	struct rec_sym *e = user ? p->u : p->k;

	if (*cnt >= max || len > sizeof(p->names) - p->len || len == 1)
		return -1;
	memcpy(p->names + p->len, name, len);
	e[*cnt].name = (unsigned)p->len;
	e[*cnt].n = n;
	p->len += len;
	(*cnt)++;
	return 0;
}

const char *
rec_sym_name(const struct rec *r, int user, int i)
{
	return r->pf.names + (user ? r->pf.u[i].name : r->pf.k[i].name);
}

const char *
rec_drop(const struct rec *r)
{
	if (r->drop[0])
		return r->drop;
	return strcmp(r->cache, "kept") == 0 ? "no" : "yes";
}

int
rec_same_config(const struct rec *a, const struct rec *b)
{
	return a->jobs == b->jobs && !strcmp(a->label, b->label) && !strcmp(a->host, b->host) &&
	    !strcmp(a->kernel, b->kernel) && !strcmp(a->workload, b->workload) &&
	    !strcmp(a->config, b->config) && !strcmp(rec_drop(a), rec_drop(b)) && !strcmp(a->set, b->set);
}

unsigned long
rec_config_hash(const struct rec *r)
{
	const char *parts[7] = { r->label, r->host, r->kernel, r->workload, r->config, rec_drop(r), r->set };

	/* without settings, the hash of the logs before them */
	return (unsigned long)hash_strs(parts, r->set[0] ? 7 : 6, r->jobs);
}

/* ------------------------------------------------------------- labels */

/*
 * The code point of the UTF-8 character at s (n bytes left) and its
 * length, strictly: no overlong form, no surrogate, nothing past
 * U+10FFFF.  0: not UTF-8.
 */
static size_t
utf8(const unsigned char *s, size_t n, unsigned long *cp)
{
	size_t len, i;
	unsigned long c;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
	if (len == 0 || len > n || s[0] >= 0xf8)
		return 0;
	c = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 2 && c < 0x80) || (len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/*
 * Characters beyond ASCII that print as nothing, or as a space, or
 * steer other text: C1 controls, no-break and other spaces, soft hyphen,
 * zero-width ones and joiners, direction marks and overrides, variation
 * selectors, the BOM, tags, noncharacters.  Ranges, inclusive.
 */
static const unsigned long hidden[][2] = {
	{ 0x80, 0xa0 }, { 0xad, 0xad }, { 0x34f, 0x34f }, { 0x61c, 0x61c },
	{ 0x115f, 0x1160 }, { 0x1680, 0x1680 }, { 0x17b4, 0x17b5 }, { 0x180b, 0x180f },
	{ 0x2000, 0x200f }, { 0x2028, 0x202f }, { 0x205f, 0x206f }, { 0x3000, 0x3000 },
	{ 0x3164, 0x3164 }, { 0xfdd0, 0xfdef }, { 0xfe00, 0xfe0f }, { 0xfeff, 0xfeff },
	{ 0xffa0, 0xffa0 }, { 0xfff0, 0xffff }, { 0x1d173, 0x1d17a }, { 0xe0000, 0xe0fff },
};

size_t
log_label_char(const char *s, size_t n)
{
	unsigned long c;
	size_t len, i;

	if ((len = utf8((const unsigned char *)s, n, &c)) == 0)
		return 0;
	if (c < 0x80)
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    (c != 0 && strchr(".-_+~", (int)c) != NULL);
	if ((c & 0xfffe) == 0xfffe)
		return 0;	/* U+xFFFE, U+xFFFF: noncharacters in every plane */
	for (i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		if (c >= hidden[i][0] && c <= hidden[i][1])
			return 0;
	return len;
}

int
log_label_ok(const char *s, char *why, size_t whylen)
{
	size_t n = strlen(s), i, k;
	char vis[16];

	if (n == 0) {
		snprintf(why, whylen, "a label cannot be empty");
		return -1;
	}
	if (n > LOG_LABEL_MAX) {
		snprintf(why, whylen, "it is %zu bytes, and a label is at most %d (it is never cut: "
		    "two kernels would share what is left)", n, LOG_LABEL_MAX);
		return -1;
	}
	for (i = 0; i < n; i += k)
		if ((k = log_label_char(s + i, n - i)) == 0) {
			unsigned long c;
			size_t len = utf8((const unsigned char *)s + i, n - i, &c);
			log_vis(vis, sizeof(vis), s + i, len ? len : 1);
			snprintf(why, whylen, "byte %zu ('%s') %s: a label is letters, digits, '.', "
			    "'-', '_', '+', '~' and UTF-8 characters that print (no space, control "
			    "or invisible character)", i + 1, vis,
			    len == 0 ? "is not UTF-8" : c == ' ' ? "is a space" : c < 0x20 || c == 0x7f ?
			    "is a control character" : c < 0x80 ? "may not be in a label" :
			    "is a space, a control or an invisible character");
			return -1;
		}
	return 0;
}

int
log_label_make(const char *s, char *dst, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(s), i, k, o = 0, j;

	for (i = 0; i < n; i += k) {
		if ((k = log_label_char(s + i, n - i)) > 0) {
			if (o + k > LOG_LABEL_MAX || o + k >= len)
				return -1;
			memcpy(dst + o, s + i, k);
			o += k;
			continue;
		}
		/* the character's bytes, each as %XX: '%' is never in a label, so
		 * reading them back is unambiguous */
		k = utf8((const unsigned char *)s + i, n - i, &(unsigned long){ 0 });
		if (k == 0)
			k = 1;
		for (j = 0; j < k; j++) {
			unsigned char c = (unsigned char)s[i + j];
			if (o + 3 > LOG_LABEL_MAX || o + 3 >= len)
				return -1;
			dst[o++] = '%';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		}
	}
	if (o == 0 || o >= len)
		return -1;
	dst[o] = '\0';
	return 0;
}

/* ----------------------------------------------------------- encoding */

static int
safe(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || (c != '\0' && strchr("._,:/+@-~", c) != NULL);
}

/* Percent-encode src; a list's entries escape its separator ',' too. */
static int
encode(const char *src, char *dst, size_t len, int entry)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (; *src; src++) {
		unsigned char c = *src;
		if (safe(c) && !(entry && c == ',')) {
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

/* ------------------------------------------------------- set= and set_found= */

/* src at buf + *n, escaped as --set's text when esc (',' and '\\' behind a '\\'): 0, or -1 past len. */
static int
set_part(char *buf, size_t len, size_t *n, const char *src, int esc)
{
	for (; *src; src++) {
		if (esc && (*src == ',' || *src == '\\') && *n + 1 < len)
			buf[(*n)++] = '\\';
		if (*n + 1 >= len)
			return -1;
		buf[(*n)++] = *src;
	}
	return 0;
}

int
log_set_add(char *buf, size_t len, const char *setting, const char *value)
{
	size_t n = strlen(buf), was = n;

	if ((n > 0 && set_part(buf, len, &n, ",", 0) < 0) || set_part(buf, len, &n, setting, 1) < 0 ||
	    set_part(buf, len, &n, "=", 0) < 0 || set_part(buf, len, &n, value, 1) < 0) {
		buf[was] = '\0';
		return -1;
	}
	buf[n] = '\0';
	return 0;
}

/* One part of a pair at *p up to an unescaped stop byte (or the end), undone into out. */
static int
set_take(const char **p, const char *stop, char *out, size_t len)
{
	const char *s = *p;
	size_t o = 0;

	for (; *s && !strchr(stop, *s); s++) {
		if (*s == '\\') {
			if (s[1] != ',' && s[1] != '\\')
				return -1;
			s++;
		}
		if (o + 1 >= len)
			return -1;
		out[o++] = *s;
	}
	out[o] = '\0';
	*p = s;
	return 0;
}

int
log_set_next(const char **p, char *setting, size_t slen, char *value, size_t vlen)
{
	const char *s = *p;

	if (*s == '\0')
		return 0;
	if (set_take(&s, "=,", setting, slen) < 0 || *s++ != '=' || !setting[0] ||
	    set_take(&s, ",", value, vlen) < 0 || (*s == ',' && *++s == '\0'))
		return -1;
	*p = s;
	return 1;
}

int
log_set_ok(const char *text)
{
	static char setting[LOG_SET_MAX], value[LOG_SET_MAX];
	int r;

	while ((r = log_set_next(&text, setting, sizeof(setting), value, sizeof(value))) > 0)
		;
	return r == 0;
}

int
log_encode(const char *src, char *dst, size_t len)
{
	return encode(src, dst, len, 0);
}

/* printable ASCII but '\\' (space too with sp): 1, else 0 */
static size_t
ascii(const char *s, int sp)
{
	unsigned char c = (unsigned char)*s;

	return c >= (sp ? 0x20 : 0x21) && c < 0x7f && c != '\\';
}

static size_t
vis_keep(const char *s, size_t n)
{
	(void)n;
	return ascii(s, 1);
}

static size_t
name_keep(const char *s, size_t n)
{
	size_t k = log_label_char(s, n);

	return k ? k : ascii(s, 0);
}

/*
 * src (up to n bytes, or its NUL) into dst: the characters keep takes
 * (it says how many bytes) as they are, '\\' as \\\\, every other byte
 * \xNN.  Cut to fit len, at a whole character.
 */
static void
escape(char *dst, size_t len, const char *src, size_t n, size_t (*keep)(const char *, size_t))
{
	static const char hex[] = "0123456789abcdef";
	size_t i, k, o = 0;

	if (len == 0)
		return;
	for (i = 0; i < n && src[i]; i += k) {
		unsigned char c = (unsigned char)src[i];

		if ((k = keep(src + i, n - i)) > 0) {
			if (o + k >= len)
				break;
			memcpy(dst + o, src + i, k);
			o += k;
			continue;
		}
		k = 1;
		if (o + (c == '\\' ? 2 : 4) >= len)
			break;
		dst[o++] = '\\';
		if (c == '\\') {
			dst[o++] = '\\';
			continue;
		}
		dst[o++] = 'x';
		dst[o++] = hex[c >> 4];
		dst[o++] = hex[c & 15];
	}
	dst[o] = '\0';
}

void
log_vis(char *dst, size_t len, const char *src, size_t n)
{
	escape(dst, len, src, n, vis_keep);
}

void
log_name(char *dst, size_t len, const char *src)
{
	escape(dst, len, src, strlen(src), name_keep);
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

	if (n < len && memchr(src, '%', n) == NULL) {	/* most values: nothing to decode */
		memcpy(dst, src, n);
		dst[n] = '\0';
		return 0;
	}
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

/* ------------------------------------------------------------- writing */

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

/*
 * A profile record's list, " KEY=N:NAME,N:NAME": the entries that fit before
 * the line's end (its newline kept room for), none if no entry fits.
 */
static void
format_list(const struct rec *r, int user, const char *key, char *buf, size_t len, size_t *n)
{
	int cnt = user ? r->pf.nu : r->pf.nk, i;
	const struct rec_sym *e = user ? r->pf.u : r->pf.k;
	char enc[3 * LOG_LINE_MAX], item[3 * LOG_LINE_MAX + 32];
	size_t start = *n;

	for (i = 0; i < cnt; i++) {
		int w;

		if (!isfinite(e[i].n) || e[i].n < 0 || e[i].n > LOG_NUM_MAX ||
		    encode(rec_sym_name(r, user, i), enc, sizeof(enc), 1) < 0)
			continue;
		if (*n == start)	/* the key first */
			w = snprintf(item, sizeof(item), " %s=%.0f:%s", key, e[i].n, enc);
		else
			w = snprintf(item, sizeof(item), ",%.0f:%s", e[i].n, enc);
		if (w < 0 || (size_t)w + 2 > len - *n)
			break;		/* the rest does not fit: the newline and the NUL need 2 */
		memcpy(buf + *n, item, (size_t)w);
		*n += (size_t)w;
	}
	buf[*n] = '\0';
}

int
log_format(const struct rec *r, char *buf, size_t len)
{
	char enc[3 * LOG_WORKLOAD_MAX];
	size_t i, n = 0, notes = strlen(r->notes);
	int kind = kind_of(r);

	if (len > LOG_LINE_MAX)
		len = LOG_LINE_MAX;
	for (i = 0; i < NFIELDS; i++) {
		const struct field *f = &fields[i];
		const char *p = (const char *)r + f->off;
		const char *sep = i ? " " : "";
		int req = f->required & kind;
		double v;
		int rc = 0;

		if (!(f->kind & kind))
			continue;
		switch (f->type) {
		case T_INT:
			rc = put(buf, len, &n, "%s%s=%d", sep, f->key, *(const int *)p);
			break;
		case T_LONG:
			if (!req && *(const long *)p == 0)
				break;
			rc = put(buf, len, &n, "%s%s=%ld", sep, f->key, *(const long *)p);
			break;
		case T_NUM:
			v = r->num[f->off];
			if (!req && !r->has[f->off])
				break;
			/* a reader refuses what is not a finite number >= 0 */
			if (!isfinite(v) || v < 0) {
				if (!req)
					break;
				v = 0;
			}
			rc = put(buf, len, &n, "%s%s=%.*f", sep, f->key, f->prec, v);
			break;
		case T_STR:
			if (*p == '\0' && !req)
				break;
			if (log_encode(p, enc, sizeof(enc)) < 0)
				return -1;
			rc = put(buf, len, &n, "%s%s=%s", sep, f->key, enc);
			break;
		case T_LIST:
			format_list(r, (int)f->off, f->key, buf, len, &n);
			break;
		}
		if (rc < 0)
			return -1;
	}
	/* the notes when they fit, else a mark that they did not */
	if (kind != LOG_RUN)
		notes = 0;
	if (notes + 2 < len - n && r->notes_cut == 0) {
		memcpy(buf + n, r->notes, notes);
		n += notes;
	} else if (kind == LOG_RUN && (notes || r->notes_cut)) {
		if (put(buf, len, &n, " notes_cut=1") < 0)
			return -1;
	}
	if (put(buf, len, &n, "\n") < 0)
		return -1;
	return (int)n;
}

/* What ends a fragment: LOG_CUT and a newline, written before the record. */
#define HEAL	(sizeof(LOG_CUT) - 1 + 1)

int
log_append(const char *path, const struct rec *r, char *why, size_t whylen)
{
	static char buf[HEAL + LOG_LINE_MAX + 1];	/* not on the stack: contest runs under ulimit -s 64 */
	struct stat st;
	int fd, n, saved;
	size_t heal = 0;
	char last;

	if ((n = log_format(r, buf + HEAL, sizeof(buf) - HEAL)) < 0) {
		snprintf(why, whylen, "the record does not fit in a line");
		errno = EOVERFLOW;
		return -1;
	}
	/* read-write to see the last byte (a log we may only append to is
	 * appended to without that check); never through a link, never a
	 * device or a FIFO (outfile.c) */
	if ((fd = out_open(path, OUT_APPEND, why, whylen)) < 0)
		return -1;
	while (flock(fd, LOCK_EX) < 0 && errno == EINTR)
		;
	if (fstat(fd, &st) < 0)
		goto fail;
	/* a fragment (a record cut short) ends in LOG_CUT, so that it stays
	 * one bad line whatever byte it was cut at; a log that cannot be read
	 * back gets it too, which after a whole line is a line of LOG_CUT
	 * alone, and readers pass over it */
	if (st.st_size > 0 && (pread(fd, &last, 1, st.st_size - 1) != 1 || last != '\n'))
		heal = HEAL;
	memcpy(buf, LOG_CUT "\n", HEAL);
	if (write_all(fd, buf + HEAL - heal, (size_t)n + heal) < 0) {
		saved = errno;
		if (ftruncate(fd, st.st_size) < 0) {
			/* cannot cut it back: the next append ends the fragment */
		}
		close(fd);
		snprintf(why, whylen, "%s", strerror(saved));
		errno = saved;
		return -1;
	}
	if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS)
		goto fail;
	if (close(fd) == 0)
		return 0;
	snprintf(why, whylen, "%s", strerror(errno));
	return -1;
fail:
	saved = errno;
	close(fd);
	snprintf(why, whylen, "%s", strerror(saved));
	errno = saved;
	return -1;
}

/* ------------------------------------------------------------- reading */

static int
fail(char *why, size_t whylen, const char *fmt, const char *key, size_t klen)
{
	char vis[160];

	log_vis(vis, sizeof(vis), key, klen > 40 ? 40 : klen);
	snprintf(why, whylen, fmt, vis, klen > 40 ? "..." : "");
	return -1;
}

static int
badnum(char *why, size_t whylen, const char *key, size_t klen, const char *val, size_t vlen,
    double max)
{
	char k[160], v[160];

	log_vis(k, sizeof(k), key, klen > 32 ? 32 : klen);
	log_vis(v, sizeof(v), val, vlen > 32 ? 32 : vlen);
	snprintf(why, whylen, "bad number '%s=%s'%s (want 0 to %.0e)", k, v,
	    vlen > 32 ? "..." : "", max);
	return -1;
}

/*
 * A plain decimal at s, digits with at most one '.' between digits, of
 * at most 15 digits, ended by a space or the end of the line: its end,
 * and in *v exactly what strtod gives (the digits make an integer below
 * 2^53, divided by an exact power of ten: one rounding), without its
 * cost.  NULL: not such a number, strtod decides.
 */
static const char *
plain(const char *s, double *v)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	    1e11, 1e12, 1e13, 1e14, 1e15 };
	unsigned long long m = 0;
	const char *p = s, *dot;
	unsigned d;
	long digits, frac = 0;

	while ((d = (unsigned char)*p - '0') <= 9) {
		m = m * 10 + d;
		p++;
	}
	digits = p - s;
	if (*p == '.' && digits > 0) {
		dot = ++p;
		while ((d = (unsigned char)*p - '0') <= 9) {
			m = m * 10 + d;
			p++;
		}
		frac = p - dot;
		if (frac == 0)
			return NULL;
		digits += frac;
	}
	/* 15 digits: m is exact (the loop may wrap past 19: then it is not used) */
	if ((*p != ' ' && *p != '\0') || digits == 0 || digits > 15)
		return NULL;
	*v = frac > 0 ? (double)m / p10[frac] : (double)m;
	return p;
}

/* A whole number of at most 9 digits, as strtol; 0: let strtol decide. */
static int
fastlong(const char *s, size_t n, long *v)
{
	size_t i;
	long x = 0;

	if (n == 0 || n > 9)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';
		if (d > 9)
			return 0;
		x = x * 10 + (long)d;
	}
	*v = x;
	return 1;
}

/* Empty r as log_parse starts it: every field of the table, the numbers, the notes. */
static void
clear(struct rec *r)
{
	static size_t str[NFIELDS], nstr, ints[NFIELDS], nints, longs[NFIELDS], nlongs;
	size_t i;

	if (nstr == 0) {	/* the offsets, once */
		for (i = 0; i < NFIELDS; i++) {
			if (fields[i].type == T_STR)
				str[nstr++] = fields[i].off;
			else if (fields[i].type == T_INT)
				ints[nints++] = fields[i].off;
			else if (fields[i].type == T_LONG)
				longs[nlongs++] = fields[i].off;
		}
	}
	for (i = 0; i < nstr; i++)
		((char *)r)[str[i]] = '\0';
	for (i = 0; i < nints; i++)
		*(int *)((char *)r + ints[i]) = 0;
	for (i = 0; i < nlongs; i++)
		*(long *)((char *)r + longs[i]) = 0;
	memset(r->num, 0, sizeof(r->num));
	memset(r->has, 0, sizeof(r->has));
	r->pf.nk = r->pf.nu = 0;
	r->pf.len = 0;
	r->notes[0] = '\0';
	r->notes_cut = 0;
	r->copy = 0;
}

/* The keys a record of kind must have, as a bit set over fields[]. */
static const unsigned long long *
required(int kind)
{
	static unsigned long long req[3][SEENW];
	static int done;
	size_t i;

	if (!done) {
		for (i = 0; i < NFIELDS; i++) {
			if (fields[i].required & LOG_RUN)
				req[0][i / 64] |= 1ULL << (i % 64);
			if (fields[i].required & LOG_SNAP)
				req[1][i / 64] |= 1ULL << (i % 64);
			if (fields[i].required & LOG_PROF)
				req[2][i / 64] |= 1ULL << (i % 64);
		}
		done = 1;
	}
	return req[kind == LOG_SNAP ? 1 : kind == LOG_PROF ? 2 : 0];
}

/*
 * Is val (vlen bytes) a number as writers write it (printf's %f, %d,
 * %ld): an optional '-' (of -0.000), digits and, unless whole, perhaps a
 * '.' and digits?  Nothing else that strtod or strtol would take: no
 * hex, exponent, '+', leading white space, inf or nan.
 */
static int
decimal(const char *val, size_t vlen, int whole)
{
	size_t i = val[0] == '-', d;

	for (d = i; i < vlen && val[i] >= '0' && val[i] <= '9'; i++)
		;
	if (i == d)
		return 0;
	if (i < vlen && val[i] == '.' && !whole) {
		for (d = ++i; i < vlen && val[i] >= '0' && val[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	return i == vlen;
}

/* A number's value into r; -1 after saying why. */
static int
number(const struct field *f, const char *key, size_t klen, const char *val, size_t vlen,
    struct rec *r, char *why, size_t whylen)
{
	char tmp[64], *ep;
	double d;
	long v;

	if (f->type != T_NUM && fastlong(val, vlen, &v))
		goto whole;
	if (vlen == 0 || vlen >= sizeof(tmp) || !decimal(val, vlen, f->type != T_NUM))
		return badnum(why, whylen, key, klen, val, vlen,
		    f->type == T_NUM ? LOG_NUM_MAX : 1e9);
	memcpy(tmp, val, vlen);
	tmp[vlen] = '\0';
	errno = 0;
	if (f->type == T_NUM) {
		d = strtod(tmp, &ep);
		if (*ep || errno || !isfinite(d) || d < 0 || d > LOG_NUM_MAX)
			return badnum(why, whylen, key, klen, val, vlen, LOG_NUM_MAX);
		r->num[f->off] = d;
		r->has[f->off] = 1;
		return 0;
	}
	v = strtol(tmp, &ep, 10);
	if (*ep || errno || v < 0 || v > 1000000000L)
		return badnum(why, whylen, key, klen, val, vlen, 1e9);
whole:
	if (f->type == T_INT)
		*(int *)((char *)r + f->off) = (int)v;
	else
		*(long *)((char *)r + f->off) = v;
	return 0;
}

/*
 * A profile record's list, "N:NAME,N:NAME" (vlen bytes at val), into r: each
 * N a whole number of at most 13 digits, each NAME percent-encoded and
 * not empty.  -1 after saying why.
 */
static int
list(const char *key, size_t klen, const char *val, size_t vlen, int user, struct rec *r,
    char *why, size_t whylen)
{
	char name[LOG_LINE_MAX];
	size_t i = 0, j, k;

	while (i < vlen) {
		double n = 0;

		for (j = i; j < vlen && val[j] >= '0' && val[j] <= '9'; j++)
			n = n * 10 + (val[j] - '0');
		for (k = j + 1; k < vlen && val[k] != ','; k++)
			;
		if (j == i || j - i > 13 || j >= vlen || val[j] != ':' || k == j + 1 ||
		    (k < vlen && k + 1 == vlen))
			return fail(why, whylen, "bad entry in the list '%s%s'", key, klen);
		if (n > LOG_NUM_MAX || decode(val + j + 1, k - j - 1, name, sizeof(name)) < 0)
			return fail(why, whylen, "bad entry in the list '%s%s'", key, klen);
		if (rec_sym_add(r, user, name, n) < 0)
			return fail(why, whylen, "list '%s%s' too long", key, klen);
		i = k + 1;
	}
	return 0;
}

/*
 * Is s a label writers write: one -k takes (log_label_ok), or one
 * log_label_make makes of a kernel release?  A '#' in a label would let
 * a row print as another's LABEL#N.
 */
static int
label_logged(const char *s)
{
	static char last[LOG_LABEL_MAX + 1];	/* the last that was one: most records repeat it */
	char raw[LOG_LABEL_MAX + 1], made[LOG_LABEL_MAX + 1], why[320];
	int ok;

	if (!strcmp(s, last))
		return 1;
	if (strchr(s, '%') == NULL)
		ok = log_label_ok(s, why, sizeof(why)) == 0;
	else
		ok = decode(s, strlen(s), raw, sizeof(raw)) == 0 &&
		    log_label_make(raw, made, sizeof(made)) == 0 && !strcmp(made, s);
	if (ok)
		snprintf(last, sizeof(last), "%s", s);
	return ok;
}

/*
 * A profile record's counts against their totals: the kernel samples listed
 * (ksym) and those no symbol covers (prof_unknown), and the parts of the
 * run (prof_job, prof_load, prof_probe, prof_rest), are each at most
 * prof_kernel; usym's samples at most prof_user.  0, or -1 after saying
 * why: shares over 100% are no measure.
 */
static int
prof_sums(const struct rec *r, char *why, size_t whylen)
{
	const double *n = r->num;
	double k = n[K_PROF_UNKNOWN], u = 0, parts = 0;
	int i;

	for (i = 0; i < r->pf.nk; i++)
		k += r->pf.k[i].n;
	for (i = 0; i < r->pf.nu; i++)
		u += r->pf.u[i].n;
	for (i = K_PROF_JOB; i <= K_PROF_REST; i++)
		parts += n[i];
	if (k > n[K_PROF_KERNEL])
		snprintf(why, whylen, "ksym and prof_unknown count %.0f kernel samples, over "
		    "prof_kernel=%.0f", k, n[K_PROF_KERNEL]);
	else if (parts > n[K_PROF_KERNEL])
		snprintf(why, whylen, "prof_job, prof_load, prof_probe and prof_rest add up to %.0f, "
		    "over prof_kernel=%.0f", parts, n[K_PROF_KERNEL]);
	else if (u > n[K_PROF_USER])
		snprintf(why, whylen, "usym counts %.0f user samples, over prof_user=%.0f", u,
		    n[K_PROF_USER]);
	else
		return 0;
	return -1;
}

/* After the keys: what a record of its kind needs; 1 or -1 */
static int
check(struct rec *r, const unsigned long long *seen, const struct field *empty, char *why,
    size_t whylen)
{
	int kind = kind_of(r);
	const unsigned long long *req = required(kind);
	size_t i;

	if (r->snapshot && r->prof) {
		snprintf(why, whylen, "both snapshot=1 and prof=1");
		return -1;
	}
	for (i = 0; i < NFIELDS; i++)
		if ((req[i / 64] & ~seen[i / 64]) == 0)
			i += 63 - i % 64;	/* this word has them all */
		else if ((req[i / 64] >> (i % 64) & 1) && !(seen[i / 64] & (1ULL << (i % 64))))
			return fail(why, whylen, "required key '%s%s' missing",
			    fields[i].key, fields[i].klen);
	if (empty && (empty->required & kind))
		return fail(why, whylen, "empty value of '%s%s'", empty->key, empty->klen);
	if (r->snapshot > 1) {
		snprintf(why, whylen, "bad snapshot=%d", r->snapshot);
		return -1;
	}
	if (r->prof > 1) {
		snprintf(why, whylen, "bad prof=%d", r->prof);
		return -1;
	}
	if (r->version != LOG_VERSION) {
		snprintf(why, whylen, "log format version %d not known", r->version);
		return -1;
	}
	if (!label_logged(r->label)) {
		char vis[80];
		log_vis(vis, sizeof(vis), r->label, strlen(r->label));
		snprintf(why, whylen, "label '%s' is not one contest writes (-k refuses it, and no "
		    "kernel release makes it)", vis);
		return -1;
	}
	if (r->snapshot)
		return 1;
	if (r->prof && prof_sums(r, why, whylen) < 0)
		return -1;
	if (strcmp(r->status, ST_OK) && strcmp(r->status, ST_FAILED) && strcmp(r->status, ST_INVALID) &&
	    strcmp(r->status, ST_TIMEOUT)) {
		char vis[80];
		log_vis(vis, sizeof(vis), r->status, strlen(r->status));
		snprintf(why, whylen, "unknown status '%s'", vis);
		return -1;
	}
	return 1;
}

/*
 * Is the pair at key (the line ends at lend) fields[i]'s, "KEY="?  Most
 * lines hold the keys in the table's order, so this is the common case:
 * compared eight bytes at a time against the key with its '='.
 */
static inline int
nexthint(const char *key, const char *lend, size_t i)
{
	size_t n = fields[i].klen + 1, j;
	unsigned long long a, b;

	if ((size_t)(lend - key) < n)
		return 0;
	if (n < 8) {
		uint32_t c, d;

		if (n < 4) {
			for (j = 0; j < n; j++)
				if (key[j] != keq[i][j])
					return 0;
			return 1;
		}
		/* two words of four, overlapping */
		memcpy(&c, key, 4);
		memcpy(&d, keq[i], 4);
		if (c != d)
			return 0;
		memcpy(&c, key + n - 4, 4);
		memcpy(&d, keq[i] + n - 4, 4);
		return c == d;
	}
	/* whole words, the last one overlapping the one before */
	for (j = 0; j + 8 < n; j += 8) {
		memcpy(&a, key + j, 8);
		memcpy(&b, keq[i] + j, 8);
		if (a != b)
			return 0;
	}
	memcpy(&a, key + n - 8, 8);
	memcpy(&b, keq[i] + n - 8, 8);
	if (a != b)
		return 0;
	return 1;
}

/* Does the line (n bytes) end in LOG_CUT: a fragment a writer ended? */
static int
cut_short(const char *line, size_t n)
{
	size_t k = sizeof(LOG_CUT) - 1;

	return n >= k && memcmp(line + n - k, LOG_CUT, k) == 0;
}

/*
 * What the line (n bytes) is before its keys are read: 1 a record to
 * read; 0 a comment, a blank line, or LOG_CUT alone (written after a
 * whole line); -1 not a record, why says.
 */
static int
line_kind(const char *line, size_t n, char *why, size_t whylen)
{
	size_t sp = strspn(line, " ");

	if (line[sp] == '\0' || line[sp] == '#')
		return 0;
	if (cut_short(line, n)) {
		if (sp + sizeof(LOG_CUT) - 2 == n)
			return 0;
		snprintf(why, whylen, "record cut short (a crash or a full disk as it was written): "
		    "not read");
		return -1;
	}
	if (sp > 0)
		snprintf(why, whylen, "record starts with a space");
	else if (n >= LOG_LINE_MAX)
		snprintf(why, whylen, "line longer than %d bytes", LOG_LINE_MAX - 1);
	else
		return 1;
	return -1;
}

static int parse(const char *line, struct rec *r, char *why, size_t whylen);

/*
 * A line the writer made never holds a control byte (it percent-encodes
 * them), so in a line that does not parse the first one is the likely
 * damage: a tab for a space would otherwise be blamed on a key that
 * looks missing.  Looked for only once the line failed.
 */
int
log_parse(const char *line, struct rec *r, char *why, size_t whylen)
{
	size_t i;
	int rc = parse(line, r, why, whylen);

	for (i = 0; rc < 0 && line[i]; i++)
		if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f) {
			char vis[8], what[32] = "a tab";

			log_vis(vis, sizeof(vis), line + i, 1);
			if (line[i] != '\t')
				snprintf(what, sizeof(what), "the control byte '%s'", vis);
			snprintf(why, whylen, "%s at byte %zu: keys are separated by single spaces, and a "
			    "value holds no control byte", what, i + 1);
			break;
		}
	return rc;
}

static int
parse(const char *line, struct rec *r, char *why, size_t whylen)
{
	unsigned long long seen[SEENW] = { 0 };
	const struct field *empty = NULL;
	const char *p = line, *lend = line + strlen(line);
	size_t i, hint = 0;
	int rc;

	if ((rc = line_kind(line, (size_t)(lend - line), why, whylen)) < 1)
		return rc;
	if (!keys_indexed)
		index_keys();
	clear(r);
	while (*p) {
		const char *key = p, *val, *end = NULL;
		const struct field *f;
		size_t klen, vlen;
		double d = 0;

		f = NULL;
		if (hint < NFIELDS && nexthint(key, lend, hint)) {
			f = &fields[hint];	/* the key the table says comes next */
			p = key + f->klen;
		} else if (hint + 1 < NFIELDS && nexthint(key, lend, hint + 1)) {
			f = &fields[hint + 1];	/* or the one after: an optional key left out */
			p = key + f->klen;
		}
		if (f == NULL) {
			while (*p != '=' && *p != ' ' && *p)
				p++;
			if (*p != '=' || p == key)
				return fail(why, whylen, "'%s%s' is not key=value", key, strcspn(key, " "));
			f = lookup(key, (size_t)(p - key));
		}
		klen = (size_t)(p - key);
		val = ++p;
		if (f && f->type == T_NUM)
			end = plain(val, &d);	/* most numbers: read as they are scanned */
		if (end) {
			p = end;
		} else {
			while (*p && *p != ' ')
				p++;
		}
		vlen = (size_t)(p - val);
		while (*p == ' ')
			p++;
		if (f == NULL)
			continue;	/* a newer writer's key, or a load's note */
		i = (size_t)(f - fields);
		hint = i + 1;
		if (seen[i / 64] & (1ULL << (i % 64)))
			return fail(why, whylen, "key '%s%s' given twice", key, klen);
		seen[i / 64] |= 1ULL << (i % 64);
		if (f->type == T_LIST) {
			if (list(key, klen, val, vlen, (int)f->off, r, why, whylen) < 0)
				return -1;
		} else if (f->type == T_STR) {
			if (decode(val, vlen, (char *)r + f->off, f->size) < 0)
				return fail(why, whylen, "bad or over-long value of '%s%s'", key, klen);
			if (f->required && vlen == 0)
				empty = f;
		} else if (end) {
			if (d > LOG_NUM_MAX)
				return badnum(why, whylen, key, klen, val, vlen, LOG_NUM_MAX);
			r->num[f->off] = d;
			r->has[f->off] = 1;
		} else if (number(f, key, klen, val, vlen, r, why, whylen) < 0)
			return -1;
	}
	return check(r, seen, empty, why, whylen);
}

/* ---------------------------------------------------------- the runs read */

/* s and its length into h, eight bytes at a time. */
static unsigned long long
mix_str(unsigned long long h, const char *s)
{
	size_t n = strlen(s), i;
	unsigned long long w;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 29;
	}
	w = 0;
	memcpy(&w, s + i, n - i);	/* the last 0 to 7 bytes */
	h = (h ^ w ^ (unsigned long long)n << 56) * 0x9e3779b97f4a7c15ULL;
	return h ^ h >> 29;
}

/* The hash of r's identity (log.h, struct logseen); never 0. */
static unsigned long long
identity(const struct rec *r)
{
	const char *parts[10] = { r->label, r->host, r->kernel, r->workload, r->config, rec_drop(r),
	    r->load, r->inv, r->date, r->end };
	unsigned long long h = (unsigned long long)kind_of(r);
	size_t i;

	for (i = 0; i < 10; i++)
		h = mix_str(h, parts[i]);
	h = (h ^ (unsigned long long)r->jobs) * 0x9e3779b97f4a7c15ULL;
	h = (h ^ (unsigned long long)r->run << 32 ^ (unsigned long long)r->round) * 0xbf58476d1ce4e5b9ULL;
	/* spread every bit over the parts and the slots (splitmix64's finish) */
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h ? h : 1;
}

int
log_seen(struct logseen *s, const struct rec *r)
{
	unsigned long long h = identity(r);
	struct logseen_part *p = &s->part[h >> (64 - LOG_SEEN_BITS)];
	size_t i, j;

	if (2 * (p->n + 1) > p->cap) {	/* at most half full: short probes */
		size_t ncap = p->cap ? 2 * p->cap : 64;
		unsigned long long *ns = calloc(ncap, sizeof(*ns));

		if (ns == NULL)
			return -1;
		for (i = 0; i < p->cap; i++) {
			if (p->slot[i] == 0)
				continue;
			for (j = p->slot[i] & (ncap - 1); ns[j]; j = (j + 1) & (ncap - 1))
				;
			ns[j] = p->slot[i];
		}
		free(p->slot);
		p->slot = ns;
		p->cap = ncap;
	}
	for (j = h & (p->cap - 1); p->slot[j]; j = (j + 1) & (p->cap - 1))
		if (p->slot[j] == h) {
			s->copies++;
			return 1;
		}
	p->slot[j] = h;
	p->n++;
	return 0;
}

void
log_seen_free(struct logseen *s)
{
	size_t i;

	for (i = 0; i < LOG_SEEN_PARTS; i++)
		free(s->part[i].slot);
	memset(s, 0, sizeof(*s));
}

void
log_close(struct logreader *lr)
{
	log_seen_free(&lr->own);
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
			if (avail >= LOG_LINE_MAX + sizeof(LOG_CUT)) {
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
		} else if (n >= LOG_LINE_MAX && !cut_short(line, n)) {
			snprintf(why, sizeof(why), "line longer than %d bytes", LOG_LINE_MAX - 1);
			rc = -1;
		} else {
			rc = log_parse(line, r, why, sizeof(why));
		}
		if (rc == 1 && !r->snapshot) {
			/* a run's record or its profile record: once, however often the logs hold it */
			if ((rc = log_seen(lr->seen ? lr->seen : &lr->own, r)) < 0) {
				lr->err = ENOMEM;
				return 0;
			}
			if (rc == 0)
				return 1;
			lr->copies++;
			if (lr->keep_copies) {
				r->copy = 1;
				return 1;
			}
			continue;
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

double
log_baseline(FILE *f, const char *name, const struct rec *who, const char *const *aliases, int disturbed)
{
	struct logreader *lr = calloc(1, sizeof(*lr));
	struct rec *r = malloc(sizeof(*r));
	const char *load;
	double sum = 0;
	long n = 0;

	if (lr == NULL || r == NULL) {
		free(lr);
		free(r);
		errno = ENOMEM;
		return -1;
	}
	lr->f = f;
	lr->name = name;
	lr->quiet = 1;
	while (log_next(lr, r)) {
		if (r->snapshot || r->prof || strcmp(r->status, ST_OK) || !rec_same_config(r, who))
			continue;
		load = derive_alias(aliases, r->load);
		if (strcmp(load ? load : r->load, "no_load") || derive_short(r) || derive_left_out(r, disturbed))
			continue;
		sum += r->num[K_ELAPSED];
		n++;
	}
	log_close(lr);
	free(lr);
	free(r);
	return n ? sum / (double)n : 0;
}
