# In a cgroup whose CPU quota is half a CPU (a child of this test's own,
# cgroup v1 cpu.cfs_quota_us or v2 cpu.max), contest plans for 1 usable
# CPU, the quota rounded up, and says the quota.  Needs root and a cpu
# controller where a child can be made.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root: cannot make a cgroup"
own=$(sed -n 's/^[0-9]*:[^:]*\<cpu\>[^:]*:\(.*\)/\1/p' /proc/self/cgroup | head -1)
mnt=$(awk '$9 == "cgroup" && $NF ~ /(^|,)cpu(,|$)/ { print $5; exit }' /proc/self/mountinfo)
if [ -n "$own" ] && [ -n "$mnt" ]; then
	v=1 cg=$mnt${own%/}/contest-t0403.$$
else
	own=$(sed -n 's/^0:://p' /proc/self/cgroup)
	mnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
	[ -n "$mnt" ] && grep -qw cpu "$mnt${own%/}/cgroup.subtree_control" 2>/dev/null ||
		skip "no cpu controller for a child of this cgroup"
	v=2 cg=$mnt${own%/}/contest-t0403.$$
fi
mkdir "$cg" 2>/dev/null || skip "cannot make a cgroup under '$mnt${own%/}'"
trap 'rmdir "$cg" 2>/dev/null; rm -rf "$T"' EXIT
if [ $v = 1 ]; then
	echo 100000 > "$cg/cpu.cfs_period_us" && echo 50000 > "$cg/cpu.cfs_quota_us" || fail "cannot set the quota"
else
	echo "50000 100000" > "$cg/cpu.max" || fail "cannot set cpu.max"
fi
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$CONTEST" --plan process_load \
	> stdout 2> stderr || fail "contest --plan in the cgroup: $(cat stderr)"
grep -q "^cpus: 1 usable of .* quota 0.50)$" stdout || fail "plan: $(cat stdout)"
grep -q "^process_load size: 4 processes$" stdout || fail "plan's process_load: $(cat stdout)"
