/*
 * clean.c: log content made safe to print.  A log's strings (labels,
 * hosts, reasons, load names, symbols) are whatever a writer put there;
 * every view prints them through these: a name reversibly (log_name),
 * fixed-width text with controls as '?', the rest as log_vis, and their
 * width in columns; and the quoting of a CSV field and of a JSON string
 * that every data format shares.  Below the model: the model and the kernel profiles'
 * model (pmodel.c) print names with them, as every renderer does.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/* The length of the valid UTF-8 sequence at p, 0 if it is not one. */
static int
utf8_len(const unsigned char *p)
{
	int n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 :
	    (*p & 0xf8) == 0xf0 ? 4 : 0, j;

	for (j = 1; j < n; j++)
		if ((p[j] & 0xc0) != 0x80)
			return 0;
	return n == 2 && *p < 0xc2 ? 0 : n;
}

void
model_clean(char *dst, size_t len, const char *src)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t o = 0;
	int n, j;

	if (len == 0)
		return;
	while (*p && o + 1 < len) {
		n = utf8_len(p);
		/* C0, DEL, C1 (U+0080-U+009F) and bytes that are not UTF-8: '?' each */
		if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f)) || (n == 2 && *p == 0xc2 && p[1] < 0xa0)) {
			for (j = 0; j < (n ? n : 1) && o + 1 < len; j++)
				dst[o++] = '?';
			p += n ? n : 1;
			continue;
		}
		if (o + (size_t)n >= len)
			break;
		memcpy(dst + o, p, (size_t)n);
		o += (size_t)n;
		p += n;
	}
	dst[o] = '\0';
}

/* A row name or a label as printed: reversibly (log_name). */
void
model_name(char *dst, size_t len, const char *src)
{
	log_name(dst, len, src);
}

size_t
model_cols(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;	/* bytes that start a character */
	return n;
}

void
model_pad(FILE *out, const char *s, size_t width)
{
	size_t c = model_cols(s);

	fputs(s, out);
	for (; c < width; c++)
		fputc(' ', out);
}

void
model_vis(char *dst, size_t len, const char *src)
{
	log_vis(dst, len, src, strlen(src));
}

void
model_num(char *dst, size_t len, double v, int prec)
{
	if (!isfinite(v))
		snprintf(dst, len, "-");
	else
		snprintf(dst, len, "%.*f", prec, v);
}

void
model_csv_str(FILE *out, const char *raw, int name)
{
	char v[3 * LOG_WORKLOAD_MAX + 8];	/* what csv has always cut a workload to */
	const char *p;

	if (name)
		model_name(v, sizeof(v), raw);
	else
		model_vis(v, sizeof(v), raw);
	if (strpbrk(v, ",\"\r\n") == NULL) {
		fputs(v, out);
		return;
	}
	fputc('"', out);
	for (p = v; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
}

void
model_csv_num(FILE *out, const char *fmt, double v)
{
	fputc(',', out);
	if (isfinite(v))
		fprintf(out, fmt, v);
}

void
model_json_str(FILE *out, const char *v)
{
	const unsigned char *p = (const unsigned char *)v;

	if (v == NULL) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	while (*p) {
		const unsigned char *q = p;
		int n;

		while (*q >= 0x20 && *q < 0x7f && *q != '"' && *q != '\\')
			q++;	/* printable ASCII but the two escaped: as it is, at once */
		if (q > p) {
			fwrite(p, 1, (size_t)(q - p), out);
			p = q;
			continue;
		}
		n = utf8_len(p);
		if (n == 0) {
			fputs("\\ufffd", out);
			p++;
		} else if (n == 2 && *p == 0xc2 && p[1] < 0xa0) {
			fprintf(out, "\\u%04x", p[1]);	/* a C1 control */
			p += 2;
		} else if (n > 1) {
			fwrite(p, 1, (size_t)n, out);
			p += n;
		} else {
			if (*p == '"' || *p == '\\')
				fprintf(out, "\\%c", *p);
			else if (*p < 0x20 || *p == 0x7f)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
			p++;
		}
	}
	fputc('"', out);
}
