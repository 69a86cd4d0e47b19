# contest --plan on this box says what contest then does: the same units,
# -j and usable CPUs in the log, and the same sizes in the loads' notes
# (process_load's processes, io_load's and read_load's files, dbench_load's
# files and clients; mem_load's
# area within 10%, since MemAvailable moves between the two).  On one CPU
# (taskset) so that the tree is the same small one on any box; in a tmpfs
# of 256 MiB where root may mount one, so that the files are small (the
# tree is written first, so that the free space the plan sizes them from
# is the run's); the compile is a make that only sleeps a second, since
# only the sizes are checked.
. "$(dirname "$0")/lib.sh"
need taskset
c=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
w=$T/work
loads="process_load io_load mem_load"
if mkdir small && mount -t tmpfs -o size=256m contest-test "$T/small" 2>/dev/null; then
	trap 'umount "$T/small"; rm -rf "$T"' EXIT
	w=$T/small/work loads="$loads read_load dbench_load"
fi
sleep_make
expect 0 taskset -c "$c" "$CONTEST" -d "$w" -l tree.log -n 1 --lead 0 --probe off no_load
expect 0 taskset -c "$c" "$CONTEST" --plan -d "$w" $loads
cp stdout plan
expect 0 taskset -c "$c" "$CONTEST" -d "$w" -n 1 --lead 0 --no-baseline --probe off $loads
p() { sed -n "s/^$1: \([0-9]*\).*/\1/p" plan; }
for l in $loads; do
	line=$(grep "load=$l " contest.log) || fail "no $l record: $(cat stderr)"
	[ "$(val "$line" status)" = ok ] || fail "$l not ok: $line"
	[ "$(val "$line" workload)" = "builtin:$(p units)" ] || fail "units: plan $(p units), $line"
	[ "$(val "$line" jobs)" = "$(p jobs)" ] || fail "jobs: plan $(p jobs), $line"
	[ "$(val "$line" ncpu)" = 1 ] || fail "ncpu: $line"
	case $l in
	process_load) [ "$(val "$line" procs)" = "$(p "$l size")" ] || fail "$l: plan $(p "$l size"), $line" ;;
	dbench_load) [ "$(val "$line" size)" = "$(p "$l size")" ] &&
		[ "$(val "$line" clients)" = "$(sed -n "s/^$l size: .* for \([0-9]*\) clients .*/\1/p" plan)" ] ||
		fail "$l: plan $(grep "^$l size" plan), $line" ;;
	mem_load) fcmp "$(val "$line" size)" '>=' "$(p "$l size") * 0.9" && fcmp "$(val "$line" size)" '<=' "$(p "$l size") * 1.1" ||
		fail "$l: plan $(p "$l size"), $line" ;;
	*) [ "$(val "$line" size)" = "$(p "$l size")" ] || fail "$l: plan $(p "$l size"), $line" ;;
	esac
	[ "$(val "$line" sizing)" = "$(sed -n "s/^$l size: .*, \(.*\))$/\1/p" plan)" ] || [ $l = process_load ] ||
		fail "$l sizing: $(grep "^$l size" plan), $line"
done
