# A corrupt log (random mutations of good records, random bytes, long and
# truncated lines) never crashes the report nor makes it touch memory it
# should not: every output mode runs clean under valgrind and under an
# AddressSanitizer + UBSan build of contest's sources, made here.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3 valgrind gcc
printf 'int main(void) { return 0; }\n' > probe.c
gcc -fsanitize=address,undefined -o probe.bin probe.c >/dev/null 2>&1 || skip "gcc cannot build with -fsanitize=address,undefined"
{
	for i in 1 2 3; do
		rec A no_load 10$i 90 1 0 0
		rec A io_load 20$i 90 1 9 4$i
		rec B no_load 11$i 90 1 0 0 jobs=4
		rec B io_load 21$i 90 1 9 4$i jobs=4
	done
} > good
python3 - good > log <<'PY'
import random, sys
random.seed(4)
good = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
out = []
alphabet = b"=% \t#x0.-9eE\x00\xff\r"
for i in range(3000):
    line = bytearray(random.choice(good))
    for _ in range(random.randint(0, 4)):
        op, p = random.randint(0, 3), random.randrange(len(line) or 1)
        if op == 0: line[p:p + 1] = b""
        elif op == 1: line[p:p] = bytes([random.choice(alphabet)])
        elif op == 2: line[p:p] = line[random.randrange(len(line) or 1):][:20]
        else: line[p:p + 1] = bytes([random.randrange(256)])
    out.append(bytes(line))
out.append(bytes(random.randrange(256) for _ in range(3000)))
out.append(b"label=" + b"%41" * 3000)
out.append(b"x" * 20000)
sys.stdout.buffer.write(b"\n".join(out) + b"\n" + good[0][:50])
PY
modes() {
	# $1: the binary, then how to run it
	bin=$1; shift
	for m in "" "-v" "-b A#1" "-c A#1" "-v -c B#1" "--format csv -c A#1" "--format json -b A#1" "--bars -b A#1" "--svg out.svg" \
	    "--format long -c A#1" "--format kcidb -c B#1" "--format lava -c A#1"; do
		"$@" "$bin" -r $m log > out 2> err
		rc=$?
		[ $rc -eq 0 ] || { tail -20 err; fail "'$bin -r $m' exited $rc"; }
	done
}
# the bad lines are reported, the good ones still counted
"$CONTEST" -r log > out 2> err
[ "$(grep -c '^log:[0-9]*: ' err)" -gt 100 ] || fail "bad lines not reported"
grep -q "^A#1 " out || fail "good lines lost"
modes "$CONTEST" valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
# the sources and their flags, from the Makefile
mk() { (cd "$top" && printf 'print:\n\t@echo $(%s)\n' "$1" | make -s -f Makefile -f - print); }
objs=$(mk OBJ) && cppflags=$(mk CPPFLAGS) || fail "cannot list the sources"
srcs=
for o in $objs; do srcs="$srcs $top/${o%.o}.c"; done
# shellcheck disable=SC2086
gcc -std=c11 -g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
    $cppflags -o "$T/report-asan.bin" $srcs -lm || fail "cannot build the sanitizer binary"
ASAN_OPTIONS=abort_on_error=0:exitcode=99 UBSAN_OPTIONS=halt_on_error=1:exitcode=99 \
	modes "$T/report-asan.bin" env
