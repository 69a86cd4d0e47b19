# Promise: as root, contest writes nothing through a symbolic link planted
# where it creates files: the work directory or output/ as links are
# refused; a link at an output file, a run directory or the tree's
# scratch directory is replaced, never followed; the victim's bytes and
# mtime stay.  A log that is a link is refused (t4103 has the rest).
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root"
mkdir victimdir
printf 'precious\n' > victim
touch -d '2020-01-01 00:00' victim victimdir
sum() { echo "$(md5sum < victim) $(stat -c %Y victim) $(ls -A victimdir | wc -l) $(stat -c %Y victimdir)"; }
was=$(sum)
ln -s victimdir wlink
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d wlink no_load
grep -q "symbolic link: refused" stderr || fail "work directory link: $(cat stderr)"
mkdir w2
ln -s "$T/victimdir" w2/output
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -d w2 no_load
grep -q "output directory .* symbolic link: refused" stderr || fail "output link: $(cat stderr)"
[ "$(sum)" = "$was" ] || fail "the victim changed"
# links at files and directories contest makes inside a good work directory
mkdir -p w/output
for f in lk-no_load-1.txt lk-process_load-1.txt warm-up.txt; do
	ln -s "$T/victim" "w/output/$f"
done
ln -s "$T/victimdir" w/builtin.tmp
# the run directory is contest-run.PID: plant it for the next pids
next=$(($(cat /proc/sys/kernel/ns_last_pid) + 1))
for p in $(seq "$next" $((next + 60))); do
	ln -s "$T/victimdir" "w/contest-run.$p"
done
ln -s "$T/victim" loglink
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 -k lk -d w -l loglink no_load process_load
grep -q "'loglink' is a symbolic link: refused" stderr || fail "log link: $(cat stderr)"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k lk -d w -l lk.log no_load process_load
[ "$(sum)" = "$was" ] || fail "the victim changed"
grep -q "label=lk .*load=process_load .*status=ok" lk.log || fail "no record: $(cat lk.log)"
[ -f w/output/lk-no_load-1.txt ] && [ ! -L w/output/lk-no_load-1.txt ] || fail "output still a link"
[ "$(ls -A victimdir | wc -l)" -eq 0 ] || fail "something was written in the victim directory: $(ls -A victimdir)"
