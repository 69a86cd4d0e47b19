# --svg shows the spread and the fairness picture: every bar of a row with
# 2 or more runs has a +- sd whisker (the Ratio's sd: the relative sds of
# its two means added in quadrature) and every bar its run count; a
# second chart has one panel per load whose reference row did work, one
# point per row at (Loads / the reference's, Ratio); 24 rows get 24
# distinct colour and marker pairs.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
{
	for k in $(seq 0 23); do
		rec k$k no_load 100 90 0 0 0
		rec k$k no_load 104 90 0 0 0
		rec k$k io_load 200 90 0 10 $((100 + k))
		rec k$k io_load 220 90 0 10 $((110 + k))
		rec k$k mem_load 150 90 0 10 50
	done
	rec k0 tarc_load 150 90 0 10 0
} > log
expect 0 "$CONTEST" -r --svg out.svg -c k0 log
python3 - out.svg <<'PY' || fail "svg content"
import re, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
bars = [r for r in root.iter(ns + "rect") if r.find(ns + "title") is not None]
assert len(bars) == 24 * 2 + 1, len(bars)
whiskers = [p for p in root.iter(ns + "path") if p.get("fill") == "none" and p.get("stroke") == "#222"]
# io_load: both means have a spread; mem_load: the no_load's; tarc_load too (k0's no_load)
assert len(whiskers) == 24 * 2 + 1, len(whiskers)
assert texts.count("n2") == 24 and texts.count("n1") == 24 + 1, (texts.count("n2"), texts.count("n1"))
assert any(t.startswith("Fairness") for t in texts), texts
# panels: io_load and mem_load (k0's Loads > 0), not tarc_load (k0 did no work)
panels = [t for t in texts if t in ("io_load", "mem_load", "tarc_load")]
assert panels.count("io_load") == 2 and panels.count("mem_load") == 2 and panels.count("tarc_load") == 1, panels
points = [g for g in root.iter(ns + "g") if g.find(ns + "title") is not None]
assert len(points) == 48, len(points)
# the legend: 24 swatches, each with its marker; colour + shape pairs all differ
sw = [r for r in root.iter(ns + "rect") if r.get("width") == "16" and r.get("height") == "16" and r.find(ns + "title") is None]
assert len(sw) == 24, len(sw)
paths = list(root.iter(ns + "path"))
pairs = set()
for s in sw:
    i = paths.index(next(p for p in paths if p.get("fill") == "#fff" and
        abs(float(re.findall(r"[-\d.]+", p.get("d"))[0]) - float(s.get("x"))) < 9 and
        abs(float(re.findall(r"[-\d.]+", p.get("d"))[1]) - float(s.get("y"))) < 16))
    d = paths[i].get("d")
    # the outline, and whether it starts above the centre (triangles up and down share one)
    shape = (re.sub(r"[-\d.]+", "#", d), float(re.findall(r"[-\d.]+", d)[1]) < float(s.get("y")) + 4)
    pairs.add((s.get("fill"), shape))
assert len(pairs) == 24, len(pairs)
PY

# the Ratio axis's labels are the values at their gridlines, printed with
# the decimals the step needs: a step of 0.25 once showed 0.2, 0.5, 0.8,
# so that a bar at 1.17 stood below the line labelled 1.2 (really 1.25)
for top in 150 1700 112; do
	{ rec a no_load 100 90 0 0 0; rec a io_load $top 90 0 10 5; } > log$top
	expect 0 "$CONTEST" -r --svg axis$top.svg log$top
	python3 - axis$top.svg <<'PY' || fail "axis labels of a Ratio of $top/100"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
ticks = [t for t in root.iter(ns + "text") if t.get("font-size") == "12" and t.get("text-anchor") == "end"]
vals = [t.text for t in ticks]
ys = [float(t.get("y")) for t in ticks]
assert len(vals) >= 3, vals
step = float(vals[1]) - float(vals[0])
for i, v in enumerate(vals):
    assert float(v) == float(vals[0]) + i * step or abs(float(v) - i * step) < 1e-9, vals
    # evenly spaced, within the pixel each is rounded to
    assert abs((ys[0] - ys[i]) - i * (ys[0] - ys[-1]) / (len(ys) - 1)) <= 1.0, ys
# as many decimals as the step has, no more
dec = len(vals[1].split(".")[1]) if "." in vals[1] else 0
assert ("%.*f" % (dec, step)) == vals[1] and round(step, dec) == step, vals
PY
done

# a fairness point's whisker is whole inside its panel: the y range takes
# it in (it was cut at the panel's edge when the range fitted the points)
{
	rec a no_load 100 90 0 0 0; rec a no_load 100 90 0 0 0
	rec a io_load 150 90 0 10 100; rec a io_load 150 90 0 10 100
	rec b no_load 100 90 0 0 0; rec b no_load 100 90 0 0 0
	rec b io_load 120 90 0 10 110; rec b io_load 200 90 0 10 110
} > logw
expect 0 "$CONTEST" -r --svg w.svg -c a logw
python3 - w.svg <<'PY' || fail "fairness whiskers"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
panels = [r for r in root.iter(ns + "rect") if r.get("fill") == "#fafafa"]
assert len(panels) == 1, len(panels)
top = float(panels[0].get("y")); bottom = top + float(panels[0].get("height"))
w = [l for l in root.iter(ns + "line") if l.get("x1") == l.get("x2") and l.get("stroke") not in ("#888", "#444")
     and top <= float(l.get("y1")) <= bottom]
assert len(w) == 1, [l.attrib for l in w]
y1, y2 = float(w[0].get("y1")), float(w[0].get("y2"))
assert top < y1 < y2 < bottom, (top, y1, y2, bottom)
PY
