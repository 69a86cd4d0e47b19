# The trial of --set before any run: every label's values written and
# read back in turn, then every file given its value back; one that
# passes leaves every file as it was and no journal.  The values found:
# the bracketed word of a list of choices, a sysctl name's file (dots
# and slashes swapped as sysctl(8) does), each match of a glob, a file
# two labels name counted once; on this box's own scheduler files, read
# only (as root), the word in brackets.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
mkdir -p "$K/proc/sys/net/ipv4/conf/eth0.1" && printf '1\n' > "$K/proc/sys/net/ipv4/conf/eth0.1/rp_filter"
keep
dl='dl:/sys/block/vda/queue/scheduler=mq-deadline,vm.dirty_ratio=30,/sys/kernel/mm/transparent_hugepage/enabled=never'
ky='ky:/sys/block/vda/queue/scheduler=kyber,/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor=performance'
expect 0 "$S" found "$dl" "$ky" 'rp:net.ipv4.conf.eth0/1.rp_filter=2' 'rq:net/ipv4/conf/eth0.1/rp_filter=0'
tab=$(printf '\t')
cat > want <<EOS
/sys/block/vda/queue/scheduler${tab}mq-deadline
vm.dirty_ratio${tab}20
/sys/kernel/mm/transparent_hugepage/enabled${tab}madvise
/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor${tab}schedutil
/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor${tab}schedutil
/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor${tab}schedutil
net.ipv4.conf.eth0/1.rp_filter${tab}1
EOS
cmp -s want stdout || fail "the files and values found (< expected, > found):
$(diff want stdout)"
expect 0 "$S" run -j "$J" -v "$dl" "$ky" 'rp:net.ipv4.conf.eth0/1.rp_filter=2' 'rq:net/ipv4/conf/eth0.1/rp_filter=0'
grep -qx 'trial ok' stdout || fail "no trial: $(cat stdout stderr)"
[ "$(grep -c '^file ' stdout)" -eq 7 ] || fail "not 7 files: $(cat stdout)"
unchanged
[ ! -e "$J" ] || fail "the journal is left: $(cat "$J")"
[ -z "$(ls "$T" | grep 'journal')" ] || fail "a journal's temporary is left: $(ls "$T")"

[ "$(id -u)" -eq 0 ] || skip "not root: the box's own scheduler files cannot be opened to write (nothing is written)"
link_root "$T/real-sys" "$T/no-root/proc" /sys
for f in /sys/block/*/queue/scheduler; do
	[ -w "$f" ] || continue
	want=$(sed 's/^.*\[\([^]]*\)\].*$/\1/' "$f")
	before=$(cat "$f")
	"$S" found "r:$f=none" > found || fail "found '$f': $(cat found)"
	[ "$(cat found)" = "$f${tab}$want" ] || fail "'$f' reads '$before': found '$(cat found)', not '$want'"
	[ "$(cat "$f")" = "$before" ] || fail "'$f' changed"
done
