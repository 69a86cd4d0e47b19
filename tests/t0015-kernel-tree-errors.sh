# -s: a missing tree, a tree without a Makefile, a tree without .config
# (the message suggests make defconfig); all before any compile.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --lead 0 -n 1 -s nosuchtree no_load
grep -q "nosuchtree" stderr || fail "$(cat stderr)"
mkdir tree
expect 2 "$CONTEST" --lead 0 -n 1 -s tree no_load
grep -q "no Makefile" stderr || fail "$(cat stderr)"
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
expect 2 "$CONTEST" --lead 0 -n 1 -s tree no_load
grep -q "no .config" stderr && grep -q defconfig stderr || fail "$(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
