# contest: see README.  Sources are listed one by one.
VERSION = 0.1
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -pedantic
CPPFLAGS += -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700
LDLIBS = -lm

LOADS = loads/noload.o loads/cacherun.o loads/process.o loads/tarc.o loads/tarx.o \
	loads/io.o loads/io_other.o loads/read.o loads/lslr.o loads/mem.o loads/ustar.o
OBJ = contest.o log.o report.o svg.o stats.o gen.o util.o probe.o loads/table.o loads/common.o $(LOADS)

all: contest

contest: $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

.c.o:
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(OBJ): config.h load.h log.h report.h report-int.h stats.h gen.h util.h
loads/tarc.o loads/tarx.o loads/ustar.o: loads/ustar.h
probe.o: probe.h

# tests/solo.bin: one load alone, no compile, for tests and make bench
SOLO_OBJ = util.o loads/table.o loads/common.o $(LOADS)
tests/solo.bin: tests/solo.c $(SOLO_OBJ) load.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/solo.c $(SOLO_OBJ) $(LDLIBS)

# the interactivity probe alone: its unit test, and a driver for tests
# and make bench (doc/probe.md)
tests/unit-probe.bin: tests/unit-probe.c probe.o probe.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/unit-probe.c probe.o $(LDLIBS)
tests/probe-solo.bin: tests/probe-solo.c probe.o probe.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tests/probe-solo.c probe.o $(LDLIBS)

check: contest tests/solo.bin tests/unit-probe.bin tests/probe-solo.bin
	@sh tests/run.sh

bench: contest tests/solo.bin tests/probe-solo.bin
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
	rm -f contest $(OBJ) tests/*.bin
	rm -rf tests/tmp

.PHONY: all check bench install uninstall clean
