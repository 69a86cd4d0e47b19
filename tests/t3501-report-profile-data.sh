# -p with --format csv and json: the profiles whole.  CSV: per row and
# load a kernel line, an idle line, the parts logged, then every function
# listed by any run (A's 5 and the long one: 6, more than -p's text shows
# without -v when there are over 20), with the shares and rates worked
# out in t3500; JSON parses and carries the same numbers.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	rec A no_load 10 8 2 0 0
	prof A no_load 10 4000 2000 3000 0 1000 "2000:do_syscall_64,1000:clear_page_erms,600:schedule,200:ext4_mount%20%5Bext4%5D,100:x%2Cy"
	rec A no_load 10 8 2 0 0
	prof A no_load 10 6000 1000 4000 0 2000 3000:do_syscall_64,1200:clear_page_erms,1200:schedule,600:pipe_read
} > log
expect 0 "$CONTEST" -r -p --format csv log
cat > want <<'CSV'
load,label,row,host,jobs,workload,config,kind,name,runs,listed,share_mean,share_sd,rate_mean,rate_sd,base_rate,change,change_pct,ci_low,ci_high,p,p_adjusted,mark
no_load,A,A,box,8,builtin:4,,kernel,total,2,2,25.0000,7.0711,500.0000,141.4214,,,,,,,,
no_load,A,A,box,8,builtin:4,,idle,idle,2,2,7.5000,3.5355,,,,,,,,,,
no_load,A,A,box,8,builtin:4,,part,compile,2,2,70.8333,5.8926,,,,,,,,,,
no_load,A,A,box,8,builtin:4,,part,load,2,2,0.0000,0.0000,,,,,,,,,,
no_load,A,A,box,8,builtin:4,,part,rest,2,2,29.1667,5.8926,,,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,do_syscall_64,2,2,50.0000,0.0000,250.0000,70.7107,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,clear_page_erms,2,2,22.5000,3.5355,110.0000,14.1421,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,schedule,2,2,17.5000,3.5355,90.0000,42.4264,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,pipe_read,2,1,5.0000,7.0711,30.0000,42.4264,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,ext4_mount [ext4],2,1,2.5000,3.5355,10.0000,14.1421,,,,,,,,
no_load,A,A,box,8,builtin:4,,function,"x,y",2,1,1.2500,1.7678,5.0000,7.0711,,,,,,,,
CSV
diff -u want "$T/stdout" || fail "CSV differs"
expect 0 "$CONTEST" -r -p --format json log
command -v python3 >/dev/null || skip "no python3 to read the JSON"
python3 - "$T/stdout" <<'PY' || fail "JSON: see above"
import json, sys
g = json.load(open(sys.argv[1]))["groups"][0]
p = g["profile"]
assert p["runs"] == 2 and p["mode"] == "kernel", p
assert abs(p["kernel_rate"]["mean"] - 500) < 1e-9 and abs(p["kernel_pct"] - 25) < 1e-9, p
assert abs(p["parts"]["compile"] - 70.8333) < 1e-3 and p["parts"]["probe"] is None, p["parts"]
f = {x["name"]: x for x in p["functions"]}
assert len(f) == 6 and f["x,y"]["listed"] == 1 and abs(f["pipe_read"]["rate"] - 30) < 1e-9, f
assert abs(p["cut_share"] - 2.5) < 1e-9, p["cut_share"]  # run 1 left 100 of 4000 unlisted
assert p["commands"] == []
PY
