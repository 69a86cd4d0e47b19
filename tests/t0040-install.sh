# make install honours PREFIX and DESTDIR and installs the binary and the
# man page; make uninstall removes them.
. "$(dirname "$0")/lib.sh"
make -s -C "$top" install DESTDIR="$T/root" PREFIX=/opt/c >out 2>&1 || fail "install: $(cat out)"
[ -x "$T/root/opt/c/bin/contest" ] || fail "binary not installed"
[ -f "$T/root/opt/c/share/man/man1/contest.1" ] || fail "man page not installed"
"$T/root/opt/c/bin/contest" --version | grep -q '^contest' || fail "installed binary does not run"
make -s -C "$top" uninstall DESTDIR="$T/root" PREFIX=/opt/c >out 2>&1 || fail "uninstall: $(cat out)"
[ ! -e "$T/root/opt/c/bin/contest" ] && [ ! -e "$T/root/opt/c/share/man/man1/contest.1" ] || fail "uninstall left files"
