# -c BASE on a log of two kernels with the new keys: every line of the
# -v block (means, %change, the 95% interval, the verdict; sd, p and the
# adjusted p under it) is the one python3 computes from the same numbers
# on its own: its statistics module, Welch's t on the log ratio with the
# delta method's variance (on the difference where a mean is 0), p and
# the quantile by numerical integration of Student's t, weighted Holm
# over the family (the summary's Loads included), the floors of
# doc/report.md; marked lines first; without -v the lines within the
# noise are left out and counted; every line fits 80 columns.
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
# (shown, prec, direction, floor % and in the unit, tier and weight in it, value of a record):
# the metric table's rows these records have (doc/report.md, Verdicts)
M = [("Time s", 1, -1, 1, 0, "v", 2, lambda r: r["elapsed"]),
     ("CPU%", 1, 0, 2, 1, "o", 1, lambda r: (r["user"] + r["sys"]) / r["elapsed"] * 100),
     ("Loads MiB", 1, 1, 2, 0, "v", 1, lambda r: r["units"]),
     ("LCPU%", 1, 0, 2, 1, "o", 1, lambda r: r["lcpu"] / r["elapsed"] * 100),
     ("user s", 1, -1, 1, 0, "o", 1, lambda r: r["user"]),
     ("sys s", 1, -1, 1, 0, "o", 1, lambda r: r["sys"]),
     ("major faults", 1, -1, 10, 1, "o", 1, lambda r: r["majflt"]),
     ("context switches", 1, 0, 10, 1, "o", 1, lambda r: r["nvcsw"] + r["nivcsw"]),
     ("compile share %", 1, 0, 2, 1, "o", 1, lambda r: (r["user"] + r["sys"]) / r["elapsed"] * 100 / 2),
     ("load share %", 1, 0, 2, 1, "o", 1, lambda r: r["lcpu"] / r["elapsed"] * 100 / 2),
     ("vm pswpout", 0, -1, 10, 1, "o", 1, lambda r: r["vm_pswpout"]),
     ("PSI io some %", 2, -1, 10, 1, "o", 1, lambda r: r["psi_io_some"]),
     ("latency p99 us", 0, -1, 25, 10, "v", 1, lambda r: r["lat_p99"]),
     ("deadlines met %", 1, 1, 0, 1, "o", 1, lambda r: r["dl_met"])]
def pdf(x, n):
    return math.exp(math.lgamma((n + 1) / 2) - math.lgamma(n / 2) - 0.5 * math.log(n * math.pi)
                    - (n + 1) / 2 * math.log1p(x * x / n))
def p2(t, n, N=20000):
    # 2 * integral from |t| to infinity, x = |t| + u / (1 - u), Simpson
    t, s = abs(t), 0.0
    for i in range(N + 1):
        u = i / N
        v = 0.0 if u >= 1 else pdf(t + u / (1 - u), n) / (1 - u) ** 2
        s += v * (1 if i in (0, N) else 4 if i % 2 else 2)
    return 2 * s / (3 * N)
def tq(df):   # the 0.975 quantile of Student's t, by bisection on p2
    lo, hi = 0.0, 100.0
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if p2(mid, df, 2000) > 0.05 else (lo, mid)
    return (lo + hi) / 2
def fit(v, prec):
    s = "%.*f" % (prec, v)
    return s if len(s) <= 9 else "%.3g" % v
def sdpct(x):
    m = st.mean(x)
    if len(x) < 2 or not m > 0: return "-"
    p = st.stdev(x) / m * 100
    return ">999%" if p >= 999.5 else "%.0f%%" % p
def sgn(v, suffix):
    return "%+.1f%s" % (v, suffix) if abs(v) < 99.95 else "%+.0f%s" % (v, suffix)
a, b = recs["A"], recs["B"]
T = []
for show, prec, better, rel, ab, tier, w, val in M:
    xa, xb = [val(r) for r in a], [val(r) for r in b]
    ma, mb = st.mean(xa), st.mean(xb)
    if ma == 0 and mb == 0: continue
    va, vb, na, nb = st.variance(xa), st.variance(xb), len(xa), len(xb)
    if ma > 0 and mb > 0:   # the log ratio, the delta method's variance
        est, ca, cb = math.log(mb / ma), va / (na * ma * ma), vb / (nb * mb * mb)
    else:                   # a mean of 0: the difference
        est, ca, cb = mb - ma, va / na, vb / nb
    var, df = ca + cb, (ca + cb) ** 2 / (ca * ca / (na - 1) + cb * cb / (nb - 1))
    T.append(dict(show=show, prec=prec, better=better, rel=rel, ab=ab, tier=tier, w=w, xa=xa, xb=xb,
                  ma=ma, mb=mb, log=ma > 0 and mb > 0, est=est, var=var, df=df, p=p2(est / math.sqrt(var), df)))
# the summary's Loads over io_load alone (no_load did no work): the same test, its own tier
S = dict(T[2], tier="s")
# weighted Holm over the family: tiers 0.4 (summary), 0.4 (verdict), 0.2 (rest), split by weight
share = {"s": 0.4, "v": 0.4, "o": 0.2}
for t in T + [S]:
    t["W"] = share[t["tier"]] * t["w"] / sum(x["w"] for x in T + [S] if x["tier"] == t["tier"])
left, run = 1.0, 0.0
for t in sorted(T + [S], key=lambda t: t["p"] / t["W"]):
    run = max(run, t["p"] * left / t["W"])
    t["padj"] = min(run, 1)
    left -= t["W"]
lines = []
for t in T:
    q = tq(t["df"]) * math.sqrt(t["var"])
    if t["log"]:
        pct, lo, hi, d = [100 * math.expm1(x) for x in (t["est"], t["est"] - q, t["est"] + q)] + [t["mb"] - t["ma"]]
        ch, iv = sgn(pct, "%"), "[%6s, %6s]" % (sgn(lo, ""), sgn(hi, ""))
        material = abs(d) >= t["ab"] and abs(pct) >= t["rel"]
    else:
        d = t["est"]
        ch, iv = sgn(d, ""), "[%6s, %6s]" % (sgn(d - q, ""), sgn(d + q, ""))
        material = abs(d) >= t["ab"] and (t["rel"] == 0 or t["ma"] == 0)
    mark = ""
    if t["padj"] <= 0.05:
        mark = ("changed" if t["better"] == 0 else "better" if (t["est"] > 0) == (t["better"] > 0) else "worse") if material else "small"
    lines.append((0 if mark in ("worse", "better", "changed") else 3,
                  "%9s %9s %8s %-16s %-7s %s" % (fit(t["ma"], t["prec"]), fit(t["mb"], t["prec"]), ch, iv, mark, t["show"]),
                  "%9s sd %s -> %s, p %.2g, adjusted %.2g" % ("", sdpct(t["xa"]), sdpct(t["xb"]), t["p"], t["padj"])))
# the Ratio: A's and B's no_load have one run each: the change alone, not tested
lines.append((2, "%9s %9s %8s %-16s %-7s %s" % ("2.010", "2.310", sgn((231 / 201 - 1) * 100, "%"), "?", "", "Ratio"), None))
print("io_load: A -> B: ok runs 4 -> 4, Ratio 2.01 -> 2.31")
print("%9s %9s %8s %-16s %-7s %s" % ("base", "this", "%change", "[95% interval]", "verdict", "metric"))
for _, l, v in sorted(lines, key=lambda x: x[0]):
    print(l)
    if v: print(v)
PY
expect 0 "$CONTEST" -r -v -c A log
sed -n '/^io_load: A -> B/,/^[A-Z][a-z]*: changes below/p' stdout | sed '$d' > got
diff -u want got || fail "the -v block differs from python's"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
# without -v: the lines within the noise are left out, and counted
expect 0 "$CONTEST" -r -c A log
sed -n '/^io_load: A -> B/,/^[A-Z][a-z]*: changes below/p' stdout | sed '$d' > got
n=$(grep -c ' worse \| better \| changed ' want)
quiet=$(grep -c '^  *sd ' want)
quiet=$((quiet - n))
[ "$(grep -c ' worse \| better \| changed ' got)" -eq "$n" ] || fail "not every change beyond the noise shown"
[ "$(wc -l < got)" -eq $((n + 4)) ] || fail "lines within the noise shown: $(cat got)"
grep -q "^($quiet metrics within the noise not shown; -v shows them)$" got || fail "not counted: $(cat got)"
grep -q ' worse  *Time s$' got && grep -q ' worse  *latency p99 us$' got && grep -q ' worse  *deadlines met %$' got ||
	fail "directions: $(cat got)"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
