# Descriptors: the compile starts with stdin, stdout and stderr only (no
# pipe of contest's, none of whatever started contest), and 20 runs whose
# load fails in setup under a limit of 32 open files (the least contest
# takes: t4116) leak none (each used to leave its pipe open, and a long
# -n ended in "pipe: Too many open files").
. "$(dirname "$0")/lib.sh"
cat > mk.c <<'EOS'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	FILE *f = NULL;
	int fd;
	(void)argc;
	for (fd = 3; fd < 1024; fd++)
		if (fcntl(fd, F_GETFD) != -1) {
			char p[64], t[512] = "";
			snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
			t[readlink(p, t, sizeof(t) - 1) > 0 ? sizeof(t) - 1 : 0] = 0;
			if (f == NULL)
				f = fopen("extra", "a");
			fprintf(f, "fd %d -> %s\n", fd, t);
		}
	if (f)
		fclose(f);
	argv[0] = "make";
	execvp("make", argv);
	return 127;
}
EOS
${CC:-cc} -o mk mk.c || fail "cannot build the make wrapper"
expect 0 env MAKE="$T/mk" "$CONTEST" -n 1 --units 1 --lead 0 -k fd process_load 7>/dev/null 8<mk.c
[ ! -e contest-work/builtin/extra ] || fail "the compile inherited descriptors: $(cat contest-work/builtin/extra)"
# mem_load's setup maps its area: a 1 GiB address space limit fails it
# there, and not in the check, which sizes from the memory (a file size
# limit would: contest refuses a --size it cannot write)
rm -f contest.log
(
	ulimit -n 32
	ulimit -v 1048576
	exec "$CONTEST" -n 20 -j 1 --units 1 --lead 0 --no-baseline -k fd2 --size 2G mem_load
) > out 2>&1
rc=$?
[ $rc -eq 1 ] || fail "exit $rc, not 1: $(tail -5 out)"
grep -qi "too many open files\|pipe" out && fail "descriptors ran out: $(grep -i 'open files\|pipe' out | head -3)"
[ "$(grep -c 'status=invalid' contest.log)" -eq 20 ] || fail "not 20 invalid runs: $(grep -c . contest.log)"
