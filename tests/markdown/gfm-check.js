#!/usr/bin/env node
// Renders a Markdown file as GitHub would (marked, GFM) and checks that
// nothing in it injects markup: only the tags and attributes a flamechart
// comment uses, links and images only to http(s) or relative URLs. Prints
// what it found as JSON (tables with their header and rows, links, images,
// <details> count, length). With --names FILE, the first table's rows must
// show exactly those names (one a line), column 1 as text and column 2 as
// code. With --cells FILE, each line of FILE must be the whole text of some
// table cell (names that must come through intact). Exit 0 when all is well, 1 on a problem, 77 when marked is missing.
// Usage: gfm-check.js FILE.md [--names FILE] [--cells FILE] [--html OUT.html]
'use strict';
const fs = require('fs');
let marked;
for (const where of ['marked', '/usr/share/nodejs/marked']) {
  try { marked = require(where).marked; break; } catch (e) { /* next */ }
}
if (!marked) { console.log('SKIP: marked not found (Debian package node-marked)'); process.exit(77); }

const args = process.argv.slice(2);
const file = args[0];
const opt = name => { const i = args.indexOf(name); return i > 0 ? args[i + 1] : undefined; };
const md = fs.readFileSync(file, 'utf8');
const html = marked.parse(md, { gfm: true, headerIds: false, mangle: false });
const htmlOut = opt('--html');
if (htmlOut) {
  fs.writeFileSync(htmlOut, '<!doctype html><meta charset="utf-8"><style>body{font:14px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:880px;margin:16px auto;color:#1f2328}table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:4px 10px}th{background:#f6f8fa}code{background:#eff1f3;padding:1px 4px;border-radius:4px;font-size:85%}img{max-width:100%}details{margin:8px 0}</style>\n' + html);
}
const problems = [];
const decode = s => s.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|#39);/gi, (m, e) => {
  const map = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" };
  if (map[e.toLowerCase()] !== undefined) return map[e.toLowerCase()];
  return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
});
const text = s => decode(s.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

const allowedTags = new Set(['p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'pre', 'a', 'img', 'em',
  'strong', 'details', 'summary', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'br', 'hr', 'blockquote', 'sub', 'sup']);
const allowedAttrs = new Set(['href', 'src', 'alt', 'align', 'title', 'class']);
const safeUrl = u => !/^[a-z][a-z0-9+.-]*:/i.test(u) || /^https?:/i.test(u);
const links = [], images = [];
for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
  const tag = m[2].toLowerCase();
  if (!allowedTags.has(tag)) problems.push(`tag <${tag}>`);
  for (const a of m[3].matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
    const name = a[1].toLowerCase(), value = decode(a[2] || '');
    if (!allowedAttrs.has(name)) problems.push(`attribute ${name} on <${tag}>`);
    if ((name === 'href' || name === 'src') && !safeUrl(value)) problems.push(`${name}="${value}"`);
    if (tag === 'a' && name === 'href') links.push(value);
    if (tag === 'img' && name === 'src') images.push(value);
  }
}
const tables = [];
for (const t of html.matchAll(/<table>([\s\S]*?)<\/table>/g)) {
  const rows = [...t[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(r =>
    [...r[1].matchAll(/<t([hd])[^>]*>([\s\S]*?)<\/t[hd]>/g)].map(c => c[2]));
  tables.push({ header: rows[0].map(text), rows: rows.slice(1) });
}
for (const t of tables) for (const r of t.rows) if (r.length !== t.header.length) problems.push(`row of ${r.length} cells under a header of ${t.header.length}`);

const names = opt('--names');
if (names) {
  const want = fs.readFileSync(names, 'utf8').split('\n').slice(0, -1).map(s => s.replace(/\s+/g, ' ').trim());
  const rows = tables.length ? tables[0].rows : [];
  if (rows.length !== want.length) problems.push(`${rows.length} rows, want ${want.length}`);
  want.forEach((name, i) => {
    if (!rows[i]) return;
    // the word joiner (U+2060) after @ and # is invisible: it only keeps
    // autolinks, @mentions and #references from starting there
    const asText = text(rows[i][0]).replace(/\u2060/g, '');
    if (asText !== name || /<(?!\/?code)/.test(rows[i][0])) problems.push(`row ${i} text: ${JSON.stringify(rows[i][0])}, want ${JSON.stringify(name)}`);
    const code = rows[i][1].match(/^<code>([\s\S]*)<\/code>$/);
    // a name a code span cannot hold inside a table is written as text
    const shown = code ? decode(code[1]).replace(/\s+/g, ' ').trim() : text(rows[i][1]).replace(/\u2060/g, '');
    if (shown !== name || (!code && /</.test(rows[i][1]))) problems.push(`row ${i} code: ${JSON.stringify(rows[i][1])}, want ${JSON.stringify(name)}`);
  });
}
const cells = opt('--cells');
if (cells) {
  const all = new Set();
  for (const t of html.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)) all.add(text(t[1]));
  for (const want of fs.readFileSync(cells, 'utf8').split('\n').slice(0, -1))
    if (!all.has(want.replace(/\s+/g, ' ').trim())) problems.push(`no cell reads ${JSON.stringify(want)}`);
}
const report = {
  chars: [...md].length,
  tables: tables.map(t => ({ header: t.header, rows: t.rows.length, first: t.rows.length ? t.rows[0].map(text) : [] })),
  links, images,
  details: (html.match(/<details>/g) || []).length,
  problems,
};
console.log(JSON.stringify(report, null, 1));
process.exit(problems.length ? 1 : 0);
