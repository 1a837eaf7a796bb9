// Runs DevTools' own trace engine (@paulirish/trace_engine, the Performance
// panel's models/trace packaged for node) on a trace and writes what the
// panel draws for each thread of the renderer processes: the entries of the
// thread's tree that the panel shows (JS calls and the event names of the
// engine's VISIBLE_TRACE_EVENT_TYPES) with DevTools' name, start, duration
// and row (the number of shown entries above it, as the panel's thread
// track lays out the tree), and the engine's category of the entry (JS calls
// are scripting).
//   node devtools-entries.mjs TRACE.json.gz > TRACE.devtools.json
// The output is committed beside the traces (tests/data/traces/) so that
// tests/cli/trace-tasks.sh compares without node_modules or the network.
import fs from 'node:fs';
import zlib from 'node:zlib';
import * as Trace from './node_modules/@paulirish/trace_engine/models/trace/trace.js';

// The engine wants a DOMRect in node.
globalThis.DOMRect ??= class {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    Object.assign(this, {x, y, width, height});
  }
};

const shown = (e) =>
  Trace.Types.Events.isProfileCall(e) || Trace.Helpers.Trace.VISIBLE_TRACE_EVENT_TYPES.has(e.name);

const category = (e) => Trace.Types.Events.isProfileCall(e) ?
    'scripting' :
    (Trace.Styles.getEventStyle(e.name)?.category.name ?? 'other');

// Names come as i18n records in node: {i18nId, values}.
const text = (name) => {
  if (typeof name === 'string') return name;
  let s = name.i18nId;
  for (const [k, v] of Object.entries(name.values ?? {})) s = s.replace(`{${k}}`, String(v));
  return s;
};

const file = process.argv[2];
let bytes = fs.readFileSync(file);
if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
const json = JSON.parse(bytes.toString('utf8'));
const model = Trace.TraceModel.Model.createWithAllHandlers();
await model.parse(json.traceEvents ?? json);
const parsed = model.parsedTrace();
const data = parsed.data ?? parsed;

const threads = [];
for (const [pid, proc] of data.Renderer.processes) {
  for (const [tid, thread] of proc.threads) {
    if (!thread.tree) continue;
    const entries = [];
    const walk = (node, row) => {
      const e = node.entry;
      if (shown(e)) {
        entries.push([text(Trace.Name.forEntry(e)), e.ts, e.dur ?? 0, row, category(e)]);
        row++;
      }
      for (const child of node.children) walk(child, row);
    };
    for (const root of thread.tree.roots) walk(root, 0);
    threads.push({pid, tid, name: thread.name ?? null, entries});
  }
}
// The Timings track: the UserTimings handler's measures, console timings,
// console.timeStamp events and marks, laid out as the panel's Timings track
// appender lays them out (panels/timeline, not in the npm package, so its
// two rules are restated here): all of them sorted by start alone (a stable
// sort, measures before console timings, time stamps and marks), each put
// on the first row whose last entry ended by its start.
const ut = data.UserTimings;
const all = [
  ...ut.performanceMeasures.map((e) => [e.name, e.ts, e.dur ?? 0, 'measure']),
  ...ut.consoleTimings.map((e) => [e.name, e.ts, e.dur ?? 0, 'console']),
  // drawn where the event is, as a point (the appender places it by ts and dur)
  ...ut.timestampEvents.map(
      (e) => [`TimeStamp: ${e.args?.data?.message ?? '(name unknown)'}`, e.ts, e.dur ?? 0, 'stamp']),
  ...ut.performanceMarks.map((e) => [`[mark]: ${e.name}`, e.ts, 0, 'mark']),
].sort((a, b) => a[1] - b[1]);
const lastEnd = [];
const timings = all.map(([name, ts, dur, kind]) => {
  let row = 0;
  while (row < lastEnd.length && ts < lastEnd[row]) row++;
  lastEnd[row] = ts + dur;
  return [name, ts, dur, row, kind];
});
process.stdout.write(JSON.stringify({source: file.replace(/.*\//, ''), threads, timings}) + '\n');
