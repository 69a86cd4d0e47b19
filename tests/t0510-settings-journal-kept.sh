# A journal the next start does not write back: one from another boot
# (the kernel's settings went with it) is removed, saying so, nothing
# written; one that names a file outside /sys and /proc/sys is refused,
# exit 2, the file and the journal as they were; one that cannot be
# written back (not root) is kept, saying what to do.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_tree
mkdir -p "$K/proc/sys/kernel/random"
printf 'aaaa-1\n' > "$K/proc/sys/kernel/random/boot_id"
held ky 'ky:/sys/block/vda/queue/scheduler=kyber'
kill -9 "$wd"
i=0
until dead "$wd"; do i=$((i + 1)); [ $i -lt 100 ] || fail "the watchdog lives"; sleep 0.05; done
kill -9 "$pid"
wait "$pid"
grep -q '^# pid=[0-9]* boot=aaaa-1$' "$J" || fail "no boot in the journal: $(cat "$J")"
printf 'bbbb-2\n' > "$K/proc/sys/kernel/random/boot_id"
expect 0 "$S" run -j "$J" 'x:vm.dirty_ratio=25'
grep -qF "settings-unit: removed the journal '$J' of contest pid $pid: it is from another boot" stderr ||
	fail "stderr: $(cat stderr)"
[ "$(value "$K/sys/block/vda/queue/scheduler")" = kyber ] || fail "written back from another boot"
[ ! -e "$J" ] || fail "the journal is left"

mkdir "$T/outside"
printf 'keep\n' > "$T/outside/f"
printf '# pid=1 boot=-\n%s\tevil\n' "$T/outside/f" > "$J"
cp "$J" journal.before
expect 2 "$S" run -j "$J" 'x:vm.dirty_ratio=25'
grep -qF "settings-unit: the journal '$J' names '$T/outside/f', not a file of settings under /sys or /proc/sys: refused; the journal is kept" stderr ||
	fail "stderr: $(cat stderr)"
[ "$(cat "$T/outside/f")" = keep ] || fail "written outside"
cmp -s "$J" journal.before || fail "the journal changed"

need setpriv
[ "$(id -u)" -eq 0 ] || skip "not root: nothing to drop privileges from"
user_dir 755
fake_tree "$U/k"
chmod -R a+rX "$U/k"
cp "$S" "$U/settings-unit.bin" && mkdir -m 777 "$U/w" || fail "cp"
printf '# pid=1 boot=-\n%s\tmq-deadline\n' "$U/k/sys/block/vda/queue/scheduler" > "$U/w/settings.journal"
chmod 666 "$U/w/settings.journal"
printf 'none mq-deadline [kyber]\n' > "$U/k/sys/block/vda/queue/scheduler"
(cd "$U/w" && setpriv --reuid=65534 --regid=65534 --clear-groups env CONTEST_ROOT="$U/k" \
    "$U/settings-unit.bin" run 'x:vm.dirty_ratio=25') > stdout 2> stderr
[ $? -eq 2 ] || fail "not exit 2: $(cat stderr)"
grep -qF "cannot give '$U/k/sys/block/vda/queue/scheduler' its value 'mq-deadline' back from the journal 'settings.journal': Permission denied (not root); the journal is kept: write its values back by hand (contest(1), SETTINGS), then remove it" stderr ||
	fail "stderr: $(cat stderr)"
[ -e "$U/w/settings.journal" ] || fail "the journal is gone"
