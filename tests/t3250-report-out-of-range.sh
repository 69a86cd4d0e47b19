# Values the parser accepts but no compile takes: an ok run under 1 ms
# (the fuzzer's no_load elapsed=1e-300, which made every Ratio infinite;
# now that the reader takes only the writer's decimals, 0.0000001) is
# reported and not counted, and the extremes that are counted (a
# Ratio of 1e15, a CPU% of 1e17, sums near the 1e12 cap) render in every
# view, within their widths, in bounded time, with exit 0 and no inf or
# nan printed.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec A no_load 0.0000001 90 0 0 0
	rec A io_load 100 90 0 10 5
	rec A io_load 101 90 0 10 1000000000000
	rec B no_load 0.001 1000000000000 1000000000000 1000000000000 0
	rec B io_load 1000000000000 1000000000000 1000000000000 1000000000000 1000000000000
	rec B io_load 0.001 0 0 0 0
	rec C no_load 0.0005 1 0 0 0
	rec C io_load 50 1 0 0 0 vm_pswpin=1000000000000 lat_p99=1000000000000 psi_io_some=1000000000000 sys_idle=1000000000000 sys_iowait=1000000000000
	rec C io_load 50 1 0 0 0 vm_pswpin=0 lat_p99=0 psi_io_some=0 sys_idle=0 sys_iowait=0
} > log
for m in "" "-v" "-b A" "-b B" "-c A" "-v -c B" "-c C" "--format csv -c A" "--format json -c B" \
    "--bars" "--bars -b B" "--svg out.svg" "--svg out.svg -c B"; do
	timeout 20 "$CONTEST" -r $m log > out 2> err
	rc=$?
	[ $rc -eq 0 ] || { cat err; fail "'-r $m' exited $rc"; }
	! grep -Eiq '(^|[^a-z])(inf|infinity|nan)([^a-z]|$)' out err ||
		fail "'-r $m' printed inf or nan: $(grep -Ei 'inf|nan' out err | head -3)"
	case $m in
	--bars*) awk 'length > 72 { exit 1 }' out || fail "'-r $m': a bar over 72 columns" ;;
	# the blocks of -c keep 80 columns whatever the numbers; tables widen
	-c*) awk 'length > 80 { exit 1 }' out ||
		fail "'-r $m': a line over 80 columns: $(awk 'length > 80' out | head -2)" ;;
	esac
	case $m in
	--svg*) python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' out.svg ||
		fail "'-r $m': not XML"
		! grep -Eiq '(^|[^a-z])(inf|infinity|nan)([^a-z]|$)' out.svg || fail "inf or nan in the SVG" ;;
	esac
done
"$CONTEST" -r log 2> err > /dev/null
grep -q '^log:1: status ok with elapsed under 1 ms$' err || fail "0.0000001 not reported: $(cat err)"
grep -q '^log:7: status ok with elapsed under 1 ms$' err || fail "0.0005 not reported: $(cat err)"
"$CONTEST" -r -b B log | grep -q '^A  *2 .*1000000000000000\.00$\|^A  *2 .*[0-9]e+[0-9]*$\|^A ' || fail "huge Ratio"
