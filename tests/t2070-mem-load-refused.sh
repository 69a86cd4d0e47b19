# When not even a useful area fits below MemAvailable, mem_load is
# refused before any compile, with the figures.
. "$(dirname "$0")/lib.sh"
fake_proc meminfo
printf 'MemAvailable: 307200 kB\nSwapFree: 0 kB\n' > "$CONTEST_ROOT/proc/meminfo"
expect 1 "$CONTEST" -n 1 --units 2 --lead 0 --no-baseline -k test mem_load
grep -q 'mem_load: needs 16 MiB of memory, MemAvailable 300 MiB' stderr || fail "message: $(cat stderr)"
[ ! -e contest.log ] || fail "a log was written"
[ -z "$(ls contest-work/output 2>/dev/null)" ] || fail "something was compiled"
