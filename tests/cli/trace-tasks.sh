#!/bin/sh
# --tasks: a trace's threads drawn as DevTools' Performance panel draws them
# (devtools-rules §13). On the recorded traces of tests/data/traces/, every
# entry with a duration equals what DevTools' own trace engine draws, in
# name, start, duration and row (±1 µs; the engine's output is committed
# beside each trace, made by tests/tools/traces/devtools-entries.mjs).
. "$(dirname "$0")/lib.sh"

traces="$DATA/traces"

# the lanes drawn: the page's renderer only, its main thread and worker
run 0 info --tasks "$traces/worker.json.gz"
contains "$TMP/out" "Renderer / CrRendererMain"
contains "$TMP/out" "Renderer / DedicatedWorker thread"
if grep -q "WebUI" "$TMP/out"; then
	fail "worker.json.gz: a lane of another page's renderer"
fi
run 0 info --tasks "$traces/click-long-task.json.gz"
for name in "Event: click" "Function call" "Layout" "Recalculate style" "onClick"; do
	contains "$TMP/out" "$name"
done
# the time no entry runs is idle, not a function: not in the top functions
run 0 info --tasks "$traces/timers.json.gz"
lacks "$TMP/out" "(root)"
contains "$TMP/out" "idle  "
# user timings: a Timings lane above the threads, listed by info and -f md
run 0 info --tasks "$traces/timers.json.gz"
contains "$TMP/out" "Timings"
contains "$TMP/out" "user timings  1 measures, 0 console timings, 6 marks"
contains "$TMP/out" "long timer"
run 0 --tasks -f md "$traces/timers.json.gz" -o "$TMP/timers.md"
contains "$TMP/timers.md" "| long timer | measure |"
contains "$TMP/timers.md" "| \\[mark\\]\\: tick-0 | mark |"
# the Timings lane is no call tree: --hide, --focus and the like leave it
# as it is (they rebuilt it and read its entries' stale nodes), and two
# recordings shift it with their own clock
for opt in "--hide v8" "--focus spin" "--merge-by name" "--collapse-recursion"; do
	# shellcheck disable=SC2086 # opt is two words
	run 0 --tasks $opt "$traces/timers.json.gz" -f json --minwidth 0 -o "$TMP/opt.json"
	contains "$TMP/opt.json" '"name":"long timer"'
done
run 0 --tasks "$traces/timers.json.gz" "$traces/user-timings.json.gz" -o "$TMP/two.svg"
contains "$TMP/two.svg" "long timer"
contains "$TMP/two.svg" "waited"
# without --tasks the trace reads as before: the sampled threads' JS only
run 0 info "$traces/click-long-task.json.gz"
contains "$TMP/out" "onClick"
if grep -q "Recalculate style" "$TMP/out"; then
	fail "click-long-task.json.gz without --tasks: trace events drawn"
fi

# the click's long task: the part past 50 ms hatched, a red corner
run 0 --tasks "$traces/click-long-task.json.gz" -o "$TMP/click.svg"
contains "$TMP/click.svg" "#dc362e"
run 0 "$traces/click-long-task.json.gz" -o "$TMP/plain.svg"
if grep -q "#dc362e" "$TMP/plain.svg"; then
	fail "click-long-task.json.gz without --tasks: a long task marked"
fi

# node --trace-events: no samples (node's tracing never runs V8's sampler)
# and no event DevTools draws; the error says what to record instead
for opt in "" "--tasks"; do
	# shellcheck disable=SC2086 # opt is empty or one word
	run 2 info $opt "$traces/node-trace-events.json.gz"
	contains "$TMP/err" "node-trace-events.json.gz: trace from node --trace-events"
	contains "$TMP/err" "profile with node --cpu-prof"
done

if ! command -v node >/dev/null 2>&1; then
	missing_tool node "the comparison with DevTools' trace engine"
else
	# async events (devtools-rules §13.10): paired by category, id and name
	# as they stream, counted; the count re-derived here from the file
	"$FLAMECHART" info -q --tasks --json "$traces/click-long-task.json.gz" >"$TMP/async.json" ||
		fail "info --json click-long-task"
	node -e '
		const fs = require("fs"), zlib = require("zlib");
		const trace = JSON.parse(zlib.gunzipSync(fs.readFileSync(process.argv[1])));
		const info = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
		const open = new Map();
		let events = 0, pairs = 0, unpaired = 0;
		for (const e of trace.traceEvents ?? trace) {
			if (!"benSTpF".includes(e.ph) || e.ph.length !== 1 || e.ts === undefined) continue;
			if (e.cat === "blink.user_timing" || e.cat === "blink.console") continue;
			events++;
			const k = `${e.cat ?? ""}\0${e.id ?? e.id2?.global ?? e.id2?.local ?? ""}\0${e.name}`;
			if ("bS".includes(e.ph)) open.set(k, (open.get(k) ?? 0) + 1);
			else if ("eF".includes(e.ph)) {
				if (open.get(k)) { open.set(k, open.get(k) - 1); pairs++; } else unpaired++;
			}
		}
		for (const n of open.values()) unpaired += n;
		const got = info.profiles.find((p) => p.tasks?.async_events)?.tasks.async_events;
		const want = {events, pairs, unpaired};
		if (JSON.stringify(got) !== JSON.stringify(want)) {
			console.log(`async events ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
			process.exit(1);
		}
	' "$traces/click-long-task.json.gz" "$TMP/async.json" || fail "click-long-task: async events"
	# bounded: 2^16 open spans are kept; a begin past them is counted
	# unpaired, and so is its end. Spans that close free their place.
	node -e '
		const ev = [{ph: "X", name: "Layout", pid: 1, tid: 1, ts: 0, dur: 10}];
		const n = 100000;
		for (let i = 0; i < n; i++) ev.push({ph: "b", cat: "c", name: "open", id: i, pid: 1, tid: 1, ts: 1});
		for (let i = 0; i < n; i++) ev.push({ph: "e", cat: "c", name: "open", id: i, pid: 1, tid: 1, ts: 2});
		for (let i = 0; i < n; i++)
			ev.push({ph: "b", cat: "c", name: "seq", id2: {local: String(i)}, pid: 1, tid: 1, ts: 3},
				{ph: "e", cat: "c", name: "seq", id2: {local: String(i)}, pid: 1, tid: 1, ts: 4});
		process.stdout.write(JSON.stringify({traceEvents: ev}));
	' >"$TMP/many-async.json"
	run 0 info --tasks "$TMP/many-async.json"
	contains "$TMP/out" "async events  400000 in the trace: 165536 begin/end pairs, 68928 unpaired"
	# measures that each start inside all the earlier ones and end after
	# them: a row each up to 1024 rows looked at, then one overflow row
	node -e '
		const ev = [{ph: "X", name: "Layout", pid: 1, tid: 1, ts: 0, dur: 10}];
		const n = 3000;
		for (let i = 0; i < n; i++)
			ev.push({ph: "b", cat: "blink.user_timing", name: "m", id: i, pid: 1, tid: 1, ts: i});
		for (let i = 0; i < n; i++)
			ev.push({ph: "e", cat: "blink.user_timing", name: "m", id: i, pid: 1, tid: 1, ts: 10 * n + i});
		process.stdout.write(JSON.stringify({traceEvents: ev}));
	' >"$TMP/stairs.json"
	"$FLAMECHART" info -q --tasks --json "$TMP/stairs.json" >"$TMP/stairs.info.json" ||
		fail "info --json stairs"
	node -e '
		const info = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const rows = info.profiles.find((p) => p.user_timings).user_timings.map((t) => t.row);
		const want = rows.map((_, i) => Math.min(i, 1024));
		if (rows.length !== 3000 || rows.some((r, i) => r !== want[i])) {
			console.log(`rows ${rows.slice(1020, 1030)}, want ${want.slice(1020, 1030)}`);
			process.exit(1);
		}
	' "$TMP/stairs.info.json" || fail "stairs: the rows"

	for t in click-long-task timers worker user-timings react-table parse-heavy bundled \
		table-steps lighthouse-timers playwright-click minimal-tasks user-timings-min; do
		f="$traces/$t.json.gz"
		[ -f "$f" ] || f="$traces/$t.json"
		"$FLAMECHART" -q --tasks -f json --minwidth 0 "$f" \
			-o "$TMP/$t.json" || { fail "render $t"; continue; }
		"$FLAMECHART" info -q --tasks --json "$f" >"$TMP/$t.info.json" ||
			{ fail "info $t"; continue; }
		node "$ROOT/tests/oracle/trace-tasks-compare.js" "$traces/$t.devtools.json.gz" \
			"$TMP/$t.info.json" <"$TMP/$t.json" || fail "$t: differs from DevTools"
	done
	# events in DevTools' category colours, JS in its URL colours
	node -e '
		const l = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const want = {"Task": "#c7c7c7", "Event: click": "#facc15", "Function call": "#facc15",
			"Layout": "#c58af9", "Recalculate style": "#c58af9", "Paint": "#6dd58c"};
		let bad = 0;
		for (const f of l.profiles[0].frames)
			if (f.name in want && f.color.toLowerCase() !== want[f.name]) {
				console.log(`${f.name}: ${f.color}, want ${want[f.name]}`);
				bad++;
			} else if (f.name === "onClick" && f.color.toLowerCase() === "#facc15") {
				console.log("onClick in the scripting colour");
				bad++;
			}
		process.exit(bad ? 1 : 0);
	' "$TMP/click-long-task.json" || fail "click-long-task: colours"
	# -m graph merges entries by name: one Layout box under thrashLayout,
	# which is under onClick, Function call, Event: click and Task
	"$FLAMECHART" -q --tasks -m graph -f json --minwidth 0 --thread CrRendererMain \
		"$traces/click-long-task.json.gz" -o "$TMP/graph.json" || fail "graph"
	node -e '
		const l = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const f = l.profiles[0].frames;
		const layout = f.filter((b) => b.name === "Layout");
		const chain = ["Task", "Event: click", "Function call", "onClick", "thrashLayout"];
		const under = (b) => chain.every((name, d) => f.some((a) => a.name === name &&
			a.depth === d && a.x0 <= b.x0 && a.x1 >= b.x1));
		const hit = layout.filter((b) => b.depth === chain.length && under(b));
		if (hit.length !== 1) {
			console.log(`${hit.length} Layout boxes under ${chain.join(" > ")}`);
			process.exit(1);
		}
	' "$TMP/graph.json" || fail "click-long-task: the graph of entries"
fi
finish
