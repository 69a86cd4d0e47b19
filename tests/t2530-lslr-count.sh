# One pass of lslr_load over a known tree counts each entry once, the way
# `find TREE | wc -l` does: files, dot files, directories, empty ones,
# symbolic links (dangling too), a fifo.
. "$(dirname "$0")/lib.sh"
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir -p tree/a/b/c tree/empty tree/.hidden
for i in 1 2 3 4 5 6 7 8 9 10; do echo $i > tree/a/f$i; echo $i > tree/a/b/.g$i; done
ln -s a tree/link-dir; ln -s nowhere tree/dangling; mkfifo tree/a/b/c/fifo
touch tree/.hidden/x "tree/a/name with spaces"
"$SOLO" -O walk=tree -p 1 lslr_load > out || fail "solo failed: $(cat out)"
work=$(sed -n 's/.* work=\([0-9]*\) .*/\1/p' out)
want=$(find tree | wc -l)
[ "$work" -eq "$want" ] || fail "lslr_load counted $work entries, find counts $want"
