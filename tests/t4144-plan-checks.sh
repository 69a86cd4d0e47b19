# Issue 29, item 8: --plan runs a run's own checks (one preflight for
# both): where a run exits 2 before anything is made, --plan exits 2
# with the same message; what the machine planned for (--disk, --mem)
# cannot hold is said with figures: the built-in tree on too small a
# disk exits 1 as a run would, a -j whose jobs outgrow --mem is warned
# of.  --plan still makes and writes nothing.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
mkdir w && cd w || exit 2
ln -s /proc p
rec A no_load 100 90 0 0 0 > contest.log
cp contest.log ../before.log
# same CODE ARGS...: a run and --plan exit CODE with the same message
same() {
	code=$1
	shift
	expect "$code" "$CONTEST" -n 1 --units 1 --lead 0 "$@"
	grep -v ' usable CPU' "$T/stderr" > "$T/run.err"
	expect "$code" "$CONTEST" --plan --units 1 "$@"
	diff "$T/run.err" "$T/stderr" > /dev/null || fail "--plan $*: $(cat "$T/stderr"), a run: $(cat "$T/run.err")"
	[ -s "$T/stderr" ] || fail "--plan $*: no message"
}
same 2 --size 1k read_load
same 2 --streams 32 --size 31M read_load
same 2 io_other
same 2 --walk /proc lslr_load
same 2 --walk p lslr_load
same 2 --until 5 --against ZZ no_load
grep -q "no ok run of 'ZZ'" "$T/stderr" || fail "ZZ: $(cat "$T/stderr")"
CONTEST_PROFILE=bad same 2 no_load
CONTEST_DISTURB_PCT=101 same 2 no_load
# the machine planned for
expect 1 "$CONTEST" --plan --disk 1 no_load
grep -q '^contest: the built-in tree of [0-9]* units needs [0-9.]* MiB, --disk plans 0.0 MiB (1 byte) free$' "$T/stderr" ||
	fail "--disk 1: $(cat "$T/stderr")"
grep -q '^suite estimate: ' "$T/stdout" || fail "--disk 1: no plan: $(cat "$T/stdout")"
expect 0 "$CONTEST" --plan --mem 100M -j 4096 no_load
grep -q "^contest: the runs may hold 256.0 GiB of memory (make -j4096's jobs 256.0 GiB, the largest load's 0.0 MiB), and --mem plans 100.0 MiB: " "$T/stderr" ||
	fail "--mem 100M -j 4096: $(cat "$T/stderr")"
expect 0 "$CONTEST" --plan --mem 100M no_load
[ ! -s "$T/stderr" ] || fail "--mem 100M, the default -j: $(cat "$T/stderr")"
[ "$(ls -A)" = "contest.log
p" ] || fail "something was made: $(ls -A)"
cmp -s contest.log ../before.log || fail "the log changed"
