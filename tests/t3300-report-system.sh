# -v per row: the machine's CPU split (sys_*), the share of all CPUs'
# time of the compile (CPU% / ncpu), the load (LCPU% / ncpu) and the rest
# (100 - idle - iowait - those two), pressure some/full, vm counters
# (swap, scan = kswapd + direct, steal), the disk in MiB (sectors x 512 /
# 2^20) and busy %, within 80 columns; a note when the rest is below -2
# points; a counter absent from a record is not a 0.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
S="sys_user=60 sys_nice=0 sys_system=10 sys_irq=1 sys_iowait=4 sys_steal=0 sys_idle=25"
P="psi_cpu_some=12.5 psi_cpu_full=0 psi_mem_some=1.25 psi_mem_full=0.5 psi_io_some=30 psi_io_full=20"
V="vm_pswpin=10 vm_pswpout=30 vm_pgscan_kswapd=100 vm_pgscan_direct=20 vm_pgsteal_kswapd=90 vm_pgmajfault=7"
D="disk_dev=vda disk_rsect=2048 disk_wsect=204800 disk_busy=45.5"
{
	rec A no_load 100 90 0 0 0
	# CPU% 50 + 10 over 100 s, 2 CPUs: compile 30%, load 20 / 100 / 2 = 10%,
	# rest 100 - 25 - 4 - 30 - 10 = 31%
	rec A io_load 100 50 10 20 5 $S $P $V $D
	rec A io_load 100 50 10 20 5 $S $P $D
	# rest 100 - 0 - 0 - 90 - 90 = -80: the note
	rec B io_load 100 150 30 180 5 sys_idle=0 sys_iowait=0
} > log
expect 0 "$CONTEST" -r -v log
sed -n '/^io_load/,/^$/p' stdout > got
awk 'length > 80 { exit 1 }' got || fail "over 80 columns: $(cat got)"
grep -q '^    machine CPU: user 60.0%, nice 0.0%, system 10.0%, irq 1.0%, iowait 4.0%,$' got &&
	grep -q '^     steal 0.0%, idle 25.0%$' got || fail "machine CPU: $(cat got)"
grep -q "^    all CPUs' time: compile 30.0%, load 10.0%, the rest 31.0%$" got || fail "split: $(cat got)"
grep -q '^    pressure some/full %: cpu 12.50/0.00, memory 1.25/0.50, io 30.00/20.00$' got ||
	fail "pressure: $(cat got)"
# the vm keys of one record only: means over that one, not halved
grep -q '^    vm, machine-wide per run: major faults 7, swap in 10, swap out 30,$' got &&
	grep -q '^     scanned 120, stolen 90$' got || fail "vm: $(cat got)"
grep -q '^    disk vda: read MiB 1.0, written MiB 100.0, busy 45.5%$' got || fail "disk: $(cat got)"
grep -q "^B: the CPU shares do not add up (rest -80.0%)" got || fail "note: $(cat got)"
