# The log writer and reader: round trip, encoding, every malformed case,
# refusal of over-long records, two concurrent appenders, a truncated line.
. "$(dirname "$0")/lib.sh"
cc -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 -Wall -Wextra -g \
	-o unit-log "$top/tests/unit-log.c" "$top/log.c" -lm || fail "build"
./unit-log || fail "unit-log"
