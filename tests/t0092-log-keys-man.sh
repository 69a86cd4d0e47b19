# Every key of the log's key table (LOG_KEYS in log.h, from which log.c
# writes and reads the log) has its entry under THE LOG in the man page:
# the third step of log.h's recipe for a new key cannot be forgotten.
. "$(dirname "$0")/lib.sh"
sed -n '/^#define LOG_KEYS/,/^$/p' "$top/log.h" | grep -o '"[a-z0-9_]*"' | tr -d '"' > keys
[ "$(wc -l < keys)" -gt 50 ] || fail "only $(wc -l < keys) keys read from log.h's LOG_KEYS"
# the terms of THE LOG: its .B, .BR and .BI lines
awk '/^\.SH THE LOG/ { on = 1; next } /^\.SH/ { on = 0 } on && /^\.B[IR]? /' "$top/doc/contest.1" |
	sed 's/\\-/-/g' > terms
while read -r k; do
	grep -qw -- "$k" terms || fail "log key $k has no entry under THE LOG in doc/contest.1"
done < keys
