# --format csv: a header of documented names, one row per label x load,
# read back with python3's csv module; means, sd, min and max are those
# computed by hand (Time 100 and 110: mean 105, sd 7.0711), Ratio and
# the -c columns are filled in, and a workload with a comma is quoted.
# The columns of version 1 come first and unchanged; every metric follows.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec A no_load 100 90 0 0 0 workload=/src/a%2Cb
	rec A no_load 110 90 0 0 0 workload=/src/a%2Cb
	rec A io_load 210 90 0 21 10 workload=/src/a%2Cb
	rec A io_load 210 90 0 21 10 status=invalid reason=load%20died workload=/src/a%2Cb
	rec B no_load 120 90 0 0 0
	rec B no_load 130 90 0 0 0
} > log
expect 0 "$CONTEST" -r --format csv -c A log
python3 - stdout "$top/tests" <<'PY' || fail "csv content"
import csv, math, sys
sys.dont_write_bytecode = True   # nothing written in the source tree
sys.path.insert(0, sys.argv[2])
from welch import logratio_p
P = logratio_p([100, 110], [120, 130])   # Time of A against B
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
cols = ("load label row host jobs workload config unit runs failed invalid".split()
    + [f"{s}_{k}" for s in "time cpu loads lcpu user sys majflt ctxsw".split() for k in "mean sd min max".split()]
    + "ratio ratio_base compare_base time_change_pct time_p time_significant loads_change_pct loads_p loads_significant".split())
keys = list(rows[0].keys())
assert keys[:len(cols)] == cols, keys
for k in ("drop", "disturbed_runs", "ratio_sd", "geomean_ratio", "paired_ratio_mean",
          "vm_pswpin_mean", "lat_p99_mean", "dl_met_change_pct", "time_verdict", "psi_io_full_sd"):
    assert k in keys, k
assert len(keys) == len(set(keys)), "a column named twice"
assert [(r["load"], r["row"]) for r in rows] == [("no_load", "A"), ("no_load", "B"), ("io_load", "A")], rows
a, b, io = rows
assert a["runs"] == "2" and float(a["time_mean"]) == 105 and abs(float(a["time_sd"]) - math.sqrt(50)) < 1e-4
assert a["time_min"] == "100.0000" and a["time_max"] == "110.0000" and a["ratio"] == "1.0000"
assert b["compare_base"] == "A" and float(b["time_change_pct"]) == 19.05 and b["time_significant"] == "no"
assert abs(float(b["time_p"]) - P) < 1e-5, (b["time_p"], P)
assert b["time_mark"] == "noise" and b["loads_mark"] == "" and float(b["time_p_adjusted"]) >= float(b["time_p"])
assert float(b["time_ci_low"]) < 0 < float(b["time_ci_high"]) and b["ratio_mark"] == ""
assert float(b["time_mde_pct"]) > 19.05 and b["held_because"] == ""
assert b["loads_change_pct"] == "" and b["loads_p"] == ""
assert b["time_verdict"] == "" and b["time_n"] == "2" and b["vm_pswpin_n"] == "0"
assert io["workload"] == "/src/a,b" and io["runs"] == "1" and io["invalid"] == "1" and io["failed"] == "0"
assert io["time_sd"] == "" and io["ratio"] == "2.0000" and io["ratio_base"] == "A"
assert io["cpu_mean"] == "42.8571" and io["lcpu_mean"] == "10.0000" and io["loads_mean"] == "10.0000"
PY
