/*
 * label-fuzz.c: libFuzzer entry point for labels (log.c: log_label_ok,
 * log_label_make) and the report's printed names (log.c: log_name).
 * The input is two strings split at the first 0xff byte (its NULs cut
 * each short).  For each: a label log_label_ok takes is 1 to 63 bytes
 * and log_label_make leaves it as it is; log_label_make's label, when it
 * gives one, fits, holds only what a label may and %XX, and decodes back
 * to the string; log_name prints no control byte and decodes back to
 * the string.  For the pair: different strings never give the same
 * label nor print the same.  Anything else aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../log.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "label-fuzz: %s\n", #c); abort(); } } while (0)

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 :
	    c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A made label read back: %XX a byte, the rest as it is. */
static void
unlabel(const char *s, char *out)
{
	size_t n = strlen(s), i, k;

	for (i = 0; i < n; i += k) {
		if (s[i] == '%') {
			CHECK(i + 2 < n && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0);
			CHECK(s[i + 1] < 'a' && s[i + 2] < 'a');	/* one spelling only */
			*out++ = (char)(hexval(s[i + 1]) << 4 | hexval(s[i + 2]));
			k = 3;
			continue;
		}
		k = log_label_char(s + i, n - i);
		CHECK(k > 0);
		memcpy(out, s + i, k);
		out += k;
	}
	*out = '\0';
}

/* A printed name read back: \xNN a byte, \\ a backslash. */
static void
unname(const char *s, char *out)
{
	for (; *s; s++) {
		CHECK((unsigned char)*s >= 0x20 && *s != 0x7f);
		if (*s != '\\') {
			*out++ = *s;
			continue;
		}
		if (s[1] == '\\') {
			*out++ = '\\';
			s++;
			continue;
		}
		CHECK(s[1] == 'x' && hexval(s[2]) >= 0 && hexval(s[3]) >= 0);
		*out++ = (char)(hexval(s[2]) << 4 | hexval(s[3]));
		s += 3;
	}
	*out = '\0';
}

static void
one(const char *s, char *label, int *made, char *shown)
{
	static char why[512], back[4096];
	size_t n = strlen(s), i;

	if (log_label_ok(s, why, sizeof(why)) == 0) {
		CHECK(n >= 1 && n <= LOG_LABEL_MAX);
		CHECK(log_label_make(s, label, LOG_LABEL_MAX + 1) == 0 && strcmp(label, s) == 0);
		for (i = 0; i < n; i++)
			CHECK(!strchr(" #%/\\\n\t", s[i]));
	} else
		CHECK(why[0] != '\0');
	*made = log_label_make(s, label, LOG_LABEL_MAX + 1) == 0;
	if (*made) {
		CHECK(strlen(label) >= 1 && strlen(label) <= LOG_LABEL_MAX);
		unlabel(label, back);
		CHECK(strcmp(back, s) == 0);
	} else
		CHECK(n == 0 || n > LOG_LABEL_MAX / 3);	/* only length refuses */
	log_name(shown, 4 * 300 + 1, s);
	unname(shown, back);
	CHECK(strcmp(back, s) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	static char a[301], b[301], la[LOG_LABEL_MAX + 1], lb[LOG_LABEL_MAX + 1], sa[1201], sb[1201];
	const uint8_t *cut = memchr(d, 0xff, n);
	size_t na = cut ? (size_t)(cut - d) : n, nb = cut ? n - na - 1 : 0;
	int ma, mb;

	if (na > 300 || nb > 300)
		return 0;
	memcpy(a, d, na);
	a[na] = '\0';
	memcpy(b, cut ? cut + 1 : d, nb);
	b[nb] = '\0';
	one(a, la, &ma, sa);
	one(b, lb, &mb, sb);
	if (strcmp(a, b) != 0) {
		CHECK(!(ma && mb) || strcmp(la, lb) != 0);
		CHECK(strcmp(sa, sb) != 0);
	}
	return 0;
}
