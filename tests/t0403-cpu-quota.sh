# In a cgroup whose CPU quota is half a CPU (a child of this test's own,
# cgroup v1 cpu.cfs_quota_us or v2 cpu.max), contest plans for 1 usable
# CPU, the quota rounded up, and says the quota.  Needs root and a cpu
# controller where a child can be made.
. "$(dirname "$0")/lib.sh"
child_cgroup cpu
if [ $cgv = 1 ]; then
	echo 100000 > "$cg/cpu.cfs_period_us" && echo 50000 > "$cg/cpu.cfs_quota_us" || fail "cannot set the quota"
else
	echo "50000 100000" > "$cg/cpu.max" || fail "cannot set cpu.max"
fi
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$CONTEST" --plan process_load \
	> stdout 2> stderr || fail "contest --plan in the cgroup: $(cat stderr)"
grep -q "^cpus: 1 usable of .* quota 0.50)$" stdout || fail "plan: $(cat stdout)"
grep -q "^process_load size: 4 processes$" stdout || fail "plan's process_load: $(cat stdout)"
