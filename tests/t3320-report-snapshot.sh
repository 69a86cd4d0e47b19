# Snapshot records (snapshot=1, the box once per invocation) never count
# as runs; -v prints each label's snapshot (kernel, version, cmdline,
# CPU, governor, RAM and swap in GiB, THP, filesystem and its options,
# I/O scheduler, cc, make); two labels whose boxes differ in more than
# the kernel get a note saying in what.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
snap() {
	echo "contest=1 snapshot=1 date=2026-12-01T09:59:00Z host=box label=$1 kernel=$2 inv=i$1 jobs=8 workload=builtin:4 ncpu=2 uname=%231%20SMP%20$1 cmdline=ro%20quiet$3 cpu=AMD%20EPYC governor=$4 ram=25769803776 swap=0 thp=madvise fs=ext4 fsopts=rw,relatime sched=mq-deadline cc=gcc%2012.2.0 make=GNU%20Make%204.3"
}
{
	snap 6.1.0 6.1.0 "" performance
	rec 6.1.0 no_load 100 90 0 0 0
	snap 6.2.0 6.2.0 "" performance
	rec 6.2.0 no_load 100 90 0 0 0
	snap 6.3.0 6.3.0 "%20mitigations=off" powersave
	rec 6.3.0 no_load 100 90 0 0 0
	# a long command line: many words, and one of 120 bytes without a space
	long=$(i=0; while [ $i -lt 60 ]; do printf '%%20word%d=on' $i; i=$((i + 1)); done)
	snap 6.4.0 6.4.0 "$long%20$(printf 'x%.0s' $(seq 1 120))%20last=1" performance
	rec 6.4.0 no_load 100 90 0 0 0
} > log
expect 0 "$CONTEST" -r log
# notes wrap at 79 columns: read them joined
sed -i ':a;N;$!ba;s/\n  \([^ ]\)/ \1/g' stdout
grep -q '^6.1.0  *1 ' stdout || fail "snapshot counted as a run: $(cat stdout)"
! grep -q "6.2.0 ran on a box unlike" stdout || fail "a note for a kernel-only difference"
grep -q "^note: 6.3.0 ran on a box unlike 6.1.0's (cmdline, governor differ): not a clean kernel-against-kernel comparison$" stdout ||
	fail "no note: $(cat stdout)"
expect 0 "$CONTEST" -r -v log
grep -q '^  6.1.0 on box: kernel 6.1.0, version #1 SMP 6.1.0, cmdline ro quiet,' stdout || fail "-v snapshot: $(cat stdout)"
grep -q 'RAM 24.0 GiB, swap 0.0 GiB' stdout || fail "-v RAM: $(cat stdout)"
grep -q 'governor powersave' stdout || fail "-v governor"
awk 'length > 80 { exit 1 }' stdout || fail "over 80 columns: $(awk 'length > 80' stdout)"
# the long command line goes on over lines of its own, nothing lost
tr -d '\n' < stdout | tr -s ' ' | grep -q "word58=on word59=on x*" || fail "long cmdline: $(cat stdout)"
[ "$(tr -d '\n ' < stdout | grep -o 'x\{120\}last=1' | wc -l)" -eq 1 ] || fail "the 120-byte word: $(cat stdout)"
