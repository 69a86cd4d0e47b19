# Two contests measuring on one machine (one lock, two work directories
# and logs): the second waits, saying so, until the first is done; their
# runs never overlap.
. "$(dirname "$0")/lib.sh"
gate_make
"$CONTEST" -n 1 --units 1 --lead 0 -k a -d wa -l a.log no_load > a.out 2> a.err &
a=$!
wait_gated $a a.err
MAKE=make "$CONTEST" -n 1 --units 1 --lead 0 -k b -d wb -l b.log no_load > stdout 2> stderr &
b=$!
i=0
until grep -q "waiting for it to finish" stderr; do
	i=$((i + 1)); [ $i -lt 600 ] || fail "the second did not wait: $(cat stderr)"; sleep 0.05
done
touch go
wait $a || fail "the first failed: $(cat a.err)"
wait $b || fail "the second failed: $(cat stderr)"
grep -q "another contest (pid $a) is measuring on this machine" stderr || fail "not said: $(cat stderr)"
ea=$(grep load=no_load a.log | sed 's/.* end=\([^ ]*\) .*/\1/')
sb=$(grep load=no_load b.log | sed 's/.* date=\([^ ]*\) .*/\1/')
[ "$sb" \> "$ea" ] || [ "$sb" = "$ea" ] || fail "the second started at $sb, before the first ended at $ea"
