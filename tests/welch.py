# welch.py: for the report tests' python3 checks (t3110, t3120): Welch's
# t on the log ratio of two means, the delta method's variance, and its
# two-sided p by Simpson's rule on Student's density: computed apart from
# the C code it checks (report/verdict.c).
import math


def p2(t, df):
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    f = lambda x: math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
                           - (df + 1) / 2 * math.log1p(x * x / df))
    n = 20000
    h = abs(t) / n
    s = f(0) + f(abs(t)) + sum((4 if i % 2 else 2) * f(i * h) for i in range(1, n))
    return 1 - 2 * s * h / 3


def logratio_p(a, b):
    """The p of mean(b) against mean(a): log ratio, delta method, Welch-Satterthwaite."""
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1) / (len(a) * ma * ma)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1) / (len(b) * mb * mb)
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    return p2(math.log(mb / ma) / math.sqrt(va + vb), df)
