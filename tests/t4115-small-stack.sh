# Issue 21, item 13: contest keeps no large buffer on its stack (a .config
# hashed through 64 KiB on it, a cgroup's process list through 64 KiB, a
# load's context of 240 KiB in the preflight),
# so under ulimit -s 64 it runs instead of dying by SIGSEGV with no
# message.  A kernel tree whose build is 'true' keeps the compile itself
# out of it (cc1 needs more than 64 KiB: under such a limit a real
# compile fails, and is logged failed with its output's tail).
. "$(dirname "$0")/lib.sh"
mkdir tree
printf 'CONFIG_TINY=y\n' > tree/.config
printf 'vmlinux:\n\ttrue\nclean:\n\ttrue\n' > tree/Makefile
(ulimit -s 64 && exec "$CONTEST" -n 1 --lead 0 -s tree -k stack no_load) > stdout 2> stderr
rc=$?
[ $rc -eq 0 ] || fail "exit $rc, not 0: $(cat stderr)"
grep -q ' label=stack .*load=no_load .*status=ok' contest.log || fail "no record: $(cat contest.log)"
