# Inside a memory cgroup limited to 200 MiB (a child of this test's own,
# cgroup v1 or v2), contest sizes make's -j and mem_load to the limit:
# -j 1, mem_load capped-memcg below the limit less the compile's memory,
# the run ok, and no OOM kill in the cgroup.  Needs root and a memory
# controller where a child can be made.
. "$(dirname "$0")/lib.sh"
limit=$((200 * 1024 * 1024))
child_cgroup memory
if [ $cgv = 1 ]; then
	echo $limit > "$cg/memory.limit_in_bytes" || fail "cannot set memory.limit_in_bytes"
	oom() { sed -n 's/^oom_kill //p' "$cg/memory.oom_control"; }
else
	echo $limit > "$cg/memory.max" || fail "cannot set memory.max"
	oom() { sed -n 's/^oom_kill //p' "$cg/memory.events"; }
fi
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
	"$CONTEST" -n 1 --units 2 --lead 0 --no-baseline --probe off -k mc mem_load > stdout 2> stderr ||
	fail "contest in the cgroup: $(cat stderr)"
line=$(grep 'load=mem_load' contest.log) || fail "no mem_load record: $(cat stderr)"
[ "$(val "$line" status)" = ok ] || fail "not ok: $line"
[ "$(val "$line" jobs)" = 1 ] || fail "-j not sized to 200 MiB: $line"
[ "$(val "$line" sizing)" = capped-memcg ] || fail "not capped to the cgroup: $line"
s=$(val "$line" size)
fcmp "$s" '>=' 16777216 || fail "size $s under the smallest area"
fcmp "$s" '<=' "$limit - 67108864" || fail "size $s not below the limit less one job's 64 MiB"
[ "$(val "$line" memcg_limit)" = $limit ] || fail "memcg_limit: $line"
[ -z "$(oom)" ] || [ "$(oom)" -eq 0 ] || fail "the cgroup saw $(oom) OOM kills"
