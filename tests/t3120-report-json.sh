# --format json: parsed back with python3's json module; the documented
# keys and the hand-computed values (means, sd, Ratio, not-ok reasons,
# hosts, date range, the -c change with its p-value) are there.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec A no_load 100 90 0 0 0 date=2026-12-01T09:00:00Z
	rec A no_load 110 90 0 0 0
	rec A io_load 210 90 0 21 10 status=failed reason=exit%202
	rec A io_load 210 90 0 21 10
	rec B no_load 120 90 0 0 0 host=b%22ox
	rec B no_load 130 90 0 0 0 host=b%22ox date=2026-12-02T09:00:00Z
} > log
expect 0 "$CONTEST" -r --format json -c A log
python3 -m json.tool stdout > /dev/null || fail "not JSON"
python3 - stdout "$top/tests" <<'PY' || fail "json content"
import json, math, sys
sys.dont_write_bytecode = True   # nothing written in the source tree
sys.path.insert(0, sys.argv[2])
from welch import logratio_p
P = logratio_p([100, 110], [120, 130])   # Time of A against B
d = json.load(open(sys.argv[1]))
assert d["format"] == "contest-report" and d["version"] == 1
assert d["hosts"] == ["box", 'b"ox'] and d["more_hosts"] is False and d["first_date"] == "2026-12-01T09:00:00Z"
assert d["last_date"] == "2026-12-02T09:00:00Z" and d["base"] is None and d["compare"] == "A"
g = d["groups"]
assert [(x["load"], x["row"]) for x in g] == [("no_load", "A"), ("no_load", "B"), ("io_load", "A")]
a, b, io = g
keys = {"load", "label", "row", "host", "jobs", "workload", "config", "unit", "runs", "failed",
        "invalid", "not_ok", "time", "cpu", "loads", "lcpu", "user", "sys", "majflt", "ctxsw",
        "ratio", "ratio_base", "change", "drop", "disturbed", "probe", "disk_dev", "odisk_dev",
        "metrics", "ratio_sd", "ratio_test", "duplicates"}
assert set(a) == keys, set(a) ^ keys
assert a["time"] == {"mean": 105.0, "sd": 7.0711, "min": 100.0, "max": 110.0}
assert a["change"] is None and a["ratio"] == 1.0
assert io["runs"] == 1 and io["failed"] == 1 and io["time"]["sd"] is None
assert io["not_ok"] == [{"status": "failed", "reason": "exit 2", "runs": 1}]
assert io["ratio"] == 2.0 and io["ratio_base"] == "A"
c = b["change"]
assert c["time_pct"] == 19.05 and c["time_significant"] is False
assert abs(c["time_p"] - P) < 1e-5, (c, P)
t = b["metrics"]["time"]
assert t["mark"] == "noise" and t["p_adjusted"] >= t["p"] and t["ci_low"] < 0 < t["ci_high"], t
assert t["held_because"] is None and t["mde_pct"] > 19.05 and b["ratio_test"] is None
assert c["loads_pct"] is None and c["loads_p"] is None and c["loads_significant"] is None
assert b["metrics"]["time"]["n"] == 2 and b["metrics"]["time"]["change_pct"] == 19.05
assert "vm_pswpin" not in b["metrics"] and b["metrics"]["time"]["verdict"] is None
assert d["summary"][0]["row"] == "B" and d["snapshots"] == [] and d["disturbed_counted"] is False
assert d["duplicates"] == 0 and a["duplicates"] == 0
PY
