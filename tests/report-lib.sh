# Sourced by the report tests (t3xxx) after lib.sh: write hand-made log
# records.  rec LABEL LOAD ELAPSED USER SYS LCPU UNITS [KEY=VALUE...]
# prints one status=ok record; later KEY=VALUE pairs replace the defaults
# (date, host, jobs, workload, unit, status, ...).  Each record is a run
# of its own: run= counts up (a reader drops a second record of one run
# as a copy), in $T/.run so that records made in a subshell count on too.
next_run() {
	_run=0
	[ -f "$T/.run" ] && read -r _run < "$T/.run"
	_run=$((_run + 1))
	echo "$_run" > "$T/.run"
}
rec() {
	_l=$1 _ld=$2 _e=$3 _u=$4 _s=$5 _c=$6 _n=$7
	shift 7
	next_run
	_date=2026-12-01T10:00:00Z _host=box _jobs=8 _wl=builtin:4 _unit=MiB _st=ok _more=
	for kv in "$@"; do
		case $kv in
		date=*) _date=${kv#date=} ;;
		host=*) _host=${kv#host=} ;;
		jobs=*) _jobs=${kv#jobs=} ;;
		workload=*) _wl=${kv#workload=} ;;
		unit=*) _unit=${kv#unit=} ;;
		status=*) _st=${kv#status=} ;;
		*) _more="$_more $kv" ;;
		esac
	done
	[ "$_ld" = no_load ] && [ "$_unit" = MiB ] && _unit=none
	printf 'contest=1 date=%s host=%s label=%s kernel=6.1.0 load=%s run=%s status=%s elapsed=%s user=%s sys=%s lcpu=%s units=%s unit=%s jobs=%s workload=%s cache=dropped ncpu=2%s\n' \
	    "$_date" "$_host" "$_l" "$_ld" "$_run" "$_st" "$_e" "$_u" "$_s" "$_c" "$_n" "$_unit" "$_jobs" "$_wl" "$_more"
}
# prof LABEL LOAD ELAPSED KERNEL IDLE JOB LOAD REST KSYM [KEY=VALUE...]
# prints the profile record (prof=1) of a run, at prof_hz=1000 on 2 CPUs
# as rec's defaults have them; status=S replaces ok, other KEY=VALUE
# pairs are added before the list.
prof() {
	_st=ok _more=
	_l=$1 _ld=$2 _e=$3 _k=$4 _i=$5 _j=$6 _lo=$7 _r=$8 _sym=$9
	shift 9
	next_run
	for kv in "$@"; do
		case $kv in
		status=*) _st=${kv#status=} ;;
		*) _more="$_more $kv" ;;
		esac
	done
	printf 'contest=1 prof=1 date=2026-12-01T10:00:00Z host=box label=%s kernel=6.1.0 load=%s run=%s status=%s elapsed=%s jobs=8 workload=builtin:4 ncpu=2 profile=kernel prof_hz=1000 prof_kernel=%s prof_user=0 prof_idle=%s prof_lost=0 prof_job=%s prof_load=%s prof_rest=%s%s ksym=%s\n' \
	    "$_l" "$_ld" "$_run" "$_st" "$_e" "$_k" "$_i" "$_j" "$_lo" "$_r" "$_more" "$_sym"
}
