# GNU tar extracts tarc_load's archive to a tree identical to the source:
# contents, symbolic links, modes.
. "$(dirname "$0")/lib.sh"
need_gnu_tar
SOLO=$top/tests/load-solo.bin
[ -x "$SOLO" ] || fail "no $SOLO: make tests/load-solo.bin"
"$SOLO" -d "$T" -O size=4M -p 1 -k tarc_load > out || fail "solo failed: $(cat out)"
dir=$(sed -n 's/.* dir=\([^ ]*\) .*/\1/p' out)
mkdir x && tar -xf "$dir/archive.1.tar" -C x 2> err || fail "tar -xf: $(cat err)"
diff -r --no-dereference x/data "$dir/data" > d || fail "trees differ: $(head -5 d)"
(cd x && find data -printf '%M %s %P\n' | sort) > a
(cd "$dir" && find data -printf '%M %s %P\n' | sort) > b
cmp -s a b || fail "modes or sizes differ: $(diff a b | head -5)"
