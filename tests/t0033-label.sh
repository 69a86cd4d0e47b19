# -k labels are taken as given, UTF-8 kept, or refused with the reason
# (never folded: two kernels would share one); the default label is
# uname -r, any byte a label may not hold written %XX (t4106 has more).
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" --units 2 --lead 0 -n 1 -k 'my kernel/v2;$x' no_load
grep -q "byte 3 (' ') is a space" stderr || fail "not said: $(cat stderr)"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 -k 'v2.1-é+rc~1' no_load
[ "$(val "$(grep -v " snapshot=1 " contest.log)" label)" = 'v2.1-%C3%A9+rc~1' ] || fail "label: $(cat contest.log)"
rm contest.log
expect 0 "$CONTEST" --units 2 --lead 0 -n 1 no_load
got=$(val "$(grep -v " snapshot=1 " contest.log)" label)
case "$(uname -r)" in
*[!A-Za-z0-9._+~-]*)	# a release with other bytes: they come out as %XX (t4120 checks the encoding)
	case "$got" in *%[0-9A-F][0-9A-F]*) ;; *) fail "default label: $got" ;; esac ;;
*)	[ "$got" = "$(uname -r)" ] || fail "default label: $got, not $(uname -r)" ;;
esac
