// Adds to a recorded trace the `metadata` block the Performance panel saves
// with "Include script content and source maps" and the author's
// annotations, in the shape DevTools writes it (models/trace/types/File.ts):
//   metadata.sourceMaps: [{url, sourceMapUrl, sourceMap}]
//   metadata.modifications.annotations: {entryLabels, labelledTimeRanges,
//     linksBetweenEntries}, entries named by DevTools' serialized keys
//     (EventsSerializer.ts): "r-INDEX" (the event's index in traceEvents)
//     and "p-PID-TID-SAMPLEINDEX-NODEID" (a JS call, found with DevTools'
//     own trace engine).
// The metadata comes before traceEvents, as DevTools writes it.
//   node embed-metadata.mjs ../../data/traces/bundled.json.gz \
//     pages/bundled.js.map ../../data/traces/bundled-annotated.json.gz
// Annotated: the click's EventDispatch (label "checkout click"), the longest
// call of the bundle, its click handler (label "checkout handler"), the
// click's time as a labelled range ("checkout"), and a link from the click
// to the handler.
import fs from 'node:fs';
import zlib from 'node:zlib';
import * as Trace from './node_modules/@paulirish/trace_engine/models/trace/trace.js';

globalThis.DOMRect ??= class {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    Object.assign(this, {x, y, width, height});
  }
};

const [input, mapFile, output] = process.argv.slice(2);
let bytes = fs.readFileSync(input);
if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
const json = JSON.parse(bytes.toString('utf8'));
const events = json.traceEvents ?? json;

// the script of the bundle, as the trace names it
let scriptUrl = null;
for (const e of events)
  for (const n of e.args?.data?.cpuProfile?.nodes ?? [])
    if (n.callFrame?.url?.endsWith('/bundled.js')) scriptUrl = n.callFrame.url;
if (!scriptUrl) throw new Error('no frame of bundled.js in the trace');

const click = events.findIndex((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
if (click < 0) throw new Error('no click in the trace');

const model = Trace.TraceModel.Model.createWithAllHandlers();
await model.parse(events);
const parsed = model.parsedTrace();
const data = parsed.data ?? parsed;
let handler = null;
for (const [, proc] of data.Renderer.processes)
  for (const [, thread] of proc.threads)
    for (const c of thread.profileCalls ?? [])
      if (c.callFrame.url === scriptUrl && c.callFrame.functionName !== '' &&
          (!handler || c.dur > handler.dur))
        handler = c;
if (!handler) throw new Error('no call of the bundle');
const handlerKey = `p-${handler.pid}-${handler.tid}-${handler.sampleIndex}-${handler.nodeId}`;
const clickKey = `r-${click}`;
const c = events[click];

const metadata = {
  source: 'DevTools',
  startTime: new Date(0).toISOString(),
  sourceMaps: [{
    url: scriptUrl,
    sourceMapUrl: scriptUrl + '.map',
    sourceMap: JSON.parse(fs.readFileSync(mapFile, 'utf8')),
  }],
  modifications: {
    entriesModifications: {hiddenEntries: [], expandableEntries: []},
    initialBreadcrumb: {window: {min: 0, max: 0, range: 0}, child: null},
    annotations: {
      entryLabels: [
        {entry: clickKey, label: 'checkout click'},
        {entry: handlerKey, label: 'checkout handler'},
      ],
      labelledTimeRanges: [{bounds: {min: c.ts, max: c.ts + c.dur, range: c.dur}, label: 'checkout'}],
      linksBetweenEntries: [{entryFrom: clickKey, entryTo: handlerKey}],
    },
  },
};
const text = JSON.stringify({metadata, traceEvents: events});
fs.writeFileSync(output, zlib.gzipSync(Buffer.from(text), {level: 9}));
console.log(`${output}: ${clickKey} ${handlerKey} (${handler.callFrame.functionName}, ` +
            `${handler.ts} +${handler.dur} µs), range ${c.ts}..${c.ts + c.dur}`);
