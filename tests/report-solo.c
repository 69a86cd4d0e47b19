/*
 * report-solo.c: the report alone, for the tests of what contest's
 * command line does not carry (--loads, restricting the sections as the
 * harness does after each load) and of the report as the harness calls
 * it.  Not installed.
 * report-solo.bin [-v] [-b L] [-c L] [--bars] [--svg F] [--csv|--json]
 *     [--disturbed] [--loads a,b] [--verdict BASE [-k LABEL] [--threshold PCT]] LOG...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report.h"

int
main(int argc, char *argv[])
{
	static const char *order[] = { "no_load", "cacherun", "process_load", "io_load", NULL };
	const char *loads[16];
	struct report_opts o;
	char *l;
	int i;

	memset(&o, 0, sizeof(o));
	o.order = order;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-v"))
			o.verbose = 1;
		else if (!strcmp(argv[i], "-b") && i + 1 < argc)
			o.base = argv[++i];
		else if (!strcmp(argv[i], "-c") && i + 1 < argc)
			o.compare = argv[++i];
		else if (!strcmp(argv[i], "--bars"))
			o.bars = 1;
		else if (!strcmp(argv[i], "--svg") && i + 1 < argc)
			o.svg = argv[++i];
		else if (!strcmp(argv[i], "--csv"))
			o.format = REPORT_CSV;
		else if (!strcmp(argv[i], "--json"))
			o.format = REPORT_JSON;
		else if (!strcmp(argv[i], "--disturbed"))
			o.disturbed = 1;
		else if (!strcmp(argv[i], "--verdict") && i + 1 < argc)
			o.verdict = argv[++i];
		else if (!strcmp(argv[i], "-k") && i + 1 < argc)
			o.candidate = argv[++i];
		else if (!strcmp(argv[i], "--threshold") && i + 1 < argc)
			o.threshold = atof(argv[++i]);
		else if (!strcmp(argv[i], "--loads") && i + 1 < argc) {
			o.loads = loads;
			for (l = strtok(argv[++i], ","); l && o.nloads < 16; l = strtok(NULL, ","))
				loads[o.nloads++] = l;
		} else {
			fprintf(stderr, "report-solo: bad option '%s'\n", argv[i]);
			return 2;
		}
	}
	if (o.verdict)
		return report_verdict(&o, argc - i, (const char *const *)argv + i, stdout);
	return report(&o, argc - i, (const char *const *)argv + i, stdout);
}
