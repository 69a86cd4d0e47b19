# Issue 29, item 2: a record cut by a crash, at any byte, then another
# record appended through contest's writer (log_append, which ends the
# fragment with ' !cut'), is never read as a run by any reader: the
# report says at each cut that the record was cut short, and neither it,
# --verdict, nor contest's own readers of the log (the no_load baseline,
# --against's check, --until's precision) count it.  A real log's last
# record (label X's one no_load run) is cut at every byte (log-solo.bin
# cuts; the appended record is label Y's); contest's own readers are
# asked at every 4th cut, and a real --until run at two (one digit into
# lat_p99's value, which the old writer's bare newline let be read as
# 7 us, and at a space).
. "$(dirname "$0")/lib.sh"
[ -x "$top/tests/log-solo.bin" ] || fail "no tests/log-solo.bin: make check builds it"
expect 0 "$CONTEST" -n 1 --lead 0 --units 1 -k X no_load
last=$(tail -n 1 contest.log)
case $last in *' label=X '*' load=no_load '*' status=ok '*) ;; *) fail "no run of X: $last" ;; esac
mkdir cut
n=$("$top/tests/log-solo.bin" cuts contest.log "$(printf '%s\n' "$last" | sed 's/ label=X / label=Y /')" cut) ||
    fail "log-solo.bin cuts"
[ "$n" -eq ${#last} ] || fail "$n cut points for a record of ${#last} bytes"
grep -q ' !cut$' cut/100.log || fail "the fragment not ended by the writer: $(sed -n 2p cut/100.log)"

# the report and --verdict over all the cut logs at once: X nowhere, each
# cut said once (Y's record, the same in each, is one run read n times)
i=1 logs=
while [ $i -le "$n" ]; do logs="$logs cut/$i.log"; i=$((i + 1)); done
expect 0 "$CONTEST" -r $logs
grep -q '^X ' stdout && fail "a cut record counted: $(cat stdout)"
grep -q '^Y  *1 ' stdout || fail "the record after the cut not read: $(cat stdout)"
[ "$(grep -c '^cut/[0-9]*\.log:2: record cut short (a crash or a full disk as it was written): not read$' stderr)" -eq "$n" ] ||
    fail "not every cut said: $(grep -v ':2: record cut short' stderr | head -5)"
[ "$(wc -l < stderr)" -eq "$n" ] || fail "other messages: $(grep -v ':2: record cut short' stderr | head -5)"
expect 2 "$CONTEST" -r --verdict X -k Y $logs
grep -q "no label 'X' in the logs" stderr || fail "--verdict found X: $(tail -3 stderr)"

# contest's own readers, one log at a time: X has no no_load baseline,
# and no ok run for --against (which refuses before anything runs)
i=1
while [ $i -le "$n" ]; do
	"$CONTEST" --plan --units 1 -k X -l cut/$i.log process_load > /dev/null 2> err ||
	    fail "--plan on cut/$i.log: $(cat err)"
	grep -q "no no_load baseline for 'X'" err || fail "cut/$i.log: the cut record taken as X's baseline"
	"$CONTEST" --until 50 --against X --units 1 -k Z -l cut/$i.log no_load > /dev/null 2> err &&
	    fail "cut/$i.log: --against X ran"
	grep -q "no ok run of 'X'" err || fail "cut/$i.log: --against: $(cat err)"
	i=$((i + 4))
done

# --until's precision after a real round: X's runs are the new one only
# (one run: no half-width yet); cut one digit into lat_p99's value (the
# issue's case), and at the space after lat_n's
pre=${last%%" lat_p99="*}
p99=$((${#pre} + 10))
pre=${last%%" lat_p50="*}
for c in $p99 $((${#pre} + 1)); do
	head -n 1 contest.log > u.log
	printf '%s' "$(printf '%s\n' "$last" | cut -c1-$c)" >> u.log
	tail -c 12 u.log | grep -q '\(lat_p99=[0-9]\|lat_n=[0-9]* \)$' || fail "cut at $c: $(tail -c 40 u.log)"
	expect 125 "$CONTEST" --until 50 --max-rounds 1 -n 1 --lead 0 --units 1 --probe off -k X -l u.log no_load
	grep -q 'after round 1: Time half-width: no_load -;' stderr ||
	    fail "cut at $c: the cut record counted: $(grep 'half-width' stderr)"
	grep -q '^X  *1 ' stdout || fail "cut at $c: $(cat stdout)"
	[ "$(grep -c ' !cut$' u.log)" -eq 1 ] || fail "the fragment not ended: $(cat u.log)"
done
