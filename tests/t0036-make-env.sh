# MAKE names the make program: contest runs it for make clean and for the
# timed compile; a MAKE that does not exist is refused before any compile.
. "$(dirname "$0")/lib.sh"
cat > mymake <<EOS
#!/bin/sh
echo "\$*" >> "$T/calls"
exec make "\$@"
EOS
chmod +x mymake
expect 0 env MAKE="$T/mymake" "$CONTEST" -n 1 --units 2 --lead 0 -k mk no_load
grep -q "clean" calls || fail "make clean not through MAKE: $(cat calls)"
grep -q "^-j" calls || fail "compile not through MAKE: $(cat calls)"
expect 1 env MAKE=no-such-make "$CONTEST" -n 1 --units 2 --lead 0 -k mk no_load
grep -q "cannot find 'no-such-make'" stderr || fail "$(cat stderr)"
