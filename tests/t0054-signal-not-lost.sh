# A signal that comes while contest is busy just before it waits is not
# lost until the compile ends: here every wait4() and ppoll() of contest
# first naps 2 s (an LD_PRELOAD shim), the compile takes 40 s, and SIGTERM
# comes during the nap; contest must be gone within a few seconds.
. "$(dirname "$0")/lib.sh"
cat > shim.c <<'EOS'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
static void nap(void) { struct timespec ts = { 2, 0 }; nanosleep(&ts, NULL); }
pid_t wait4(pid_t p, int *s, int o, struct rusage *r)
{
	pid_t (*real)(pid_t, int *, int, struct rusage *) = (pid_t (*)(pid_t, int *, int, struct rusage *))dlsym(RTLD_NEXT, "wait4");
	if (!(o & WNOHANG)) nap();
	return real(p, s, o, r);
}
int ppoll(struct pollfd *f, nfds_t n, const struct timespec *t, const sigset_t *m)
{
	int (*real)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *) = (int (*)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *))dlsym(RTLD_NEXT, "ppoll");
	nap();
	return real(f, n, t, m);
}
EOS
${CC:-cc} -shared -fPIC -o shim.so shim.c -ldl || fail "cannot build the shim"
cat > mk <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) ;; *) echo compiling > "$T/started"; sleep 40 ;; esac
exec make "\$@"
EOS
chmod +x mk
LD_PRELOAD=$T/shim.so MAKE=$T/mk "$CONTEST" -n 1 --units 1 --lead 0 -k sg no_load > out 2>&1 &
bg=$!
i=0
until [ -s started ]; do
	i=$((i + 1)); [ $i -lt 600 ] || fail "the compile never started: $(cat out)"; sleep 0.05
done
t0=$(date +%s)
kill -TERM $bg
wait $bg
t1=$(date +%s)
[ $((t1 - t0)) -le 8 ] || fail "contest took $((t1 - t0)) s to notice SIGTERM"
grep -q "stopped, no record written" out || fail "$(cat out)"
sleep 0.3
left=$(leftovers)
[ -z "$left" ] || fail "processes left: $left"
