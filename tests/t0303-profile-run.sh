# As root, every run of contest no_load process_load logs a profile
# record: its kernel functions are text symbols of
# /proc/kallsyms, its parts add up to its kernel samples, process_load's
# processes have kernel samples and no_load has no load, nothing is
# lost, and its kernel samples agree with 997 x ncpu_online x elapsed x
# (sys_system + sys_irq) / 100 of the run's record within 10%, or within
# three standard deviations of the two samplings where that is wider.
# ncpu_online, not ncpu: the profile samples every online CPU, and the
# machine's split is of all of them, whatever CPUs contest may use (under
# taskset -c 0 on 2 CPUs, ncpu is 1 and ncpu_online 2).
# One run of each at 1 unit, for make check's time: doc/profile.md has
# the same checks on -n 2 --units 16 (issue 17's "done when").
. "$(dirname "$0")/lib.sh"
unset CONTEST_PROFILE	# the default, as a user has it
[ "$(id -u)" -eq 0 ] || skip "not root: no CPU-wide profile"
expect 0 "$CONTEST" -n 1 --units 1 --lead 0 no_load process_load
# root, but a box that forbids perf_event_open (a container's seccomp,
# kptr_restrict 2): contest logs profile=off with why; nothing to check here
why=$(sed -n 's/.* profile=off profile_why=\([^ ]*\).*/\1/p' contest.log | head -1)
[ -z "$why" ] || skip "the profile is off on this box: $why"
[ "$(grep -c ' status=ok ' contest.log)" -eq 4 ] || fail "2 ok runs and their profiles expected: $(cat contest.log)"
[ "$(grep -c ' prof=1 ' contest.log)" -eq 2 ] || fail "not one profile record a run"
grep ' prof=1 ' contest.log | grep -q ' profile=kernel ' || fail "mode not logged"
awk '$2 ~ /^[tTwW]$/ { print $3 ($4 != "" ? " " $4 : "") }' /proc/kallsyms | sort -u > names
grep ' prof=1 ' contest.log | tr ' ' '\n' | sed -n 's/^ksym=//p' | tr ',' '\n' | sed 's/^[0-9]*://' |
	sed 's/%20/ /g; s/%5B/[/g; s/%5D/]/g; s/%2C/,/g' | sort -u > seen
[ -s seen ] || fail "no symbol listed"
[ -z "$(comm -13 names seen)" ] || fail "names not in /proc/kallsyms: $(comm -13 names seen | head -5)"
awk '
	{ delete v; for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); x = $i; sub(/^[^=]*=/, "", x); v[k] = x } }
	!/ prof=1 / && !/ snapshot=1 / { id = v["load"] " " v["run"]; s[id] = v["sys_system"] + v["sys_irq"]
		n[id] = v["ncpu_online"] != "" ? v["ncpu_online"] : v["ncpu"] }
	/ prof=1 / {
		id = v["load"] " " v["run"]; k = v["prof_kernel"]; el = v["elapsed"]
		if (v["prof_job"] + v["prof_load"] + v["prof_probe"] + v["prof_rest"] != k) { print "parts do not add up: " id; bad = 1 }
		if (v["prof_lost"] != 0) { print "lost samples: " id; bad = 1 }
		if (v["prof_job"] <= 0) { print "no sample of the compile: " id; bad = 1 }
		if (v["load"] == "process_load" && v["prof_load"] <= 0) { print "no sample of the load: " id; bad = 1 }
		if (v["load"] == "no_load" && v["prof_load"] != 0) { print "load samples under no_load: " id; bad = 1 }
		p = s[id] / 100; ns = 100 * el * n[id]; np = 997 * el * n[id]; want = np * p
		sd = (p > 0 && p < 1) ? sqrt(p * (1 - p) * (1 / ns + 1 / np)) / p : 0
		tol = 3 * sd > 0.10 ? 3 * sd : 0.10
		printf "%s: kernel %d, predicted %.0f (%.2f%% of %d CPUs x %.2f s), ratio %.3f, bound %.3f\n", id, k, want, 100 * p, n[id], el, k / want, tol
		if (!(want > 0) || k / want - 1 > tol || 1 - k / want > tol) bad = 1
	}
	END { exit bad }' contest.log || fail "a profile record does not hold"
