# A journal of --set's settings that a contest killed with its watchdog
# left in the work directory: the next contest started there (with
# --set or not) writes its values back under the work directory's lock
# before anything else, says so, removes it, and runs; one that names a
# file outside /sys and /proc/sys is refused, exit 2, before any run, the
# file and the journal as they were.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
fake_box
seen_make
mkdir contest-work || fail "mkdir"
tab=$(printf '\t')
printf '# pid=1 boot=-\n%s\t20\n' "$K/proc/sys/vm/dirty_ratio" > contest-work/settings.journal
printf '77\n' > "$K/proc/sys/vm/dirty_ratio"
expect 0 "$CONTEST" -n 1 $SET -k x no_load
grep -qxF "contest: gave 1 file back the value found before contest pid 1 was killed with its watchdog (the journal 'contest-work/settings.journal', now removed)" stderr ||
	fail "stderr: $(cat stderr)"
unchanged
[ ! -e contest-work/settings.journal ] || fail "the journal is left"
[ -s "$T/seen" ] || fail "no run"

mkdir "$T/outside" && printf 'keep\n' > "$T/outside/f" || fail "mkdir"
printf '# pid=1 boot=-\n%s\tevil\n' "$T/outside/f" > contest-work/settings.journal
cp contest-work/settings.journal journal.before
rm -f "$T/seen" contest.log
expect 2 "$CONTEST" -n 1 $SET --set a:vm.dirty_ratio=30 --set b:vm.dirty_ratio=40 no_load
grep -qF "contest: the journal 'contest-work/settings.journal' names '$T/outside/f', not a file of settings under /sys or /proc/sys: refused; the journal is kept" stderr ||
	fail "stderr: $(cat stderr)"
[ "$(cat "$T/outside/f")" = keep ] || fail "written outside"
cmp -s contest-work/settings.journal journal.before || fail "the journal changed"
[ ! -e "$T/seen" ] && [ ! -e contest.log ] || fail "a run was done"
unchanged
