# The import graph has no circle: an object of the Makefile's OBJ imports
# (takes a symbol, by nm) from another, and no chain of imports comes back
# to where it started (the layers of the house: report/model.h names the
# report's, derive.h and util.h are below both the harness and the
# report).  And no file of report/ includes report.h: the report's entry
# point translates the command line's options for the model and the
# formats (report/format.h).
. "$(dirname "$0")/lib.sh"
need nm
# cycles OBJ...: each circle of imports among the objects, one a line
cycles() {
	for o; do nm "$o" | awk -v o="$o" 'NF == 2 && $1 == "U" { print "U", o, $2 }
		NF == 3 && $2 ~ /^[A-TV-Z]$/ { print "D", o, $3 }'; done |
	awk '$1 == "D" { if (!($3 in def)) def[$3] = $2; next }
	     { use[++n] = $2 SUBSEP $3 }
	     function visit(v, path,   w, k) {
		     color[v] = 1
		     for (k = 1; k <= nn[v]; k++) {
			     w = to[v, k]
			     if (color[w] == 1) {	# the circle: from w on
				     cyc = " -> " path " -> "
				     cyc = substr(cyc, index(cyc, " -> " w " -> ") + 4)
				     cyc = cyc w
				     return 1
			     }
			     if (!color[w] && visit(w, path " -> " w)) return 1
		     }
		     color[v] = 2
		     return 0
	     }
	     END {
		     for (i = 1; i <= n; i++) {
			     split(use[i], p, SUBSEP)
			     d = def[p[2]]
			     if (d == "" || d == p[1] || seen[p[1], d]++) continue
			     to[p[1], ++nn[p[1]]] = d
			     node[p[1]] = node[d] = 1
		     }
		     for (v in node)
			     if (!color[v] && visit(v, v)) { print cyc; exit }
	     }'
}
# it finds a circle of two
printf 'int b(void);\nint a(void) { return b(); }\n' > a.c
printf 'int a(void);\nint b(void) { return a() + 1; }\nint c(void) { return 2; }\n' > b.c
printf 'int c(void);\nint d(void) { return c(); }\n' > d.c
cc -c a.c b.c d.c || fail "cannot compile the self-check"
[ -n "$(cycles a.o b.o)" ] || fail "the check misses a.o -> b.o -> a.o"
[ -z "$(cycles b.o d.o)" ] || fail "the check sees a circle in d.o -> b.o: $(cycles b.o d.o)"
cd "$top" || fail "no source tree"
objs=$(make -s --no-print-directory --eval 'print-obj: ; @echo $(OBJ)' print-obj) || fail "cannot read OBJ from the Makefile"
[ -n "$objs" ] || fail "no OBJ in the Makefile"
for o in $objs; do
	[ -f "$o" ] || fail "$o is not built: make first"
done
# shellcheck disable=SC2086
c=$(cycles $objs)
[ -z "$c" ] || fail "a circle of imports: $c"
inc=$(grep -l '^#include "\.\./report\.h"' report/*.c report/*.h)
[ -z "$inc" ] || fail "report/ includes report.h: $inc"
