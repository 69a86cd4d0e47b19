/*
 * settings-unit.c: settings.c (the kernel settings of --set) and the
 * watchdog's settings messages, then a driver that does what contest is
 * to do with them.  Built by make tests/settings-unit.bin, run by the
 * t05xx tests.
 *
 *   settings-unit.bin
 *       the unit tests: parsing and its errors, values, comparison, the
 *       protocol's s, S, j, J (where the files lie, kfile.h's kf_map:
 *       kfile-unit.c); prints "not ok" lines and exits 1 on a failure
 *   settings-unit.bin found SET...
 *       resolve the --set arguments and print each file: its name, a
 *       tab, its value found; writes nothing
 *   settings-unit.bin run [-j JOURNAL] [-H LABEL[,LABEL...]] [-R CMD] [-v] SET...
 *       as contest: a journal left at JOURNAL (default settings.journal)
 *       written back, then each SET added, resolved, the journal
 *       written, the watchdog told (cage_open, cage_settings), the
 *       trial; with -H each LABEL applied in turn, then "held PID WDPID"
 *       on stdout and a wait, as a run's, for INT, TERM, HUP or QUIT,
 *       which gives every file its value back and dies by the signal;
 *       else "trial ok".  -R: while held, sh -c CMD runs as the run's
 *       load, in the run's container (cage.h), as a load would.  -v: at the end each file's name, its value
 *       found and what it reads now.  Exit 2 on a refused setting (its
 *       reason on stderr), 1 when a label does not apply.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cage.h"
#include "../run.h"
#include "../settings.h"
#include "../watchmsg.h"

static int failures, checks;

#define CHECK(c) do { checks++; if (!(c)) { printf("not ok: %s:%d: %s\n", __FILE__, __LINE__, #c); \
	failures++; } } while (0)

/* ----------------------------------------------------------- the units */

/* Adding arg to s fails, saying text. */
static void
refused(struct settings *s, const char *arg, const char *text)
{
	char why[1024] = "";

	checks++;
	if (settings_add(s, arg, why, sizeof(why)) == 0 || strstr(why, text) == NULL) {
		printf("not ok: --set '%s': '%s', not '%s'\n", arg, why, text);
		failures++;
	}
}

static void
test_parse(void)
{
	static struct settings s;
	static char big[SET_VALUE_MAX + 32];
	char why[1024], arg[80];
	int i;

	refused(&s, "x", "LABEL:SETTING=VALUE expected, and there is no ':'");
	refused(&s, "bad label:vm.dirty_ratio=1", "--set LABEL 'bad label': byte 4 (' ') is a space");
	refused(&s, ":vm.dirty_ratio=1", "a label cannot be empty");
	refused(&s, "a:", "--set a: no SETTING=VALUE after 'a:'");
	refused(&s, "a:vm.dirty_ratio", "--set a: 'vm.dirty_ratio' has no '=VALUE'");
	refused(&s, "a:=5", "--set a: '=5' names no setting");
	refused(&s, "a:vm.dirty_ratio=", "--set a: vm.dirty_ratio has an empty value");
	refused(&s, "a:vm.dirty_ratio=1\n2", "the value of vm.dirty_ratio holds a newline");
	refused(&s, "a:/etc/passwd=x", "--set a: '/etc/passwd' is not under /sys or /proc/sys");
	refused(&s, "a:/proc/self/comm=x", "'/proc/self/comm' is not under /sys or /proc/sys");
	refused(&s, "a:/sys/../etc/passwd=x", "has an empty, '.' or '..' component");
	refused(&s, "a:/sys//block=x", "has an empty, '.' or '..' component");
	refused(&s, "a:/sys/=x", "has an empty, '.' or '..' component");
	refused(&s, "a:vm..dirty=1", "the sysctl 'vm..dirty' (/proc/sys/vm//dirty) has an empty");
	refused(&s, "a:vm.dirty ratio=1", "'vm.dirty ratio' holds a space or a control character");
	refused(&s, "a:/sys/x=1,", "--set a: nothing after the last ','");
	refused(&s, "a:/sys/x=1,,/sys/y=2", "'' has no '=VALUE'");
	refused(&s, "a:/sys/x=a\\b", "a '\\' before neither ',' nor '\\'");
	refused(&s, "a:/sys/x=a\\", "a '\\' before neither ',' nor '\\'");
	memset(big, 'x', sizeof(big) - 1);
	memcpy(big, "a:/sys/x=", 9);
	refused(&s, big, "the value of /sys/x is longer than 1023 bytes");
	CHECK(s.nlabel == 0);
	/* a label of 64 bytes is refused as 64, not cut */
	memset(arg, 'k', 64);
	arg[64] = '\0';
	refused(&s, strcat(strcpy(big, arg), ":vm.x=1"), "it is 64 bytes");

	CHECK(settings_add(&s, "a:vm.dirty_ratio=30,/sys/x=ff\\,ff,/sys/y=a\\\\b=c", why, sizeof(why)) == 0);
	CHECK(s.nlabel == 1 && s.label[0].npair == 3 && strcmp(s.label[0].name, "a") == 0);
	CHECK(strcmp(s.label[0].pair[0].setting, "vm.dirty_ratio") == 0 && strcmp(s.label[0].pair[0].value, "30") == 0);
	CHECK(strcmp(s.label[0].pair[1].setting, "/sys/x") == 0 && strcmp(s.label[0].pair[1].value, "ff,ff") == 0);
	CHECK(strcmp(s.label[0].pair[2].value, "a\\b=c") == 0);
	CHECK(settings_add(&s, "b\\,c:/sys/x=1", why, sizeof(why)) < 0);	/* ',' is no label's */
	refused(&s, "a:/sys/x=2", "--set a: the label is given twice");
	for (i = 1; i < SET_LABELS; i++) {
		snprintf(arg, sizeof(arg), "l%d:/sys/x=%d", i, i);
		CHECK(settings_add(&s, arg, why, sizeof(why)) == 0);
	}
	refused(&s, "one-more:/sys/x=1", "--set: more than 32 labels");
	CHECK(settings_label(&s, "l7") == 7 && settings_label(&s, "nope") == -1);
	settings_free(&s);
	CHECK(s.nlabel == 0);
}

/* settings_value of text is want. */
static void
value_is(const char *text, const char *want)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", text);
	settings_value(buf);
	checks++;
	if (strcmp(buf, want) != 0) {
		printf("not ok: the value of '%s' is '%s', not '%s'\n", text, buf, want);
		failures++;
	}
}

static void
test_values(void)
{
	value_is("none [mq-deadline] kyber \n", "mq-deadline");
	value_is("[none] mq-deadline kyber\n", "none");
	value_is("always [madvise] never\n", "madvise");
	value_is("[bfq]\n", "bfq");
	value_is("20\n", "20");
	value_is("4\t4\t1\t7\n", "4\t4\t1\t7");
	value_is("a [b] [c]\n", "a [b] [c]");	/* two choices bracketed: no list */
	value_is("x [y\n", "x [y");
	value_is("[]\n", "[]");
	value_is("a [b]c\n", "a [b]c");
	value_is("", "");
	value_is("\n", "");
	value_is(" padded \n", " padded ");

	CHECK(settings_same("020", "20"));
	CHECK(settings_same("+5", "5") && settings_same("-0", "0") && settings_same("0", "000"));
	CHECK(!settings_same("-5", "5") && !settings_same("20", "21") && !settings_same("2", "20"));
	CHECK(settings_same("4 4 1 7", "4\t4\t1\t7") && settings_same(" 4  4 ", "4 4"));
	CHECK(!settings_same("1 2", "1 2 3") && !settings_same("1 2 3", "1 2"));
	CHECK(settings_same("99999999999999999999999", "0099999999999999999999999"));
	CHECK(!settings_same("99999999999999999999999", "99999999999999999999998"));
	CHECK(settings_same("kyber", "kyber") && !settings_same("kyber", "Kyber"));
	CHECK(settings_same("a  b", " a b ") && !settings_same("ab", "a b"));
	CHECK(!settings_same("0x10", "16") && !settings_same("abc", "abcd") && !settings_same("a", ""));
	CHECK(settings_same("", "") && settings_same(" ", ""));
	CHECK(!settings_same("1 x", "01 x"));	/* not all numbers: text */
}

/* A file of the scratch directory holding text. */
static void
put(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fwrite(text, 1, n, f) != n || fclose(f) != 0) {
		printf("not ok: cannot write '%s'\n", path);
		exit(1);
	}
}

static void
test_read_write(void)
{
	static char big[SET_VALUE_MAX + 8];
	char v[SET_VALUE_MAX], now[SET_VALUE_MAX];

	put("v1", "none [mq-deadline] kyber \n", 26);
	CHECK(settings_read("v1", v, sizeof(v)) == 0 && strcmp(v, "mq-deadline") == 0);
	CHECK(settings_read("v1", v, 5) < 0 && errno == E2BIG);
	put("v2", "1\n2\n", 4);
	CHECK(settings_read("v2", v, sizeof(v)) < 0 && errno == EILSEQ);
	put("v3", "a\0b\n", 4);
	CHECK(settings_read("v3", v, sizeof(v)) < 0 && errno == EILSEQ);
	memset(big, 'x', sizeof(big));
	big[SET_VALUE_MAX - 1] = '\n';
	put("v4", big, SET_VALUE_MAX);		/* 1023 bytes and a newline: the longest */
	CHECK(settings_read("v4", v, sizeof(v)) == 0 && strlen(v) == SET_VALUE_MAX - 1);
	put("v5", big, SET_VALUE_MAX + 1);
	CHECK(settings_read("v5", v, sizeof(v)) < 0 && errno == E2BIG);
	CHECK(settings_read("absent", v, sizeof(v)) < 0 && errno == ENOENT);
	/* a write replaces the whole content, as echo VALUE > FILE does */
	CHECK(settings_write("v1", "kyber", now, sizeof(now)) == 0 && strcmp(now, "kyber") == 0);
	CHECK(settings_read("v1", v, sizeof(v)) == 0 && strcmp(v, "kyber") == 0);
	CHECK(settings_write("v1", "020", now, sizeof(now)) == 0);
	CHECK(symlink("v1", "v6") == 0 && settings_write("v6", "x", now, sizeof(now)) < 0);
	CHECK(settings_read("v6", v, sizeof(v)) < 0 && errno == ELOOP);
	CHECK(mkdir("v7", 0755) == 0 && settings_write("v7", "x", now, sizeof(now)) < 0 && errno == EINVAL);
}

/* The settings w keeps, each "FILE=VALUE;", into out. */
static const char *
kept(const struct watch *w, char *out, size_t len)
{
	const char *f, *v;
	size_t off = 0, n = 0;

	out[0] = '\0';
	while (watch_setting(w, &off, &f, &v) && n < len)
		n += (size_t)snprintf(out + n, len - n, "%s=%s;", f, v);
	return out;
}

/* Feed one message of op and arg, encoded; its length or -1. */
static int
send(struct watch *w, char op, const char *arg)
{
	char buf[WATCH_ARG_MAX + 2];
	int n = watch_msg(buf, sizeof(buf), op, arg);

	if (n > 0)
		watch_feed(w, buf, (size_t)n);
	return n;
}

/* An s argument of n bytes: "/fNNNN", a newline, a value of v's. */
static const char *
setting_of(char *arg, int i, size_t n)
{
	int k = snprintf(arg, 12, "/f%04d\n", i);

	memset(arg + k, 'v', n - (size_t)k);
	arg[n] = '\0';
	return arg;
}

static void
test_protocol(void)
{
	static struct watch w;
	static char out[WATCH_SET_BYTES + 64], arg[WATCH_ARG_MAX];
	int i, n;

	watch_init(&w);
	CHECK(send(&w, 's', "/sys/a\nmq-deadline") > 0 && send(&w, 's', "/proc/sys/vm/x\n") > 0);
	CHECK(w.nset == 2 && strcmp(kept(&w, out, sizeof(out)), "/sys/a=mq-deadline;/proc/sys/vm/x=;") == 0);
	CHECK(send(&w, 's', "/sys/a\nkyber") > 0);	/* the first value found stays */
	CHECK(w.nset == 2 && strcmp(kept(&w, out, sizeof(out)), "/sys/a=mq-deadline;/proc/sys/vm/x=;") == 0);
	CHECK(send(&w, 's', "/sys/a") < 0 && send(&w, 's', "sys/a\n1") < 0 && send(&w, 's', "\n1") < 0);
	CHECK(send(&w, 's', "/sys/a\n1\n2") < 0 && send(&w, 's', NULL) < 0 && send(&w, 'S', "x") < 0);
	/* the parser drops what contest would not send, whole */
	watch_feed(&w, "s/sys/b\0s/sys/c\nx\ny\0S1\0", 24);
	CHECK(w.nset == 2 && w.dropped == 3);
	CHECK(send(&w, 'j', "/w/settings.journal") > 0 && strcmp(w.journal, "/w/settings.journal") == 0);
	CHECK(send(&w, 'J', NULL) > 0 && w.journal[0] == '\0' && send(&w, 'j', "") < 0);
	CHECK(send(&w, 'S', NULL) > 0 && w.nset == 0 && w.setlen == 0);
	CHECK(send(&w, 's', "/sys/a\nkyber") > 0 && w.nset == 1);	/* after S, a new value */
	/* room for WATCH_SET_BYTES to the byte, never past it, nothing cut */
	watch_init(&w);
	for (i = 0; i < WATCH_SET_BYTES / 1024 - 1; i++)
		send(&w, 's', setting_of(arg, i, 1023));	/* 1024 bytes kept each */
	CHECK(w.nset == WATCH_SET_BYTES / 1024 - 1 && w.dropped == 0);
	CHECK(send(&w, 's', setting_of(arg, i, 1024)) > 0 && w.dropped == 1);	/* a byte too many */
	CHECK(send(&w, 's', setting_of(arg, i, 1023)) > 0 && w.dropped == 1 && w.setlen == WATCH_SET_BYTES);
	CHECK(send(&w, 's', "/z\n1") > 0 && w.dropped == 2 && w.nset == WATCH_SET_BYTES / 1024);
	n = 0;
	for (i = 0; i < w.nset; i++) {
		const char *f, *v;
		size_t off = (size_t)i * 1024;
		n += watch_setting(&w, &off, &f, &v) && strlen(f) + strlen(v) == 1022;
	}
	CHECK(n == w.nset);
}

static int
unit(void)
{
	test_parse();
	test_values();
	test_read_write();
	test_protocol();
	if (failures)
		return 1;
	printf("ok: %d checks\n", checks);
	return 0;
}

/* ---------------------------------------------------------- the driver */

static struct settings set;
static struct cage cage;

/* Add and resolve the --set arguments: 0, or -1 said. */
static int
resolve(int n, char **args)
{
	char why[2048];
	int i;

	for (i = 0; i < n; i++)
		if (settings_add(&set, args[i], why, sizeof(why)) < 0) {
			fprintf(stderr, "settings-unit: %s\n", why);
			return -1;
		}
	if (settings_resolve(&set, why, sizeof(why)) < 0) {
		fprintf(stderr, "settings-unit: %s\n", why);
		return -1;
	}
	return 0;
}

static int
found(int n, char **args)
{
	int i;

	if (resolve(n, args) < 0)
		return 2;
	for (i = 0; i < set.nfile; i++)
		printf("%s\t%s\n", set.file[i].name, set.file[i].found);
	return 0;
}

/* Every file given back, the watchdog let go, as contest ends. */
static void
end(int verbose)
{
	char why[2048], now[SET_VALUE_MAX];
	int i;

	if (settings_finish(&set, why, sizeof(why)) == 0)
		cage_settings_done(&cage);
	else
		fprintf(stderr, "settings-unit: %s\n", why);
	cage_close(&cage);
	for (i = 0; verbose && i < set.nfile; i++) {
		if (settings_read(set.file[i].path, now, sizeof(now)) < 0)
			snprintf(now, sizeof(now), "(unreadable: %s)", strerror(errno));
		printf("file %s found=%s now=%s\n", set.file[i].name, set.file[i].found, now);
	}
	fflush(stdout);
}

/* sh -c cmd as the run's load, in its container, as run.c starts one. */
static void
load(const char *cmd)
{
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		if (cage_enter(&cage, PART_LOAD) < 0)
			_exit(127);
		run_default_signals();
		putenv((char *)cage_env(&cage));
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid > 0) {
		setpgid(pid, pid);
		cage_track(&cage, PART_LOAD, pid);
	}
}

/* Apply each label of list in turn, then wait for a stop signal: never returns. */
static void
hold(char *list, const char *cmd, int verbose)
{
	char why[2048], *l;
	int li, sig;

	for (l = strtok(list, ","); l; l = strtok(NULL, ",")) {
		if ((li = settings_label(&set, l)) < 0 || settings_apply(&set, li, why, sizeof(why)) < 0) {
			fprintf(stderr, "settings-unit: %s\n", li < 0 ? "no such label" : why);
			end(verbose);
			exit(1);
		}
	}
	if (cmd)
		load(cmd);
	printf("held %ld %ld\n", (long)getpid(), (long)cage.wd_pid);
	fflush(stdout);
	while (run_sleep(3600) == 0)
		;
	sig = run_caught();
	end(verbose);
	/* die by the signal, as contest does (die_by) */
	run_default_signals();
	raise(sig);
	_exit(128 + sig);
}

static int
drive(int argc, char **argv)
{
	const char *journal = SET_JOURNAL;
	char why[2048], *held = NULL, *cmd = NULL;
	int c, rc, verbose = 0;

	while ((c = getopt(argc, argv, "j:H:R:v")) != -1)
		switch (c) {
		case 'j': journal = optarg; break;
		case 'H': held = optarg; break;
		case 'R': cmd = optarg; break;
		case 'v': verbose = 1; break;
		default: return 2;
		}
	if ((rc = settings_recover(journal, why, sizeof(why))) != 0)
		fprintf(stderr, "settings-unit: %s\n", why);
	if (rc < 0 || resolve(argc - optind, argv + optind) < 0)
		return 2;
	run_signals();
	if (cage_open(&cage, why, sizeof(why)) < 0) {
		fprintf(stderr, "settings-unit: %s\n", why);
		return 1;
	}
	rc = settings_journal(&set, journal, why, sizeof(why));
	if (rc == 0 && (rc = cage_settings(&cage, &set)) < 0)
		snprintf(why, sizeof(why), "the watchdog was not told the values found");
	if (rc < 0 || settings_trial(&set, NULL, NULL, why, sizeof(why)) < 0) {
		fprintf(stderr, "settings-unit: %s\n", why);
		end(verbose);
		return 2;
	}
	if (held)
		hold(held, cmd, verbose);
	printf("trial ok\n");
	end(verbose);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 1)
		return unit();
	if (strcmp(argv[1], "found") == 0)
		return found(argc - 2, argv + 2);
	if (strcmp(argv[1], "run") == 0)
		return drive(argc - 1, argv + 1);
	fprintf(stderr, "usage: settings-unit.bin [found SET... | run [-j JOURNAL] [-H LABELS] [-R CMD] [-v] "
	    "SET...]\n");
	return 2;
}
