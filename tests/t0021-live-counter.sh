# On a terminal, a live seconds counter runs while the compile does; off a
# terminal (every other test), stderr holds only whole lines.
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null || fail "script(1) missing (bsdutils)"
script -qc "$CONTEST -n 1 --units 8 --lead 0 -k pty no_load" pty.txt >/dev/null 2>&1 </dev/null
grep -q "no_load 1/1: 1 s" pty.txt || fail "no counter on a terminal: $(cat -A pty.txt | head)"
expect 0 "$CONTEST" -n 1 --units 8 --lead 0 -k nopty no_load
grep -q "$(printf '\r')" stderr && fail "carriage returns off a terminal"
# the counter is "  no_load 1/1: N s" ending in a carriage return; a
# finished run's line ("1/1: 10.01 s elapsed") must not match it
grep -Eq '1/1: [0-9]+ s ' stderr && fail "counter off a terminal"
exit 0
