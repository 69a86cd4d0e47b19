# The built-in tree's make clean removes everything its build made
# (objects, archives, .cmd files, generated headers, the host tool,
# vmlinux): a built and cleaned tree is byte for byte a fresh one, which
# also shows that two trees of the same size are the same bytes.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" --units 5 --lead 0 -n 1 -d built -k t no_load
[ -x built/builtin/vmlinux ] || fail "no vmlinux after the compile"
[ -f built/builtin/include/generated/offsets.h ] || fail "no generated offsets.h"
(cd built/builtin && make -s clean) || fail "make clean failed"
# MAKE=true: contest writes the tree, the "compiles" do nothing
expect 0 env MAKE=true "$CONTEST" --units 5 --lead 0 -n 1 -d fresh -k t -l fresh.log no_load
d=$(diff -r built/builtin fresh/builtin 2>&1) || fail "cleaned tree differs from a fresh one: $d"
