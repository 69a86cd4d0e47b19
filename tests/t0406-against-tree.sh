# --against a label none of whose runs compiled this tree with this -j
# (on other usable CPUs the sizing policy gives another) says so before
# the first run; against a label of the same tree it is quiet.  The
# compile is a make that only sleeps a second: only the words are checked.
. "$(dirname "$0")/lib.sh"
sleep_make
run() { "$CONTEST" --lead 0 --probe off -j 2 "$@" no_load; }
# A has the 2 runs an interval needs of it (with one, --against is refused)
expect 0 run --units 1 -n 2 -k A
# one run of this side gives no interval: the answer is not clear (exit 125)
expect 125 run --units 2 -n 1 --until 0.1 --max-rounds 1 --against A -k B
grep -q "^contest: --against 'A' ran builtin:1 with -j2, this runs builtin:2 with -j2: its Ratios are compared across trees" stderr ||
    fail "no word of the other tree: $(cat stderr)"
expect 125 run --units 1 -n 1 --until 0.1 --max-rounds 1 --against A -k C
grep -q 'compared across trees' stderr && fail "warned against the same tree: $(cat stderr)"
exit 0
