// Independent cross-check of --sourcemaps (tests/cli/sourcemaps-crosscheck.sh):
// Mozilla's `source-map` package maps each frame's bundle position (the
// "generated" member of flamechart's layout JSON) and the result must be
// the frame's url and line. Frames flamechart left unmapped must be ones
// the package cannot map either (or a script's top level at 0:0).
//   node sourcemap-check.mjs FIXTURES VARIANT LAYOUT.json UNMAPPED.json
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [fixtures, variant, mappedPath, plainPath] = process.argv.slice(2);
const require = createRequire(path.resolve(fixtures, "package.json"));
const { SourceMapConsumer } = require("source-map");

const bundle = path.join(fixtures, variant, "dist", "app.js");
const text = fs.readFileSync(bundle, "utf8");
const m = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text);
if (!m) throw new Error(`${bundle}: no sourceMappingURL`);
let raw;
if (m[1].startsWith("data:")) raw = Buffer.from(m[1].slice(m[1].indexOf(",") + 1), "base64").toString();
else raw = fs.readFileSync(path.join(path.dirname(bundle), m[1]), "utf8");
const consumer = await new SourceMapConsumer(JSON.parse(raw));
// the profiles name the fixtures as file:///srv/shop/ (make.sh)
const mapUrl = `file:///srv/shop/${variant}/dist/app.js.map`;
const bundleUrl = `file:///srv/shop/${variant}/dist/app.js`;

let failures = 0, checked = 0;
const fail = (msg) => { failures++; console.log(`FAIL ${variant}: ${msg}`); };
const frames = JSON.parse(fs.readFileSync(mappedPath, "utf8")).profiles[0].frames;
for (const f of frames) {
  if (!f.generated) continue;
  const o = consumer.originalPositionFor({ line: f.generated.line + 1, column: f.generated.column });
  if (o.source === null) { fail(`${f.name} ${f.url}: mapped, but source-map finds no source`); continue; }
  const url = new URL(o.source, mapUrl).href;
  if (url !== f.url || o.line !== f.line + 1 || o.column !== f.column)
    fail(`${f.generated.line}:${f.generated.column}: flamechart ${f.url}:${f.line + 1}:${f.column}, source-map ${url}:${o.line}:${o.column}`);
  checked++;
}
// what stayed in the bundle: source-map must not map it either
for (const f of frames) {
  if (f.url !== bundleUrl || (f.line === 0 && f.column === 0 && f.name === "")) continue;
  const o = consumer.originalPositionFor({ line: f.line + 1, column: f.column });
  if (o.source !== null) fail(`${f.name} ${f.line}:${f.column} left unmapped, source-map gives ${o.source}:${o.line}`);
}
// mapping merges frames, never loses time
const plain = JSON.parse(fs.readFileSync(plainPath, "utf8")).profiles[0];
const mapped = JSON.parse(fs.readFileSync(mappedPath, "utf8")).profiles[0];
if (plain.total !== mapped.total || plain.samples !== mapped.samples)
  fail(`totals differ: ${plain.total}/${plain.samples} unmapped, ${mapped.total}/${mapped.samples} mapped`);
if (checked < 20) fail(`only ${checked} mapped frames checked`);
console.log(`${variant}: ${checked} mapped frames agree with source-map`);
process.exit(failures ? 1 : 0);
