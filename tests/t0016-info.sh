# --help prints the synopsis, --version the version, --list-loads every
# load with its unit; an unknown option is a usage error.
. "$(dirname "$0")/lib.sh"
expect 0 "$CONTEST" --help
grep -q "^usage: contest" stdout || fail "help: $(cat stdout)"
expect 0 "$CONTEST" --version
grep -q "^contest [0-9]" stdout || fail "version"
expect 0 "$CONTEST" --list-loads
grep -q "^no_load " stdout && grep -q "^cacherun " stdout || fail "list: $(cat stdout)"
expect 2 "$CONTEST" --no-such-option
grep -q "usage" stderr || fail "no usage on a bad option"
expect 2 "$CONTEST" -v no_load
