# Kernel-tree mode on a tree that behaves like one: make clean before each
# run (never mrproper), make -jJOBS TARGET timed, .config hash logged,
# workload is the tree's path, .config survives.
. "$(dirname "$0")/lib.sh"
need python3
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
cat > tree/Makefile <<'MK'
vmlinux: a.o b.o
	cc -o vmlinux a.o b.o
a.o: a.c
	cc -O2 -c a.c
b.o: b.c
	cc -O2 -c b.c
a.c b.c:
	printf 'int $@x(void){return 1;}\n' | tr -d . > $@
bzImage: vmlinux
	cp vmlinux bzImage
clean:
	echo clean >> cleaned
	rm -f *.o vmlinux bzImage
mrproper:
	rm -f .config
MK
printf 'int main(void){return 0;}\n' > tree/a.c
printf 'int b(void){return 2;}\n' > tree/b.c
expect 0 "$CONTEST" --lead 0 -n 2 -j 3 -k ktree -s tree no_load
[ "$(wc -l < tree/cleaned)" -eq 2 ] || fail "make clean ran $(wc -l < tree/cleaned) times"
[ -f tree/.config ] || fail ".config lost"
[ -f tree/vmlinux ] || fail "vmlinux not built"
want=$(cd tree && pwd -P)
hash=$(python3 -c '
import sys
h=0xcbf29ce484222325
for b in open(sys.argv[1],"rb").read():
    h=((h^b)*0x100000001b3)&0xffffffffffffffff
print("%016x"%h)' tree/.config)
grep -v ' snapshot=1 ' contest.log > runs
while read -r line; do
	[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
	[ "$(val "$line" workload)" = "$want" ] || fail "workload: $line"
	[ "$(val "$line" config)" = "$hash" ] || fail "config hash $(val "$line" config), want $hash"
	[ "$(val "$line" jobs)" = 3 ] || fail "jobs: $line"
done < runs
# -T picks the target
expect 0 "$CONTEST" --lead 0 -n 1 -k ktree -s tree -T bzImage --no-baseline no_load
[ -f tree/bzImage ] || fail "-T ignored"
