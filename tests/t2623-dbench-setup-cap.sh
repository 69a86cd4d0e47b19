# dbench_load's pool, written in setup, is bounded as sizing.c bounds the
# other loads' setups (sz_setup_cap: a third of a no_load run at 100
# MiB/s): 8 clients of 24 MiB on a 1-unit tree, whose estimate is a few
# seconds, are lowered and logged sizing=capped-setup; a --size is kept
# as given (sizing=size-option).
. "$(dirname "$0")/lib.sh"
note() { grep -v ' snapshot=1 ' contest.log | grep -v ' prof=1 ' | tail -1; }
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --no-baseline --probe off -k d --clients 8 dbench_load
line=$(note)
[ "$(val "$line" sizing)" = capped-setup ] || fail "not capped: $line"
size=$(val "$line" size)
[ "$size" -lt $((8 * 24 * 1048576)) ] && [ "$size" -ge $((8 * 1048576)) ] || fail "size $size: $line"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --no-baseline --probe off -k d --clients 8 --size 16M dbench_load
line=$(note)
[ "$(val "$line" sizing)" = size-option ] && [ "$(val "$line" size)" = 16777216 ] || fail "--size not kept: $line"
