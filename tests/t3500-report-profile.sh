# contest -r -p from a hand-made log, numbers worked out by hand.  A's two
# no_load runs at 1000 Hz on 2 CPUs for 10 s: kernel samples 4000 and 6000
# -> 400 and 600 a second, mean 500.0; of the CPUs' time 4000 / 20000 =
# 20% and 30%, mean 25.0; idle 10% and 5%, 7.5; compile 3000 / 4000 = 75%
# and 4000 / 6000 = 66.67%, 70.8.  do_syscall_64 2000 of 4000 and 3000 of
# 6000: share 50% twice (sd 0), 200 and 300 a second (250.0);
# clear_page_erms 25% and 20%: 22.50, sd 3.54, (100 + 120) / 2 = 110.0;
# schedule 15% and 20%: 17.50, 3.54, 90.0; pipe_read, listed by run 2 only,
# counts 0 in run 1: (0 + 10) / 2 = 5.00, sd 7.07, 30.0; ext4_mount, a
# module's (%20%5Bext4%5D), 5% in run 1 only: 2.50, 10.0; a name too long
# for its column is cut to 49 columns, ending with "...".  B's failed
# run and its disturbed run are left out, as their records are; its
# function x,y (%2C in the log) is read whole.  C lists 25 functions: 20
# shown, then a line that says so; -v shows all 25.  Every line fits 80
# columns.
. "$(dirname "$0")/lib.sh"
. "$top/tests/report-lib.sh"
L=a_function_with_a_name_far_too_long_for_the_column_of_its_table_x
{
	rec A no_load 10 8 2 0 0
	prof A no_load 10 4000 2000 3000 0 1000 "2000:do_syscall_64,1000:clear_page_erms,600:schedule,200:ext4_mount%20%5Bext4%5D,100:$L"
	rec A no_load 10 8 2 0 0
	prof A no_load 10 6000 1000 4000 0 2000 3000:do_syscall_64,1200:clear_page_erms,1200:schedule,600:pipe_read
	rec B no_load 20 8 2 0 0 status=failed
	prof B no_load 20 4000 2000 3000 0 1000 4000:schedule status=failed
	rec B no_load 20 8 2 0 0 disturbed=50
	prof B no_load 20 4000 2000 3000 0 1000 4000:schedule disturbed=50
	rec B no_load 20 8 2 0 0
	prof B no_load 20 8000 0 0 0 8000 4000:schedule,4000:x%2Cy
} > log
cat > want <<'TABLE'
no_load:
Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio
A                    2  10.0    100.0   0.0     0.0     1.00
B                    1  20.0    50.0    0.0     0.0     1.00
B: 1 failed run; not counted
B: 1 run disturbed (others used 50% of the CPUs); not counted; --disturbed
  counts them

Kernel profile, no_load:
A: 2 runs, --profile kernel
  kernel 500.0 samples/s, 25.0% of the CPUs' time; idle 7.5%; 0 lost
  of the kernel samples: compile 70.8%, load 0.0%, rest 29.2%
    share     sd  samples/s  function
   50.00%   0.00      250.0  do_syscall_64
   22.50%   3.54      110.0  clear_page_erms
   17.50%   3.54       90.0  schedule
    5.00%   7.07       30.0  pipe_read
    2.50%   3.54       10.0  ext4_mount [ext4]
    1.25%   1.77        5.0  a_function_with_a_name_far_too_long_for_the_co...
B: 1 run, --profile kernel
  kernel 400.0 samples/s, 20.0% of the CPUs' time; idle 0.0%; 0 lost
  of the kernel samples: compile 0.0%, load 0.0%, rest 100.0%
    share     sd  samples/s  function
   50.00%      -      200.0  schedule
   50.00%      -      200.0  x,y

share: of the run's kernel samples, %, mean over the runs (a function a run
did not list counts 0 there); sd: of the share; samples/s: of the window

TABLE
expect 0 "$CONTEST" -r -p log
diff -u want stdout || fail "profile differs"
awk 'length($0) > 79 { print; bad = 1 } END { exit bad }' stdout || fail "a line over 79 columns"
# 25 functions: 20 shown without -v
list=$(i=1; while [ $i -le 25 ]; do printf '%s%d:f%02d' "${sep-}" $((100 - i)) $i; sep=,; i=$((i + 1)); done)
{ rec C no_load 10 8 2 0 0; prof C no_load 10 2500 0 2500 0 0 "$list"; } > many
expect 0 "$CONTEST" -r -p many
[ "$(grep -c '  f[0-9][0-9]$' stdout)" -eq 20 ] || fail "not 20 functions shown: $(cat stdout)"
grep -q '^  (20 of 25 functions shown: .* of the kernel samples; -v shows all)$' stdout || fail "no note of those left out"
expect 0 "$CONTEST" -r -v -p many
[ "$(grep -c '  f[0-9][0-9]$' stdout)" -eq 25 ] || fail "-v does not show all 25"
# a log without profile records says so
{ rec A no_load 10 8 2 0 0; } > none
expect 0 "$CONTEST" -r -p none
grep -q '^Kernel profile: no profile record of an ok run' stdout || fail "no word of the missing profile"
