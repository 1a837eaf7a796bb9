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
process.stdout.write(JSON.stringify({source: file.replace(/.*\//, ''), threads}) + '\n');
