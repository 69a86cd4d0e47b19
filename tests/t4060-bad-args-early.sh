# Promise: every argument and path is checked before anything is made or
# compiled; bad input exits 2 and leaves no work directory.
. "$(dirname "$0")/lib.sh"
: > afile
for args in "-o afile io_other" "-o nowhere io_other" "io_other" "-s nowhere no_load" \
	"-s afile no_load" "-l nodir/log no_load" "-l . no_load" "-d afile/w no_load" \
	"--walk /proc lslr_load" "--walk afile lslr_load" "--timeout 0 no_load" \
	"--timeout x no_load" "--size 0 io_load" "--probe 0:0 no_load" "-T -x no_load"; do
	expect 2 "$CONTEST" -n 1 --units 1 --lead 0 $args
	[ -s stderr ] || fail "'$args': no message"
	[ ! -e contest-work ] || fail "'$args': the work directory was made"
	[ ! -e contest.log ] || fail "'$args': a log was written"
done
