#!/bin/sh
# fuzz.sh DIR SECONDS TARGET...: run each fuzz target DIR/fuzz-TARGET for
# SECONDS, one after another, on its corpus DIR/corpus/TARGET (kept from
# run to run) seeded from DIR/seeds/TARGET.  Crashing inputs go to
# DIR/crashes/TARGET/ (emptied first), the log to DIR/TARGET.log.  Prints one line per
# target (with the time it ran: a crash ends it early); exits 1 if any
# target found a crash.
set -u
dir=$1 seconds=$2
shift 2
status=0
for t in "$@"; do
	corpus=$dir/corpus/$t crashes=$dir/crashes/$t log=$dir/$t.log
	rm -rf "$crashes"	# this run's findings only
	mkdir -p "$corpus" "$crashes"
	seeds=$dir/seeds/$t
	[ -d "$seeds" ] || seeds=
	start=$(date +%s)
	# shellcheck disable=SC2086
	"$dir/fuzz-$t" -max_total_time="$seconds" -print_final_stats=1 \
		-timeout=30 -rss_limit_mb=2048 -max_len=65536 \
		-artifact_prefix="$crashes/" "$corpus" $seeds >"$log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	found=$(ls "$crashes" | wc -l)
	echo "fuzz $t: ${execs:-?} executions (${rate:-?}/s) in ${took}s (of ${seconds}s), corpus $(ls "$corpus" | wc -l) inputs, $found crashing inputs in $crashes (exit $rc)"
	if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
		grep -m 3 -E '^(==[0-9]+==ERROR|fuzz: invariant|SUMMARY|.*runtime error)' "$log"
		status=1
	fi
done
exit $status
