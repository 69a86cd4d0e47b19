# After cleaning up, contest dies by the signal that stopped it (as
# time(1) does), so its parent sees a signal death, not exit 128+n, and a
# shell loop around it stops on ^C.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "no python3"
gate_make
python3 - "$CONTEST" "$T" <<'PY' || fail "see above"
import os, signal, subprocess, sys, time
contest, t = sys.argv[1], sys.argv[2]
gated = os.path.join(t, "gated")
for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
    if os.path.exists(gated):
        os.unlink(gated)
    p = subprocess.Popen([contest, "-n", "1", "--units", "1", "--lead", "0", "-k", "ds", "no_load"],
                         cwd=t, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(1200):
        if os.path.exists(gated):
            break
        time.sleep(0.05)
    p.send_signal(sig)
    err = p.communicate(timeout=60)[1].decode()
    if p.returncode != -sig:
        print(f"{sig.name}: returncode {p.returncode}, not {-sig}: {err}")
        sys.exit(1)
PY
gate_reset
# a shell loop stops at the first ^C: bash waits for its child and goes on
# unless the child died by SIGINT; ^C reaches the whole process group
command -v bash >/dev/null || skip "no bash for the shell loop"
cat > loop.sh <<EOS
for i in 1 2 3; do
	"$CONTEST" -n 1 --units 1 --lead 0 -k loop no_load 2>/dev/null >/dev/null
	echo "\$i" >> "$T/done"
done
EOS
python3 - "$T" <<'PY' || fail "see above"
import os, signal, subprocess, sys, time
t = sys.argv[1]
def fg():
    # as at a terminal: SIGINT not ignored, the loop leads its group
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
p = subprocess.Popen(["bash", "loop.sh"], cwd=t, preexec_fn=fg)
gated = os.path.join(t, "gated")
for _ in range(1200):
    if os.path.exists(gated):
        break
    time.sleep(0.05)
os.killpg(p.pid, signal.SIGINT)
p.wait(timeout=60)
PY
[ ! -s done ] || fail "the loop went on after SIGINT: $(cat done)"
