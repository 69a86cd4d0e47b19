/*
 * profile.c: the profiles view (-p), the kernel profiles in text.  For
 * each load, each row's kernel profile: its runs, kernel samples a
 * second and their share of all the samples taken, the parts (compile,
 * load, probe, rest), then its functions by share of the kernel samples
 * with their samples a second of the window, and with --profile all the
 * user samples by command.  (The diffprofile of -c -p is compare.c's.)
 * Every line fits 80 columns: a function's or command's name too long
 * for its column is cut and ends with PROF_CUT (pmodel_name); a row's
 * name is its shown form (row.show), whole, as two rows never print the
 * same.  Reads the model only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define SHOWN	20	/* functions shown a row without -v */

static void
pct_or_dash(char *buf, size_t len, const struct acc *a, int prec)
{
	model_num(buf, len, a->n ? stats_mean(a) : NAN, prec);
}

/* The head of a row's profile (name: its show): runs, kernel samples, idle, lost, parts. */
static void
row_head(FILE *out, const char *name, const struct pgroup *p)
{
	char k[32], ks[32], idle[32], v[32];
	int i, any = 0;

	model_num(k, sizeof(k), stats_mean(&p->kernel), 1);
	pct_or_dash(ks, sizeof(ks), &p->kshare, 1);
	pct_or_dash(idle, sizeof(idle), &p->idle, 1);
	fprintf(out, "%s: %ld run%s, --profile %s%s\n", name, p->n, p->n == 1 ? "" : "s", p->mode,
	    p->mode_mixed ? " (and others)" : "");
	fprintf(out, "  kernel %s samples/s, %s%% of the CPUs' time; idle %s%%; %.0f lost\n", k, ks,
	    idle, p->lost.sum);
	for (i = 0; i < PART_N; i++) {
		if (p->part[i].n == 0)
			continue;
		pct_or_dash(v, sizeof(v), &p->part[i], 1);
		fprintf(out, "%s %s %s%%", any++ ? "," : "  of the kernel samples:", part_names[i].word, v);
	}
	if (any)
		fputc('\n', out);
}

/* The functions (user 0) or commands (user 1) of a row's profile. */
static void
row_table(FILE *out, const struct model *m, const struct ptab *t, int user)
{
	char name[256], sh[32], sd[32], rate[32];
	size_t *idx = pmodel_order(t), i, n;
	double shown = 0;

	if (idx == NULL || t->nsym == 0) {
		free(idx);
		return;
	}
	n = m->o->verbose || t->nsym < SHOWN ? t->nsym : SHOWN;
	fprintf(out, "  %7s %6s %10s  %s\n", "share", "sd", "samples/s", user ? "command (user samples)" :
	    "function");
	for (i = 0; i < n; i++) {
		const struct psym *s = &t->sym[idx[i]];
		double v = psym_var(t, s, 0);

		model_num(sh, sizeof(sh), psym_mean(t, s, 0), 2);
		model_num(sd, sizeof(sd), isnan(v) ? NAN : sqrt(v), 2);
		model_num(rate, sizeof(rate), psym_mean(t, s, 1), 1);
		pmodel_name(name, sizeof(name), psym_name(t, s), 79 - 30);
		fprintf(out, "  %6s%% %6s %10s  %s\n", sh, sd, rate, name);
		shown += psym_mean(t, s, 0);
	}
	if (n < t->nsym)
		fprintf(out, "  (%zu of %zu %s shown: %.1f%% of the %s samples; -v shows all)\n", n,
		    t->nsym, user ? "commands" : "functions", shown, user ? "user" : "kernel");
	free(idx);
}

/*
 * The rows of section i with ok runs but no profile, and why, as one
 * note headed like the section ("Kernel profile, LOAD:" when no row of
 * it had one); 1 if there were any.
 */
static int
none_note(FILE *out, const struct model *m, size_t i, const char *load, int head)
{
	const struct group *g;
	char buf[4096], why[512];
	size_t k, n = 0;
	int c = 0;

	EACH(m, i, k, g) {
		if (pmodel_none(why, sizeof(why), g) == 0 || n + 8 >= sizeof(buf))
			continue;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s: %s", c++ ? "; " : "",
		    m->rows[g->row].show, why);
		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
	}
	if (c == 0)
		return 0;
	if (head)
		fprintf(out, "Kernel profile, %s:\n", load);
	model_note(out, "no profile of %d row%s, left out: %s", c, c == 1 ? "" : "s", buf);
	return 1;
}

int
render_profiles(FILE *out, const struct model *m)
{
	const struct group *g;
	char load[64];
	size_t i, k;
	int any = 0;

	for (i = 0; i < m->nsect; i++) {
		int n = 0, left;

		model_clean(load, sizeof(load), m->sect[i].load);
		EACH(m, i, k, g) {
			if (g->prof == NULL || g->prof->n == 0)
				continue;
			if (n++ == 0)
				fprintf(out, "Kernel profile, %s:\n", load);
			row_head(out, m->rows[g->row].show, g->prof);
			row_table(out, m, &g->prof->k, 0);
			if (g->prof->u.nsym)
				row_table(out, m, &g->prof->u, 1);
		}
		left = none_note(out, m, i, load, n == 0);
		if (n || left)
			fputc('\n', out);
		any |= n > 0;
	}
	if (!any)
		fprintf(out, "Kernel profile: no profile record of an ok run (--profile, doc/contest.1)\n\n");
	else
		fprintf(out, "share: of the run's kernel samples, %%, mean over the runs (a function a run\n"
		    "did not list counts 0 there); sd: of the share; samples/s: of the window\n\n");
	return 0;
}
