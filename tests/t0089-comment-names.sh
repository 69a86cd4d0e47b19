# The comments of the C files name only what exists: a file (foo.c,
# report/bar.h, doc/x.md, tests/x.sh), a test (t0017), a constant or
# macro (UPPER_CASE with an underscore), a function written as a call
# (name() or name(args)) and any other identifier with an underscore
# (load_sized, rec.num) must be found in the tree: the file in it, the
# name in the code (comments left out, strings kept: an environment
# variable, a log key) or in the system headers the code includes.  A
# recipe at the top of a header ("Adding a load, every place to touch")
# that names a file, table or function renamed since fails here.
. "$(dirname "$0")/lib.sh"

# split.awk FILE...: each line's comment text ("C FILE:LINE TEXT") and
# its code with the literals kept ("K TEXT")
cat > "$T/split.awk" <<'EOF'
function flush() {
	if (com != "") print "C " FILENAME ":" FNR " " com
	if (code != "") print "K " code
	com = ""; code = ""
}
FNR == 1 { state = 0 }
{
	s = $0
	while (s != "") {
		if (state == 1) {
			i = index(s, "*/")
			if (i == 0) { com = com " " s; s = ""; break }
			com = com " " substr(s, 1, i - 1); s = substr(s, i + 2); state = 0
			continue
		}
		if (!match(s, /\/\*|\/\/|"|'/)) { code = code " " s; break }
		code = code " " substr(s, 1, RSTART - 1)
		t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		if (t == "/*") { state = 1; continue }
		if (t == "//") { com = com " " s; s = ""; break }
		lit = ""
		while (s != "") {
			c = substr(s, 1, 1)
			if (c == "\\") { lit = lit substr(s, 1, 2); s = substr(s, 3); continue }
			s = substr(s, 2)
			if (c == t) break
			lit = lit c
		}
		code = code " " t lit t " "
	}
	flush()
}
EOF
# names.awk: the names each comment line uses, "KIND FILE:LINE NAME":
# F a file, T a test, U a constant or macro, P a function written as a
# call, L another identifier with an underscore
cat > "$T/names.awk" <<'EOF'
function each(re, kind,   s, m, pre, post) {
	s = text
	while (match(s, re)) {
		m = substr(s, RSTART, RLENGTH)
		pre = RSTART > 1 ? substr(s, RSTART - 1, 1) : " "
		post = substr(s, RSTART + RLENGTH, 1)
		s = substr(s, RSTART + RLENGTH)
		# part of a longer word, of an absolute path (/proc/self/io), of an option (--req-t1)
		if (kind == "F" && (pre ~ /[A-Za-z0-9_\/.$-]/ || post ~ /[A-Za-z0-9_]/)) continue
		if (kind == "T" && (pre ~ /[A-Za-z0-9_$]/ || post ~ /[A-Za-z0-9_]/)) continue
		if (kind == "U" && (pre ~ /[A-Za-z0-9_$-]/ || post ~ /[a-z0-9_]/ || length(m) < 3)) continue
		if (kind == "L" && (pre ~ /[A-Za-z0-9_$.\/-]/ || post ~ /[A-Za-z0-9_(\/]/ ||
		    (post == "." && substr(s, 2, 1) ~ /[a-z]/))) continue
		if (kind == "P") {
			if (pre ~ /[A-Za-z0-9_$.>-]/) continue
			sub(/\($/, "", m)
			if (s ~ /^[0-9][a-z]*\)/) continue	# write(2): a manual's section
			if (m !~ /_/ && substr(s, 1, 1) != ")") continue	# prose: "the process(es)"
		}
		print kind, where, m
	}
}
$1 == "C" {
	where = $2
	text = $0; sub(/^C [^ ]* /, "", text)
	each("[A-Za-z0-9_][A-Za-z0-9_./-]*\\.(c|h|md|sh|1)", "F")
	each("(tests/)?t[0-9][0-9][0-9][0-9]", "T")
	each("[A-Z][A-Z0-9]*_[A-Z0-9_]*", "U")
	each("[A-Za-z_][A-Za-z0-9_]*\\(", "P")
	each("[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]", "L")
}
EOF
# Names of other programs and placeholders, FILE NAME: what the kernel,
# dbench and the built-in tree (gen.c writes it) call their own, and the
# metasyntactic names of recipes.  A name here is skipped in that file only.
cat > "$T/others" <<'EOF'
gen.c asm-offsets.h
gen.c linux/spin_zone.h
gen.c spin_zone
gen.c STEM_F0
gen.c stem_fn0
gen.c stem_fnK
gen.c stem_kind
gen.c stem_ops
loads/dbench.c FIND_FIRST
loads/dbench.c QUERY_FILE_INFORMATION
loads/dbench.c QUERY_FS_INFORMATION
loads/dbench.c QUERY_PATH_INFORMATION
loads/dbench.c SET_FILE_INFORMATION
loads/dbench.c finish_op
loads/lslr.c binfmt_misc
log.h K_ID
profile.c choose_best_symbol
profile.c sample_id
tests/profile-unit.c sample_id
report/format.h REPORT_NAME
report/stats.c I_x
report/stats.h I_x
sys.c USER_HZ
sys.c guest_nice
sys.h USER_HZ
sys.h allocstall_normal
sys.h NAME_SUFFIX
tests/sys-unit.c USER_HZ
EOF

# stale DIR: every name a comment of DIR's C files uses that DIR lacks,
# "FILE:LINE: what"
stale() (
	cd "$1" || exit 1
	find . -name '*.[ch]' -not -path './tests/tmp/*' | sed 's|^\./||' | sort > "$T/files"
	find . -type f -not -path './.git/*' -not -path './tests/tmp/*' | sed 's|^\./||' > "$T/tree"
	awk -f "$T/split.awk" $(cat "$T/files") > "$T/split"
	awk -f "$T/names.awk" "$T/split" > "$T/names"
	grep -h '^#include <' $(cat "$T/files") | sort -u > "$T/sys.c"
	{
		sed -n 's/^K //p' "$T/split"
		${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 -D_GNU_SOURCE -E -dD "$T/sys.c" |
			sed 's/^#define/ /'
	} | tr -c 'A-Za-z0-9_\n' ' ' | tr ' ' '\n' | grep '^[A-Za-z_]' | sort -u > "$T/known"
	# file names the code spells (a system header, a file of the generated tree)
	sed -n 's/^K //p' "$T/split" | grep -o '[A-Za-z0-9_][A-Za-z0-9_./-]*\.[a-z0-9]*' | sort -u > "$T/knownf"
	awk -v T="$T" 'BEGIN {
			while ((getline l < (T "/known")) > 0) known[l] = 1
			while ((getline l < (T "/knownf")) > 0) knownf[l] = 1
			while ((getline l < (T "/others")) > 0) { split(l, o, " "); other[o[1], o[2]] = 1 }
			while ((getline l < (T "/tree")) > 0) {
				n = split(l, p, "/"); t = p[n]; tree[t] = 1
				for (i = n - 1; i >= 1; i--) { t = p[i] "/" t; tree[t] = 1 }
				if (l ~ /^tests\/t[0-9][0-9][0-9][0-9]-/) test[substr(l, 7, 5)] = 1
			}
		}
		{ f = $2; sub(/:.*/, "", f); if ((f, $3) in other) next }
		# NAME.c, POSIX.1: a placeholder, a standard, not a file
		$1 == "F" { b = $3; sub(/.*\//, "", b); sub(/\.[^.]*$/, "", b); if (b !~ /[a-z]/) next }
		$1 == "U" && $3 ~ /^CONFIG_/ { next }	# a kernel configuration option
		# a family by its prefix (SYS_BACK_ bits, ST_*): some name begins so
		$1 == "U" && $3 ~ /_$/ {
			for (k in known) if (index(k, $3) == 1) next
			print $2 ": no name begins " $3; next
		}
		$1 == "F" { n = $3; sub(/^\.\//, "", n); if (!(n in tree) && !(n in knownf)) print $2 ": no file " $3; next }
		$1 == "T" { n = $3; sub(/^tests\//, "", n); if (!(n in test)) print $2 ": no test " $3; next }
		!($3 in known) { print $2 ": no " ($1 == "U" ? "constant or macro " : $1 == "P" ? "function " : "name ") $3 }' "$T/names"
)

# it finds each kind of stale name in a tree made here, and nothing else
mkdir -p mini/tests mini/doc && : > mini/doc/here.md && : > mini/tests/t0001-here.sh
cat > mini/a.c <<'EOF'
/*
 * a.c: see doc/here.md and doc/gone.md, tests/t0001 and t0002; HERE_MAX
 * and GONE_MAX; here_fn() and gone_fn(x, y); here_var and gone_var;
 * write(2), the prefix HERE_ and GONE_; NAME.c is a placeholder.
 */
#define HERE_MAX 1
static int here_var;
int here_fn(void) { return here_var + HERE_MAX; }
EOF
stale mini > got
cat > want <<'EOF'
a.c:2: no file doc/gone.md
a.c:2: no test t0002
a.c:3: no constant or macro GONE_MAX
a.c:3: no function gone_fn
a.c:3: no name gone_var
a.c:4: no name begins GONE_
EOF
diff want got > /dev/null || fail "the check on a made-up tree: $(diff want got)"

stale "$top" > got || fail "cannot read the tree"
[ "$(wc -l < "$T/names")" -gt 1000 ] || fail "too few names read: $(wc -l < "$T/names")"
[ ! -s got ] || fail "comments name what does not exist:
$(cat got)"
