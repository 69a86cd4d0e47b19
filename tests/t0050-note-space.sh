# A load's note with a space (lslr_load's walk= of a directory named
# "w s") is encoded in the record, so the log still reads and the report
# renders the run (it used to say "'s' is not key=value").
. "$(dirname "$0")/lib.sh"
mkdir -p "w s/sub"
touch "w s/sub/f"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 --no-baseline -k sp --walk "$T/w s" lslr_load
grep -q " walk=$(printf '%s' "$T" | sed 's/ /%20/g')/w%20s " contest.log || fail "walk not encoded: $(cat contest.log)"
expect 0 "$CONTEST" -r
[ ! -s stderr ] || fail "the reader complained: $(cat stderr)"
grep -q "^sp  *1 " stdout || fail "run not in the report: $(cat stdout)"
