/*
 * num.c: the numbers contest is given, in one grammar (num.h): checked
 * by hand for the form, then strtod(3) or strtoull(3) for the value,
 * and the range.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

/* How many decimal digits s (n bytes) starts with. */
static size_t
digits(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	return i;
}

int
num_decimal(const char *s, size_t n, int frac, double *v, int *dec)
{
	size_t whole = digits(s, n), f = 0, d;
	char buf[64];

	if (whole == 0 || n >= sizeof(buf))
		return -1;
	if (whole < n) {
		if (!frac || s[whole] != '.' || (f = digits(s + whole + 1, n - whole - 1)) == 0 ||
		    whole + 1 + f != n)
			return -1;
	}
	for (d = f; d > 0 && s[whole + d] == '0'; d--)	/* trailing zeros say nothing */
		;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, NULL);
	if (dec)
		*dec = (int)d;
	return 0;
}

/* Whole digits, all of s, at most max: *v; -1 if not. */
static int
whole(const char *s, size_t n, unsigned long long max, unsigned long long *v)
{
	if (n == 0 || digits(s, n) != n)
		return -1;
	errno = 0;
	*v = strtoull(s, NULL, 10);
	return errno || *v > max ? -1 : 0;
}

int
num_whole(const char *what, const char *s, long lo, long hi, long *v, char *why, size_t len)
{
	unsigned long long u;

	if (whole(s, strlen(s), (unsigned long long)hi, &u) < 0 || u < (unsigned long long)lo) {
		snprintf(why, len, "%s must be a whole number from %ld to %ld, not '%s'", what, lo, hi, s);
		return -1;
	}
	*v = (long)u;
	return 0;
}

int
num_pct(const char *what, const char *s, double lo, double hi, double *v, char *why, size_t len)
{
	if (num_decimal(s, strlen(s), 1, v, NULL) < 0 || !(*v >= lo && *v <= hi)) {
		snprintf(why, len, "%s must be a percentage from %g to %g, not '%s'", what, lo, hi, s);
		return -1;
	}
	return 0;
}

/*
 * In at most 3 decimals, so that what is logged (req_t1 and req_t2 are
 * written with 3) is what was given: 0.0015 would be logged as another
 * threshold than the one the requests were timed against.
 */
int
num_millis(const char *what, const char *s, double lo, double hi, double *v, char *why, size_t len)
{
	int dec;

	if (num_decimal(s, strlen(s), 1, v, &dec) < 0 || dec > 3 || !(*v >= lo && *v <= hi)) {
		snprintf(why, len, "%s must be milliseconds from %g to %g in at most 3 decimals (the log "
		    "keeps them to a microsecond), not '%s'", what, lo, hi, s);
		return -1;
	}
	return 0;
}

int
num_size(const char *what, const char *s, unsigned long long *v, char *why, size_t len)
{
	static const char suffix[] = "kKmMgGtT";	/* in pairs: 1024, 1024^2, ... */
	size_t n = strlen(s), d = n;
	unsigned long long u, mul = 1;
	const char *k;

	if (n > 1 && (k = strchr(suffix, s[n - 1])) != NULL) {
		mul = 1ULL << (10 * (1 + (k - suffix) / 2));
		d = n - 1;
	}
	if (whole(s, d, NUM_SIZE_MAX / mul, &u) < 0 || u == 0) {
		snprintf(why, len, "%s must be a size like 64M, 512k or 2G (k, M, G, T: powers of 1024; "
		    "at most 1024T), not '%s'", what, s);
		return -1;
	}
	*v = u * mul;
	return 0;
}
