# Two contests measuring on one machine (one lock, two work directories
# and logs): the second waits, saying so, until the first is done; their
# runs never overlap.
. "$(dirname "$0")/lib.sh"
"$CONTEST" -n 1 --units 24 --lead 0 -k a -d wa -l a.log no_load > a.out 2> a.err &
a=$!
i=0
until [ -s wa/output/a-no_load-1.txt ]; do
	i=$((i + 1)); [ $i -lt 600 ] || fail "first never compiled: $(cat a.err)"; sleep 0.05
done
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -k b -d wb -l b.log no_load
wait $a || fail "the first failed: $(cat a.err)"
grep -q "another contest (pid $a) is measuring on this machine" stderr || fail "not said: $(cat stderr)"
ea=$(grep load=no_load a.log | sed 's/.* end=\([^ ]*\) .*/\1/')
sb=$(grep load=no_load b.log | sed 's/.* date=\([^ ]*\) .*/\1/')
[ "$sb" \> "$ea" ] || [ "$sb" = "$ea" ] || fail "the second started at $sb, before the first ended at $ea"
