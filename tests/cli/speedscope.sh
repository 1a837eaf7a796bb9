#!/bin/sh
# speedscope's file format in (docs/inputs.md "speedscope"): evented and
# sampled profiles in every unit, several profiles as threads, the frame
# table's file/line/col, and the errors of events that do not nest. The
# expected stacks are worked out by hand in the comments.
. "$(dirname "$0")/lib.sh"
S=$DATA/inputs/speedscope

# frames: 0 main (app.js line 3 col 1), 1 work, 2 leaf (no file)
frames='"shared":{"frames":[{"name":"main","file":"/srv/app.js","line":3,"col":1},{"name":"work","file":"/srv/app.js","line":10,"col":5},{"name":"leaf"}]}'

# evented: main [0,10), work [2,7) inside it, leaf [3,4) inside work,
# then nothing open until endValue 12.
# main self = 2 + 3 = 5, work self = 1 + 3 = 4, leaf = 1; 2 units of nothing.
evented() { # UNIT [K: the values times K]
	k=${2:-1}
	cat <<JSON
{"\$schema":"https://www.speedscope.app/file-format-schema.json",$frames,
 "profiles":[{"type":"evented","name":"main thread","unit":"$1","startValue":0,"endValue":$((12 * k)),
  "events":[{"type":"O","frame":0,"at":0},{"type":"O","frame":1,"at":$((2 * k))},{"type":"O","frame":2,"at":$((3 * k))},
   {"type":"C","frame":2,"at":$((4 * k))},{"type":"C","frame":1,"at":$((7 * k))},{"type":"C","frame":0,"at":$((10 * k))}]}]}
JSON
}

# every time unit gives the same stacks, scaled to µs
for u in nanoseconds:1:1000 microseconds:1:1 milliseconds:1000:1 seconds:1000000:1; do
	unit=${u%%:*}
	k=${u##*:}
	scale=${u#*:}
	scale=${scale%:*}
	evented "$unit" "$k" >"$TMP/e.json"
	run 0 -f folded --weight time -o - "$TMP/e.json"
	awk -v s="$scale" '{ w = $NF; $NF = ""; printf "%s%.0f\n", $0, w / s }' "$TMP/out" >"$TMP/got"
	printf 'main /srv/app.js:3:1 5\nmain /srv/app.js:3:1;work /srv/app.js:10:5 4\nmain /srv/app.js:3:1;work /srv/app.js:10:5;leaf 1\n' >"$TMP/want"
	sort "$TMP/got" | cmp -s - "$TMP/want" || {
		fail "$unit: stacks differ"
		cat "$TMP/got"
	}
done

# a time unit gives a chart on a time axis: 12 ms long, main at 0..10 ms
evented milliseconds >"$TMP/e.json"
run 0 info --json "$TMP/e.json"
contains "$TMP/out" '"format": "speedscope"'
contains "$TMP/out" '"duration_ms": 12'
run 0 -m chart -f json -o "$TMP/e.layout.json" "$TMP/e.json"
contains "$TMP/e.layout.json" '"name":"main"'

# shorter than a µs: said so
evented nanoseconds >"$TMP/ns.json"
run 2 info "$TMP/ns.json"
contains "$TMP/err" "profiles[0] (line 2): the profile lasts less than 1 µs"

# bytes and none: weights, not time
evented bytes >"$TMP/b.json"
run 0 info "$TMP/b.json"
contains "$TMP/out" "format        speedscope"
lacks "$TMP/out" " ms"
run 0 info --json "$TMP/b.json"
contains "$TMP/out" '"unit": "bytes"'
evented none >"$TMP/n.json"
run 0 info "$TMP/n.json"
contains "$TMP/out" "total weight  12 samples"
run 2 -o "$TMP/n.svg" "$TMP/n.json"
contains "$TMP/err" "n.json: the profile weighs its stacks in counts, not time"
run 0 -f folded -o - "$TMP/n.json"
sort "$TMP/out" >"$TMP/got"
printf 'main /srv/app.js:3:1 5\nmain /srv/app.js:3:1;work /srv/app.js:10:5 4\nmain /srv/app.js:3:1;work /srv/app.js:10:5;leaf 1\n' | cmp -s - "$TMP/got" || fail "none: stacks differ"

# the frame table keeps file and 1-based line: app.js:3 and app.js:10
evented milliseconds >"$TMP/e.json"
run 0 info "$TMP/e.json"
contains "$TMP/out" "/srv/app.js:3"
contains "$TMP/out" "/srv/app.js:10"

# detected by content, whatever the name
cp "$TMP/e.json" "$TMP/profile.txt"
run 0 info --json "$TMP/profile.txt"
contains "$TMP/out" '"format": "speedscope"'

# sampled: stacks with weights, end to end (seconds -> µs):
# [main,work] 1 s, [main] 2 s, [main,work,leaf] 0.5 s, [] 0.25 s (nothing)
cat >"$TMP/s.json" <<JSON
{"\$schema":"https://www.speedscope.app/file-format-schema.json",$frames,
 "profiles":[
  {"type":"sampled","name":"one","unit":"seconds","startValue":0,"endValue":3.75,
   "samples":[[0,1],[0],[0,1,2],[]],"weights":[1,2,0.5,0.25]},
  {"type":"sampled","name":"two","unit":"seconds","startValue":0,"endValue":1,
   "samples":[[2]],"weights":[1]}]}
JSON
run 0 -f folded --weight time --thread one -o - "$TMP/s.json"
sort "$TMP/out" >"$TMP/got"
printf 'main /srv/app.js:3:1 2000000\nmain /srv/app.js:3:1;work /srv/app.js:10:5 1000000\nmain /srv/app.js:3:1;work /srv/app.js:10:5;leaf 500000\n' | cmp -s - "$TMP/got" ||
	{ fail "sampled: stacks differ"; cat "$TMP/got"; }
# two profiles: two threads with their names
run 0 info "$TMP/s.json"
contains "$TMP/out" "thread        one"
contains "$TMP/out" "thread        two"
run 0 -f folded --weight time --thread two -o - "$TMP/s.json"
printf 'leaf 1000000\n' | cmp -s - "$TMP/out" || fail "--thread two"

# speedscope's own sample files (tests/data/inputs/speedscope, MIT, LICENSE there)
run 0 -f folded -o - "$S/0.0.1_simple.speedscope.json"
sort "$TMP/out" >"$TMP/got"
# a [0,14): b [0,14), c [0,2) and [6,9), d [2,6): b self 14-2-4-3 = 5
printf 'a;b 5\na;b;c 5\na;b;d 4\n' | cmp -s - "$TMP/got" || fail "simple.speedscope.json"
run 0 info "$S/0.6.0_two-sampled.speedscope.json"
contains "$TMP/out" "thread        one"
contains "$TMP/out" "thread        two"

# errors name the file, the profile and the event
run 2 info "$S/invalid_incomplete-trace.json"
contains "$TMP/err" "invalid_incomplete-trace.json: profiles[0].events"
contains "$TMP/err" "never closed"
run 2 info "$S/invalid_out-of-order-events.json"
contains "$TMP/err" "profiles[0].events[6]"
contains "$TMP/err" "must nest"
bad() { # NAME PROFILE-JSON : a file with that profile
	printf '{"$schema":"https://www.speedscope.app/file-format-schema.json",%s,"profiles":[%s]}' \
		"$frames" "$2" >"$TMP/$1.json"
}
bad order '{"type":"evented","unit":"none","startValue":0,"endValue":5,"events":[{"type":"O","frame":0,"at":3},{"type":"C","frame":0,"at":2}]}'
run 2 info "$TMP/order.json"
contains "$TMP/err" "profiles[0].events[1].at"
contains "$TMP/err" "out of order"
bad range '{"type":"evented","unit":"none","startValue":0,"endValue":5,"events":[{"type":"O","frame":7,"at":0},{"type":"C","frame":7,"at":2}]}'
run 2 info "$TMP/range.json"
contains "$TMP/err" "frame 7 is not in shared.frames (there are 3)"
bad close '{"type":"evented","unit":"none","startValue":0,"endValue":5,"events":[{"type":"C","frame":0,"at":0}]}'
run 2 info "$TMP/close.json"
contains "$TMP/err" "frame 0 (main) is closed, but no frame is open"
bad count '{"type":"sampled","unit":"none","startValue":0,"endValue":5,"samples":[[0],[1]],"weights":[1]}'
run 2 info "$TMP/count.json"
contains "$TMP/err" "2 samples but 1 weights"
bad unit '{"type":"sampled","unit":"minutes","startValue":0,"endValue":5,"samples":[[0]],"weights":[1]}'
run 2 info "$TMP/unit.json"
contains "$TMP/err" 'unit "minutes" is none of'
bad neg '{"type":"sampled","unit":"none","startValue":0,"endValue":5,"samples":[[0]],"weights":[-1]}'
run 2 info "$TMP/neg.json"
contains "$TMP/err" "negative weight"
printf '{"$schema":"https://example.com/other.json","a":1}' >"$TMP/other.json"
run 2 info "$TMP/other.json"
contains "$TMP/err" "does not name speedscope"

# --- -f speedscope: out and back in ------------------------------------------------
# The graph is written as sampled profiles (one speedscope sample per
# sample, weighing its duration): the folded stacks come back identical,
# sample counts and times. The chart is written as evented profiles in µs:
# the time of every stack comes back identical (an evented file keeps no
# sample boundaries, so counts are not compared).
C=$DATA/corpus
# decimal counts (thousandths of a sample) come back as they were
printf 'a;b 1.5\na;c 2.25\na 1\n' >"$TMP/dec.folded"
for f in "$TMP/dec.folded" "$C/seed-examples/minimal-cpu-profile.cpuprofile" \
	"$C/chrome-versions/Chrome-66-worker.json" "$C/chrome-versions/Chrome-65-sucrase.cpuprofile" \
	"$DATA/heap/double.heapprofile" "$DATA/inputs/folded/basic.folded" \
	"$DATA/inputs/hermes/two-threads.json" "$S/0.6.0_two-sampled.speedscope.json"; do
	b=$(basename "$f")
	for m in graph chart; do
		run 0 -m "$m" -f speedscope -o "$TMP/rt.speedscope.json" "$f"
		for w in samples time; do
			[ "$m" = chart ] && [ "$w" = samples ] && continue
			if [ "$w" = time ]; then wt="--weight time"; else wt=; fi
			run 0 -f folded $wt -o "$TMP/before" "$f"
			run 0 -f folded $wt -o "$TMP/after" "$TMP/rt.speedscope.json"
			cmp -s "$TMP/before" "$TMP/after" ||
				{ fail "$b -m $m, folded $w: not the same after the round trip"; diff "$TMP/before" "$TMP/after" | head -4; }
		done
	done
done
# the chart is evented in µs, the graph sampled; the output's name says speedscope
P=$C/seed-examples/minimal-cpu-profile.cpuprofile
run 0 -f speedscope -o "$TMP/c.speedscope.json" "$P"
contains "$TMP/c.speedscope.json" '"$schema":"https://www.speedscope.app/file-format-schema.json"'
contains "$TMP/c.speedscope.json" '"type":"evented"'
contains "$TMP/c.speedscope.json" '"unit":"microseconds"'
run 0 -m graph -o "$TMP/g.speedscope.json" "$P"
contains "$TMP/g.speedscope.json" '"type":"sampled"'
run 1 -f svg -o "$TMP/x.speedscope.json" "$P"
contains "$TMP/err" "make them agree"
# heap profiles in bytes, counts as none
run 0 -f speedscope -o "$TMP/h.speedscope.json" "$DATA/heap/double.heapprofile"
contains "$TMP/h.speedscope.json" '"unit":"bytes"'
run 0 -f speedscope -o "$TMP/f.speedscope.json" "$DATA/inputs/folded/basic.folded"
contains "$TMP/f.speedscope.json" '"unit":"none"'
# after the transforms: --focus keeps the stacks through the function only
run 0 -m graph --focus '^child-work-1$' -f speedscope -o "$TMP/focus.speedscope.json" "$P"
run 0 -f folded -o - "$TMP/focus.speedscope.json"
lacks "$TMP/out" "child-work-2"
contains "$TMP/out" "child-work-1"

# --- against an independent reading and speedscope's own importer -------------------
# tests/oracle/speedscope-check.js reads each file itself (totals, top 10
# functions by self and by total weight) and compares info --json with it,
# and with what speedscope's importers computed for the same file
# (speedscope-totals.json, made by make.sh with speedscope's code):
# speedscope's sample files, files speedscope's exporter wrote from our
# .cpuprofiles, Hermes, and flamechart's own -f speedscope files, whose
# totals must also be the original profile's.
if command -v node >/dev/null 2>&1; then
	T=$S/speedscope-totals.json
	for f in "$S"/*.speedscope.json "$S"/exported/*.json "$S"/flamechart/*.json \
		"$DATA/inputs/hermes/two-threads.json"; do
		k=$(basename "$(dirname "$f")")/$(basename "$f")
		run 0 info -q --json --top 200 "$f"
		node "$ROOT/tests/oracle/speedscope-check.js" "$f" "$TMP/out" "$T" "$k" >"$TMP/check" ||
			{ fail "speedscope-check $k"; cat "$TMP/check"; }
	done
	for b in chrome-versions/Chrome-65-simple chrome-versions/node-10.11.0-example \
		real/ng-build/CPU.20250519.000218.90620.7.007; do
		n=$(basename "$b")
		run 0 info -q --json --top 200 "$C/$b.cpuprofile"
		for g in "" .graph; do
			node "$ROOT/tests/oracle/speedscope-check.js" "$S/flamechart/$n$g.speedscope.json" \
				"$TMP/out" "$T" "flamechart/$n$g.speedscope.json" >"$TMP/check" ||
				{ fail "$n$g.speedscope.json: not the .cpuprofile's totals"; cat "$TMP/check"; }
		done
	done
	# the committed -f speedscope files are what flamechart writes today
	for b in chrome-versions/Chrome-65-simple real/ng-build/CPU.20250519.000218.90620.7.007; do
		n=$(basename "$b")
		run 0 -f speedscope -o "$TMP/now.speedscope.json" "$C/$b.cpuprofile"
		cmp -s "$TMP/now.speedscope.json" "$S/flamechart/$n.speedscope.json" ||
			fail "$n: -f speedscope differs from tests/data/inputs/speedscope/flamechart (make.sh)"
	done
else
	missing_tool node "the speedscope files against tests/oracle/speedscope-check.js"
fi

# --- a non-JS profile: Python, in py-spy's shape (python/record.py) ------------------
Y=$S/python
run 0 info "$Y/python-wordcount.speedscope.json"
contains "$TMP/out" "thread        MainThread"
contains "$TMP/out" "record.py:29"
contains "$TMP/out" "/usr/lib/python3.11/re/__init__.py:216"
run 0 -m graph --preset github -o "$TMP/py.png" "$Y/python-wordcount.speedscope.json"
# two runs compared
run 0 diff "$Y/python-wordcount.speedscope.json" "$Y/python-wordcount-2.speedscope.json" -f md -o -
contains "$TMP/out" "python-wordcount-2.speedscope.json"
run 0 diff "$S/0.1.2_simple-sampled.speedscope.json" "$S/0.6.0_two-sampled.speedscope.json" -f json -o -
contains "$TMP/out" '"base"'

# the frame table's file, line and col are enough for source maps and
# packages: a bundle's profile through speedscope maps as the original does
SM=$DATA/sourcemaps
run 0 -m graph -f speedscope -o "$TMP/sm.speedscope.json" "$SM/esbuild/app.cpuprofile"
run 0 -m graph -f folded --sourcemap-root "file:///srv/shop/=$SM" -o "$TMP/sm1" "$SM/esbuild/app.cpuprofile"
run 0 -m graph -f folded --sourcemap-root "file:///srv/shop/=$SM" -o "$TMP/sm2" "$TMP/sm.speedscope.json"
cmp -s "$TMP/sm1" "$TMP/sm2" || fail "source maps through speedscope differ"
grep -q 'src/' "$TMP/sm2" || fail "source maps through speedscope: nothing mapped"
run 0 info --json "$DATA/inputs/hermes/two-threads.json"
contains "$TMP/out" '"react-native"'

finish
