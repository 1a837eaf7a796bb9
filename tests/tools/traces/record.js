// Records Chrome Performance-panel traces of the pages in pages/ with
// Debian's chromium (headless) and writes them gzipped to
// tests/data/traces/. Run: npm ci && node record.js [NAME...]
// The categories are those the Performance panel records with (screenshots
// left out to keep the files small).
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');
const puppeteer = require('puppeteer-core');

const CATEGORIES = [
  '-*',
  'blink.console',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
  'latencyInfo',
  'loading',
  'v8.execute',
  'v8',
];
const OUT = path.join(__dirname, '..', '..', 'data', 'traces');
const PAGES = path.join(__dirname, 'pages');

function serve() {
  const server = http.createServer((req, res) => {
    const file = path.join(PAGES, path.basename(req.url.split('?')[0]));
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404);
        res.end();
        return;
      }
      const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
      res.writeHead(200, {'content-type': type});
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Each case: the page, what to do once tracing runs, and the trace's name.
const CASES = [
  {
    name: 'click-long-task',
    page: 'click-long-task.html',
    async act(page) {
      await page.click('#go');
      await sleep(300);
    },
  },
  {name: 'timers', page: 'timers.html', reload: true, async act() { await sleep(500); }},
  {name: 'worker', page: 'worker.html', reload: true, async act() { await sleep(400); }},
  // bundled.js is pages/bundled-src built by esbuild (see embed-metadata.mjs)
  {
    name: 'bundled',
    page: 'bundled.html',
    async act(page) {
      await page.click('#go');
      await sleep(300);
    },
  },
  {name: 'user-timings', page: 'user-timings.html', reload: true, async act() { await sleep(300); }},
  // react-table.js is pages/react-table-src built by esbuild (README)
  {
    name: 'react-table',
    page: 'react-table.html',
    async act(page) {
      await page.click('#go');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2000);
      await sleep(300);
    },
  },
  // parse-heavy.js is written by make-parse-heavy.js (not committed)
  {
    name: 'parse-heavy',
    page: 'parse-heavy.html',
    reload: true,
    before() { require('./make-parse-heavy.js'); },
    async act() { await sleep(300); },
  },
];

async function main() {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  fs.mkdirSync(OUT, {recursive: true});
  // node record.js [NAME...]: only those cases
  const only = process.argv.slice(2);
  for (const c of CASES.filter((c) => !only.length || only.includes(c.name))) {
    if (c.before) c.before();
    const page = await browser.newPage();
    await page.setViewport({width: 800, height: 600});
    if (!c.reload) {
      await page.goto(base + c.page);
      await page.waitForSelector('#go').catch(() => {});
    }
    await page.tracing.start({categories: CATEGORIES});
    if (c.reload) await page.goto(base + c.page);
    await c.act(page);
    const buf = await page.tracing.stop();
    await page.close();
    const gz = zlib.gzipSync(buf, {level: 9});
    fs.writeFileSync(path.join(OUT, c.name + '.json.gz'), gz);
    console.log(`${c.name}: ${buf.length} bytes, ${gz.length} gzipped`);
  }
  await browser.close();
  server.close();
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = {CATEGORIES, OUT, serve, sleep};
