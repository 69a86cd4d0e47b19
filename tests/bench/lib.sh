# tests/bench/lib.sh: what the bench scripts share; sourced, not run
# (bench/run.sh skips it).

# The run records of contest log $1, one a line: not its snapshot
# (snapshot=1) or profile (prof=1) records, which carry load=, status=
# and elapsed= too.
runrecs() { grep -v ' prof=1 \| snapshot=1 ' "$1"; }
