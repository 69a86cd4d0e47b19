# The shared helpers of util.h: write_all through short and interrupted
# writes, close_fds, the word lists, the generator from a seed, FNV-1a
# against its published values, the hash table through its growth and
# under a repeated hash, the clock.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/util-unit.bin" ] || fail "no tests/util-unit.bin: make check builds it"
"$top/tests/util-unit.bin" || fail "util-unit"
