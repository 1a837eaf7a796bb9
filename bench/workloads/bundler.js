// A bundler-like transform: resolve a generated module graph depth-first
// (recursion along import chains), tokenize each module, rename its
// identifiers through a scope chain, run a plugin pipeline from a generated
// project (lib/project.js), emit the chunk with a source-map-like mapping
// string and hash it. Wide rather than deep: many modules, many plugins.
//
//   node bundler.js [--modules N] [--builds B] [--seed S] [--project DIR]
'use strict';

const path = require('path');
const { makeProject, rng } = require('./lib/project');

function arg(name, dflt) {
  const i = process.argv.indexOf('--' + name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

const WORDS = ['state', 'props', 'config', 'render', 'update', 'value', 'index', 'result', 'handler',
  'options', 'context', 'module', 'exports', 'request', 'response', 'buffer', 'stream', 'cache'];

// A module graph: each module imports a few later modules, so the graph is a
// DAG whose longest import chains are long (deep resolve stacks).
function makeGraph(n, random) {
  const mods = [];
  for (let i = 0; i < n; i++) {
    const imports = [];
    const k = Math.floor(random() * 4);
    for (let j = 0; j < k && i + 1 < n; j++) imports.push(i + 1 + Math.floor(Math.pow(random(), 3) * Math.min(40, n - i - 1)));
    const lines = [];
    for (const d of imports) lines.push(`import { ${WORDS[d % WORDS.length]} } from './m${d}.js';`);
    const body = 10 + Math.floor(random() * 60);
    for (let l = 0; l < body; l++) {
      const a = WORDS[Math.floor(random() * WORDS.length)], b = WORDS[Math.floor(random() * WORDS.length)];
      lines.push(`const ${a}${l} = ${b}(${a}, ${l}) + ${b}.${a} * ${l};`);
    }
    lines.push(`export function ${WORDS[i % WORDS.length]}() { return ${WORDS[(i + 3) % WORDS.length]}0; }`);
    mods.push({ id: i, file: `./m${i}.js`, source: lines.join('\n'), imports });
  }
  return mods;
}

function tokenize(src) {
  const out = [];
  const re = /[A-Za-z_$][\w$]*|\d+|'[^']*'|[^\s\w]/g;
  let m;
  while ((m = re.exec(src)) !== null) out.push(m[0]);
  return out;
}

class Scope {
  constructor(parent) { this.parent = parent; this.names = new Map(); }
  declare(name, renamed) { this.names.set(name, renamed); }
  lookup(name) {
    for (let s = this; s; s = s.parent) {
      const r = s.names.get(name);
      if (r !== undefined) return r;
    }
    return name;
  }
}

class Bundler {
  constructor(graph, plugins) {
    this.graph = graph;
    this.plugins = plugins;
    this.done = new Uint8Array(graph.length);
    this.order = [];
    this.host = { walk: (node) => this.transformImports(node) };
  }
  // depth-first, post-order: a module is emitted after its imports
  resolveModule(id, depth) {
    if (this.done[id]) return;
    this.done[id] = 1;
    const mod = this.graph[id];
    for (const d of mod.imports) this.resolveModule(this.resolveSpecifier(mod, d), depth + 1);
    this.loadModule(mod);
    this.order.push(mod);
  }
  resolveSpecifier(mod, d) { return path.posix.normalize(`./m${d}.js`) === this.graph[d].file ? d : d; }
  loadModule(mod) {
    mod.tokens = tokenize(mod.source);
    this.runPlugins(mod);
    mod.code = this.renameIdentifiers(mod);
  }
  runPlugins(mod) {
    for (let i = 0; i < 6; i++) {
      const p = this.plugins[(mod.id * 7 + i * 131) % this.plugins.length];
      p({ id: mod.id * 8 + i, children: mod.imports, mod }, this.host);
    }
  }
  transformImports(node) {
    let h = 0;
    for (const d of node.children) h += this.graph[d].file.length;
    return h;
  }
  renameIdentifiers(mod) {
    const scope = new Scope(this.globalScope || (this.globalScope = new Scope(null)));
    const out = [];
    for (let i = 0; i < mod.tokens.length; i++) {
      const t = mod.tokens[i];
      if (t === 'const' || t === 'function') {
        const name = mod.tokens[i + 1];
        scope.declare(name, name + '$' + mod.id);
        out.push(t);
      } else if (/^[A-Za-z_$]/.test(t)) out.push(scope.lookup(t));
      else out.push(t);
    }
    return out.join(' ');
  }
  emitChunk() {
    let code = '', map = '', line = 0;
    for (const mod of this.order) {
      code += `// ${mod.file}\n` + mod.code + '\n';
      map += this.encodeMappings(mod, line);
      line += 2;
    }
    return { code, map, hash: this.hash(code) };
  }
  encodeMappings(mod, line) {
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let s = '';
    for (let i = 0; i < mod.tokens.length; i += 4) {
      let v = (i * 2) ^ line;
      do { s += B64[v & 31 | (v > 31 ? 32 : 0)]; v >>>= 5; } while (v > 0);
      s += ',';
    }
    return s + ';';
  }
  hash(str) {
    let h = 0x811c9dc5;
    for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
    return (h >>> 0).toString(16);
  }
}

function main() {
  const seed = arg('seed', 1);
  const dirIdx = process.argv.indexOf('--project');
  const dir = dirIdx > 0 ? process.argv[dirIdx + 1] : path.join(__dirname, '..', 'work', 'projects', 'bundler');
  const plugins = makeProject(dir, { seed: seed + 200, packages: 45, filesPerPackage: 3, appFiles: 30, fnsPerFile: 8, walkShare: 0.2 });
  const graph = makeGraph(arg('modules', 4000), rng(seed));
  const builds = arg('builds', 6);
  let bytes = 0, hash = '';
  for (let b = 0; b < builds; b++) {
    for (const m of graph) { m.tokens = null; m.code = null; }
    const bundler = new Bundler(graph, plugins);
    for (let i = 0; i < graph.length; i++) bundler.resolveModule(i, 0);
    const chunk = bundler.emitChunk();
    bytes += chunk.code.length;
    hash = chunk.hash;
  }
  console.log(`bundler: ${builds} builds of ${graph.length} modules, ${bytes} bytes, hash ${hash}`);
}

main();
