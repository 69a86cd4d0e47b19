# The load's request metrics and fairness through -c's verdict engine,
# each with the floor of its kind (doc/report.md, Verdicts): request max
# 4x (over latency max's 100% and 100 us) is worse; request p99 +20%,
# beyond the noise but under latency tail's 25%, is "small" (-v), never
# marked; the share over t1 x2.5 but by 0.004 points (under the share
# kind's 0.01 point) likewise; over t2 x4 by 0.4 points is worse;
# slowest/fastest 93 -> 63% is worse (fairness: 2% and 1 point).  The
# thresholds are settings, never tested nor shown; against a label that
# timed its requests against other thresholds the shares are not
# compared, and a note says so.  CSV and JSON carry the same marks.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
r="req_t1=100 req_t2=1000"
{
	for i in 1 2 3 4 5; do
		rec A no_load 100.$i 90 0 0 0
		rec B no_load 100.$i 90 0 0 0
		rec C no_load 100.$i 90 0 0 0
		rec A read_load 15$i 90 0 10 50$i req_n=60$i req_mean=120$i req_p50=6$i req_p99=2000$i \
		    req_max=15000$i req_over1=0.002$i req_over2=0.1$i $r fairness=9$i
		rec B read_load 15$i 90 0 10 50$i req_n=60$i req_mean=120$i req_p50=6$i req_p99=2400$i \
		    req_max=60000$i req_over1=0.006$i req_over2=0.5$i $r fairness=6$i
		rec C read_load 15$i 90 0 10 50$i req_n=60$i req_mean=120$i req_p50=6$i req_p99=2000$i \
		    req_max=15000$i req_over1=5.$i req_over2=1.$i req_t1=10 req_t2=100 fairness=9$i
	done
} > log
expect 0 "$CONTEST" -r -c A -v log
sed -n '/^read_load: A -> B/,/^Time:/p' stdout > ab
sed -n '/^read_load: A -> C/,/^Time:/p' stdout > ac
mark() { grep " $2\$" "$1" | awk '{ print $(NF - 1 - n) }' n="$3"; }
grep -q '  *150003  *600003  *+300% .* worse  *request max us$' ab || fail "request max not worse: $(cat ab)"
grep -q '  *0.130  *0.530 .* worse  *requests > t2 %$' ab || fail "over t2 not worse: $(cat ab)"
grep -q '  *93.0  *63.0 .* worse  *slowest/fastest %$' ab || fail "fairness not worse: $(cat ab)"
grep -q ' +20.0% .* small  *request p99 us$' ab || fail "p99 +20% not under the floor: $(cat ab)"
line=$(grep ' requests > t1 %$' ab) || fail "no over t1 line: $(cat ab)"
case $line in *worse*|*better*|*changed*) fail "over t1 by 0.004 points marked: $line" ;; esac
grep -q ' small  *requests > t1 %$' ab || fail "over t1 not beyond the noise, under the floor: $line"
! grep -q 'threshold' stdout || fail "a threshold tested: $(grep threshold stdout)"
! grep -q ' requests > t[12] %$' ac || fail "shares compared across thresholds: $(cat ac)"
grep -q '^requests > t1, > t2: not compared: C timed its requests against 10 and 100 ms,$' ac &&
	grep -q '^  A against 100 and 1000 ms$' ac || fail "no note of the thresholds: $(cat ac)"
grep -q 'slowest/fastest %$' ac || fail "fairness not compared against C"
expect 0 "$CONTEST" -r -c A log
! grep -q ' small ' stdout || fail "small shown without -v"
expect 0 "$CONTEST" -r -c A --format csv log
head -1 stdout | tr ',' '\n' > cols
col() { awk -F, -v c="$(grep -nx "$1" cols | cut -d: -f1)" -v l="$2" '$1 == "read_load" && $2 == l { print $c }' stdout; }
[ "$(col req_max_mark B)" = worse ] || fail "CSV req_max_mark of B: $(col req_max_mark B)"
[ "$(col fairness_mark B)" = worse ] || fail "CSV fairness_mark of B: $(col fairness_mark B)"
[ -z "$(col req_over1_mark C)" ] || fail "CSV req_over1_mark of C: $(col req_over1_mark C)"
[ -z "$(col req_t1_mark B)" ] || fail "CSV req_t1_mark of B: $(col req_t1_mark B)"
