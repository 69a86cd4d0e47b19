# The profile over a real window (tests/profile-solo.bin, root): a
# compile-like command beside a load whose leader is seeded and whose
# kernel work is done by children it forks in the window.  Every symbol
# printed is a text symbol of /proc/kallsyms; the command's and the
# load's samples land in their parts; nothing is lost; every sample is
# kernel, user or idle, and their sum is within 25% of HZ x CPUs x window
# (a bound for a busy box: doc/profile.md has the measured agreement).
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "not root: no CPU-wide profile (perf_event_paranoid)"
make -s -C "$top" tests/profile-solo.bin >/dev/null || fail "build"
"$top/tests/profile-solo.bin" -m all -L 0.3 \
    -l 'while :; do dd if=/dev/zero of=/dev/null bs=64k count=2000 2>/dev/null; done' \
    -- sh -c 'dd if=/dev/zero of=/dev/null bs=64k count=8000 2>/dev/null; i=0; while [ $i -lt 100 ]; do /bin/true; i=$((i + 1)); done' \
    > out 2> err
rc=$?
[ $rc -eq 3 ] && skip "$(cat err)"
[ $rc -eq 0 ] || { cat err; fail "profile-solo exited $rc"; }
grep -q '^sym ' out || fail "no symbol: $(cat out)"
# every name is a text symbol of kallsyms ('name' or 'name [mod]')
awk '$2 ~ /^[tTwW]$/ { print $3 ($4 != "" ? " " $4 : "") }' /proc/kallsyms | sort -u > names
sed -n 's/^sym [0-9]* //p' out | sort -u > seen
[ -z "$(comm -13 names seen)" ] || fail "names not in /proc/kallsyms: $(comm -13 names seen | head -5)"
line() { sed -n "s/^$1 //p" out; }
get() { line "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
[ "$(get part job)" -gt 0 ] || fail "no kernel sample of the command: $(line part)"
[ "$(get part load)" -gt 0 ] || fail "no kernel sample of the load's children: $(line part)"
[ "$(get total lost)" -eq 0 ] || fail "samples lost: $(line total)"
k=$(get total kernel)
[ $(( $(get part job) + $(get part load) + $(get part probe) + $(get part rest) )) -eq "$k" ] ||
	fail "the parts do not add up to the kernel samples: $(line part), kernel=$k"
w=$(get window window)
n=$(get window ncpu)
hz=$(get window hz)
tot=$(( k + $(get total user) + $(get total idle) ))
# a virtual CPU that the host does not run takes no sample: steal is
# CPU time the box did not have (/proc/stat over the same window)
st=$(get stat steal)
tck=$(get stat clk_tck)
fcmp "$tot" '>' "0.75 * $hz * ($n * $w - $st / $tck)" && fcmp "$tot" '<' "1.25 * $hz * $n * $w" ||
	fail "$tot samples in $w s on $n CPUs at $hz Hz, steal $st/$tck s"
# a ring too small for the drain (16 KiB, 512 samples, read once after
# 2 s at 4999 Hz): what the kernel dropped is counted, the ring's end
# included, so the samples read and lost per second equal what a ring
# large enough reads over the same seconds (a second profile, started
# before and ended after: a host that delays the CPUs' timers delays
# both alike, which a bound on HZ x CPUs alone cannot tell from a loss)
"$top/tests/profile-solo.bin" -m all -f 4999 -r 1024 -n 1 -- sleep 2.6 > big 2> bigerr &
bp=$!
sleep 0.3
"$top/tests/profile-solo.bin" -m all -f 4999 -r 16 -d 5 -n 1 -- sleep 2 > out 2> err || fail "$(cat err)"
wait $bp || fail "the large ring's profile: $(cat bigerr)"
lost=$(get total lost)
[ "$lost" -gt 0 ] || fail "nothing lost from a ring too small: $(line total)"
small=$(( $(get total kernel) + $(get total user) + $(get total idle) + lost ))
sw=$(get window window)
mv out small.out
mv big out
[ "$(get total lost)" -eq 0 ] || fail "the large ring lost samples: $(line total)"
large=$(( $(get total kernel) + $(get total user) + $(get total idle) ))
lw=$(get window window)
fcmp "$small / $sw" '>' "0.85 * $large / $lw" && fcmp "$small / $sw" '<' "1.15 * $large / $lw" ||
	fail "16 KiB ring: $small samples read and lost in $sw s; 1 MiB ring: $large read in $lw s"
fcmp "$large / $lw" '<' "1.25 * 4999 * $n" || fail "1 MiB ring: $large samples in $lw s on $n CPUs at 4999 Hz"
