# contest --plan for other machines (--cpus 1 to 256, --mem 4G to 1T)
# stays within the sizing policy's bounds: a no_load estimate of 60 to
# 120 s, read_load's and dbench_load's setups under a third of it (dbench_load
# with 2 clients a CPU, at most 1024; the plan rounds seconds), the disk needed within the
# disk planned for (this box's free space, or --disk) and the memory
# needed within --mem; it starts nothing and writes nothing.  Bad values
# exit 2, and --cpus, --mem and --disk go with --plan only.
. "$(dirname "$0")/lib.sh"
holds() { awk "BEGIN { exit !($1) }" </dev/null; }
# contest runs in an empty directory: what it writes shows
mkdir w && cd w || exit 2
# num KEY: the number that starts KEY's value in the plan
num() { sed -n "s/^$1: \([0-9.]*\).*/\1/p" "$T/stdout"; }
for cm in "1 4G" "2 8G" "16 64G" "64 512G" "256 1T" "256 4G" "1 1T"; do
	set -- $cm
	expect 0 "$CONTEST" --plan --cpus "$1" --mem "$2"
	grep -q "^cpus: $1 usable of $1 online" "$T/stdout" || fail "--cpus $1: $(cat "$T/stdout")"
	mem=$(awk -v s="$2" 'BEGIN { n = s + 0; u = substr(s, length(s)); print n * (u == "T" ? 2^40 : 2^30) }')
	est=$(num 'no_load estimate') setup=$(num 'read_load setup') disk=$(num 'disk needed')
	free=$(sed -n 's/^disk: \([0-9.]*\) \([MGT]\)iB free.*/\1 \2/p' "$T/stdout" |
		awk '{ print $1 * ($2 == "T" ? 2^40 : $2 == "G" ? 2^30 : 2^20) }')
	need=$(num 'memory needed')
	holds "$est >= 60 && $est <= 120" || fail "--cpus $1 --mem $2: no_load estimate $est s"
	holds "$setup <= $est / 3" || fail "--cpus $1 --mem $2: read_load setup $setup s of a $est s run"
	dsetup=$(num 'dbench_load setup')
	holds "${dsetup:-0} <= $est / 3 + 0.5" || fail "--cpus $1 --mem $2: dbench_load setup $dsetup s of a $est s run"
	c=$(( 2 * $1 > 1024 ? 1024 : 2 * $1 ))
	grep -q "^dbench_load size: [0-9]* bytes for $c clients (" "$T/stdout" ||
		fail "--cpus $1 --mem $2: dbench_load not $c clients: $(grep dbench "$T/stdout")"
	holds "$disk <= $free * 1.001" || fail "--cpus $1 --mem $2: disk needed $disk, $free free"
	holds "$need <= $mem" || fail "--cpus $1 --mem $2: memory needed $need of $mem"
	grep -q "^suite estimate: [0-9]* s" "$T/stdout" || fail "no suite estimate: $(cat "$T/stdout")"
	for l in process_load io_load read_load mem_load tarc_load tarx_load dbench_load; do
		grep -q "^$l size: [0-9]" "$T/stdout" || fail "--cpus $1 --mem $2: $l: $(cat "$T/stdout")"
	done
done
expect 0 "$CONTEST" --plan --cpus 64 --mem 512G --disk 100G io_load
holds "$(num 'disk needed') <= 100 * 2^30" || fail "--disk 100G: $(cat "$T/stdout")"
grep -q "^io_load size: .*capped-disk" "$T/stdout" || fail "io_load not capped to half of 100G: $(cat "$T/stdout")"
# --until: from its -n rounds to --max-rounds (each round the same here), or --max-time
expect 0 "$CONTEST" --plan --cpus 16 --mem 64G -n 2 --until 5 --max-rounds 6 no_load process_load
set -- $(sed -n 's/^suite estimate: \([0-9]*\) to \([0-9]*\) s .*runs 2 to 6 rounds.*/\1 \2/p' "$T/stdout")
[ $# -eq 2 ] && holds "$2 >= 3 * $1 - 2 && $2 <= 3 * $1 + 2" || fail "--until: $(grep suite "$T/stdout")"
expect 0 "$CONTEST" --plan --cpus 16 --mem 64G -n 2 --until 5 --max-rounds 6 --max-time 5 no_load process_load
grep -q "^suite estimate: [0-9]* to 300 s .*--max-time" "$T/stdout" || fail "--max-time: $(grep suite "$T/stdout")"
[ -z "$(ls -A)" ] || fail "--plan wrote something: $(ls -A)"
expect 2 "$CONTEST" --plan --cpus 0
expect 2 "$CONTEST" --plan --mem 4X
expect 2 "$CONTEST" --plan --disk ""
expect 2 "$CONTEST" --cpus 4 no_load
grep -q "go with --plan" "$T/stderr" || fail "message: $(cat "$T/stderr")"
[ -z "$(ls -A)" ] || fail "a refused command wrote something: $(ls -A)"
