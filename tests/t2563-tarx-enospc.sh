# The same as t2562 for tarx_load: a full disk ends the pass, the partial
# copy is removed, the load goes on.
ENOSPC_LOAD=tarx_load
. "$(dirname "$0")/t2562-tarc-enospc.sh"
