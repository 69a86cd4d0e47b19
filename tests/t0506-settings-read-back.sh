# A value the kernel takes otherwise than written, or refuses, on kernel
# files that are the driver's own (its /proc/PID/comm, cut at 15 bytes,
# and its oom_score_adj, -1000 to 1000, as /sys: the root's sys a link
# to /proc/self; no root needed, nothing of the box changes): exit 2 saying
# what the file reads instead; the first label's value, taken, given back.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
link_root "$T/self-sys" "$T/no-root/proc" /proc/self
expect 2 "$S" run -j "$J" -v 'a:/sys/comm=abcdefghijklmno' 'b:/sys/comm=averyveryverylongname'
grep -qxF "settings-unit: --set b: '/sys/comm' did not take 'averyveryverylongname': it reads 'averyveryverylo'" stderr ||
	fail "message: $(cat stderr)"
grep -qxF 'file /sys/comm found=settings-unit.b now=settings-unit.b' stdout || fail "comm: $(cat stdout)"
expect 2 "$S" run -j "$J" -v 'a:/sys/comm=abcdefghijklmno' 'b:/sys/oom_score_adj=5000'
grep -qxF "settings-unit: --set b: cannot write '5000' to '/sys/oom_score_adj': Invalid argument (the kernel refuses the value)" stderr ||
	fail "message: $(cat stderr)"
grep -qxF 'file /sys/comm found=settings-unit.b now=settings-unit.b' stdout || fail "comm: $(cat stdout)"
# comm keeps a newline written after a shorter name: two lines, not read back
expect 2 "$S" run -j "$J" 'a:/sys/comm=xyz'
grep -qxF "settings-unit: --set a: wrote 'xyz' to '/sys/comm', but cannot read it back: it holds a NUL byte or more than one line" stderr ||
	fail "message: $(cat stderr)"
[ ! -e "$J" ] || fail "the journal is left"
