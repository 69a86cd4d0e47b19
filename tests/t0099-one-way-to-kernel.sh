# One way into the kernel's files: no C file outside the layer (kfile.c,
# kfile.h) and tests/ holds a string that starts a path of /proc or /sys
# ("/proc..., "/sys...): every reader and writer of them names its file
# by the layer's tree (KF_PROC, KF_SYS), a process's by its pid, and the
# names it shows or matches by KF_PROC_DIR, KF_SYS_DIR, KF_SYSCTL_DIR,
# so a fake root (CONTEST_ROOT) reaches all of them.
. "$(dirname "$0")/lib.sh"
cd "$top" || fail "cannot cd to '$top'"
find . -path ./tests -prune -o -path ./.git -prune -o -name '*.[ch]' -print | sort > "$T/files"
[ "$(wc -l < "$T/files")" -gt 20 ] || fail "too few C files found: $(cat "$T/files")"
grep -qx './kfile.c' "$T/files" && grep -qx './kfile.h' "$T/files" || fail "no kfile.c and kfile.h"
grep -v -x -e './kfile.c' -e './kfile.h' "$T/files" | tr '\n' '\0' | xargs -0 grep -n -e '"/proc' -e '"/sys' > "$T/found"
[ ! -s "$T/found" ] || fail "a path of /proc or /sys outside kfile.c (read it through kfile.h):
$(cat "$T/found")"
