# SIGINT to contest while tarx_load runs beside the compile: the same as
# t2550 for tarx_load (its extracted copies must go too).
SIGINT_LOAD=tarx_load
. "$(dirname "$0")/t2550-tarc-sigint.sh"
