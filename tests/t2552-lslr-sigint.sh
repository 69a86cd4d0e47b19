# SIGINT to contest while lslr_load runs beside the compile: the same as
# t2550 for lslr_load.
SIGINT_LOAD=lslr_load
. "$(dirname "$0")/t2550-tarc-sigint.sh"
