# The load's request keys in the other forms of the report: CSV and JSON
# carry req_n, req_mean, req_p50, req_p99, req_max, req_over1,
# req_over2, req_t1, req_t2 and fairness as metrics (mean, sd, min, max);
# --svg adds a third chart, one bar per I/O load and row (its p99 in ms,
# with the longest as a marker) and the two thresholds as dashed lines;
# without request keys there is no such chart.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
r="req_t1=100 req_t2=1000"
{
	rec A no_load 100 90 0 0 0
	rec B no_load 100 90 0 0 0
	rec A read_load 150 90 0 10 500 req_n=600 req_mean=1200.5 req_p50=60 req_p99=20000 req_max=150000 req_over1=0.05 req_over2=0 $r fairness=80
	rec A read_load 150 90 0 10 500 req_n=600 req_mean=1400.5 req_p50=60 req_p99=30000 req_max=250000 req_over1=0.15 req_over2=0 $r fairness=90
	rec B read_load 170 90 0 10 400 req_n=500 req_mean=2500 req_p50=80 req_p99=90000 req_max=2500000 req_over1=0.9 req_over2=0.2 $r fairness=50
	rec A io_load 200 90 0 10 900 req_n=900 req_mean=900 req_p50=100 req_p99=5000 req_max=800000 req_over1=0.1 req_over2=0 $r
	rec B io_load 200 90 0 10 900 req_n=900 req_mean=950 req_p50=110 req_p99=6000 req_max=1200000 req_over1=0.2 req_over2=0.1 $r
	rec A process_load 120 90 0 10 900 unit=kmsg
	rec B process_load 130 90 0 10 900 unit=kmsg
} > log
expect 0 "$CONTEST" -r --format csv log
head -1 stdout | tr ',' '\n' > cols
for k in req_n req_mean req_p50 req_p99 req_max req_over1 req_over2 req_t1 req_t2 fairness; do
	grep -qx "${k}_mean" cols || fail "no ${k}_mean in the CSV header"
done
col=$(grep -nx req_p99_mean cols | cut -d: -f1)
[ "$(awk -F, -v c="$col" '$1 == "read_load" && $2 == "A" { print $c }' stdout)" = 25000.0000 ] ||
	fail "CSV req_p99_mean of A read_load: $(grep '^read_load,A' stdout)"
col=$(grep -nx fairness_mean cols | cut -d: -f1)
[ "$(awk -F, -v c="$col" '$1 == "read_load" && $2 == "A" { print $c }' stdout)" = 85.0000 ] ||
	fail "CSV fairness_mean of A read_load"
expect 0 "$CONTEST" -r --format json log
command -v python3 > /dev/null || skip "no python3 to read the JSON and the SVG"
python3 - stdout <<'PY' || fail "JSON"
import json, sys
j = json.load(open(sys.argv[1]))
def find(o):
    if isinstance(o, dict):
        if o.get("load") == "read_load" and o.get("label") == "A":
            yield o
        for v in o.values():
            yield from find(v)
    elif isinstance(o, list):
        for v in o:
            yield from find(v)
g = next(find(j))
m = g["metrics"]
assert m["req_p99"]["mean"] == 25000 and m["req_p99"]["n"] == 2, m["req_p99"]
assert m["req_over1"]["mean"] == 0.1 and m["req_t1"]["mean"] == 100, m
assert m["fairness"]["mean"] == 85, m["fairness"]
PY
expect 0 "$CONTEST" -r --svg chart.svg log
python3 - chart.svg <<'PY' || fail "SVG"
import sys, xml.etree.ElementTree as ET
root = ET.fromstring(open(sys.argv[1]).read())
ns = "{http://www.w3.org/2000/svg}"
texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
assert any("own requests" in t for t in texts), texts
req = [r.find(ns + "title").text for r in root.iter(ns + "rect")
       if r.find(ns + "title") is not None and "requests p99" in r.find(ns + "title").text]
assert sorted(req) == sorted([
    "A read_load: requests p99 25.00 ms, longest 200.00 ms, 2 runs",
    "B read_load: requests p99 90.00 ms, longest 2500.00 ms, 1 runs",
    "A io_load: requests p99 5.00 ms, longest 800.00 ms, 1 runs",
    "B io_load: requests p99 6.00 ms, longest 1200.00 ms, 1 runs"]), req
assert "100 ms" in texts and "1000 ms" in texts, texts
PY
grep -v req_ log > plain
expect 0 "$CONTEST" -r --svg plain.svg plain
! grep -q "own requests" plain.svg || fail "a request chart without request keys"
