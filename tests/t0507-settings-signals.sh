# SIGINT, SIGTERM, SIGHUP and SIGQUIT in the middle of a label's runs:
# every file given its value back, the journal removed, the watchdog
# gone, and the driver dies by the signal, as contest does.  While held,
# the label's values are in place; after a second label, a file only the
# first names holds its value found again.
. "$(dirname "$0")/lib.sh"
. "$top/tests/settings-lib.sh"
ulimit -c 0
fake_tree
gov=/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor
dl="dl:/sys/block/vda/queue/scheduler=mq-deadline,vm.dirty_ratio=30,/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor=performance"
ky='ky:/sys/block/vda/queue/scheduler=kyber,/sys/kernel/mm/transparent_hugepage/enabled=never'
for case in INT:2:dl TERM:15:dl,ky HUP:1:dl QUIT:3:dl,ky; do
	sig=${case%%:*} n=${case#*:} labels=${n#*:} n=${n%%:*}
	held "$labels" "$dl" "$ky"
	if [ "$labels" = dl ]; then
		want="mq-deadline 30 performance madvise"
	else
		want="kyber 20 schedutil never"
	fi
	got="$(value "$K/sys/block/vda/queue/scheduler") $(value "$K/proc/sys/vm/dirty_ratio") $(value "$K$gov")"
	got="$got $(value "$K/sys/kernel/mm/transparent_hugepage/enabled")"
	[ "$got" = "$want" ] || fail "$sig: held $labels: '$got', not '$want'"
	[ -s "$J" ] || fail "$sig: no journal while held"
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	[ $rc -eq $((128 + n)) ] || fail "SIG$sig: exit $rc, not $((128 + n)): $(cat "$T/held.err")"
	unchanged
	[ ! -e "$J" ] || fail "SIG$sig: the journal is left"
	gone_within "$wd" 50 || fail "SIG$sig: the watchdog $wd is left"
	[ ! -s "$T/held.err" ] || fail "SIG$sig: said $(cat "$T/held.err")"
done
