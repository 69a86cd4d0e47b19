# lava/contest.sh is POSIX sh, as a LAVA device's shell may be dash or
# busybox's: shellcheck finds nothing in it as sh (its warnings and
# errors), and dash reads it.
. "$(dirname "$0")/lib.sh"
need shellcheck
script=$top/lava/contest.sh
head -1 "$script" | grep -qx '#!/bin/sh' || fail "not a #!/bin/sh script: $(head -1 "$script")"
shellcheck -s sh -S warning "$script" > sc 2>&1 || fail "shellcheck -s sh: $(cat sc)"
if command -v dash >/dev/null 2>&1; then
	dash -n "$script" || fail "dash cannot read it"
fi
exit 0
