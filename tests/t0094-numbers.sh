# Every number contest is given takes one grammar (doc/contest.1,
# OPTIONS, Numbers; num.h): digits, and where a fraction may be given a
# point between digits; no sign, space, exponent, hex, inf or nan; a
# size's k, M, G or T.  Each numeric option, a load's included, --probe's
# numbers and CONTEST_DISTURB_PCT refuse the same forms (exit 2, naming
# the option) and take the plain ones.  Before issue 26, -n ' 3' ran
# while --streams ' 3' exited 2, and --until .5 was taken while --req-t1
# .5 was not.
. "$(dirname "$0")/lib.sh"
# refused OPTION VALUE ARGS...: --plan with it exits 2, "OPTION ARG must be ..., not 'VALUE'"
refused() {
	_o=$1 _v=$2
	shift 2
	expect 2 "$CONTEST" --plan "$_o" "$_v" "$@"
	grep -qx -- "contest: $_o [A-Z_]* must be .*, not '$_v'" stderr || fail "$_o '$_v': $(cat stderr)"
}
# taken OPTION VALUE ARGS...: --plan with it goes past the command line
taken() {
	_o=$1 _v=$2
	shift 2
	"$CONTEST" --plan "$_o" "$_v" "$@" > /dev/null 2> stderr
	[ $? -ne 2 ] || fail "$_o '$_v' refused: $(cat stderr)"
}
for o in -n -j --lead --units --timeout --cpus; do
	for v in " 3" "3 " +3 -3 3.0 3. 1e1 0x3 3k ""; do
		refused $o "$v" no_load
	done
	taken $o 3 no_load
	taken $o 03 no_load
done
for v in " 3" +3 3.0 1e1 0x3 ""; do
	refused --max-rounds "$v" --until 5 -n 1 no_load
	refused --max-time "$v" --until 5 no_load
	refused --streams "$v" read_load
	refused --clients "$v" dbench_load
done
taken --max-rounds 3 --until 5 -n 1 no_load
taken --max-time 3 --until 5 no_load
taken --streams 3 read_load
taken --clients 3 dbench_load
for v in " 5" "5 " +5 5. .5 1e1 0x5 inf nan ""; do
	refused --until "$v" no_load
	refused --req-t1 "$v" io_load
	refused --req-t2 "$v" io_load
done
for v in 5 0.5 05.50; do
	taken --until "$v" no_load
	taken --req-t1 "$v" io_load
done
for v in " 4G" "4G " +4G 4.5G "4 G" 4GB 0x10 1e3 0 ""; do
	refused --mem "$v" no_load
	refused --disk "$v" no_load
	refused --size "$v" io_load
done
for v in 4G 4096 4k 4T; do
	taken --mem "$v" no_load
	taken --disk "$v" no_load
done
# a report's percentage
printf '' > empty.log
for v in " 3" +3 3. .5 1e1; do
	expect 2 "$CONTEST" -r --verdict B --threshold "$v" empty.log
	grep -qx -- "contest: --threshold PCT must be a percentage from 0.1 to 1000, not '$v'" stderr ||
		fail "--threshold '$v': $(cat stderr)"
done
"$CONTEST" -r --verdict B --threshold 0.5 empty.log > /dev/null 2> stderr
if grep -q -- "--threshold" stderr; then fail "--threshold 0.5 refused: $(cat stderr)"; fi
# --probe's PERIOD_MS:PERCENT
for v in 50:.5 50.:5 " 50:5" 50:+5 50:5e0; do
	expect 2 "$CONTEST" --plan --probe "$v" no_load
	grep -qx -- "contest: bad probe '$v': not audio, video, off or PERIOD_MS:PERCENT" stderr ||
		fail "--probe '$v': $(cat stderr)"
done
taken --probe 50:0.5 no_load
# the environment's number
for v in " 10" +10 1e1 .5 10. ""; do
	expect 2 env CONTEST_DISTURB_PCT="$v" "$CONTEST" --plan no_load
	grep -qx -- "contest: CONTEST_DISTURB_PCT must be a percentage from 0 to 100, not '$v'" stderr ||
		fail "CONTEST_DISTURB_PCT='$v': $(cat stderr)"
done
CONTEST_DISTURB_PCT=0.5 "$CONTEST" --plan no_load > /dev/null 2> stderr || fail "CONTEST_DISTURB_PCT=0.5: $(cat stderr)"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
