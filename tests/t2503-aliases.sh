# The original contest's names are accepted: ctar_load, xtar_load and
# list_load run tarc_load, tarx_load and lslr_load and are logged so.
. "$(dirname "$0")/lib.sh"
# the compile is beside the point here: a make whose timed compile is a
# second's sleep (make clean and --version pass through)
cat > mk <<'EOS'
#!/bin/sh
case "$*" in *clean*|*--version*) exec make "$@" ;; esac
sleep 1
EOS
chmod +x mk
expect 0 env MAKE="$T/mk" "$CONTEST" -n 1 --units 2 --lead 0 --size 4M --no-baseline -d w -k test ctar_load xtar_load list_load
got=$(grep -v ' snapshot=1 ' contest.log | while read -r line; do printf '%s ' "$(val "$line" load)"; done)
[ "$got" = "tarc_load tarx_load lslr_load " ] || fail "logged as: $got"
