# settings.c alone (tests/settings-unit.c): each rule of --set's text and
# its message (no ':', a bad label, no '=VALUE', an empty value, a
# newline, a path outside /sys and /proc/sys, '..', a stray '\', a label
# given twice, too many labels), "\," in a value; a file's value (the
# bracketed word of a list of choices, the trailing newline off; a NUL,
# two lines or too many bytes refused); the comparison ("020" is "20",
# white space folded); the roots; a write replaces the content, never
# through a link or into a directory; the watchdog's s, S, j, J messages
# (kept whole and in order, the first value of a file kept, never past
# its room, dropped whole when not understood, S never on a bad one).
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/settings-unit.bin" ] || fail "no tests/settings-unit.bin: make check builds it"
"$top/tests/settings-unit.bin" || fail "settings-unit"
