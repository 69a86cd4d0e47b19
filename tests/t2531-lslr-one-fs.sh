# lslr_load stays on the walked filesystem: a tmpfs mounted in the tree
# is listed as an entry but not entered (find -xdev counts the same).
. "$(dirname "$0")/lib.sh"
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
mkdir -p tree/d tree/mnt && touch tree/d/f1 tree/d/f2
mount -t tmpfs -o size=1M none tree/mnt 2>/dev/null || skip "cannot mount tmpfs"
trap 'umount "$T/tree/mnt"; rm -rf "$T"' EXIT
touch tree/mnt/a tree/mnt/b tree/mnt/c
"$SOLO" -O walk=tree -p 1 lslr_load > out || fail "solo failed: $(cat out)"
work=$(sed -n 's/.* work=\([0-9]*\) .*/\1/p' out)
want=$(find tree -xdev | wc -l)
[ "$work" -eq "$want" ] || fail "lslr_load counted $work entries, find -xdev counts $want"
