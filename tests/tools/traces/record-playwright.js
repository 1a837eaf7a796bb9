// Records a trace of a click on pages/click-long-task.html as Playwright's
// browser.startTracing/stopTracing takes it (playwright-core driving Debian's
// chromium, its default categories), and writes it gzipped to
// tests/data/traces/playwright-click.json.gz. Run: npm ci && node
// record-playwright.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const {chromium} = require('playwright-core');
const {OUT, serve, sleep} = require('./record.js');

async function main() {
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/click-long-task.html`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({viewport: {width: 800, height: 600}});
  await page.goto(url);
  await browser.startTracing(page);
  await page.click('#go');
  await sleep(300);
  const buf = await browser.stopTracing();
  const gz = zlib.gzipSync(buf, {level: 9});
  fs.writeFileSync(path.join(OUT, 'playwright-click.json.gz'), gz);
  console.log(`playwright-click: ${buf.length} bytes, ${gz.length} gzipped`);
  await browser.close();
  server.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
