# No function of the tree is over 80 lines (the house style), none
# excepted: a function is its name's line at column 0 to its body's
# closing brace at column 0, as every file here writes it.  (contest's
# parse_options, once a 128-line getopt switch, is a loop over the typed
# option table of cli.c since issue 26, and lost its exemption.)
. "$(dirname "$0")/lib.sh"
long() {
	awk '/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); start = FNR; next }
	     /^\{/ && name != "" { body = 1; next }
	     /^\}/ && body { if (FNR - start + 1 > 80) print FILENAME ":" start ": " name "(), " FNR - start + 1 " lines"
	                     body = 0; name = "" }' "$@"
}
# it finds one of 81 lines, and lets one of 80 be
for n in 77 78; do
	{ printf 'static int\nf(void)\n{\n'; i=0; while [ $i -lt $n ]; do echo '	;'; i=$((i + 1)); done; echo '}'; } > f$n.c
done
[ -z "$(long f77.c)" ] && [ -n "$(long f78.c)" ] || fail "the count is wrong: $(long f77.c f78.c)"
cd "$top" || fail "no source tree"
long *.c loads/*.c report/*.c tests/*.c tests/fuzz/*.c > "$T/long"
[ ! -s "$T/long" ] || fail "functions over 80 lines: $(cat "$T/long")"
