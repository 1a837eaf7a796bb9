// Records a trace with screenshots (the filmstrip of --screenshots) of
// pages/table-steps.html with Debian's chromium, and writes it trimmed and
// gzipped to tests/data/traces/table-steps.json.gz, trimmed by trim() so
// that the file stays small.
// Run: npm ci && node record-screenshots.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const puppeteer = require('puppeteer-core');
const {CATEGORIES, OUT, serve, sleep} = require('./record.js');

const MAX_SHOTS = 30;

// Keeps every k-th Screenshot event, k the smallest that keeps at most max,
// and of the other processes than the page's renderer only their names and
// the events that say which renderer is the page's (the WebUI renderer and
// the GPU process hold most of a trace's bytes and nothing drawn).
function trim(trace, max) {
  const events = trace.traceEvents;
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const page = new Set(started.args.data.frames.map((f) => f.processId));
  const browserKeeps = new Set(['TracingStartedInBrowser', 'FrameCommittedInBrowser']);
  const shots = events.filter((e) => e.name === 'Screenshot');
  const k = Math.max(1, Math.ceil(shots.length / max));
  const keep = new Set(shots.filter((_, i) => i % k === 0));
  trace.traceEvents = events.filter((e) => {
    if (e.name === 'Screenshot') return keep.has(e);
    return page.has(e.pid) || e.ph === 'M' || browserKeeps.has(e.name);
  });
  return {read: shots.length, kept: keep.size};
}

async function main() {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.setViewport({width: 400, height: 300});
  await page.goto(base + 'table-steps.html');
  await page.tracing.start({
    categories: [...CATEGORIES, 'disabled-by-default-devtools.screenshot'],
    screenshots: true,
  });
  await page.evaluate(() => window.start());
  await sleep(1500);
  const buf = await page.tracing.stop();
  await browser.close();
  server.close();
  const trace = JSON.parse(Buffer.from(buf).toString());
  const n = trim(trace, MAX_SHOTS);
  const gz = zlib.gzipSync(Buffer.from(JSON.stringify(trace)), {level: 9});
  fs.writeFileSync(path.join(OUT, 'table-steps.json.gz'), gz);
  console.log(`table-steps: ${n.read} screenshots, ${n.kept} kept; ${gz.length} bytes gzipped`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
