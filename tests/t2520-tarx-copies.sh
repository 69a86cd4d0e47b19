# tarx_load extracts into fresh directories x.1, x.2, each the same tree
# GNU tar extracts from the same archive, and counts the archive bytes
# it extracted (all but the two end blocks) per pass.
. "$(dirname "$0")/lib.sh"
need_gnu_tar
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
"$SOLO" -d "$T" -O size=4M -p 2 -k tarx_load > out || fail "solo failed: $(cat out)"
dir=$(sed -n 's/.* dir=\([^ ]*\) .*/\1/p' out)
work=$(sed -n 's/.* work=\([0-9]*\) .*/\1/p' out)
[ "$(cd "$dir" && ls -d x.* | tr '\n' ' ')" = "x.1 x.2 " ] || fail "copies: $(ls "$dir")"
[ ! -e "$dir/data" ] || fail "the generated tree was not removed after archiving"
mkdir ref && tar -xf "$dir/archive.tar" -C ref || fail "tar -xf"
for c in x.1 x.2; do
	diff -r --no-dereference ref/data "$dir/$c/data" > d || fail "$c differs: $(head -5 d)"
done
size=$(stat -c %s "$dir/archive.tar")
[ "$work" -eq $(( 2 * (size - 1024) )) ] || fail "work $work, two passes of a $size-byte archive"
