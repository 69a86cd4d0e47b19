# Every option in --help is documented in the man page, and every load in
# --list-loads has an entry under LOADS.
. "$(dirname "$0")/lib.sh"
man=$top/doc/contest.1
"$CONTEST" --help | grep -o -- '--*[a-zA-Z][a-z-]*' | sort -u > opts
[ -s opts ] || fail "no options in --help"
while read -r o; do
	esc=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	grep -q -- "$esc" "$man" || fail "option $o not in the man page"
done < opts
"$CONTEST" --list-loads | awk '{ print $1 }' > loads
while read -r l; do
	grep -Eq "^\.BR? $l( |\$)" "$man" || fail "load $l has no entry in the man page"
done < loads
