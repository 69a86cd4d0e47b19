# --format lava against --format json, for every golden log (t3700's),
# alone, counting the disturbed runs, with -b and -c against its first
# row: one line for each metric a group's JSON has a mean of (and its
# ratio), in the JSON's order, NAME made of its row, load and metric by
# the man page's rule, MEASUREMENT the JSON's number as printed; the
# Loads line in the group's unit, every other metric in one unit
# throughout; without -c, every result pass.
. "$(dirname "$0")/lib.sh"
need python3
n=0
for log in "$top"/tests/golden/*.log "$top"/tests/fuzz/corpus/*.log; do
	r1=$("$CONTEST" -r --format csv "$log" 2>/dev/null | awk -F, 'NR == 2 { print $3 }')
	for opts in "" "--disturbed" ${r1:+"-c $r1" "-b $r1"}; do
		# shellcheck disable=SC2086 # opts is split on purpose
		"$CONTEST" -r --format json $opts "$log" > json.$n 2>/dev/null || continue
		# shellcheck disable=SC2086
		"$CONTEST" -r --format lava $opts "$log" > lava.$n 2>/dev/null
		echo "$n $(basename "$log") $opts" >> cases
		n=$((n + 1))
	done
done
[ "$n" -ge 30 ] || fail "only $n reports compared"
python3 - cases <<'PY' || fail "lava lines and JSON differ"
import json, re, sys
def word(s, keep):
    out = ""
    for b in s.encode():
        c = chr(b)
        if b < 0x80 and (c.isalnum() or c in keep):
            out += c
        elif c == "_":
            out += "__"
        else:
            out += "_%02x" % b
    return out
def load(s):
    return s if re.fullmatch(r"[a-z0-9_]+", s) else "X" + word(s, "-")
for case in open(sys.argv[1]):
    i, log, opts = (case.rstrip("\n").split(" ", 2) + [""])[:3]
    d = json.load(open("json." + i))
    want = []
    for g in d["groups"]:
        name = word(g["row"], ".-") + "." + load(g["load"]) + "."
        for k, v in g["metrics"].items():
            if v["mean"] is not None:
                want.append((name + k, "%.4f" % v["mean"], k, g["unit"]))
        if g["ratio"] is not None:
            want.append((name + "ratio", "%.4f" % g["ratio"], "ratio", None))
    got = [l.split() for l in open("lava." + i)]
    where = "%s %s: " % (log, opts)
    assert [(w[0], w[1]) for w in want] == [(x[0], x[2]) for x in got], where + repr(
        [(w, x) for w, x in zip(want, got) if (w[0], w[1]) != (x[0], x[2])][:3] or (len(want), len(got)))
    units = {}
    for w, x in zip(want, got):
        if w[2] == "loads":
            assert x[3] == word(w[3], ".-%/"), where + repr((w, x))
        else:
            assert units.setdefault(w[2], x[3]) == x[3], where + repr((w, x, units[w[2]]))
    if "-c" not in opts:
        assert all(x[1] == "pass" for x in got), where + repr([x for x in got if x[1] != "pass"][:3])
PY
echo "$n reports: every lava line is the JSON's number"
