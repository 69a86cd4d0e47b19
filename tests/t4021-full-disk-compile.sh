# Promise: a work directory whose disk is full when the compile writes
# (its objects, its output) gives a failed run with the compile's reason,
# the log (elsewhere) whole, and contest going on to the next run.
. "$(dirname "$0")/lib.sh"
mkdir small
mount -t tmpfs -o size=16m none small || skip "cannot mount a tmpfs"
trap 'umount "$T/small"; rm -rf "$T"' EXIT
# the tree fits; each timed compile starts on a disk a filler has just filled
cat > mk <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
dd if=/dev/zero of="$T/small/fill.\$\$" bs=64k 2>/dev/null
exec make "\$@"
EOS
chmod +x mk
expect 1 env MAKE="$T/mk" "$CONTEST" -n 2 --units 1 --lead 0 -k fill -d small/w no_load
[ "$(grep -c 'label=fill .*status=failed reason=compile%20exited' contest.log)" -eq 2 ] ||
	fail "not two failed runs: $(grep -v snapshot=1 contest.log)"
grep -q "no_load 2/2: starting" stderr || fail "the suite stopped: $(cat stderr)"
expect 1 "$CONTEST" -r	# no ok run to show, every line whole
[ "$(cat stderr)" = "contest: no usable run (status=ok) in the log" ] || fail "the log has bad lines: $(cat stderr)"
