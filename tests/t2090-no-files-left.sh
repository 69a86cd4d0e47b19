# After a run of every load of this range the work directory and -o DIR
# hold no file of a load: only the tree and the compile outputs.
. "$(dirname "$0")/lib.sh"
mkdir other
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --size 8M --no-baseline -k test -o other \
	process_load io_load io_other read_load mem_load
[ "$(grep -c 'status=ok' contest.log)" -eq 5 ] || fail "not 5 ok runs: $(cat contest.log)"
left=$(cd contest-work && find . -mindepth 1 -maxdepth 1 ! -name builtin ! -name output)
[ -z "$left" ] || fail "left in the work directory: $left"
[ -z "$(find contest-work/output -type f ! -name '*.txt')" ] || fail "strange outputs"
[ -z "$(ls -A other)" ] || fail "left in -o DIR: $(ls -A other)"
