# Issue 29, item 13: messages that said what was not so.  io_other's
# missing -o ("-oor"); a probe share printed rounded into range
# (100.0001 as 100%); "1 streams", "for 1 clients"; a tab in a record
# blamed on a key said missing; --until's first estimate ignoring
# --max-time (16 min for a run that stops at 1); --plan saying it runs
# the default suite.
. "$(dirname "$0")/lib.sh"
expect 2 "$CONTEST" -n 1 --units 1 --lead 0 io_other
grep -qx 'contest: io_other needs -o DIR or --other DIR: directory on another disk for its files' stderr ||
	fail "io_other: $(cat stderr)"
expect 2 "$CONTEST" --plan --probe 10:100.0001
grep -qx "contest: bad probe '10:100.0001': share 100.0001% is not above 0 and at most 100" stderr ||
	fail "probe: $(cat stderr)"
expect 2 "$CONTEST" --plan --streams 1 --size 1k read_load
grep -qx 'contest: read_load: 1 stream needs 1 MiB at least, the size is 0 MiB' stderr || fail "streams: $(cat stderr)"
expect 2 "$CONTEST" --plan --clients 1 --size 1k dbench_load
grep -qx 'contest: dbench_load: 1 client needs 1 MiB at least, the size is 0 MiB' stderr || fail "client: $(cat stderr)"
expect 0 "$CONTEST" --plan --cpus 2 --mem 4G --disk 1G --clients 1 --size 16M dbench_load
grep -q '^dbench_load size: 16777216 bytes for 1 client (16.0 MiB, ' stdout || fail "plan's client: $(cat stdout)"
# --plan alone plans, and says so (whether every load fits this box or not)
"$CONTEST" --plan > stdout 2> stderr
grep -q '^contest: no load named, planning the default suite: no_load ' stderr || fail "--plan alone: $(cat stderr)"
if grep -q 'running' stderr; then fail "--plan says it runs: $(cat stderr)"; fi
# a tab where a space belongs
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
expect 0 "$CONTEST" -s tree --lead 0 --probe off -n 1 -k U no_load
grep ' load=no_load ' contest.log | sed 's/ host=/\thost=/' > tab.log
expect 1 "$CONTEST" -r tab.log
grep -q '^tab.log:1: a tab at byte [0-9]*: keys are separated by single spaces' stderr || fail "tab: $(cat stderr)"
# --until's estimate: U's no_load took 100 s, so rounds of it would pass --max-time 1
sed -i '/ load=no_load /s/ elapsed=[0-9.]* / elapsed=100 /' contest.log
"$CONTEST" -s tree --lead 0 --probe off -n 2 --until 0.1 --max-time 1 --max-rounds 3 -k U no_load > stdout 2> stderr
grep -qx 'contest: --until: 2 to 3 rounds of 1 load, about 1 to 1 min in all, --max-time ending them (estimated from the log'"'"'s no_load runs)' stderr ||
	fail "--until's estimate: $(cat stderr)"
