# A path that leads out of /sys (or /proc/sys) through a symbolic link is
# refused before anything is written: exit 2, the path named and where it
# leads; a glob one match of which leads out writes none of the others;
# a link that stays inside (as /sys/block/vda does) is taken, and two
# names of one file are one file.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
mkdir -p "$T/outside/queue" "$T/outside/vm"
printf 'none [mq-deadline] kyber\n' > "$T/outside/queue/scheduler"
printf '5\n' > "$T/outside/vm/swappiness"
ln -s "$T/outside" "$K/sys/block/vdb"
ln -s "$T/outside/vm/swappiness" "$K/proc/sys/vm/swappiness"
keep "$T/outside/queue/scheduler" "$T/outside/vm/swappiness"
expect 2 "$S" run -j "$J" 'a:vm.dirty_ratio=30' 'b:/sys/block/vdb/queue/scheduler=kyber'
grep -qF "settings-unit: --set b: '/sys/block/vdb/queue/scheduler' leads to '$T/outside/queue/scheduler', outside /sys and /proc/sys: refused" stderr ||
	fail "message: $(cat stderr)"
unchanged "$T/outside/queue/scheduler" "$T/outside/vm/swappiness"
[ ! -e "$J" ] || fail "a journal was written"
expect 2 "$S" run -j "$J" 'a:/sys/block/*/queue/scheduler=kyber' 'b:vm.dirty_ratio=30'
grep -qF -e "--set a: '/sys/block/vdb/queue/scheduler' leads to" stderr || fail "glob: $(cat stderr)"
unchanged "$T/outside/queue/scheduler" "$T/outside/vm/swappiness"
expect 2 "$S" run -j "$J" 'a:vm.swappiness=60' 'b:vm.dirty_ratio=30'
grep -qF -e "--set a: 'vm.swappiness' leads to '$T/outside/vm/swappiness', outside" stderr || fail "sysctl: $(cat stderr)"
unchanged "$T/outside/queue/scheduler" "$T/outside/vm/swappiness"

# inside: /sys/block/vdc -> ../devices/virtual/block/vdc
rm "$K/sys/block/vdb" "$K/proc/sys/vm/swappiness"
mkdir -p "$K/sys/devices/virtual/block/vdc/queue"
printf 'none [mq-deadline] kyber\n' > "$K/sys/devices/virtual/block/vdc/queue/scheduler"
ln -s ../devices/virtual/block/vdc "$K/sys/block/vdc"
keep
expect 0 "$S" run -j "$J" -v 'a:/sys/block/vdc/queue/scheduler=kyber' 'b:/sys/devices/virtual/block/vdc/queue/scheduler=none'
[ "$(grep -c '^file ' stdout)" -eq 1 ] || fail "one file, two names: $(cat stdout)"
unchanged
