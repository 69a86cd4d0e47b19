# contest -r -c A -p from a hand-made log: the diffprofile block of each
# load, its numbers worked out by hand (every run's window 10 s, so a
# function's samples / 10 is its samples a second).
# no_load, 2 runs a side: do_syscall_64 2000, 2200 -> 210.0 on both
# sides, +0.0; schedule 1000, 1200 -> 110.0 on both; clear_page_erms
# 600, 600 in A (60.0), 600 in B's first run only (the second counts 0):
# 30.0, -30.0, -50.0%; the long name (400 each run, 40.0) cut to its
# column with "..."; total 4000, 4400 -> 420.0 against 4000, 3800 ->
# 390.0: -30.0, -7.1%.
# process_load, 3 runs a side: pipe_read 3000, 3100, 2900 -> 300.0
# against 6000, 6100, 5900 -> 600.0: +300.0, +100%, worse (the runs
# agree within 3%); schedule 2000, 2000, 2100 -> 203.3 in A, unlisted
# in B: 0.0, -203.3, -100%, better (B's runs tested at their cut, the
# least they listed, 100 a second: still half); ext4_mount [ext4], a
# module's, new in B at 1500, 1600, 1400 -> 150.0: +150.0, "new",
# worse (A's runs at their cut, 100 a second, against 150 +- 10);
# do_syscall_64 1000, 1100, 1000 in both: +0.0, unmarked; total 6000,
# 6200, 6000 -> 606.7 against 8500, 8700, 8400 -> 853.3: +246.7, +40.7%,
# worse.  Largest change first, the marked ones whatever their rank,
# the total last, every line within 80 columns.  25 functions unmarked:
# the 20 largest changes shown, and a note; -v shows all.  Without -p, no
# diffprofile.  -v adds under each tested line the spread, p, adjusted p
# and interval; CSV (kind diff) and JSON ("diffprofile") carry it whole.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
L=a_function_with_a_name_far_too_long_for_the_column_of_the_diffprofile
pl() { rec "$1" process_load 10 8 2 3 100 unit=kmsg; }
{
	rec A no_load 10 8 2 0 0
	prof A no_load 10 4000 0 3000 0 1000 "2000:do_syscall_64,1000:schedule,600:clear_page_erms,400:$L"
	rec A no_load 10 8 2 0 0
	prof A no_load 10 4400 0 3000 0 1400 "2200:do_syscall_64,1200:schedule,600:clear_page_erms,400:$L"
	rec B no_load 10 8 2 0 0
	prof B no_load 10 4000 0 3000 0 1000 "2000:do_syscall_64,1000:schedule,600:clear_page_erms,400:$L"
	rec B no_load 10 8 2 0 0
	prof B no_load 10 3800 0 3000 0 800 "2200:do_syscall_64,1200:schedule,400:$L"
	pl A; prof A process_load 10 6000 0 3000 2000 1000 "3000:pipe_read,2000:schedule,1000:do_syscall_64"
	pl A; prof A process_load 10 6200 0 3000 2200 1000 "3100:pipe_read,2000:schedule,1100:do_syscall_64"
	pl A; prof A process_load 10 6000 0 3000 2000 1000 "2900:pipe_read,2100:schedule,1000:do_syscall_64"
	pl B; prof B process_load 10 8500 0 3000 4500 1000 "6000:pipe_read,1500:ext4_mount%20%5Bext4%5D,1000:do_syscall_64"
	pl B; prof B process_load 10 8700 0 3000 4700 1000 "6100:pipe_read,1600:ext4_mount%20%5Bext4%5D,1000:do_syscall_64"
	pl B; prof B process_load 10 8400 0 3000 4400 1000 "5900:pipe_read,1400:ext4_mount%20%5Bext4%5D,1100:do_syscall_64"
} > log
expect 0 "$CONTEST" -r -c A -p log
sed -n '/diffprofile/,/marked)$/p' stdout > got
cat > want <<'BLOCK'
no_load: diffprofile A -> B: kernel samples a second of the window,
+ more time (worse), - less (better); profiled runs 2 -> 2
  change     base     this %change verdict function
   -30.0     60.0     30.0  -50.0%         clear_page_erms
    +0.0     40.0     40.0   +0.0%         a_function_with_a_name_far_too_lo...
    +0.0    210.0    210.0   +0.0%         do_syscall_64
    +0.0    110.0    110.0   +0.0%         schedule
   -30.0    420.0    390.0   -7.1%         total
(4 functions, 4 shown; 4 tested (0.25% of the kernel samples or more), 0
  marked)
process_load: diffprofile A -> B: kernel samples a second of the window,
+ more time (worse), - less (better); profiled runs 3 -> 3
  change     base     this %change verdict function
  +300.0    300.0    600.0   +100% worse   pipe_read
  -203.3    203.3      0.0   -100% better  schedule
  +150.0      0.0    150.0     new worse   ext4_mount [ext4]
    +0.0    103.3    103.3   +0.0%         do_syscall_64
  +246.7    606.7    853.3  +40.7% worse   total
(4 functions, 4 shown; 4 tested (0.25% of the kernel samples or more), 3
  marked)
BLOCK
diff -u want got || fail "the diffprofile differs"
awk 'length($0) > 79 { print; bad = 1 } END { exit bad }' stdout || fail "a line over 79 columns"
list=$(i=1; while [ $i -le 25 ]; do printf '%s%d:f%02d' "${sep-}" $((100 - i)) $i; sep=,; i=$((i + 1)); done)
{ for l in C D C D; do rec $l no_load 10 8 2 0 0; prof $l no_load 10 2200 0 2200 0 0 "$list"; done; } > many
expect 0 "$CONTEST" -r -c C -p many
[ "$(grep -c ' f[0-9][0-9]$' stdout)" -eq 20 ] || fail "not 20 functions shown: $(cat stdout)"
grep -q '^(25 functions, 20 shown; 25 tested' stdout && grep -q '^  marked; -v shows all)$' stdout || fail "no note of those left out: $(cat stdout)"
expect 0 "$CONTEST" -r -c C -v -p many
[ "$(grep -c ' f[0-9][0-9]$' stdout)" -eq 25 ] || fail "-v does not show all 25"
expect 0 "$CONTEST" -r -c A log
! grep -q diffprofile stdout || fail "a diffprofile without -p"
# -v: under each tested line the runs' spread, p, adjusted p and the
# interval (pipe_read: 3000, 3100, 2900 -> sd 3%; 6000, 6100, 5900 -> 2%)
expect 0 "$CONTEST" -r -c A -v -p log
grep -A1 ' pipe_read$' stdout | tail -1 |
	grep -q '^ *sd 3% -> 2%, p [0-9.e-]*, adjusted [0-9.e-]*, 95% \[+8[0-9.]*, +11[0-9.]*\]$' ||
	fail "-v: no spread and p under pipe_read: $(grep -A1 ' pipe_read$' stdout)"
grep -A1 ' total$' stdout | tail -1 | grep -q '^ *sd 2% -> 2%, p ' || fail "-v: nothing under the total"
awk 'length($0) > 79 { print; bad = 1 } END { exit bad }' stdout || fail "-v: a line over 79 columns"
# CSV and JSON carry the diffprofile whole, with the same numbers and marks
expect 0 "$CONTEST" -r -c A -p --format csv log
grep -q '^process_load,B,B,box,8,builtin:4,,diff,pipe_read,3,3,[0-9.]*,[0-9.]*,600.0000,10.0000,300.0000,300.0000,100.00,[0-9.]*,[0-9.]*,[0-9.e-]*,[0-9.e-]*,worse$' stdout ||
	fail "CSV: pipe_read: $(grep ',diff,' stdout)"
grep -q '^process_load,B,B,box,8,builtin:4,,diff,schedule,3,0,0.0000,0.0000,0.0000,0.0000,203.3333,-203.3333,-100.00,.*,better$' stdout ||
	fail "CSV: schedule: $(grep ',diff,' stdout)"
grep -q '^process_load,B,B,box,8,builtin:4,,diff,total,3,3,.*,853.3333,15.2753,606.6667,246.6667,40.66,.*,worse$' stdout ||
	fail "CSV: total: $(grep ',diff,' stdout)"
[ "$(grep -c ',diff,' stdout)" -eq 10 ] || fail "CSV: not 4 + 4 functions and 2 totals: $(grep ',diff,' stdout)"
[ "$(awk -F, '{ print NF }' stdout | sort -u)" = 23 ] || fail "CSV: lines of other widths"
expect 0 "$CONTEST" -r -c A -p --format json log
command -v python3 >/dev/null || skip "no python3 to read the JSON"
python3 - "$T/stdout" <<'PY' || fail "JSON: see above"
import json, sys
g = {(x["load"], x["row"]): x for x in json.load(open(sys.argv[1]))["groups"]}
assert g[("process_load", "A")]["diffprofile"] is None
d = g[("process_load", "B")]["diffprofile"]
assert d["base"] == "A", d
f = {x["name"]: x for x in d["functions"]}
assert abs(f["pipe_read"]["change"] - 300) < 1e-9 and f["pipe_read"]["test"]["mark"] == "worse", f
assert f["schedule"]["test"]["mark"] == "better" and f["ext4_mount [ext4]"]["base_rate"] == 0, f
assert f["do_syscall_64"]["test"]["mark"] == "noise", f
assert abs(d["total"]["change"] - 246.6667) < 1e-3 and d["total"]["test"]["mark"] == "worse", d
PY
# one owner of a line's %change (pmodel_pct): the text, CSV and JSON
# print the same one, for tested functions and for f_small (2 and 3
# samples of 4000 and 3800, 0.06%: under PROF_TESTED_PCT, so untested,
# its change of the means +50.0%)
{
	rec E no_load 10 8 2 0 0; prof E no_load 10 4000 0 4000 0 0 "3998:f_big,2:f_small"
	rec E no_load 10 8 2 0 0; prof E no_load 10 4000 0 4000 0 0 "3998:f_big,2:f_small"
	rec F no_load 10 8 2 0 0; prof F no_load 10 3800 0 3800 0 0 "3797:f_big,3:f_small"
	rec F no_load 10 8 2 0 0; prof F no_load 10 3800 0 3800 0 0 "3797:f_big,3:f_small"
} > small
expect 0 "$CONTEST" -r -c E -p small
grep -q '^ *+0.1 *0.2 *0.3 *+50.0% *f_small$' stdout || fail "text: f_small: $(grep f_small stdout)"
cp stdout small.txt
expect 0 "$CONTEST" -r -c A -p --format csv log
cat stdout > both.csv
expect 0 "$CONTEST" -r -c E -p --format csv small
sed 1d stdout >> both.csv
expect 0 "$CONTEST" -r -c A -p --format json log
cp stdout log.json
expect 0 "$CONTEST" -r -c E -p --format json small
python3 - both.csv log.json "$T/stdout" small.txt <<'PY' || fail "the views' %change differ: see above"
import csv, json, sys
rows = {(r["load"], r["row"], r["name"]): r for r in csv.DictReader(open(sys.argv[1])) if r["kind"] == "diff"}
seen = 0
for path in sys.argv[2:4]:
    for g in json.load(open(path))["groups"]:
        d = g.get("diffprofile")
        if not d:
            continue
        for f in d["functions"] + [d["total"]]:
            c = rows[(g["load"], g["row"], f["name"])]["change_pct"]
            j = f["change_pct"]
            assert (c == "" and j is None) or abs(float(c) - j) < 0.006, (f, c)
            seen += 1
assert seen == 10 + 3, seen
small = rows[("no_load", "F", "f_small")]
assert small["p"] == "" and small["mark"] == "" and small["change_pct"] == "50.00", small
big = rows[("no_load", "F", "f_big")]
assert big["p"] != "", big
txt = open(sys.argv[4]).read()
assert "%+.1f%%" % float(big["change_pct"]) in txt, (big, txt)
PY
