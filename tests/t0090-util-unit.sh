# The shared helpers of util.h: write_all through short and interrupted
# writes, close_fds, the /proc/PID/stat parser (a command holding ')'
# and spaces, malformed lines, this process's own) and mountinfo's
# octal escapes (a first digit above 3 is not an escape).
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/util-unit.bin" ] || fail "no tests/util-unit.bin: make check builds it"
"$top/tests/util-unit.bin" || fail "util-unit"
