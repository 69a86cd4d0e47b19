# The built-in tree compiles with $CC: every compile, the host tool and
# the link go through it.
. "$(dirname "$0")/lib.sh"
cat > mycc <<EOS
#!/bin/sh
echo "\$*" >> "$T/calls"
exec cc "\$@"
EOS
chmod +x mycc
expect 0 env CC="$T/mycc" "$CONTEST" --units 3 --lead 0 -n 1 -k cc no_load
for f in u0000.c u0001.c u0002.c main.c fixdep.c arch/offsets.c; do
	grep -q -- "$f" calls || fail "$f not compiled with \$CC: $(cat calls)"
done
grep -q -- "-o vmlinux" calls || fail "vmlinux not linked with \$CC: $(cat calls)"
