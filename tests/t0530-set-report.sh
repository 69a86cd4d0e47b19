# The records of an interleaved run of --set (two labels, one
# invocation, each label's snapshot with its settings, the values found,
# and THP as it set it) read by the report: -r notes which settings each
# label had and the values found, and does not call the labels
# different boxes (snapshots of separate invocations that differ so
# are); -c compares them as kernels, its environment naming both rows'
# settings; --verdict judges b against a; JSON has the settings as keys,
# the CSV as a last column, KCIDB in each build's misc (the document valid).
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
need python3
thp=/sys/kernel/mm/transparent_hugepage/enabled
sa=vm.dirty_ratio%3D30 sb=vm.dirty_ratio%3D40,$thp%3Dnever found=vm.dirty_ratio%3D20,$thp%3Dmadvise
snap() {
	printf 'contest=1 snapshot=1 date=2026-12-01T10:00:00Z host=box label=%s kernel=6.1.0 inv=%s jobs=8 workload=builtin:4 ncpu=2 set=%s cmdline=ro cpu=x governor=none ram=1 swap=0 thp=%s fs=ext4 fsopts=rw sched=mq-deadline cc=cc make=make set_found=%s\n' \
	    "$1" "$2" "$3" "$4" "$found"
}
log() {
	snap a "$1" "$sa" madvise
	rec a no_load 10.0 9 1 0 0 inv="$1" round=1 set="$sa"
	snap b "$2" "$sb" never
	rec b no_load 15.0 9 1 0 0 inv="$2" round=1 set="$sb"
	rec b no_load 15.1 9 1 0 0 inv="$2" round=2 set="$sb"
	rec a no_load 10.1 9 1 0 0 inv="$1" round=2 set="$sa"
	rec b no_load 15.2 9 1 0 0 inv="$2" round=3 set="$sb"
	rec a no_load 10.2 9 1 0 0 inv="$1" round=3 set="$sa"
}
# the output as one line, white space one space: the notes as words, wherever they wrap
flat() { tr '\n' ' ' < stdout | tr -s ' '; }
log 1.1 1.1 > one.log
log 1.1 2.2 > two.log

expect 0 "$CONTEST" -r one.log
grep -qxF "note: a ran with --set a:vm.dirty_ratio=30" stdout || fail "-r: a: $(cat stdout)"
flat | grep -qF "note: b ran with --set b:vm.dirty_ratio=40,$thp=never" || fail "-r: b: $(cat stdout)"
flat | grep -qF "note: before the first round of --set in invocation 1.1, the files held vm.dirty_ratio=20,$thp=madvise" ||
	fail "-r: found: $(cat stdout)"
! grep -q "box unlike" stdout || fail "-r: one invocation called two boxes: $(cat stdout)"
expect 0 "$CONTEST" -r two.log
grep -q "note: b ran on a box unlike a's (thp differ)" stdout || fail "-r: two invocations: $(cat stdout)"

expect 0 "$CONTEST" -r -c a one.log
flat | grep -qF "box: the same (command line, CPU, RAM, governor, THP, filesystem, compilers), the kernel aside settings (--set): vm.dirty_ratio=30 -> vm.dirty_ratio=40,$thp=never (one invocation, its rounds interleaved;" ||
	fail "-c: environment: $(cat stdout)"
grep -Eq '^ +10\.1 +15\.1 +\+49\.5% .* worse +Time s$' stdout || fail "-c: Time: $(cat stdout)"
expect 1 "$CONTEST" -r --verdict a -k b one.log
grep -q "^no_load: worse: Time +49.5%" stdout || fail "--verdict: $(cat stdout)"

expect 0 "$CONTEST" -r --format json one.log
python3 - stdout "$thp" <<'PY' || fail "json: $(cat stdout)"
import json, sys
d = json.load(open(sys.argv[1]))
thp = sys.argv[2]
g = {x["row"]: x for x in d["groups"]}
assert g["a"]["settings"] == {"vm.dirty_ratio": "30"}, g["a"]
assert g["b"]["settings"] == {"vm.dirty_ratio": "40", thp: "never"}, g["b"]
s = {x["label"]: x for x in d["snapshots"]}
assert s["b"]["settings_found"] == {"vm.dirty_ratio": "20", thp: "madvise"} and s["b"]["thp"] == "never"
PY
expect 0 "$CONTEST" -r --format csv one.log
head -1 stdout | grep -q ',duplicates,settings$' || fail "csv header: $(head -1 stdout)"
grep -q "^no_load,b,b,.*,0,\"vm.dirty_ratio=40,$thp=never\"\$" stdout || fail "csv: $(cat stdout)"
grep -q '^no_load,a,a,.*,0,vm.dirty_ratio=30$' stdout || fail "csv: $(cat stdout)"

expect 0 "$CONTEST" -r --format kcidb one.log
python3 "$top/tests/kcidb-check.py" < stdout || fail "kcidb: the document is not valid"
python3 - stdout "$thp" <<'PY' || fail "kcidb: $(cat stdout)"
import json, sys
d = json.load(open(sys.argv[1]))
thp = sys.argv[2]
b = {x["misc"]["row"]: x["misc"] for x in d["builds"]}
assert b["a"]["settings"] == {"vm.dirty_ratio": "30"}, b["a"]
assert b["b"]["settings"] == {"vm.dirty_ratio": "40", thp: "never"}, b["b"]
assert b["b"]["snapshot"]["settings_found"] == {"vm.dirty_ratio": "20", thp: "madvise"}, b["b"]
PY

# a set= no writer writes (an edited log: a pair with no '='): the JSON
# and KCIDB give the text as it is, a string, not an object missing a part
sed 's/ set=vm\.dirty_ratio%3D30/&,nothing/' one.log > edited.log
grep -q ' set=vm.dirty_ratio%3D30,nothing' edited.log || fail "edited.log: no such set="
expect 0 "$CONTEST" -r --format json edited.log
python3 -c 'import json, sys; g = {x["row"]: x for x in json.load(open(sys.argv[1]))["groups"]}; assert g["a"]["settings"] == "vm.dirty_ratio=30,nothing", g["a"]' stdout ||
	fail "json of an edited set=: $(cat stdout)"
expect 0 "$CONTEST" -r --format kcidb edited.log
python3 -c 'import json, sys; b = {x["misc"]["row"]: x["misc"] for x in json.load(open(sys.argv[1]))["builds"]}; assert b["a"]["settings"] == "vm.dirty_ratio=30,nothing", b["a"]' stdout ||
	fail "kcidb of an edited set=: $(cat stdout)"
