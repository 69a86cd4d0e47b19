# lava/contest.sh in a lab: with a lava-test-case on PATH (here a stand-in
# that records its arguments) it calls it once per line of --format lava,
# as NAME --result RESULT --measurement MEASUREMENT --units UNITS, in the
# lines' order, prints none of them, and exits 0.
. "$(dirname "$0")/lib.sh"
mkdir bin
cat > bin/lava-test-case <<EOS
#!/bin/sh
printf '%s|' "\$#" "\$@" >> "$T/calls"
echo >> "$T/calls"
EOS
chmod +x bin/lava-test-case
PATH=$T/bin:$PATH expect 0 sh "$top/lava/contest.sh" -n 1 -u 1 -k lab -x "--lead 0 --probe off" -o out no_load
"$CONTEST" -r --format lava out/contest.log > lines || fail "no report of out/contest.log"
[ "$(wc -l < lines)" -ge 20 ] || fail "only $(wc -l < lines) lines: $(cat lines)"
awk '{ printf "7|%s|--result|%s|--measurement|%s|--units|%s|\n", $1, $2, $3, $4 }' lines > want
cmp -s want calls || fail "calls (< one a line, > made):
$(diff want calls | head)"
[ -s stdout ] && fail "lines printed as well: $(head -3 stdout)"
exit 0
