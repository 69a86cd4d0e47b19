# --svg shows the spread and the fairness picture: every bar of a row with
# 2 or more runs has a +- sd whisker (the Ratio's sd: the relative sds of
# its two means added in quadrature) and every bar its run count; a
# second chart has one panel per load whose reference row did work, one
# point per row at (Loads / the reference's, Ratio); 24 rows get 24
# distinct colour and marker pairs.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
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
