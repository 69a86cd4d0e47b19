# --format long, tidy data: on a log of 3 labels x 3 loads, exactly one
# line per label, load and metric (each metric the JSON lists for the
# group, and its Ratio), read back by python3's csv module; every number
# equals the JSON's (mean, sd, min, max, n; with -c the change, its
# interval, p, adjusted p and mark) and the table's (Time, CPU%, Loads,
# LCPU%, Ratio, latency p99, each to the table's decimals; with -c -v the
# means, change and interval of Time, CPU% and latency p99).  pandas and
# R's read.csv read it with no options where they are installed.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
for l in A B C; do
	for i in 1 2 3; do
		e=$((100 + i * 3))
		[ $l = B ] && e=$((e + 4))
		[ $l = C ] && e=$((e + 9))
		rec $l no_load $e 90 5 0 0 round=$i inv=i$l lat_p99=$((500 + i * 10)) sys_user=$((60 + i))
		rec $l io_load $((e * 2)) 95 6 20 $((40 + i)) round=$i inv=i$l lat_p99=$((800 + i * 30)) sys_user=$((50 + i))
		rec $l process_load $((e * 3 / 2)) 92 7 30 $((30 + i)) unit=kmsg round=$i inv=i$l \
		    lat_p99=$((700 + i * 20)) sys_user=$((55 + i))
	done
done > log
for c in "" "-c A"; do
	# shellcheck disable=SC2086
	{ "$CONTEST" -r --format long $c log > long && "$CONTEST" -r --format json $c log > json &&
	    "$CONTEST" -r $c ${c:+-v} log > table; } || fail "contest -r $c failed"
	python3 - long json table "$c" <<'PY' || fail "--format long $c: not the JSON's or the table's numbers"
import csv, json, math, re, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
doc = json.load(open(sys.argv[2]))
table = open(sys.argv[3], encoding="utf-8").read()
cmp = sys.argv[4] != ""
head = ["label", "host", "load", "metric", "unit", "n", "mean", "sd", "min", "max"]
if cmp:
    head += ["base", "change_pct", "ci_low", "ci_high", "p", "p_adjusted", "mark"]
assert list(rows[0].keys()) == head, rows[0].keys()
num = lambda s: None if s == "" else float(s)
for r in rows:
    for k in head[5:]:
        if k not in ("base", "mark") and r[k] != "":
            assert math.isfinite(float(r[k])), r
# one line per label, load and metric: those the JSON has, and the Ratio
want = []
for g in doc["groups"]:
    want += [(g["row"], g["load"], k) for k in g["metrics"]]
    if g["ratio"] is not None:
        want.append((g["row"], g["load"], "ratio"))
got = [(r["label"], r["load"], r["metric"]) for r in rows]
assert got == want, (got, want)
assert len(set(got)) == len(got) and len(got) >= 3 * 3 * 10, len(got)
assert len({(r["label"], r["load"]) for r in rows}) == 9
groups = {(g["row"], g["load"]): g for g in doc["groups"]}
for r in rows:
    g = groups[(r["label"], r["load"])]
    assert r["host"] == g["host"], r
    if r["metric"] == "ratio":
        assert num(r["mean"]) == g["ratio"] and num(r["sd"]) == g["ratio_sd"], r
        assert r["n"] == r["min"] == r["max"] == "" and r["unit"] == "", r
        t = g["ratio_test"]
        if cmp:
            for k in ("change_pct", "ci_low", "ci_high", "p", "p_adjusted", "mark"):
                assert (num(r[k]) if k != "mark" else r[k] or None) == (t[k] if t else None), (k, r, t)
        continue
    j = g["metrics"][r["metric"]]
    assert int(r["n"]) == j["n"], r
    for k in ("mean", "sd", "min", "max"):
        assert num(r[k]) == j[k], (k, r, j)
    if cmp:
        for k in ("change_pct", "ci_low", "ci_high", "p", "p_adjusted", "mark"):
            assert (num(r[k]) if k != "mark" else r[k] or None) == j.get(k), (k, r, j)
        assert r["base"] == ("A" if g["label"] != "A" else ""), r
# the table's numbers, to its decimals
long = {(r["label"], r["load"], r["metric"]): r for r in rows}
def near(a, b, dec):
    return abs(float(a) - float(b)) <= 0.5 * 10 ** -dec + 1e-9
if not cmp:
    load, seen, p99 = None, 0, 0
    for line in table.splitlines():
        if re.match(r"^[a-z_]+:$", line):
            load = line[:-1]
            continue
        f = line.split()
        if load and len(f) == 7 and f[0] in "ABC" and f[1].isdigit():
            for k, v, dec in zip(("time", "cpu", "loads", "lcpu", "ratio"), f[2:], (1, 1, 1, 1, 2)):
                assert near(long[(f[0], load, k)]["mean"], v, dec), (line, k)
            assert int(long[(f[0], load, "time")]["n"]) == int(f[1]), line
            seen += 1
        if load and len(f) == 6 and f[0] in "ABC" and f[3] != "-" and f[1].isdigit():
            assert near(long[(f[0], load, "lat_p99")]["mean"], f[3], 0), line
            p99 += 1
    assert seen == p99 == 9, (seen, p99)
else:
    seen = 0
    block = None
    for line in table.splitlines():
        m = re.match(r"^([a-z_]+): A -> ([BC]): ", line)
        if m:
            block = (m.group(2), m.group(1))
            continue
        m = re.match(r"^ +(\S+) +(\S+) +([+-][0-9.]+)% \[ *([+-][0-9.]+), *([+-][0-9.]+)\] +(\w*) +(Time s|CPU%|latency p99 us)$", line)
        if block and m:
            k = {"Time s": "time", "CPU%": "cpu", "latency p99 us": "lat_p99"}[m.group(7)]
            r, b = long[block + (k,)], long[("A", block[1], k)]
            dec = 0 if k == "lat_p99" else 1
            assert near(b["mean"], m.group(1), dec) and near(r["mean"], m.group(2), dec), line
            assert near(r["change_pct"], m.group(3), 1), line
            assert near(r["ci_low"], m.group(4), 1) and near(r["ci_high"], m.group(5), 1), line
            assert m.group(6) == (r["mark"] if r["mark"] in ("worse", "better", "changed", "held") else ""), line
            seen += 1
    assert seen == 2 * 3 * 3, seen
PY
done
# read with no options by pandas and R, where they are here
if python3 -c 'import pandas' 2>/dev/null; then
	python3 -c 'import pandas, sys; d = pandas.read_csv(sys.argv[1]); assert d.shape[1] == 17 and len(d) > 90 and str(d["mean"].dtype) == "float64" and str(d["change_pct"].dtype) == "float64", d.dtypes' long ||
		fail "pandas.read_csv cannot read it"
else
	echo "# pandas not installed: not read by pandas"
fi
if command -v Rscript > /dev/null; then
	Rscript -e 'd <- read.csv("long"); stopifnot(ncol(d) == 17, nrow(d) > 90, is.numeric(d$mean), is.numeric(d$change_pct))' ||
		fail "R's read.csv cannot read it"
else
	echo "# R not installed: not read by read.csv"
fi
# no usable run: the header alone
rec A io_load 200 90 5 20 40 status=failed > bad
expect 1 "$CONTEST" -r --format long bad
[ "$(cat stdout)" = "label,host,load,metric,unit,n,mean,sd,min,max" ] || fail "no usable run: $(cat stdout)"
