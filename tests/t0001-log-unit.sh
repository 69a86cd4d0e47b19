# The log writer and reader: round trip, encoding (notes included), every
# malformed case, records that cannot outgrow a line, the one definition
# of "the same configuration", two concurrent appenders, a truncated line
# and the next record kept apart from it, a short write cut back off.
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/log-unit.bin" ] || fail "no tests/log-unit.bin: make check builds it"
"$top/tests/log-unit.bin" || fail "log-unit"
