# --origin NAME: the CI system every id and origin of --format kcidb
# names (default contest); a name outside KCIDB's [a-z0-9_]+ (or over 64
# characters) exits 2 with a message naming the rule, and --origin with
# any other format exits 2, before a log is read.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
rec A no_load 100 60 5 0 0 > log
for bad in Lab lab-1 "lab 1" "" "lab:1" "lab.x" "$(printf 'o%.0s' $(seq 65))" "l%C3%A9"; do
	expect 2 "$CONTEST" -r --format kcidb --origin "$bad" log
	grep -qxF "contest: --origin must be 1 to 64 of a-z, 0-9 and _ (KCIDB's origin, [a-z0-9_]+), not '$bad'" stderr ||
		fail "--origin '$bad': $(cat stderr)"
	[ ! -s stdout ] || fail "--origin '$bad' wrote: $(cat stdout)"
done
for f in "" "--format table" "--format csv" "--format json" "--format long"; do
	# shellcheck disable=SC2086
	expect 2 "$CONTEST" -r $f --origin lab log
	grep -qxF "contest: --origin goes with --format kcidb" stderr || fail "--origin with '$f': $(cat stderr)"
done
expect 2 "$CONTEST" --origin lab --units 1 no_load
grep -q "go with -r" stderr || fail "--origin in a run: $(cat stderr)"
for o in lab_1 "$(printf 'o%.0s' $(seq 64))" ""; do
	expect 0 "$CONTEST" -r --format kcidb ${o:+--origin "$o"} log
	python3 - stdout "${o:-contest}" <<'PY' || fail "--origin '$o': not in every id"
import json, sys
d, o = json.load(open(sys.argv[1])), sys.argv[2]
objs = d["checkouts"] + d["builds"] + d["tests"]
assert len(objs) > 10 and all(x["origin"] == o and x["id"].startswith(o + ":") for x in objs)
assert all(x["checkout_id"].startswith(o + ":") for x in d["builds"])
assert all(x["build_id"].startswith(o + ":") for x in d["tests"])
PY
done
