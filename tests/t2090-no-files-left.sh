# Every load contest lists (contest --list-loads: a new load is covered
# without editing this test) runs ok once on a tiny setting, and after
# the runs the work directory and -o DIR hold no file of a load: only the
# tree and the compile outputs.
. "$(dirname "$0")/lib.sh"
mkdir other walk
touch walk/a walk/b
loads=$("$CONTEST" --list-loads | awk '{ print $1 }')
[ -n "$loads" ] || fail "no loads listed"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --size 8M --no-baseline -k test -o other --walk walk $loads
n=$(echo "$loads" | wc -l)
[ "$(grep -c 'status=ok' contest.log)" -eq "$n" ] || fail "not $n ok runs: $(grep -v 'status=ok' contest.log | grep -v snapshot=1)"
left=$(cd contest-work && find . -mindepth 1 -maxdepth 1 ! -name builtin ! -name output)
[ -z "$left" ] || fail "left in the work directory: $left"
[ -z "$(find contest-work/output -type f ! -name '*.txt')" ] || fail "strange outputs"
[ -z "$(ls -A other)" ] || fail "left in -o DIR: $(ls -A other)"
