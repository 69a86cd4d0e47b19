# contest: see README.  Sources are listed one by one.
VERSION = 0.2
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -pedantic
CPPFLAGS += -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 -D_GNU_SOURCE
LDLIBS = -lm

LOADS = loads/noload.o loads/cacherun.o loads/process.o loads/tarc.o loads/tarx.o \
	loads/io.o loads/io_other.o loads/read.o loads/lslr.o loads/mem.o loads/ustar.o \
	loads/dbench.o
# the one copy of each shared helper (util.h; kfile.h, the one way into
# /proc and /sys; outfile.h, the opener of what contest writes; num.h, the
# parser of the numbers it is given; derive.h, the run's parts and the
# numbers derived from a record, the harness's and the report's alike):
# every program below links it
UTIL = util.o kfile.o outfile.o num.o derive.o
# the run lifecycle and the loads: contest and the test driver share them
CORE = run.o cage.o watchmsg.o settings.o sys.o probe.o profile.o log.o sizing.o loads/table.o \
	loads/common.o loads/req.o $(LOADS)
# the report: its entry point, the model (log content made safe to print,
# the model, the profiles', the comparison's family of tests, --verdict's
# decision and the engine), the views, the vocabulary, then one file per output format
# (report/format.h)
REPORT = report.o report/clean.o report/model.o report/pmodel.o report/family.o report/judge.o report/verdict.o \
	report/stats.o report/text.o report/profile.o report/compare.o report/bars.o report/svg.o \
	report/words.o report/table.o report/csv.o report/json.o report/long.o report/kcidb.o report/lava.o
# the harness: main, then its jobs (contest.h)
HARNESS = contest.o cli.o preflight.o lock.o rig.o suite.o plan.o
OBJ = $(HARNESS) gen.o $(REPORT) $(CORE) $(UTIL)
HDR = config.h cage.h contest.h derive.h gen.h kfile.h log.h num.h outfile.h watchmsg.h probe.h profile.h report.h run.h settings.h \
	sizing.h sys.h util.h loads/load.h report/format.h report/judge.h report/model.h report/stats.h report/verdict.h

all: contest

contest: $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

.c.o:
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(OBJ): $(HDR)
loads/tarc.o loads/tarx.o loads/ustar.o: loads/ustar.h

# test programs (tests/README), built with the project's flags; not
# installed.  Named COMPONENT-KIND.c: -unit a unit test, -solo the
# component run alone for tests and benches, -bench for make bench only.
# Each links what it tests and $(UTIL).
TESTBIN = tests/load-solo.bin tests/log-unit.bin tests/log-solo.bin tests/stats-unit.bin \
	tests/sys-unit.bin tests/probe-unit.bin tests/probe-solo.bin tests/report-solo.bin tests/util-unit.bin \
	tests/sizing-unit.bin tests/verdict-unit.bin tests/verdict-sim.bin tests/profile-unit.bin \
	tests/profile-solo.bin tests/profile-sim.bin \
	tests/req-unit.bin tests/req-bench.bin tests/settings-unit.bin tests/kfile-unit.bin
TESTLINK = $(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@
tests/load-solo.bin: tests/load-solo.c $(CORE) $(UTIL) $(HDR)
	$(TESTLINK) tests/load-solo.c $(CORE) $(UTIL) $(LDLIBS)
# the settings of --set: parsing, values, and a driver that writes them
# under a watchdog as contest does (t0500-t0519)
tests/settings-unit.bin: tests/settings-unit.c $(CORE) $(UTIL) $(HDR)
	$(TESTLINK) tests/settings-unit.c $(CORE) $(UTIL) $(LDLIBS)
tests/util-unit.bin: tests/util-unit.c $(UTIL) $(HDR)
	$(TESTLINK) tests/util-unit.c $(UTIL) $(LDLIBS)
# the kernel's files on a fake root and on this box's own processes (t0097)
tests/kfile-unit.bin: tests/kfile-unit.c $(UTIL) $(HDR)
	$(TESTLINK) tests/kfile-unit.c $(UTIL) $(LDLIBS)
tests/log-unit.bin: tests/log-unit.c log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/log-unit.c log.o $(UTIL) $(LDLIBS)
tests/log-solo.bin: tests/log-solo.c log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/log-solo.c log.o $(UTIL) $(LDLIBS)
tests/report-solo.bin: tests/report-solo.c $(REPORT) log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/report-solo.c $(REPORT) log.o $(UTIL) $(LDLIBS)
tests/stats-unit.bin: tests/stats-unit.c report/stats.o $(UTIL) $(HDR)
	$(TESTLINK) tests/stats-unit.c report/stats.o $(UTIL) $(LDLIBS)
# the comparison engine: its unit test, and its simulation through the report's
# code (doc/report.md, Verdicts)
tests/verdict-unit.bin: tests/verdict-unit.c report/verdict.o report/stats.o $(UTIL) $(HDR)
	$(TESTLINK) tests/verdict-unit.c report/verdict.o report/stats.o $(UTIL) $(LDLIBS)
tests/verdict-sim.bin: tests/verdict-sim.c $(REPORT) log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/verdict-sim.c $(REPORT) log.o $(UTIL) $(LDLIBS)

# the sizing policy on fake kernels and planned machines (t0400)
tests/sizing-unit.bin: tests/sizing-unit.c sizing.o sys.o log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/sizing-unit.c sizing.o sys.o log.o $(UTIL) $(LDLIBS)
tests/sys-unit.bin: tests/sys-unit.c sys.o log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/sys-unit.c sys.o log.o $(UTIL) $(LDLIBS)
# to check sys.c by hand against vmstat and /proc/stat
tests/sys-solo.bin: tests/sys-solo.c sys.o log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/sys-solo.c sys.o log.o $(UTIL) $(LDLIBS)
# what reading the window's edges costs (tests/bench/machine.sh)
tests/window-bench.bin: tests/window-bench.c sys.o log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/window-bench.c sys.o log.o $(UTIL) $(LDLIBS)

# the interactivity probe alone: its unit test, and a driver for tests
# and make bench (doc/probe.md)
tests/probe-unit.bin: tests/probe-unit.c probe.o $(UTIL) $(HDR)
	$(TESTLINK) tests/probe-unit.c probe.o $(UTIL) $(LDLIBS)
tests/probe-solo.bin: tests/probe-solo.c probe.o $(UTIL) $(HDR)
	$(TESTLINK) tests/probe-solo.c probe.o $(UTIL) $(LDLIBS)

# an I/O load's request latency and the workers of a load (loads/req.c,
# loads/common.c): the unit test, and the cost of timing for make bench
tests/req-unit.bin: tests/req-unit.c loads/req.o loads/common.o sizing.o probe.o $(UTIL) $(HDR)
	$(TESTLINK) tests/req-unit.c loads/req.o loads/common.o sizing.o probe.o $(UTIL) $(LDLIBS)
tests/req-bench.bin: tests/req-bench.c loads/req.o loads/common.o sizing.o probe.o $(UTIL) $(HDR)
	$(TESTLINK) tests/req-bench.c loads/req.o loads/common.o sizing.o probe.o $(UTIL) $(LDLIBS)
# the kernel profile alone: its unit test, and a driver for tests and
# make bench (doc/profile.md)
tests/profile-unit.bin: tests/profile-unit.c profile.o $(UTIL) $(HDR)
	$(TESTLINK) tests/profile-unit.c profile.o $(UTIL) $(LDLIBS)
tests/profile-solo.bin: tests/profile-solo.c profile.o $(UTIL) $(HDR)
	$(TESTLINK) tests/profile-solo.c profile.o $(UTIL) $(LDLIBS)
# what the diffprofile's marks promise, by simulation through the report's model
tests/profile-sim.bin: tests/profile-sim.c $(REPORT) log.o $(UTIL) $(HDR)
	$(TESTLINK) tests/profile-sim.c $(REPORT) log.o $(UTIL) $(LDLIBS)

# the fuzzer (tests/fuzz): clang's libFuzzer with ASan and UBSan, over the
# report's sources; make check runs it briefly when clang has libFuzzer
FUZZCC = clang
FUZZ_TIME = 60
FUZZSRC = $(REPORT:.o=.c) log.c $(UTIL:.o=.c)
tests/report-fuzz.bin: tests/fuzz/report-fuzz.c $(FUZZSRC) $(HDR)
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/report-fuzz.c $(FUZZSRC) -lm

# the watchdog's protocol and the labels (t4120 runs them briefly)
tests/watch-fuzz.bin: tests/fuzz/watch-fuzz.c watchmsg.c watchmsg.h
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/watch-fuzz.c watchmsg.c
tests/label-fuzz.bin: tests/fuzz/label-fuzz.c log.c $(UTIL:.o=.c) $(HDR)
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/label-fuzz.c log.c $(UTIL:.o=.c) -lm

fuzz: tests/report-fuzz.bin
	mkdir -p tests/tmp/fuzz-corpus
	tests/report-fuzz.bin -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 \
	    -print_final_stats=1 -dict=tests/fuzz/log.dict tests/tmp/fuzz-corpus tests/fuzz/corpus

check: contest $(TESTBIN)
	@sh tests/run.sh

# the expected views of the golden logs (t3700): written anew on purpose
golden: contest
	for log in tests/golden/*.log tests/fuzz/corpus/*.log; do \
	    sh tests/golden/render.sh ./contest $$log | gzip -9n > tests/golden/$$(basename $$log .log).expect.gz || exit 1; \
	    sh tests/golden/render.sh ./contest $$log fleet | gzip -9n > tests/golden/$$(basename $$log .log).fleet.expect.gz || exit 1; \
	done

bench: contest $(TESTBIN) tests/window-bench.bin
	@sh tests/bench/run.sh

install: contest
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1
	cp -f contest $(DESTDIR)$(PREFIX)/bin/contest
	chmod 755 $(DESTDIR)$(PREFIX)/bin/contest
	cp -f doc/contest.1 $(DESTDIR)$(MANPREFIX)/man1/contest.1
	chmod 644 $(DESTDIR)$(MANPREFIX)/man1/contest.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/contest $(DESTDIR)$(MANPREFIX)/man1/contest.1

clean:
	rm -f contest $(OBJ) $(TESTBIN) tests/sys-solo.bin tests/window-bench.bin tests/report-fuzz.bin \
	    tests/watch-fuzz.bin tests/label-fuzz.bin
	rm -rf tests/tmp

.PHONY: all check golden bench fuzz install uninstall clean
