# Promise: a build step that escapes the compile (setsid, background)
# does not outlive contest: after contest exits, /proc holds no process
# of it.
. "$(dirname "$0")/lib.sh"
cat > mk <<EOS
#!/bin/sh
case "\$*" in *clean*|*--version*) exec make "\$@" ;; esac
setsid sleep 171 < /dev/null > /dev/null 2>&1 &
( setsid sh -c 'sleep 172 &' < /dev/null > /dev/null 2>&1 ) &
exec make "\$@"
EOS
chmod +x mk
expect 0 env MAKE="$T/mk" "$CONTEST" -n 1 --units 1 --lead 0 -k esc no_load
sleep 0.3
for p in /proc/[0-9]*; do
	case "$(tr '\0' ' ' < "$p/cmdline" 2>/dev/null)" in
	"sleep 171 "|"sleep 172 ") fail "an escaped process survived: ${p#/proc/}" ;;
	esac
done
exit 0
