# One pass of tarc_load writes an archive GNU tar lists: one member per
# entry of the tree (files, directories, links, the long path through the
# prefix field), file sizes adding up to --size; the tree's plan (its
# notes, which ustar_gen counts the same way when it only plans) agrees
# with the tree and the archive written.
. "$(dirname "$0")/lib.sh"
need_gnu_tar
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
"$SOLO" -d "$T" -O size=4M -p 1 -k tarc_load > out || fail "solo failed: $(cat out)"
dir=$(sed -n 's/.* dir=\([^ ]*\) .*/\1/p' out)
[ -f "$dir/archive.1.tar" ] || fail "no archive: $(ls "$dir")"
tar -tvf "$dir/archive.1.tar" > list 2> err || fail "tar -tvf: $(cat err)"
[ ! -s err ] || fail "tar warned: $(cat err)"
want=$(cd "$dir" && find data | wc -l)
[ "$(wc -l < list)" -eq "$want" ] || fail "$(wc -l < list) members, the tree has $want entries"
[ "$(grep -c '^-' list)" -eq "$(find "$dir/data" -type f | wc -l)" ] || fail "file count"
[ "$(grep -c '^l' list)" -eq 2 ] || fail "links: $(grep '^l' list)"
sum=$(awk '/^-/ { s += $3 } END { print s }' list)
[ "$sum" -eq 4194304 ] || fail "file sizes add up to $sum, not 4194304"
grep -q 'and-one-more-level-of-it/f00000.c$' list || fail "long path missing"
# every size agrees with the file on disk
awk '/^-/ { print $3, $6 }' list | while read -r s n; do
	[ "$(stat -c %s "$dir/$n")" -eq "$s" ] || { echo "size of $n"; exit 1; }
done || fail "a member's size differs from its file"
# the plan, against what was written
note() { sed -n "s/.*[\" ]$1=\([0-9]*\).*/\1/p" out; }
[ "$(note dirs)" -eq "$(find "$dir/data" -type d | wc -l)" ] || fail "dirs=$(note dirs): $(find "$dir/data" -type d | wc -l) written"
[ "$(note files)" -eq "$(find "$dir/data" -type f | wc -l)" ] || fail "files=$(note files)"
[ "$(note archive)" -eq "$(stat -c %s "$dir/archive.1.tar")" ] || fail "archive=$(note archive): $(stat -c %s "$dir/archive.1.tar") bytes"
