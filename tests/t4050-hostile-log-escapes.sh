# Log content cannot attack the terminal: an escape sequence that would
# set the window title (ESC ] 0 ; ... BEL), a C1 CSI (U+009B) and a raw
# 0x9b byte, percent-encoded in the load, host, reason, unit, workload,
# disk, probe and snapshot strings and in a status, never reach stdout or
# stderr as control bytes in any view.  In a label they make the record
# malformed (a label is one -k takes: issue 29, item 12), and the message
# names the label escaped.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
E='%1B%5D0%3Bpwned%07'	# ESC ] 0 ; pwned BEL
C='%C2%9B31m'		# CSI as UTF-8 C1
R='%9B2J'		# CSI as a raw byte
{
	rec k no_load 100 90 0 0 0 host="h$C"
	rec k io_load 200 90 0 10 5 host="h$C" disk_dev="d$R" probe="p$E" lat_p99=10
	rec k io_load 210 90 0 10 5 host="h$C" status=invalid reason="r$E$C$R"
	rec k io_load 210 90 0 10 5 host="h$C" status="o$E"
	rec "k$E" io_load 210 90 0 10 5 host="h$C"
	rec B no_load 100 90 0 0 0 workload="w$E" unit="u$C"
	rec B "l$E" 200 90 0 10 5 workload="w$E" unit="u$R"
	rec B "l$E" 200 90 0 10 5 workload="w$E" unit="u$R" jobs=2
	echo "contest=1 snapshot=1 date=2026-12-01T10:00:00Z host=h$C label=k kernel=6.1$E inv=i jobs=8 workload=builtin:4 ncpu=2 uname=u$E cmdline=c$C cpu=x$R governor=g$E ram=r$E swap=1 thp=t$C fs=f$R fsopts=o$E sched=s$E cc=c$E make=m$C"
	echo "contest=1 snapshot=1 date=2026-12-01T10:00:00Z host=box label=B kernel=6.2 inv=i jobs=8 workload=builtin:4 ncpu=2 uname=v cmdline=other$E"
} > log
for m in "" "-v" "-c B#1" "-v -c B#2" "--format csv" "--format json -c B#1" "--bars" "--svg out.svg"; do
	"$CONTEST" -r $m log > out 2> err
	[ $? -eq 0 ] || fail "'-r $m' failed: $(cat err)"
	[ -s out ] || fail "'-r $m' printed nothing"
	for f in out err; do
		! LC_ALL=C grep -q "$(printf '[\033\007\233]')" $f || fail "'-r $m': a control byte in $f: $(od -c $f | grep -m3 '033\|007\|233')"
	done
done
LC_ALL=C grep -q "$(printf '[\033\007\233]')" out.svg && fail "a control byte in the SVG"
"$CONTEST" -r -v log > out 2> err
grep -q 'unknown status' err || fail "bad status not reported"
grep -q "label 'k\\\\x1b\]0;pwned\\\\x07' is not one contest writes" err || fail "label not named escaped: $(cat err)"
grep -q 'u\\x1b\]0;pwned\\x07' out || fail "snapshot not shown escaped: $(grep -A3 snapshot out)"
grep -q 'differ' out || fail "no note on the boxes that differ"
exit 0
