# --streams takes a whole number from 1 to 32; a size too small to give
# each stream 1 MiB is refused; --req-t1 and --req-t2 take milliseconds
# from 0.001 in at most 3 decimals, the first shorter; all before
# anything is made (exit 2).
. "$(dirname "$0")/lib.sh"
refuses read_load streams "N must be a whole number from 1 to 32" 0 33 x 2.5 "" -1 4k
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --size 16M --streams 32 --no-baseline -k test read_load
grep -q "read_load: 32 streams need 32 MiB at least, the size is 16 MiB" stderr || fail "$(cat stderr)"
refuses read_load req-t1 "MS must be milliseconds from 0.001 to 600000 in at most 3 decimals (the log keeps them to a microsecond)" 0 -1 x 1.5x "" 600001 nan inf
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --req-t1 50 --req-t2 50 --no-baseline -k test read_load
grep -q "^contest: --req-t1 (50 ms) must be shorter than --req-t2 (50 ms)$" stderr || fail "$(cat stderr)"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --req-t2 99.5 --no-baseline -k test read_load
grep -q "^contest: --req-t1 (100 ms) must be shorter than --req-t2 (99.5 ms)$" stderr || fail "$(cat stderr)"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
