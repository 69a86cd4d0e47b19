/*
 * num.h: the one parser of the numbers contest is given, so that every
 * number accepts and refuses the same forms: contest's own options, the
 * loads' (loads/table.c), --probe's PERIOD_MS:PERCENT (probe.c) and
 * CONTEST_DISTURB_PCT.  The grammar is the log's (log.c writes and reads
 * numbers so): decimal digits, and where a fraction may be given, a
 * point between digits (0.5, never .5 or 5.); no sign, space, exponent,
 * hex, inf or nan.  A size is whole digits with an optional k, M, G or T
 * (powers of 1024).  doc/contest.1 says it once, under OPTIONS, Numbers.
 *
 * Each function checks the form and the range: 0 with the value in *v,
 * or -1 with why filled, "WHAT must be ..., not 'TEXT'", the same words
 * for every option of a kind (the caller exits 2).  Nothing here prints.
 */
#ifndef CONTEST_NUM_H
#define CONTEST_NUM_H

#include <stddef.h>

#define NUM_SIZE_MAX	(1ULL << 50)	/* the largest size, bytes (1024T) */

/*
 * Is s (n bytes) a number of the grammar: digits, or with frac also
 * digits, '.' and digits?  0 with its value in *v (strtod's) and its
 * decimals but trailing zeros in *dec (NULL: not wanted), or -1.
 */
int num_decimal(const char *s, size_t n, int frac, double *v, int *dec);

/* A whole number from lo to hi: "-n RUNS must be a whole number from 1 to 1000, not 'x'". */
int num_whole(const char *what, const char *s, long lo, long hi, long *v, char *why, size_t len);
/* A percentage, decimals allowed, from lo to hi. */
int num_pct(const char *what, const char *s, double lo, double hi, double *v, char *why, size_t len);
/* Milliseconds from lo to hi in at most 3 decimals, as the log keeps them (req_t1, req_t2). */
int num_millis(const char *what, const char *s, double lo, double hi, double *v, char *why, size_t len);
/* A size in bytes, from 1 to NUM_SIZE_MAX, with an optional k, M, G or T suffix. */
int num_size(const char *what, const char *s, unsigned long long *v, char *why, size_t len);

#endif
