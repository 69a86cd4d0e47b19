# --format kcidb writes a KCIDB v5.3 document that tests/kcidb-check.py
# (the schema's rules: required fields, the properties each object may
# have, id, origin and path patterns, status values, dates, no null, no
# NaN; and the links: ids unique, every build_id and checkout_id an
# object of the document) passes, for every log of the tests (the golden
# and the fuzzer's seed logs), damaged logs (mutated records, bytes that
# are not text, cut lines), labels, hosts and loads in UTF-8 and with
# spaces, and failed and disturbed runs; alone, with -c and --verdict.
# Its ids are the same in two renders of a log, and the ids of a log's
# tests stay when later runs are appended to it.  The checker itself
# refuses a document broken in each of those ways.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
check="python3 $top/tests/kcidb-check.py"
# the checker finds each fault
{
	rec A no_load 100 60 5 0 0
	rec A io_load 200 60 5 20 40
} > two.log
"$CONTEST" -r --format kcidb two.log > good.json || fail "cannot render two.log"
$check good.json > out || fail "the checker refuses a good document: $(cat out)"
python3 - good.json <<'PY' || fail "cannot break the document"
import json, sys
good = open(sys.argv[1]).read()
d = json.loads(good)
def bad(name, f):
    x = json.loads(good)
    f(x)
    open("bad-%s.json" % name, "w").write(json.dumps(x))
bad("null", lambda x: x["tests"][0]["misc"].update(sd=None))
bad("status", lambda x: x["tests"][0].update(status="OK"))
bad("path", lambda x: x["tests"][0].update(path="contest.io load"))
bad("id", lambda x: x["tests"][0].update(id="contest/x"))
bad("origin", lambda x: x["builds"][0].update(origin="Contest"))
bad("twice", lambda x: x["tests"][1].update(id=x["tests"][0]["id"]))
bad("build_id", lambda x: x["tests"][0].update(build_id="contest:none"))
bad("checkout_id", lambda x: x["builds"][0].update(checkout_id="contest:none"))
bad("required", lambda x: x["tests"][0].pop("build_id"))
bad("property", lambda x: x["tests"][0].update(unit="s"))
bad("number", lambda x: x["tests"][0]["number"].update(sd=1))
bad("date", lambda x: x["tests"][0].update(start_time="2026-02-30T10:00:00Z"))
bad("top", lambda x: x.update(issues=[]))
bad("version", lambda x: x.update(version={"major": 5, "minor": 2}))
open("bad-nan.json", "w").write(good.replace('"value": 100.0000', '"value": NaN', 1))
open("bad-key.json", "w").write(good.replace('"origin": "contest"', '"origin": "contest", "origin": "contest"', 1))
PY
$check bad-*.json > out
[ $? -eq 1 ] || fail "the checker takes every broken document: $(cat out)"
for b in bad-*.json; do
	grep -q "^$b: " out || fail "the checker takes $b"
done
# logs of every kind
cp "$top"/tests/golden/*.log "$top"/tests/fuzz/corpus/*.log .
python3 - real.log <<'PY' || fail "cannot damage a log"
import random, sys
random.seed(27)
good = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
out = []
for i in range(400):
    line = bytearray(random.choice(good))
    for _ in range(random.randint(0, 3)):
        p = random.randrange(len(line) or 1)
        op = random.randint(0, 3)
        if op == 0: line[p:p + 8] = b""
        elif op == 1: line[p:p] = bytes([random.choice(b"=% \t#.-9\x00\xff\xc3")])
        elif op == 2: line[p:p] = line[random.randrange(len(line) or 1):][:30]
        else: line[p:p + 1] = bytes([random.randrange(256)])
    out.append(bytes(line))
out.append(bytes(random.randrange(256) for _ in range(2000)))
open("damaged.log", "wb").write(b"\n".join(out) + b"\n" + good[3][:70])
PY
{
	for i in 1 2 3; do
		rec '6.18-%C3%A9' no_load 10$i 60 5 0 0 host=b%C3%BCro%20box round=$i inv=u
		rec '6.18-%C3%A9' io%20load%C3%A9 20$i 60 5 20 4$i host=b%C3%BCro%20box round=$i inv=u unit=M%20iB
		rec 'a%20b' no_load 10$i 60 5 0 0
		rec '%E2%80%8Bzw' no_load 10$i 60 5 0 0
		rec 'x:y/z' no_load 10$i 60 5 0 0
		rec '6.18-%C3%BC' no_load 11$i 60 5 0 0 host=b%C3%BCro%20box round=$i inv=v
		rec '6.18-%C3%BC' io%20load%C3%A9 21$i 60 5 20 4$i host=b%C3%BCro%20box round=$i inv=v unit=M%20iB
		rec '6.18-%C3%BC' io%20load%C3%A9 21$i 60 5 20 4$i host=b%C3%BCro%20box round=$i inv=v \
		    status=failed reason=exit%202
	done
} > names.log
{
	for i in 1 2 3 4; do
		rec base no_load 10$i 60 5 0 0 round=$i inv=b date=2026-12-01T10:0$i:00Z end=2026-12-01T10:0$i:50Z
		rec base io_load 20$i 60 5 20 4$i round=$i inv=b date=2026-12-01T10:1$i:00Z end=2026-12-01T10:1$i:55Z
		rec cand no_load 10$i 60 5 0 0 round=$i inv=c date=2026-12-02T10:0$i:00Z
		rec cand io_load 20$i 60 5 20 4$i round=$i inv=c status=failed reason=oom
		rec cand process_load 15$i 60 5 20 4$i round=$i inv=c disturbed=1$i unit=kmsg
		rec base process_load 15$i 60 5 20 4$i round=$i inv=b status=invalid reason=stopped unit=kmsg
	done
	rec cand io_load 300 60 5 20 45 status=timeout reason=timeout
} > notok.log
n=0
for log in *.log; do
	rows=$("$CONTEST" -r --format long "$log" 2>/dev/null | awk -F, 'NR > 1 && !seen[$1]++ { print $1 }')
	r1=$(printf '%s\n' "$rows" | sed -n 1p)
	for opts in "" "--origin lab_27" ${r1:+"-c $r1"} ${r1:+"--verdict $r1"} ${r1:+"--verdict $r1 --disturbed"}; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		"$CONTEST" -r --format kcidb $opts "$log" > "doc-$n.json" 2> err
		rc=$?
		echo "doc-$n.json: $log --format kcidb $opts" >> docs
		case $rc in
		0|1|125) ;;
		2) [ -s "doc-$n.json" ] && fail "$log $opts: exit 2 and a document"; rm "doc-$n.json" ;;
		*) fail "$log $opts: exit $rc: $(cat err)" ;;
		esac
		# shellcheck disable=SC2086
		[ ! -f "doc-$n.json" ] || "$CONTEST" -r --format kcidb $opts "$log" 2>/dev/null | cmp -s - "doc-$n.json" ||
			fail "$log, --format kcidb $opts: two renders differ"
	done
done
[ "$(ls doc-*.json | wc -l)" -ge 40 ] || fail "only $(ls doc-*.json | wc -l) documents"
$check doc-*.json > out || fail "$(head -5 out) (of $(grep -F "$(head -1 out | cut -d: -f1):" docs))"
# every kind of input made tests, names as logged, runs not ok and disturbed counted
"$CONTEST" -r --format kcidb names.log > names.json 2>/dev/null
"$CONTEST" -r --format kcidb -c base notok.log > notok.json 2>/dev/null
"$CONTEST" -r --format kcidb damaged.log > damaged.json 2>/dev/null
python3 - names.json notok.json damaged.json <<'PY' || fail "the documents' content"
import json, sys
names, notok, damaged = (json.load(open(f)) for f in sys.argv[1:])
labels = {c["misc"]["label"] for c in names["checkouts"]}
assert {"6.18-\u00e9", "6.18-\u00fc"} <= labels, labels
t = [x for x in names["tests"] if x["misc"]["load"] == "io load\u00e9"]
assert t and all(x["path"].startswith("contest.io-20load-c3-a9.") for x in t), t[0]["path"]
assert {x["environment"]["misc"]["host"] for x in t} == {"b\u00fcro box"}
fail = [x for x in t if x["misc"]["label"] == "6.18-\u00fc"]
assert fail and all(x["misc"]["runs_not_ok"] == 3 for x in fail)
assert any(x["number"].get("unit") == "M iB" for x in t)
ids = [x["id"] for x in names["tests"]]
assert all(i.startswith("contest:b%C3%BCro%20box/6.18-%C3%") for i in ids if "6.18" in i), ids[0]
# failed, timed-out, invalid and disturbed runs counted as such
by = {(x["misc"]["row"], x["path"]): x for x in notok["tests"]}
c = by[("cand", "contest.process_load.runs")]
assert c["status"] == "SKIP" and c["misc"]["runs_disturbed"] == 4 and c["misc"]["runs"] == 0, c
assert ("cand", "contest.process_load.time") not in by
c = by[("cand", "contest.io_load.runs")]
assert c["status"] == "ERROR" and c["misc"]["runs_not_ok"] == 5, c
assert c["misc"]["not_ok"] == [{"status": "failed", "reason": "oom", "runs": 4},
                               {"status": "timeout", "reason": "timeout", "runs": 1}], c["misc"]
c = by[("base", "contest.process_load.runs")]
assert c["status"] == "ERROR" and c["misc"]["runs_not_ok"] == 4, c
io = by[("cand", "contest.io_load")]
assert io["status"] == "SKIP" and io["misc"]["runs_not_ok"] == 5, io
assert by[("cand", "contest")]["status"] == "SKIP"
b = by[("base", "contest.io_load.time")]
assert b["duration"] == 4 * 55 and b["start_time"] == "2026-12-01T10:11:00Z", b
assert by[("base", "contest.no_load.time")]["duration"] == 200
assert "duration" not in by[("cand", "contest.no_load.time")]
assert damaged["tests"], "no test of the damaged log"
PY
# the ids of a log's tests stay when later runs are appended to it
"$CONTEST" -r --format kcidb verdict.log > before.json 2>/dev/null
{
	cat verdict.log
	rec new no_load 30 60 5 0 0 date=2026-12-09T10:00:00Z
	rec later no_load 30 60 5 0 0 date=2026-12-09T10:00:00Z
} > more.log
"$CONTEST" -r --format kcidb more.log > after.json 2>/dev/null
python3 - before.json after.json <<'PY' || fail "appended runs changed the ids"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for kind in ("checkouts", "builds", "tests"):
    old, new = {x["id"] for x in a[kind]}, {x["id"] for x in b[kind]}
    assert old <= new, (kind, sorted(old - new)[:3])
assert len(b["checkouts"]) == len(a["checkouts"]) + 1
PY
echo "$(ls doc-*.json | wc -l) documents checked"
