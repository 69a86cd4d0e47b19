# dbench_load's refusals, before anything is made: --clients not a whole
# number from 1 to 1024, a --size under 1 MiB a client (exit 2, --plan too), and a
# filesystem whose half is too small for --size (exit 1, saying how much
# it needs and where).
. "$(dirname "$0")/lib.sh"
refuses dbench_load clients "N must be a whole number from 1 to 1024" 0 1025 x 1.5 ""
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 --size 3M --clients 4 --no-baseline -k test dbench_load
grep -q "dbench_load: 4 clients need 4 MiB at least, the size is 3 MiB" stderr || fail "$(cat stderr)"
# --plan says the same and exits as the run would
grep -v " usable CPU" stderr > run.err
expect 2 "$CONTEST" --plan --size 3M --clients 4 dbench_load
diff run.err stderr || fail "--plan: $(cat stderr)"
[ ! -e contest.log ] && [ ! -e contest-work ] || fail "something was made"
mkdir small
mount -t tmpfs -o size=8m contest-test "$T/small" 2>/dev/null || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
expect 1 "$CONTEST" -n 1 --units 1 --lead 0 --size 32M --clients 2 --no-baseline -k test -d small/w dbench_load
grep -q "dbench_load: needs 32.2 MiB, may use 4.0 MiB (half the free space) in 'small'" stderr || fail "$(cat stderr)"
[ ! -e contest.log ] && [ -z "$(ls -A small)" ] || fail "something was made"
