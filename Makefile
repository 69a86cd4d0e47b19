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
	loads/io.o loads/io_other.o loads/read.o loads/lslr.o loads/mem.o loads/ustar.o
# the run lifecycle and the loads: contest and the test driver share them
CORE = run.o cage.o watchmsg.o sys.o probe.o log.o outfile.o util.o loads/table.o loads/common.o $(LOADS)
# the report: the model, then one file per renderer
REPORT = report.o model.o table.o compare.o csv.o json.o bars.o svg.o stats.o
OBJ = contest.o gen.o $(REPORT) $(CORE)
HDR = config.h cage.h gen.h log.h outfile.h watchmsg.h model.h probe.h report.h run.h stats.h sys.h util.h loads/load.h

all: contest

contest: $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

.c.o:
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(OBJ): $(HDR)
loads/tarc.o loads/tarx.o loads/ustar.o: loads/ustar.h

# test programs, built with the project's flags; not installed
TESTBIN = tests/solo.bin tests/unit-log.bin tests/stats-test.bin tests/unit-sys.bin \
	tests/unit-probe.bin tests/probe-solo.bin tests/report-run.bin
tests/solo.bin: tests/solo.c $(CORE) $(HDR)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/solo.c $(CORE) $(LDLIBS)
tests/unit-log.bin: tests/unit-log.c log.o outfile.o log.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit-log.c log.o outfile.o $(LDLIBS)
tests/report-run.bin: tests/report-run.c $(REPORT) log.o outfile.o $(HDR)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/report-run.c $(REPORT) log.o outfile.o $(LDLIBS)
tests/stats-test.bin: tests/stats-test.c stats.o stats.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/stats-test.c stats.o $(LDLIBS)

tests/unit-sys.bin: tests/unit-sys.c sys.o sys.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit-sys.c sys.o $(LDLIBS)
# to check sys.c by hand against vmstat and /proc/stat
tests/sys-probe.bin: tests/sys-probe.c sys.o sys.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/sys-probe.c sys.o $(LDLIBS)

# the interactivity probe alone: its unit test, and a driver for tests
# and make bench (doc/probe.md)
tests/unit-probe.bin: tests/unit-probe.c probe.o probe.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit-probe.c probe.o $(LDLIBS)
tests/probe-solo.bin: tests/probe-solo.c probe.o probe.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/probe-solo.c probe.o $(LDLIBS)

# the fuzzer (tests/fuzz): clang's libFuzzer with ASan and UBSan, over the
# report's sources; make check runs it briefly when clang has libFuzzer
FUZZCC = clang
FUZZ_TIME = 60
tests/fuzz-report.bin: tests/fuzz/fuzz-report.c $(REPORT:.o=.c) log.c outfile.c $(HDR)
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/fuzz-report.c $(REPORT:.o=.c) log.c outfile.c -lm

# the watchdog's protocol and the labels (t4120 runs them briefly)
tests/fuzz-watch.bin: tests/fuzz/fuzz-watch.c watchmsg.c watchmsg.h
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/fuzz-watch.c watchmsg.c
tests/fuzz-label.bin: tests/fuzz/fuzz-label.c log.c outfile.c log.h outfile.h
	$(FUZZCC) -std=c11 -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) -o $@ tests/fuzz/fuzz-label.c log.c outfile.c -lm

fuzz: tests/fuzz-report.bin
	mkdir -p tests/tmp/fuzz-corpus
	tests/fuzz-report.bin -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 \
	    -print_final_stats=1 -dict=tests/fuzz/log.dict tests/tmp/fuzz-corpus tests/fuzz/corpus

check: contest $(TESTBIN)
	@sh tests/run.sh

bench: contest $(TESTBIN)
	@sh tests/bench.sh

install: contest
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1
	cp -f contest $(DESTDIR)$(PREFIX)/bin/contest
	chmod 755 $(DESTDIR)$(PREFIX)/bin/contest
	cp -f doc/contest.1 $(DESTDIR)$(MANPREFIX)/man1/contest.1
	chmod 644 $(DESTDIR)$(MANPREFIX)/man1/contest.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/contest $(DESTDIR)$(MANPREFIX)/man1/contest.1

clean:
	rm -f contest $(OBJ) $(TESTBIN) tests/sys-probe.bin tests/fuzz-report.bin tests/fuzz-watch.bin \
	    tests/fuzz-label.bin
	rm -rf tests/tmp

.PHONY: all check bench fuzz install uninstall clean
