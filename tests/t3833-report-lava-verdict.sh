# --format lava -c BASE: a line is fail exactly where --verdict would
# count the metric worse: a verdict metric (a load's Time, Ratio, Loads,
# latency p99) that -c's family marks worse (JSON's mark, the Ratio's
# ratio_test), BASE's own lines and every other metric pass (user and sys
# marked worse among them); for each golden log against its first two
# rows.  On the hand-made comparison, the fail lines are those
# --verdict's lines call worse, and --format lava --verdict gives the
# candidate's lines with --verdict's exit status.
. "$(dirname "$0")/lib.sh"
need python3
n=0
for log in "$top"/tests/golden/*.log "$top"/tests/fuzz/corpus/*.log; do
	"$CONTEST" -r --format csv "$log" 2>/dev/null | awk -F, 'NR > 1 && !seen[$3]++ { print $3 }' | head -2 > rows
	while read -r r; do
		"$CONTEST" -r --format json -c "$r" "$log" > json.$n 2>/dev/null || continue
		"$CONTEST" -r --format lava -c "$r" "$log" > lava.$n 2>/dev/null
		echo "$n $(basename "$log") $r" >> cases
		n=$((n + 1))
	done < rows
done
[ "$n" -ge 15 ] || fail "only $n comparisons"
python3 - cases <<'PY' || fail "fail lines are not the worse verdict metrics"
import json, sys
verdict = {"time", "loads", "lat_p99"}
fails = other_worse = 0
for case in open(sys.argv[1]):
    i, log, base = case.split()
    d = json.load(open("json." + i))
    want = []
    for g in d["groups"]:
        for k, v in g["metrics"].items():
            if v["mean"] is not None:
                worse = g["row"] != base and v.get("mark") == "worse"
                want.append(worse and k in verdict)
                other_worse += worse and k not in verdict
        if g["ratio"] is not None:
            t = g["ratio_test"]
            want.append(g["row"] != base and t is not None and t["mark"] == "worse")
    got = [l.split()[1] == "fail" for l in open("lava." + i)]
    assert want == got, "%s -c %s: %s" % (log, base, [(j, w, g) for j, (w, g) in enumerate(zip(want, got)) if w != g][:3] or (len(want), len(got)))
    fails += sum(got)
assert fails >= 5 and other_worse >= 4, (fails, other_worse)
print(fails, "fail lines;", other_worse, "other metrics marked worse, pass")
PY
# the hand-made comparison: new's fail lines are the verdict metrics
# --verdict's lines call "worse, beyond" a floor (with -c, or with
# --verdict, which prints the candidate's lines alone and exits as
# --verdict does), or beyond --threshold's 5%
log=$top/tests/golden/verdict.log
worse() {
	"$CONTEST" -r --verdict base -k new "$@" "$log" > lines
	python3 - lines <<'PY' | sort || fail "cannot read --verdict's lines: $(cat lines)"
import re, sys
names = {"Time": "time", "Ratio": "ratio", "Loads": "loads", "latency p99": "lat_p99"}
text = re.sub(r"\n  ", " ", open(sys.argv[1]).read())
for line in text.splitlines():
    m = re.match(r"([a-z_]+): (worse|not worse|cannot decide): (.*)", line)
    if m:
        for clause in m.group(3).split("; "):
            if "worse, beyond" in clause:
                print("new.%s.%s" % (m.group(1), names[re.match(r"(.*?) [-+]", clause).group(1)]))
PY
}
worse > want
[ "$(wc -l < want)" -ge 3 ] || fail "--verdict calls under 3 metrics worse: $(cat lines)"
expect 0 "$CONTEST" -r --format lava -c base "$log"
grep '^new\.' stdout > new
grep ' fail ' stdout | awk '{ print $1 }' | sort > got
cmp -s want got || fail "-c's fail lines (< --verdict's worse, > lava's fail):
$(diff want got)"
expect 1 "$CONTEST" -r --format lava --verdict base -k new "$log"
cmp -s new stdout || fail "--verdict: not the candidate's lines of -c:
$(diff new stdout | head)"
worse --threshold 5 > want5
[ "$(wc -l < want5)" -ge 1 ] && ! cmp -s want want5 || fail "--threshold 5 changes nothing: $(cat lines)"
expect 1 "$CONTEST" -r --format lava --verdict base -k new --threshold 5 "$log"
grep ' fail ' stdout | awk '{ print $1 }' | sort > got
cmp -s want5 got || fail "--threshold 5's fail lines (< --verdict's worse, > lava's fail):
$(diff want5 got)"
