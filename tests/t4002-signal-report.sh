# Promise: a signal during the final report ends contest by that signal
# (it used to be ignored: the report ran on and contest exited 0).  The
# report blocks on a full stdout pipe while SIGINT comes.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "no python3"
python3 - "$CONTEST" <<'PY' || fail "see above"
import fcntl, os, signal, subprocess, sys
r, w = os.pipe()
F_SETPIPE_SZ = 1031
fcntl.fcntl(w, F_SETPIPE_SZ, 4096)
os.set_blocking(w, False)
try:
    while True:
        os.write(w, b"x" * 512)		# fill it: contest's first write blocks
except BlockingIOError:
    pass
os.set_blocking(w, True)
p = subprocess.Popen([sys.argv[1], "-n", "1", "--units", "1", "--lead", "0", "-k", "rep", "no_load"],
                     stdout=w, stderr=subprocess.PIPE)
os.close(w)
for line in p.stderr:
    if b"results appended" in line:
        break
p.send_signal(signal.SIGINT)
p.stderr.read()
p.wait(timeout=30)
if p.returncode != -signal.SIGINT:
    print("returncode", p.returncode)
    sys.exit(1)
PY
