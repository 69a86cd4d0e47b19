# The machine's CPU shares over a no_load window agree with /proc/stat
# read by another process around the same compile (a make wrapper reads
# it just before and just after make), within 2 points; and over a
# process_load window the compile's, the load's and the rest's shares add
# up to the busy share (sys_adds=1).
. "$(dirname "$0")/lib.sh"
cat > mk <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
head -1 /proc/stat > "$T/stat0"
make "\$@"; rc=\$?
head -1 /proc/stat > "$T/stat1"
exit \$rc
EOS
chmod +x mk
expect 0 env MAKE="$T/mk" "$CONTEST" -n 1 --units 8 --lead 0 -k ag no_load
line=$(grep 'load=no_load' contest.log)
paste -d' ' stat0 stat1 | awk '{ for (i = 2; i <= 11; i++) { d[i] = $(i + 11) - $i; if (i <= 9) t += d[i] } 
	printf "%.2f %.2f %.2f %.2f\n", d[2] / t * 100, d[4] / t * 100, d[5] / t * 100, (d[7] + d[8]) / t * 100 }' > want
read -r u s i q < want
for pair in "sys_user $u" "sys_system $s" "sys_idle $i" "sys_irq $q"; do
	set -- $pair
	got=$(val "$line" "$1")
	fcmp "$got - $2" '<=' 2 && fcmp "$2 - $got" '<=' 2 || fail "$1 $got, /proc/stat read around make says $2"
done
expect 0 "$CONTEST" -n 1 --units 8 --lead 0 -k ag process_load
line=$(grep 'load=process_load' contest.log)
[ "$(val "$line" sys_adds)" = 1 ] || fail "the split does not add up: $line"
