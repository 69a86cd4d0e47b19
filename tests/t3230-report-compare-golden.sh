# -c BASE on a log of two kernels with the new keys: every line of the
# -v block (means, %sd, %change, the noise mark, better/worse, p) is the
# one python3 computes from the same numbers with its statistics module
# and Welch's t-test (p by numerical integration of Student's t), lines
# beyond the noise first; without -v the lines within the noise are left
# out and counted; every line fits 80 columns.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
python3 - > log <<'PY'
A = dict(elapsed=[200, 204, 198, 202], user=[150, 151, 149, 150], sys=[20, 21, 20, 19],
         lcpu=[40, 42, 41, 39], units=[100, 110, 95, 105], majflt=[5, 7, 6, 6],
         nvcsw=[1000, 1100, 1050, 1000], nivcsw=[200, 210, 190, 200],
         vm_pswpout=[0, 0, 0, 0], psi_io_some=[10.5, 11.25, 9.75, 10.5],
         lat_p99=[900, 950, 1000, 920], dl_met=[99.5, 99.25, 99.75, 99.5])
B = dict(elapsed=[230, 236, 226, 232], user=[150, 152, 148, 151], sys=[26, 27, 25, 26],
         lcpu=[44, 46, 45, 43], units=[100, 120, 90, 110], majflt=[50, 70, 60, 65],
         nvcsw=[1000, 1150, 1000, 1050], nivcsw=[210, 200, 190, 205],
         vm_pswpout=[1000, 1500, 1200, 1300], psi_io_some=[20.5, 22.25, 19.75, 21.5],
         lat_p99=[2900, 3500, 3100, 3300], dl_met=[95.5, 96.25, 94.75, 95.5])
for name, d in (("A", A), ("B", B)):
    print(f"contest=1 date=2026-12-01T10:00:00Z host=box label={name} kernel=6.1.0 load=no_load run=1 status=ok elapsed=100 user=160 sys=10 lcpu=0 units=0 unit=none jobs=8 workload=builtin:4 cache=dropped ncpu=2")
    for i in range(4):
        kv = " ".join(f"{k}={v[i]}" for k, v in d.items() if k not in ("elapsed", "user", "sys", "lcpu", "units"))
        print(f"contest=1 date=2026-12-01T10:00:00Z host=box label={name} kernel=6.1.0 load=io_load run={i+1} status=ok elapsed={d['elapsed'][i]} user={d['user'][i]} sys={d['sys'][i]} lcpu={d['lcpu'][i]} units={d['units'][i]} unit=MiB jobs=8 workload=builtin:4 cache=dropped ncpu=2 {kv}")
PY
python3 - log > want <<'PY'
import math, statistics as st, sys
recs = {}
for line in open(sys.argv[1]):
    f = dict(kv.split("=", 1) for kv in line.split())
    if f["load"] == "io_load":
        recs.setdefault(f["label"], []).append({k: float(v) for k, v in f.items() if k not in ("date", "host", "label", "kernel", "load", "status", "unit", "workload", "cache")})
# (shown, prec, direction, value of a record): the metric table's rows these records have
M = [("Time s", 1, -1, lambda r: r["elapsed"]),
     ("CPU%", 1, 0, lambda r: (r["user"] + r["sys"]) / r["elapsed"] * 100),
     ("Loads MiB", 1, 1, lambda r: r["units"]),
     ("LCPU%", 1, 0, lambda r: r["lcpu"] / r["elapsed"] * 100),
     ("user s", 1, -1, lambda r: r["user"]),
     ("sys s", 1, -1, lambda r: r["sys"]),
     ("major faults", 1, -1, lambda r: r["majflt"]),
     ("context switches", 1, 0, lambda r: r["nvcsw"] + r["nivcsw"]),
     ("compile share %", 1, 0, lambda r: (r["user"] + r["sys"]) / r["elapsed"] * 100 / 2),
     ("load share %", 1, 0, lambda r: r["lcpu"] / r["elapsed"] * 100 / 2),
     ("vm pswpout", 0, -1, lambda r: r["vm_pswpout"]),
     ("PSI io some %", 2, -1, lambda r: r["psi_io_some"]),
     ("latency p99 us", 0, -1, lambda r: r["lat_p99"]),
     ("deadlines met %", 1, 1, lambda r: r["dl_met"])]
def pdf(x, n):
    return math.exp(math.lgamma((n + 1) / 2) - math.lgamma(n / 2) - 0.5 * math.log(n * math.pi)
                    - (n + 1) / 2 * math.log1p(x * x / n))
def p2(t, n):
    # 2 * integral from |t| to infinity, x = |t| + u / (1 - u), Simpson
    t, N, s = abs(t), 200000, 0.0
    for i in range(N + 1):
        u = i / N
        if u >= 1: v = 0.0
        else: v = pdf(t + u / (1 - u), n) / (1 - u) ** 2
        s += v * (1 if i in (0, N) else 4 if i % 2 else 2)
    return 2 * s / (3 * N)
def fit(v, prec):
    s = "%.*f" % (prec, v)
    return s if len(s) <= 9 else "%.3g" % v
def sdpct(x):
    m = st.mean(x)
    if len(x) < 2 or not m > 0: return "-"
    p = st.stdev(x) / m * 100
    return ">999" if p >= 999.5 else "%.0f%%" % p
a, b = recs["A"], recs["B"]
lines = []
for show, prec, better, val in M:
    xa, xb = [val(r) for r in a], [val(r) for r in b]
    ma, mb = st.mean(xa), st.mean(xb)
    if ma == 0 and mb == 0: continue
    pct = "%+.1f%%" % ((mb - ma) / ma * 100) if ma > 0 else "-"
    va, vb = st.variance(xa), st.variance(xb)
    se2 = va / len(xa) + vb / len(xb)
    if se2 > 0:
        t = (mb - ma) / math.sqrt(se2)
        df = se2 ** 2 / ((vb / len(xb)) ** 2 / (len(xb) - 1) + (va / len(xa)) ** 2 / (len(xa) - 1))
        p = p2(t, df)
    else:
        p = 1.0 if ma == mb else 0.0
    sig = p < 0.05 and ma != mb
    d = "" if not sig or better == 0 else "better" if (mb < ma) == (better < 0) else "worse"
    lines.append((0 if sig else 2, "%9s %4s %9s %c %9s %4s  %-6s %-6.2g %s" % (
        fit(ma, prec), sdpct(xa), pct, "*" if sig else " ", fit(mb, prec), sdpct(xb), d, p, show)))
print("io_load: A -> B: ok runs 4 -> 4, Ratio 2.01 -> 2.31")
print("%9s %4s %9s %c %9s %4s  %-6s%s %s" % ("base", "%sd", "%change", " ", "this", "%sd", "", " p     ", "metric"))
for _, l in sorted(lines, key=lambda x: x[0]):
    print(l)
print()
PY
expect 0 "$CONTEST" -r -v -c A log
sed -n '/^io_load: A -> B/,/^$/p' stdout > got
diff -u want got || fail "the -v block differs from python's"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
# without -v: the lines within the noise are left out, and counted
expect 0 "$CONTEST" -r -c A log
sed -n '/^io_load: A -> B/,/^$/p' stdout > got
n=$(grep -c '^ .* \* ' want)
quiet=$(($(wc -l < want) - 3 - n))
[ "$(grep -c '^ .* \* ' got)" -eq "$n" ] || fail "not every change beyond the noise shown"
[ "$(wc -l < got)" -eq $((n + 4)) ] || fail "lines within the noise shown: $(cat got)"
grep -q "^($quiet metrics within the noise not shown; -v shows them)$" got || fail "not counted: $(cat got)"
grep -q ' worse  *Time s$' got && grep -q ' worse  *latency p99 us$' got && grep -q ' worse  *deadlines met %$' got ||
	fail "directions: $(cat got)"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
