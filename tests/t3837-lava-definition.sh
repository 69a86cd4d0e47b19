# lava/contest.yaml is a Lava-Test Test Definition 1.0: metadata with
# format, name (letters, digits, '_', '.', '-': LAVA refuses white space
# and $&"'`()<>/\|; in it), description, maintainer, os, scope and devices;
# params RUNS, LOADS, UNITS, LABEL and EXTRA; run's steps call lava/contest.sh
# (there, executable) with each param.  Checked by the file's shape
# (indentation and keys, with grep and awk), and parsed with python3's
# yaml module where it is installed.
. "$(dirname "$0")/lib.sh"
def=$top/lava/contest.yaml
[ -f "$def" ] || fail "no lava/contest.yaml"
[ -x "$top/lava/contest.sh" ] || fail "lava/contest.sh is not executable"
# the shape: the top-level keys, and each one's keys four spaces in
keys() { awk -v top="$1" '/^[^ #]/ { on = ($0 == top ":") ; next }
	on && /^    [A-Za-z_]+:/ { sub(/^    /, ""); sub(/:.*/, ""); print }' "$def" | sort | tr '\n' ' '; }
[ "$(grep -E '^[a-z]+:' "$def" | tr '\n' ' ')" = "metadata: params: run: " ] ||
	fail "top-level keys: $(grep -E '^[a-z]+:' "$def")"
[ "$(keys metadata)" = "description devices format maintainer name os scope " ] ||
	fail "metadata's keys: $(keys metadata)"
[ "$(keys params)" = "EXTRA LABEL LOADS RUNS UNITS " ] || fail "params: $(keys params)"
[ "$(keys run)" = "steps " ] || fail "run's keys: $(keys run)"
grep -qx '    format: Lava-Test Test Definition 1.0' "$def" || fail "format: $(grep format: "$def")"
name=$(sed -n 's/^    name: *//p' "$def")
case $name in ""|*[!A-Za-z0-9_.-]*) fail "name '$name'" ;; esac
for list in maintainer os scope devices; do
	awk -v k="    $list:" '$0 == k { on = 1; next } on && /^        - [^ ]/ { n++ } on && !/^        - / && !/^ *#/ { on = 0 }
		END { exit n < 1 }' "$def" || fail "metadata.$list is no list"
done
step=$(awk '/^    steps:/ { on = 1; next } on && /^        - / { sub(/^        - /, ""); print }' "$def")
case $step in ./lava/contest.sh\ *) ;; *) fail "the step does not run ./lava/contest.sh: $step" ;; esac
for p in RUNS LOADS UNITS LABEL EXTRA; do
	case $step in *'${'$p'}'*) ;; *) fail "the step does not use \${$p}: $step" ;; esac
done
command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null || {
	echo "shape checked; python3's yaml module not installed: not parsed"
	exit 0
}
python3 - "$def" <<'PY' || fail "lava/contest.yaml parsed: not the definition"
import re, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert set(d) == {"metadata", "params", "run"}, d.keys()
m = d["metadata"]
assert m["format"] == "Lava-Test Test Definition 1.0", m
assert re.fullmatch(r"[A-Za-z0-9_.-]+", m["name"]), m["name"]
assert isinstance(m["description"], str) and len(m["description"]) > 20, m
for k in ("maintainer", "os", "scope", "devices"):
    assert isinstance(m[k], list) and m[k] and all(isinstance(x, str) for x in m[k]), (k, m.get(k))
p = d["params"]
assert set(p) == {"RUNS", "LOADS", "UNITS", "LABEL", "EXTRA"}, p
assert all(isinstance(v, str) for v in p.values()), p
assert p["RUNS"].isdigit(), p
steps = d["run"]["steps"]
assert isinstance(steps, list) and len(steps) == 1, steps
assert steps[0].startswith("./lava/contest.sh ") and all("${%s}" % k in steps[0] for k in p), steps
PY
echo "shape checked, parsed"
