// Compares flamechart's chart of a trace drawn with --tasks (the layout JSON,
// -f json --minwidth 0, on stdin) with what DevTools' own trace engine draws
// (tests/tools/traces/devtools-entries.mjs, its output committed as
// TRACE.devtools.json.gz): for every thread flamechart draws, every entry
// DevTools shows with a duration must be there with the same name, start,
// duration and row (±1 µs), and nothing else; and the Timings lane holds
// DevTools' Timings track (user timings) entry for entry.
//   node trace-tasks-compare.js TRACE.devtools.json.gz < layout.json
// With a third argument, `info --tasks --json` of the same trace, also its
// answers in words: each category's time (the self time of DevTools' entries
// by the engine's category; Idle left out, as it depends on the range), the
// CPU time (the time DevTools' top-level entries cover) and the idle time
// (the rest of the lane's range), the long tasks (DevTools' Task entries
// over 50 ms) and the user timings of the Timings lane (title, row,
// duration and starts), all within 0.1 ms.
//   node trace-tasks-compare.js TRACE.devtools.json.gz INFO.json < layout.json
'use strict';
const fs = require('fs');

const zlib = require('zlib');

let raw = fs.readFileSync(process.argv[2]);
if (raw[0] === 0x1f && raw[1] === 0x8b) raw = zlib.gunzipSync(raw);
const devtools = JSON.parse(raw.toString('utf8'));
const layout = JSON.parse(fs.readFileSync(0, 'utf8'));
const TOLERANCE = 1; // µs: flamechart keeps whole µs, DevTools the file's fractions

let failures = 0, compared = 0;
const say = (msg) => {
  if (failures++ < 20) console.log(msg);
};
const key = (name, row) => `${row}\u0000${name}`;

// The Timings lane: every user timing DevTools' Timings track shows, with
// the same title, start, duration and row, in the same order, and nothing
// else.
function compareTimings(lane) {
  const want = devtools.timings ?? [];
  const got = lane.frames;
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    const w = want[i], g = got[i];
    if (!w || !g) {
      say(`Timings: ${w ? `DevTools' ${w[0]} missing` : `extra ${g.name}`}`);
      continue;
    }
    const [name, ts, dur, row] = w;
    if (g.name !== name || g.depth !== row || Math.abs(g.start_us - ts) > TOLERANCE ||
        Math.abs(g.end_us - (ts + dur)) > TOLERANCE) {
      say(`Timings entry ${i}: DevTools ${name} at row ${row}, ${ts} +${dur}; flamechart ${
          g.name} at row ${g.depth}, ${g.start_us} +${g.end_us - g.start_us}`);
      continue;
    }
    compared++;
  }
}

if ((devtools.timings ?? []).length &&
    !layout.profiles.some((l) => l.name === 'Timings' && l.pid === undefined))
  say('no Timings lane, DevTools draws one');
for (const lane of layout.profiles) {
  if (lane.name === 'Timings' && lane.pid === undefined) {
    compareTimings(lane);
    continue;
  }
  const thread = devtools.threads.find((t) => t.pid === lane.pid && t.tid === lane.tid);
  if (!thread) {
    say(`${lane.name}: DevTools draws no thread ${lane.pid}/${lane.tid}`);
    continue;
  }
  // DevTools' entries with a width, by (row, name), in time order
  const want = new Map();
  for (const [name, ts, dur, row] of thread.entries) {
    if (Math.round(dur) <= 0) continue;
    const k = key(name, row);
    if (!want.has(k)) want.set(k, []);
    want.get(k).push({ts, dur});
  }
  const got = new Map();
  for (const f of lane.frames) {
    if (f.name === '…') {
      say(`${lane.name}: coalesced boxes in the layout (render with --minwidth 0)`);
      continue;
    }
    const name = f.name === '' ? '(anonymous)' : f.name;
    const k = key(name, f.depth);
    if (!got.has(k)) got.set(k, []);
    got.get(k).push({ts: f.start_us, dur: f.end_us - f.start_us});
  }
  for (const [k, list] of want) {
    const mine = got.get(k) || [];
    const [row, name] = k.split('\u0000');
    let j = 0;
    for (const w of list) {
      while (j < mine.length && mine[j].ts < w.ts - TOLERANCE) {
        say(`${lane.name}: extra ${name} at row ${row}, ${mine[j].ts} +${mine[j].dur}`);
        j++;
      }
      const m = mine[j];
      if (!m || Math.abs(m.ts - w.ts) > TOLERANCE ||
          Math.abs(m.ts + m.dur - (w.ts + w.dur)) > TOLERANCE) {
        say(`${lane.name}: ${name} at row ${row}: DevTools ${w.ts} +${w.dur}, flamechart ${
            m ? `${m.ts} +${m.dur}` : 'none'}`);
        continue;
      }
      j++;
      compared++;
    }
    for (; j < mine.length; j++)
      say(`${lane.name}: extra ${name} at row ${row}, ${mine[j].ts} +${mine[j].dur}`);
    got.delete(k);
  }
  for (const [k, list] of got) {
    const [row, name] = k.split('\u0000');
    for (const m of list) say(`${lane.name}: extra ${name} at row ${row}, ${m.ts} +${m.dur}`);
  }
}
// the answers in words
const CATEGORY = {
  loading: 'Loading', experience: 'Experience', messaging: 'Messaging', scripting: 'Scripting',
  rendering: 'Rendering', painting: 'Painting', gpu: 'GPU', async: 'Async', other: 'System',
  idle: 'Idle',
};
if (process.argv[3]) {
  const info = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
  const profiles = info.profiles ?? info;
  let answered = 0;
  for (const p of profiles) {
    if (!p.tasks) continue;
    const thread = devtools.threads.find((t) => t.pid === p.thread.pid && t.tid === p.thread.tid);
    if (!thread) continue;
    // self time: an entry's duration less its shown children's (pre-order,
    // a child's row one more than its parent's)
    const want = {}, stack = [];
    for (const [name, ts, dur, row, cat] of thread.entries) {
      stack.length = row;
      const e = {dur, cat, self: dur};
      if (row > 0 && stack[row - 1]) stack[row - 1].self -= dur;
      stack[row] = e;
      e.key = CATEGORY[cat] ?? 'System';
      (want.all ??= []).push(e);
    }
    const sums = {};
    for (const e of want.all ?? []) sums[e.key] = (sums[e.key] ?? 0) + e.self;
    for (const [cat, us] of Object.entries(sums)) {
      if (cat === 'Idle') continue;
      const got = (p.tasks.categories_ms[cat] ?? 0) * 1000;
      if (Math.abs(got - us) > 100) say(`${p.title} ${p.thread.tid}: ${cat} ${got / 1000} ms, DevTools ${us / 1000} ms`);
      else answered++;
    }
    // the time anything runs is the CPU time; the rest of the lane is idle
    // (the Summary's Idle), not the root's self time counted as work
    const busy = thread.entries.filter(([, , , row]) => row === 0)
                     .reduce((sum, [, , dur]) => sum + dur, 0);
    const range = p.tasks.range_ms * 1000;
    for (const [what, got, want] of [['CPU time', p.cpu_ms * 1000, busy],
                                     ['idle time', p.idle_ms * 1000, range - busy],
                                     ['Idle', (p.tasks.categories_ms.Idle ?? 0) * 1000, range - busy]]) {
      if (Math.abs(got - want) > 100)
        say(`${p.title} ${p.thread.tid}: ${what} ${got / 1000} ms, DevTools ${want / 1000} ms`);
      else answered++;
    }
    const longs = thread.entries.filter(([name, , dur, row]) => name === 'Task' && row === 0 && dur > 50000);
    if (longs.length !== p.tasks.long_tasks.length)
      say(`${p.title} ${p.thread.tid}: ${p.tasks.long_tasks.length} long tasks, DevTools ${longs.length}`);
    for (let i = 0; i < longs.length && i < p.tasks.long_tasks.length; i++) {
      const lt = p.tasks.long_tasks[i];
      if (Math.abs(lt.duration_ms * 1000 - longs[i][2]) > 100)
        say(`${p.title} ${p.thread.tid}: long task ${i} lasts ${lt.duration_ms} ms, DevTools ${longs[i][2] / 1000} ms`);
      else answered++;
    }
  }
  // the user timings info lists: DevTools' Timings track in its order,
  // each title, duration and row, and the starts apart as DevTools' are
  const listed = profiles.find((p) => p.user_timings)?.user_timings ?? [];
  const want = devtools.timings ?? [];
  if (listed.length !== want.length)
    say(`info lists ${listed.length} user timings, DevTools ${want.length}`);
  for (let i = 0; i < listed.length && i < want.length; i++) {
    const [name, ts, dur, row] = want[i], got = listed[i];
    const apart = (got.start_ms - listed[0].start_ms) * 1000, wantApart = ts - want[0][1];
    if (got.name !== name || got.row !== row || Math.abs(got.duration_ms * 1000 - dur) > 100 ||
        Math.abs(apart - wantApart) > 100)
      say(`info's user timing ${i}: ${got.name} row ${got.row} +${got.duration_ms} ms, DevTools ${
          name} row ${row} +${dur / 1000} ms`);
    else answered++;
  }
  console.log(`${answered} category totals, long tasks and user timings equal DevTools'`);
}
if (failures > 20) console.log(`... ${failures - 20} more`);
console.log(`${compared} entries equal DevTools'${failures ? `, ${failures} differences` : ''}`);
process.exit(failures ? 1 : 0);
