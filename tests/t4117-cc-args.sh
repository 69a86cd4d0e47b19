# Issue 21, item 13: CC with arguments is taken as make takes it (the
# shell splits it: the compiler is its first word), so CC="cc -std=gnu11"
# builds, and the snapshot names that compiler; a first word
# not in PATH is named; shell quoting in CC is refused with the reason.
. "$(dirname "$0")/lib.sh"
# a kernel tree whose build runs $(CC) as the built-in tree's rules do
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\techo "int x;" > x.c && $(CC) -c -o x.o x.c\nclean:\n\trm -f x.c x.o\n' > tree/Makefile
expect 0 env CC="cc -std=gnu11" "$CONTEST" -n 1 -s tree --lead 0 --probe off -k args no_load
grep -q ' label=args .*status=ok' contest.log || fail "no ok run: $(cat contest.log)"
[ "$(val "$(grep ' snapshot=1 ' contest.log)" cc)" != none ] || fail "no compiler in the snapshot"
rm contest.log
expect 1 env CC="no-such-cc -O2" "$CONTEST" -n 1 --units 1 --lead 0 no_load
grep -q "cannot find the compiler 'no-such-cc' (CC's first word) in PATH" stderr || fail "$(cat stderr)"
expect 2 env CC="'cc'" "$CONTEST" -n 1 --units 1 --lead 0 no_load
grep -q "holds shell quoting" stderr || fail "$(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
