# The compile starts with every signal at its default and none blocked
# (contest ignores SIGPIPE and blocks INT, TERM, HUP, QUIT and CHLD
# itself), and without MAKE, MAKEFLAGS or MAKELEVEL in its environment,
# whatever started contest: its /proc/PID/status and environ, read by a
# make wrapper.
. "$(dirname "$0")/lib.sh"
cat > mk <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
grep -E '^Sig(Blk|Ign):' /proc/\$\$/status > "$T/sig"
tr '\0' '\n' < /proc/\$\$/environ | grep -E '^(MAKE|MAKEFLAGS|MFLAGS|MAKELEVEL)=' > "$T/env"
exec make "\$@"
EOS
chmod +x mk
expect 0 env MAKE="$T/mk" MAKEFLAGS=" -j1 --jobserver-auth=3,4" MAKELEVEL=3 \
	"$CONTEST" -n 1 --units 1 --lead 0 -k cs no_load
[ -s sig ] || fail "the wrapper did not run"
grep -q '^SigBlk:	0*$' sig || fail "signals blocked in the compile: $(cat sig)"
grep -q '^SigIgn:	0*$' sig || fail "signals ignored in the compile: $(cat sig)"
[ ! -s env ] || fail "make variables passed on: $(cat env)"
