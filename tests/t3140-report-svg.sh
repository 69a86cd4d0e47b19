# --svg FILE: well-formed, self-contained XML (no script, no external
# link or font); a title naming the hosts (markup escaped) and the date
# range; one bar per label and load with its Ratio written on it, one
# colour per label, a legend entry per label; written through a temporary
# file and rename, so a failure leaves nothing behind.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	rec 2.4.19 no_load 128 100 0 0 0 date=2026-11-30T08:15:00Z host=alpha
	rec 2.4.19 io_load 461 100 0 30 46 host=alpha
	rec 2.4.19 mem_load 161.1 100 0 3 38 host=alpha
	rec 2.5.40~rc no_load 134.4 100 0 0 0 host='be<&>ta'
	rec 2.5.40~rc io_load 293.6 100 0 30 25 host='be<&>ta'
	rec 2.5.40~rc mem_load 163 100 0 3 34 host='be<&>ta' date=2026-12-01T18:40:00Z
} > log
expect 0 "$CONTEST" -r --svg chart.svg log
[ -s stdout ] || fail "no table on stdout with --svg"
python3 - chart.svg <<'PY' || fail "svg content"
import sys, xml.etree.ElementTree as ET
src = open(sys.argv[1]).read()
for bad in ("<script", "href", "url(", "@import", "@font-face", "<foreignObject"):
    assert bad not in src, bad
root = ET.fromstring(src)
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg"
texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
title = texts[0] + " " + texts[1]
assert "alpha" in title and "be<&>ta" in title, title
assert "2026-11-30 08:15 UTC" in title and "2026-12-01 18:40 UTC" in title, title
bars = [r for r in root.iter(ns + "rect") if r.find(ns + "title") is not None]
assert len(bars) == 4, len(bars)          # io_load and mem_load x 2 labels
fills = {}
for r in bars:
    name = r.find(ns + "title").text.split(" ")[0]
    fills.setdefault(name, set()).add(r.get("fill"))
assert set(fills) == {"2.4.19", "2.5.40~rc"}, fills
assert all(len(v) == 1 for v in fills.values()) and len({min(v) for v in fills.values()}) == 2
for v in ("3.60", "1.26", "2.18", "1.21"):    # 461/128, 161.1/128, 293.6/134.4, 163/134.4
    assert v in texts, (v, texts)
for lab in ("2.4.19", "2.5.40~rc", "io_load", "mem_load"):
    assert lab in texts, lab
PY
# a path that cannot be written is bad input, refused before the logs
# are read (t4102 has links and devices), and leaves nothing: a missing
# directory, a directory in the way
expect 2 "$CONTEST" -r --svg nosuchdir/chart.svg log
[ ! -e nosuchdir ] || fail "made a directory"
mkdir in-the-way
expect 2 "$CONTEST" -r --svg in-the-way log
grep -q "'in-the-way' is a directory, not a regular file: refused" stderr || fail "no message: $(cat stderr)"
[ -z "$(ls -A in-the-way)" ] && [ "$(ls | grep -c tmp)" -eq 0 ] || fail "temporary file left: $(ls)"
