# SIGINT, SIGTERM or SIGHUP in the middle of a compile: the compile's
# process group is killed and reaped, the run's output file removed, no
# record written, death by the signal, no process left.
. "$(dirname "$0")/lib.sh"
gate_make
for sig in INT TERM HUP; do
	rm -f contest.log
	gate_reset
	start_bg --units 1 --lead 0 -n 1 -k sig no_load
	wait_gated $bg
	kill -$sig $bg
	wait $bg
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	[ $rc -eq $want ] || fail "SIG$sig: exit $rc, not $want: $(cat stderr)"
	grep -q "no record written" stderr || fail "SIG$sig: no message: $(cat stderr)"
	[ ! -s contest.log ] || fail "SIG$sig: a record was written: $(cat contest.log)"
	[ -z "$(ls contest-work/output/sig-* 2>/dev/null)" ] || fail "SIG$sig: output file left"
	sleep 0.2
	left=$(leftovers)
	[ -z "$left" ] || fail "SIG$sig: processes left: $left"
done
