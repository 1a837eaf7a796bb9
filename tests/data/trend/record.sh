#!/bin/sh
# Records the test series of `flamechart trend` with node --cpu-prof:
#   step/NN/  parseRows does 1.5x the work from run STEP_AT (8) on
#   noise/NN/ the same program at the same cost every run
# N (12) runs each, one profile per run (gzipped), and a manifest run.json
# per run with a made-up commit id and a date a day apart. Run from any
# directory; it rewrites the series beside this script.
#
# A profile's times are wall-clock time between samples: on a busy machine
# a run that waits for a core looks slower everywhere. So each run is
# started with real-time priority (chrt -f, where permitted), and the runs
# are recorded in a shuffled order, step and noise runs alternating, so
# that a drift of the machine's speed while recording (other work on the
# other core, a warmer CPU) spreads over the series as noise instead of
# looking like a step at the run it was recorded at.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
N=${N:-12}
STEP_AT=${STEP_AT:-8}
prio=""
if chrt -f 50 true 2>/dev/null; then
	prio="chrt -f 50"
fi
rm -rf "$here/step" "$here/noise"
for i in $(seq 1 "$N" | awk 'BEGIN { srand(36) } { print rand(), $1 }' | sort -n | cut -d' ' -f2); do
	for series in step noise; do
		run=$(printf '%02d' "$i")
		dir="$here/$series/$run"
		mkdir -p "$dir"
		slowdown=1
		if [ "$series" = step ] && [ "$i" -ge "$STEP_AT" ]; then
			slowdown=1.5
		fi
		$prio node --cpu-prof --cpu-prof-dir "$dir" --cpu-prof-name run.cpuprofile \
			"$here/work.js" "$slowdown"
		gzip -9n "$dir/run.cpuprofile"
		commit=$(printf '%s-%s' "$series" "$run" | sha1sum | cut -c1-40)
		printf '{"commit": "%s", "date": "2026-11-%02d", "slowdown": %s}\n' \
			"$commit" "$i" "$slowdown" >"$dir/run.json"
	done
done
