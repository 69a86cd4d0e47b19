# The -c summary: per row, the geometric mean of Ratio over the loads it
# shares with BASE (no_load left out: its Ratio is 1 by definition), of
# BASE's Ratio over the same loads, and of Loads / BASE's Loads over the
# loads where both did work; under the blocks, in CSV and in JSON, equal
# to what python3 computes from the same records.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec A no_load 100 90 0 0 0
	rec A no_load 104 90 0 0 0
	rec A io_load 250 90 0 10 40
	rec A io_load 262 90 0 10 44
	rec A mem_load 130 90 0 10 300
	rec A process_load 180 90 0 10 900
	rec B no_load 98 90 0 0 0
	rec B io_load 200 90 0 10 30
	rec B io_load 214 90 0 10 33
	rec B mem_load 160 90 0 10 330
	rec B process_load 170 90 0 10 700
	rec B tarc_load 300 90 0 10 70
	rec C io_load 300 90 0 10 50
} > log
python3 > want <<'PY'
import math
A = {"no_load": [100, 104], "io_load": [250, 262], "mem_load": [130], "process_load": [180]}
B = {"no_load": [98], "io_load": [200, 214], "mem_load": [160], "process_load": [170], "tarc_load": [300]}
LA = {"io_load": [40, 44], "mem_load": [300], "process_load": [900]}
LB = {"io_load": [30, 33], "mem_load": [330], "process_load": [700], "tarc_load": [70]}
mean = lambda x: sum(x) / len(x)
shared = [l for l in A if l in B and l != "no_load"]
rb = [mean(B[l]) / mean(B["no_load"]) for l in shared]
ra = [mean(A[l]) / mean(A["no_load"]) for l in shared]
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
lr = [mean(LB[l]) / mean(LA[l]) for l in shared]
print("%.4f %.4f %d %.4f %d" % (g(rb), g(ra), len(shared), g(lr), len(lr)))
print("%-20s %8s %8s %9s %5d %10s %5d" % ("B", "%.3f" % g(rb), "%.3f" % g(ra),
      "%+.1f%%" % ((g(rb) - g(ra)) / g(ra) * 100), len(shared), "%.3f" % g(lr), len(lr)))
PY
expect 0 "$CONTEST" -r -c A log
grep -q '^Summary against A: geometric means' stdout || fail "no summary: $(cat stdout)"
grep -qxF "$(sed -n 2p want)" stdout || fail "summary of B: want '$(sed -n 2p want)': $(grep -A3 ^Summary stdout)"
# C has no no_load: no Ratio; its Loads against A's over io_load alone
grep -q '^C  *-  *-  *-  *0  *1.190  *1$' stdout || fail "summary of C: $(grep -A4 ^Summary stdout)"
set -- $(sed -n 1p want)
expect 0 "$CONTEST" -r --format csv -c A log
python3 - stdout "$@" <<'PY' || fail "csv summary"
import csv, sys
want = sys.argv[2:]
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if r["row"] == "B":
        assert [r["geomean_ratio"], r["geomean_ratio_base"], r["geomean_ratio_loads"],
                r["geomean_loads"], r["geomean_loads_loads"]] == want, (r, want)
    if r["row"] == "A":
        assert r["geomean_ratio"] == "" and r["geomean_ratio_loads"] == "0"
PY
expect 0 "$CONTEST" -r --format json -c A log
python3 - stdout "$@" <<'PY' || fail "json summary"
import json, sys
d = json.load(open(sys.argv[1]))
s = {x["row"]: x for x in d["summary"]}
w = sys.argv[2:]
b = s["B"]
assert ["%.4f" % b["ratio"], "%.4f" % b["base_ratio"], str(b["ratio_loads"]), "%.4f" % b["loads"],
        str(b["loads_loads"])] == w, (b, w)
assert s["C"]["ratio"] is None and s["C"]["loads_loads"] == 1
PY
