# The baseline check asks for the same configuration as the report: a
# no_load of the label logged on another host is not this host's
# baseline, so contest runs no_load (the report would otherwise print
# "Ratio -").
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
rec X no_load 50 90 5 0 0 host=otherbox workload=builtin:1 jobs=8 > contest.log
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 -j 8 -k X process_load
grep -q "running no_load" stderr || fail "no_load not run: $(cat stderr)"
grep -q "host=$(uname -n) label=X .*load=no_load" contest.log || fail "no no_load of this host: $(cat contest.log)"
# the other host's runs are a row of their own (X#1), ours X#2 has its Ratio
grep -A2 "^process_load:" stdout | grep -q "^X#2 .* [0-9]\.[0-9][0-9]$" || fail "no Ratio: $(cat stdout)"
