# --format kcidb with -c BASE: each compared row's test of a load (path
# contest.LOAD) is FAIL, PASS or SKIP exactly as --verdict answers for
# that load (worse, not worse, cannot decide), and the row's test (path
# contest) is FAIL, PASS or SKIP as --verdict's exit is 1, 0 or 125: a
# load worse, one the same within its floor, one with a single run of
# the candidate, one whose candidate runs all failed, one only BASE ran.
# With --verdict BASE --format kcidb, the same tests for the candidate
# alone, and contest's exit is --verdict's, --threshold included.  The
# numbers of its tests are the JSON's.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	for i in 1 2 3 4 5; do
		d=$(( (i % 3) - 1 ))	# -1, 0, 1: a spread of 0.1%
		rec A no_load 100.$((5 + d)) 60 5 0 0 round=$i inv=a
		rec B no_load 100.$((5 - d)) 60 5 0 0 round=$i inv=b
		rec A process_load 150.$((5 + d)) 60 5 20 4$i unit=kmsg round=$i inv=a
		rec B process_load 170.$((5 + d)) 60 5 20 4$i unit=kmsg round=$i inv=b
		rec A io_load 20$i 60 5 20 4$i round=$i inv=a
		rec A read_load 20$i 60 5 20 4$i round=$i inv=a
		rec B read_load 20$i 60 5 20 4$i round=$i inv=b status=failed reason=oom
		rec A lslr_load 20$i 60 5 20 4$i round=$i inv=a
	done
	rec B io_load 205 60 5 20 43 round=1 inv=b
} > log
"$CONTEST" -r --verdict A -k B log > verdict.out 2>&1
v=$?
[ "$v" -eq 1 ] || fail "--verdict A exited $v, not 1: $(cat verdict.out)"
for opts in "-c A" "--verdict A -k B" "--verdict A -k B --threshold 20"; do
	# shellcheck disable=SC2086
	"$CONTEST" -r --format kcidb $opts log > doc.json 2> err
	rc=$?
	# shellcheck disable=SC2086
	"$CONTEST" -r $(echo "$opts" | sed 's/^-c A/--verdict A -k B/') log > lines 2>&1
	want=$?
	case $opts in -c*) [ "$rc" -eq 0 ] || fail "-c A --format kcidb exited $rc: $(cat err)" ;;
	*) [ "$rc" -eq "$want" ] || fail "$opts --format kcidb exited $rc, --verdict $want" ;;
	esac
	python3 "$top/tests/kcidb-check.py" doc.json > out || fail "$opts: $(cat out)"
	python3 - doc.json lines "$want" "$opts" <<'PY' || fail "$opts: the statuses are not --verdict's"
import json, re, sys
doc = json.load(open(sys.argv[1]))
lines = re.sub(r"\n  ", " ", open(sys.argv[2]).read())
exit, opts = int(sys.argv[3]), sys.argv[4]
answer = {"worse": "FAIL", "not worse": "PASS", "cannot decide": "SKIP"}
want = {}
for line in lines.splitlines():
    m = re.match(r"^([a-z_]+): (worse|not worse|cannot decide)(:|$)", line)
    if m:
        want[m.group(1)] = answer[m.group(2)]
got = {t["path"][len("contest."):]: t["status"] for t in doc["tests"]
       if t["path"].count(".") == 1 and t["misc"]["row"] == "B"}
assert got == want, (got, want, lines)
if "--threshold" not in opts:
    assert want == {"no_load": "PASS", "process_load": "FAIL", "io_load": "SKIP", "read_load": "SKIP"}, want
else:
    assert want["process_load"] == "PASS" and want["io_load"] == "SKIP", want
row = [t for t in doc["tests"] if t["path"] == "contest"]
assert len(row) == 1 and row[0]["misc"]["row"] == "B", row
assert row[0]["status"] == {0: "PASS", 1: "FAIL", 125: "SKIP"}[exit], (row, exit)
assert {x["load"]: x["status"] for x in row[0]["misc"]["loads"]} == want
pl = [t for t in doc["tests"] if t["path"] == "contest.process_load" and t["misc"]["row"] == "B"][0]
if "--threshold" not in opts:
    assert pl["misc"]["worse"] == ["time", "ratio"] and pl["misc"]["metrics"]["time"]["status"] == "FAIL", pl
    assert "threshold_pct" not in pl["misc"] and pl["misc"]["metrics"]["time"]["threshold_pct"] == 1
else:
    assert pl["misc"]["threshold_pct"] == 20 and pl["misc"]["metrics"]["time"]["threshold_pct"] == 20
assert not [t for t in doc["tests"] if t["path"] == "contest.lslr_load"], "a load only BASE ran was judged"
assert not [t for t in doc["tests"] if t["misc"]["row"] == "A" and t["path"].count(".") < 2], "BASE judged"
PY
done
# the numbers are the JSON's
"$CONTEST" -r --format kcidb -c A log > doc.json && "$CONTEST" -r --format json -c A log > json ||
	fail "cannot render"
python3 - doc.json json <<'PY' || fail "the numbers are not the JSON's"
import json, sys
doc, js = (json.load(open(f)) for f in sys.argv[1:])
groups = {(g["row"], g["load"]): g for g in js["groups"]}
n = 0
for t in doc["tests"]:
    p = t["path"].split(".")
    if len(p) != 3 or p[2] == "runs":
        continue
    g, m = groups[(t["misc"]["row"], t["misc"]["load"])], t["misc"]
    if p[2] == "ratio":
        assert t["number"]["value"] == g["ratio"] and m.get("sd") == g["ratio_sd"], t
        j, jt = g, g["ratio_test"]
    else:
        j = g["metrics"][p[2]]
        assert t["number"]["value"] == j["mean"] and m["n"] == j["n"], t
        for k in ("sd", "min", "max"):
            assert m.get(k) == j[k], (k, t, j)
        jt = j if "mark" in j else None
    c = m.get("compare")
    assert (c is None) == (g["row"] == "A" or (p[2] != "ratio" and "change_pct" not in j)), t
    if c and jt:
        for k in ("change_pct", "ci_low", "ci_high", "p_adjusted", "mark"):
            assert c.get(k) == jt.get(k), (k, c, jt)
    n += 1
assert n > 50, n
PY
