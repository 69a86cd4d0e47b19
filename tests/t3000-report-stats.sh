# report/stats.c against values found another way: the sample standard deviation
# of a textbook sample, Welch's t, df and p of the three worked examples
# of the Wikipedia article "Welch's t-test", closed forms of Student's t
# for 1 and 2 degrees of freedom, and for other df a p-value by Simpson
# integration of the t density in python3 (a test tool only).
. "$(dirname "$0")/lib.sh"
need python3
[ -x "$top/tests/stats-unit.bin" ] || fail "no tests/stats-unit.bin: make check builds it"
"$top/tests/stats-unit.bin" > got || fail "stats-unit failed"
python3 - got <<'PY' || fail "values differ"
import math, sys
got = dict(l.split() for l in open(sys.argv[1]))
bad = 0
def near(name, want, tol):
    global bad
    v = float(got[name])
    if not abs(v - want) <= tol:
        print(f"{name}: got {v}, want {want} +- {tol}"); bad = 1
near("mean", 5, 1e-12); near("sd", math.sqrt(32 / 7), 1e-9)
near("min", 2, 0); near("max", 9, 0); near("n", 8, 0)
# published (rounded as printed): t, df, p
for ex, t, df, p in (("ex1", -2.46, 25.0, 0.021), ("ex2", -1.57, 9.9, 0.149),
                     ("ex3", -2.22, 24.5, 0.036)):
    near(ex + "_t", t, 0.005); near(ex + "_df", df, 0.05); near(ex + "_p", p, 0.0005)
if got.get("small") != "untested": print("n=1 side was tested"); bad = 1
near("const_same_p", 1, 0); near("const_diff_p", 0, 0)
def pdf(x, n):
    return math.exp(math.lgamma((n + 1) / 2) - math.lgamma(n / 2) - 0.5 * math.log(n * math.pi)
                    - (n + 1) / 2 * math.log1p(x * x / n))
def p2(t, n):
    # 2 * integral from |t| to infinity, substituting x = |t| + u / (1 - u)
    if t == 0: return 1.0
    m = 20000; h = 1.0 / m; s = 0.0
    for i in range(m + 1):
        u = i * h
        f = 0.0 if u >= 1 else pdf(abs(t) + u / (1 - u), n) / (1 - u) ** 2
        s += f * (1 if i in (0, m) else 4 if i % 2 else 2)
    return 2 * s * h / 3
for k, v in got.items():
    if not k.startswith("p2_"): continue
    _, t, n = k.split("_"); t = float(t); n = float(n)
    if n == 1: want = 1 - 2 / math.pi * math.atan(t)
    elif n == 2: want = 1 - t / math.sqrt(2 + t * t)
    else: want = p2(t, n)
    near(k, want, 1e-7 + 1e-6 * want)
near("p2_2.228138852_10", 0.05, 1e-8); near("p2_12.70620474_1", 0.05, 1e-8)
sys.exit(bad)
PY
