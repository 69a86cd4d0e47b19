# The kernel's files (kfile.h): paths below a fake root (CONTEST_ROOT)
# and without one, a small file whole and bounded, its first line, a
# file over a MiB, a write, lines and keys, meminfo, mountinfo (optional
# fields, octal escapes, short lines), CPU lists ("0-3,5,7-8"), the stat
# parser (a command holding ") " and spaces); this process and a child
# named "a) (b c" read from the real /proc whatever the fake root holds.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/kfile-unit.bin" ] || fail "no tests/kfile-unit.bin: make check builds it"
"$top/tests/kfile-unit.bin" || fail "kfile-unit"
