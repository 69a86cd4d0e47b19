# The comparison engine against hand-worked values (tests/verdict-unit.c):
# Student's t quantiles from published tables; the change of A 100 102
# 104 to B 110 112 114 as a ratio of means: log(112/102) = 0.0935261,
# variance by the delta method 4/(3 x 112^2) + 4/(3 x 102^2) =
# 2.34448e-4, Welch-Satterthwaite df 3.9655, t = 6.1082, p = 0.00374,
# 95% interval exp(0.0935261 -+ 2.7802 x 0.0153117) - 1 = [+5.22%,
# +14.59%]; weighted Holm of p 0.01 0.04 0.03 0.5 with equal weights:
# adjusted 0.04 0.09 0.09 0.5; the smallest change seen with se 1%, df 8
# and the whole alpha: (2.306004 + 0.888890) x 1% = 3.1949% as a log,
# 3.2465%, and 12 runs a side to see 2%.
. "$(dirname "$0")/lib.sh"
"$top/tests/verdict-unit.bin" > out || fail "verdict-unit.bin failed"
near() {	# near NAME WANT TOLERANCE
	got=$(sed -n "s/^$1 //p" out)
	[ -n "$got" ] || fail "$1 not printed"
	fcmp "($got) - ($2)" "<=" "$3" && fcmp "($2) - ($got)" "<=" "$3" || fail "$1 is $got, not $2"
}
is() { got=$(sed -n "s/^$1 //p" out); [ "$got" = "$2" ] || fail "$1 is '$got', not '$2'"; }
near tq_0.025_1 12.7062 0.0001
near tq_0.025_2 4.3027 0.0001
near tq_0.025_4 2.7764 0.0001
near tq_0.025_10 2.2281 0.0001
near tq_0.025_30 2.0423 0.0001
near tq_0.005_5 4.0321 0.0001
near tq_0.2_8 0.8889 0.0001
near tq_0.025_1e+06 1.9600 0.0001
near tq_0.975_4 -2.7764 0.0001
near ab_est 0.0935261 0.0000005
near ab_var 0.000234448 0.0000000005
near ab_df 3.9655 0.0001
near ab_p 0.00374 0.00001
near ab_pct 9.8039 0.0001
near ab_lo 5.218 0.002
near ab_hi 14.589 0.002
is ab_mark 6			# VD_WORSE: Time up
is held_mark 3			# VD_HELD: the environment worse explains it
is small_mark 2			# VD_SMALL: +0.5%, p 4e-6, under Time's 1%
is same_tested 0		# nothing varies: no test, no share of alpha
is apart_p 0.1			# 0 0 0 against 1 1 1: 2 / C(6, 3)
is apart_mark 1			# cannot be told from noise with 3 runs
is within_mark 1
near holm0_padj 0.04 0.0000001
near holm1_padj 0.09 0.0000001
near holm2_padj 0.09 0.0000001
near holm3_padj 0.5 0.0000001
is holm0_mark 6
is holm1_mark 1
near tier0_w 0.666667 0.000001	# the summary's 0.4 of the 0.6 of the tiers present
near tier1_w 0.166667 0.000001
near tier0_padj 0.03 0.0000001
near tier1_padj 0.04 0.0000001
near tier2_padj 0.04 0.0000001
near mde 3.2465 0.0001
is mde_runs 12
