// Records the trace Lighthouse takes of a page load (its performance audit,
// desktop, no throttling) of pages/timers.html with Debian's chromium, and
// writes it gzipped to tests/data/traces/lighthouse-timers.json.gz, its
// screenshots left out to keep the file small. Run: npm ci && node
// record-lighthouse.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const puppeteer = require('puppeteer-core');
const {OUT, serve} = require('./record.js');

async function main() {
  const {default: lighthouse} = await import('lighthouse');
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/timers.html`;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const result = await lighthouse(url, {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'desktop',
    screenEmulation: {disabled: true},
    throttlingMethod: 'provided',
  }, undefined, page);
  const trace = result.artifacts.Trace;
  trace.traceEvents = trace.traceEvents.filter((e) => e.name !== 'Screenshot');
  const buf = Buffer.from(JSON.stringify(trace));
  const gz = zlib.gzipSync(buf, {level: 9});
  fs.writeFileSync(path.join(OUT, 'lighthouse-timers.json.gz'), gz);
  console.log(`lighthouse-timers: ${buf.length} bytes, ${gz.length} gzipped`);
  await browser.close();
  server.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
