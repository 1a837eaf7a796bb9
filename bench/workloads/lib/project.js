// Writes a synthetic "project" of generated JavaScript modules to disk and
// loads it: app files under src/ and packages under node_modules/, each file
// exporting a few functions with plausible names. The workloads call these
// functions as plugins, rules and loaders, so their profiles have what real
// ones have: thousands of distinct functions spread over tens to hundreds of
// script URLs (`file:///…/node_modules/<pkg>/lib/<file>.js`).
//
// Every generated function takes (node, host) and does a little work; some
// hand control back to the host (host.walk), so plugin frames also appear in
// the middle of deep stacks, not only at the top.
'use strict';

const fs = require('fs');
const path = require('path');

const VERBS = ['visit', 'resolve', 'check', 'transform', 'emit', 'collect', 'normalize', 'infer',
  'bind', 'lower', 'rewrite', 'hoist', 'inline', 'validate', 'report', 'scan', 'parse', 'merge',
  'analyze', 'expand'];
const NOUNS = ['Identifier', 'CallExpression', 'ImportDeclaration', 'ExportSpecifier', 'Scope',
  'Symbol', 'TypeAlias', 'Signature', 'Property', 'Template', 'Decorator', 'Chunk', 'Module',
  'SourceMap', 'Binding', 'Reference', 'Literal', 'Block', 'Parameter', 'ClassMember',
  'Interface', 'Union', 'Generic', 'Accessor', 'JsxElement', 'Selector', 'Rule', 'Token'];
const PKGS = ['acorn', 'magic-string', 'estree-walker', 'picomatch', 'semver', 'terser', 'postcss',
  'browserslist', 'eslint-scope', 'esquery', 'typescript', 'tslib', 'rxjs', 'zone.js', 'webpack',
  'enhanced-resolve', 'tapable', 'loader-utils', 'schema-utils', 'ajv', 'json5', 'source-map',
  'chalk', 'debug', 'ms', 'minimatch', 'glob', 'fast-glob', 'micromatch', 'braces', 'lru-cache',
  'yaml', 'jsonc-parser', 'esbuild-wasm', 'sass', 'less', 'cssnano', 'autoprefixer', 'babel-core',
  'babel-traverse', 'babel-types', 'babel-generator', 'regenerate', 'lodash', 'immutable'];

function rng(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

// One generated function. `kind` decides what it does with the host:
// 0 = pure work, 1 = calls a sibling helper in the same file, 2 = walks the
// node's children through the host (recursion through plugin code).
function fnSource(name, kind, sibling, work) {
  const body = [
    `function ${name}(node, host) {`,
    `  let h = node.id | 0;`,
    `  for (let i = 0; i < ${work}; i++) h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + i;`,
  ];
  if (kind === 1 && sibling) body.push(`  h ^= ${sibling}(node, host);`);
  if (kind === 2) body.push(`  h ^= host.walk(node);`);
  body.push(`  return h & 0xffff;`, `}`);
  return body.join('\n');
}

// Writes the project under `dir` (idempotent: same options, same files) and
// returns every exported function, in a stable order.
function makeProject(dir, opts) {
  const random = rng(opts.seed || 1);
  const files = [];
  const npkg = opts.packages || 40;
  for (let p = 0; p < npkg; p++) {
    const pkg = PKGS[p % PKGS.length] + (p >= PKGS.length ? '-' + Math.floor(p / PKGS.length) : '');
    for (let f = 0; f < (opts.filesPerPackage || 3); f++)
      files.push(path.join(dir, 'node_modules', pkg, 'lib', pick(random, NOUNS).toLowerCase() + '-' + f + '.js'));
  }
  for (let f = 0; f < (opts.appFiles || 20); f++)
    files.push(path.join(dir, 'src', pick(random, NOUNS).toLowerCase() + '-' + f + '.js'));

  const fns = [];
  for (const file of files) {
    const n = opts.fnsPerFile || 12;
    const names = [];
    for (let i = 0; i < n; i++) names.push(pick(random, VERBS) + pick(random, NOUNS) + (i ? '' : 'Entry') + '_' + i);
    const parts = ["'use strict';"];
    for (let i = 0; i < n; i++) {
      const r = random();
      const kind = r < (opts.walkShare || 0.3) ? 2 : r < 0.7 ? 1 : 0;
      const sibling = i + 1 < n ? names[i + 1] : null;
      parts.push(fnSource(names[i], kind, sibling, 20 + Math.floor(random() * 200)));
    }
    parts.push('module.exports = { ' + names.join(', ') + ' };');
    const src = parts.join('\n\n') + '\n';
    fs.mkdirSync(path.dirname(file), { recursive: true });
    let old = null;
    try { old = fs.readFileSync(file, 'utf8'); } catch (e) { /* new file */ }
    if (old !== src) fs.writeFileSync(file, src);
    const mod = require(file);
    for (const k of names) fns.push(mod[k]);
  }
  return fns;
}

module.exports = { makeProject, rng };
