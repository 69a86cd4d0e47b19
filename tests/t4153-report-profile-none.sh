# Issue 29, item 14: -p names the rows it leaves out for want of a kernel
# profile, and why: B's runs were logged with profile=off (their
# profile_why quoted), C's with profile=kernel but no profile record
# follows them, D has profile=off in one of its two runs; a load no row
# of which has a profile still gets its heading and the note.  -c -p
# says the same where a diffprofile cannot be made.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
{
	for i in 1 2; do
		rec A no_load 10 8 2 0 0 profile=kernel
		prof A no_load 10 4000 2000 3000 0 1000 2000:do_syscall_64,1000:schedule
		rec B no_load 10 8 2 0 0 profile=off profile_why=perf_event_paranoid%20is%203
		rec C no_load 10 8 2 0 0 profile=kernel
		rec A io_load 20 8 2 1 50 profile=off profile_why=--profile%20off
	done
	rec D no_load 10 8 2 0 0 profile=off profile_why=--profile%20off
	rec D no_load 10 8 2 0 0 profile=kernel
} > log
flat() { awk '/^  / { sub(/^  /, " "); printf "%s", $0; next } NR > 1 { print "" } { printf "%s", $0 } END { print "" }' stdout; }
expect 0 "$CONTEST" -r -p log
flat | grep -q "^no profile of 3 rows, left out: B: profile=off in the records of its 2 ok runs (perf_event_paranoid is 3); C: no profile record of its 2 ok runs; D: profile=off in 1 of the records of its 2 ok runs (--profile off), and no profile record of the others$" ||
    fail "no note for B, C, D: $(cat stdout)"
flat | grep -A1 '^Kernel profile, io_load:$' | grep -q "^no profile of 1 row, left out: A: profile=off in the records of its 2 ok runs (--profile off)$" ||
    fail "io_load: $(cat stdout)"
expect 0 "$CONTEST" -r -c A -p log
flat | grep -q "^no_load: no diffprofile: B: profile=off in the records of its 2 ok runs (perf_event_paranoid is 3)$" ||
    fail "-c -p, B: $(cat stdout)"
flat | grep -q "^no_load: no diffprofile: C: no profile record of its 2 ok runs$" || fail "-c -p, C: $(cat stdout)"
awk 'length > 80 { exit 1 }' stdout || fail "a line over 80 columns"
