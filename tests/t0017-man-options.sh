# The man page against --help, which contest makes from its option
# tables: every option --help names is documented in the man page, each
# form of the man page's SYNOPSIS has the same options (with the same
# argument names) as the same form of --help's, and every load in
# --list-loads has an entry under LOADS.
. "$(dirname "$0")/lib.sh"
man=$top/doc/contest.1
"$CONTEST" --help > help || fail "contest --help failed"
# --help's synopsis: one form a line ("contest ..."), continuations joined
awk '/^(usage: | +)contest( |$)/ { if (f) print f; sub(/^(usage:)? +/, ""); f = $0; next }
     /^ +\[/ && f { sub(/^ +/, ""); f = f " " $0; next }
     { if (f) print f; f = "" } END { if (f) print f }' help > help.forms
# the options: the synopsis's, and the flag column of each line of help
# (not the words of the help text)
{ cat help.forms; grep -E '^ +-' help | sed 's/^ *//; s/  .*//'; } |
	grep -o -- '--*[a-zA-Z][a-z-]*' | sort -u > opts
[ -s opts ] || fail "no options in --help"
while read -r o; do
	esc=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	grep -q -- "$esc" "$man" || fail "option $o not in the man page"
done < opts

# the man page's: its macros rendered as text (.RB [ \-n / .IR RUNS ]
# is "[-n RUNS]"), a form at each .br
awk '/^\.SH/ { on = ($2 == "SYNOPSIS"); next }
     !on { next }
     /^\.br/ { print f; f = ""; next }
     { m = $1; $1 = ""; line = $0; out = ""; q = 0; tok = ""
       sep = m == ".B" || m == ".I" ? " " : ""
       # split the arguments, quotes kept together; alternating macros join them
       for (i = 1; i <= length(line); i++) {
           c = substr(line, i, 1)
           if (c == "\"") { q = !q; continue }
           if (c == " " && !q) { if (tok != "") { out = out (out == "" ? "" : sep) tok; tok = "" }; continue }
           tok = tok c
       }
       if (tok != "") out = out (out == "" ? "" : sep) tok
       f = f (f == "" ? "" : " ") out }
     END { if (f) print f }' "$man" | sed 's/\\-/-/g; s/\\(em/--/g; s/  */ /g' > man.forms
# each form's items: the bracketed ones in any order, then the rest
items() {
	sed -n "${1}p" "$2" | grep -o '\[[^]]*\]' | sort
	sed -n "${1}p" "$2" | sed 's/\[[^]]*\]//g; s/  */ /g; s/ *$//'
}
n=$(wc -l < help.forms)
[ "$n" -ge 3 ] || fail "--help has $n synopsis forms, not 3: $(cat help)"
[ "$(wc -l < man.forms)" -eq "$n" ] || fail "the man page's SYNOPSIS has $(wc -l < man.forms) forms, --help $n"
for i in $(seq 1 "$n"); do
	items "$i" help.forms > h.items
	items "$i" man.forms > m.items
	cmp -s h.items m.items || fail "SYNOPSIS form $i differs from --help's (< --help, > man):
$(diff h.items m.items)"
done

"$CONTEST" --list-loads | awk '{ print $1 }' > loads
while read -r l; do
	grep -Eq "^\.BR? $l( |\$)" "$man" || fail "load $l has no entry in the man page"
done < loads
