// A recursive-descent parser for a small JavaScript-like language, run over a
// large generated source text. One function per precedence level, so nested
// parentheses, calls and blocks give deep stacks; node-creation hooks from a
// generated project (lib/project.js) add plugin frames and script URLs.
//
//   node parser.js [--kb K] [--rounds R] [--seed S] [--project DIR]
'use strict';

const path = require('path');
const { makeProject, rng } = require('./lib/project');

function arg(name, dflt) {
  const i = process.argv.indexOf('--' + name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

// --- source generator (iterative budget, recursion bounded by `depth`) ---
function genSource(kb, random) {
  const out = [];
  let size = 0;
  const ids = ['a', 'b', 'value', 'node', 'ctx', 'items', 'result', 'x', 'y', 'options'];
  const id = () => ids[Math.floor(random() * ids.length)];
  function expr(depth) {
    const r = random();
    if (depth > 14 || r < 0.3) return random() < 0.5 ? id() : String(Math.floor(random() * 1000));
    if (r < 0.45) return expr(depth + 1) + ' ' + ['+', '-', '*', '/', '<', '===', '&&', '||'][Math.floor(random() * 8)] + ' ' + expr(depth + 1);
    if (r < 0.6) return '(' + expr(depth + 1) + ')';
    if (r < 0.75) return id() + '(' + expr(depth + 1) + ', ' + expr(depth + 2) + ')';
    if (r < 0.85) return id() + '.' + id() + '[' + expr(depth + 1) + ']';
    if (r < 0.92) return expr(depth + 1) + ' ? ' + expr(depth + 1) + ' : ' + expr(depth + 1);
    return '!' + expr(depth + 1);
  }
  function stmt(depth) {
    const r = random();
    if (depth > 8 || r < 0.35) return 'let ' + id() + ' = ' + expr(depth) + ';';
    if (r < 0.5) return 'if (' + expr(depth) + ') { ' + stmt(depth + 1) + ' ' + stmt(depth + 1) + ' } else ' + stmt(depth + 1);
    if (r < 0.6) return 'while (' + expr(depth) + ') ' + stmt(depth + 1);
    if (r < 0.75) return 'function ' + id() + '(' + id() + ', ' + id() + ') { ' + stmt(depth + 1) + ' return ' + expr(depth) + '; }';
    if (r < 0.85) return '{ ' + stmt(depth + 1) + ' ' + stmt(depth + 1) + ' }';
    return 'return ' + expr(depth) + ';';
  }
  while (size < kb * 1024) {
    const s = stmt(0);
    out.push(s);
    size += s.length + 1;
  }
  return out.join('\n');
}

// --- tokenizer ---
const PUNCT = new Set(['(', ')', '{', '}', '[', ']', ';', ',', '.', '?', ':', '+', '-', '*', '/', '<', '!', '=']);
function tokenize(src) {
  const toks = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 10) { i++; continue; }
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      let j = i + 1;
      while (j < src.length) {
        const d = src.charCodeAt(j);
        if (!((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95)) break;
        j++;
      }
      toks.push({ t: 'id', v: src.slice(i, j) });
      i = j;
    } else if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < src.length && src.charCodeAt(j) >= 48 && src.charCodeAt(j) <= 57) j++;
      toks.push({ t: 'num', v: src.slice(i, j) });
      i = j;
    } else if (src.startsWith('===', i)) { toks.push({ t: 'p', v: '===' }); i += 3; }
    else if (src.startsWith('&&', i) || src.startsWith('||', i)) { toks.push({ t: 'p', v: src.slice(i, i + 2) }); i += 2; }
    else if (PUNCT.has(src[i])) { toks.push({ t: 'p', v: src[i] }); i++; }
    else throw new Error('bad char at ' + i);
  }
  toks.push({ t: 'eof', v: '' });
  return toks;
}

// --- parser: one method per grammar rule ---
class Parser {
  constructor(toks, hooks) {
    this.toks = toks; this.pos = 0; this.hooks = hooks; this.count = 0;
    this.host = { walk: (n) => (n.children ? n.children.length : 0) };
  }
  peek() { return this.toks[this.pos]; }
  next() { return this.toks[this.pos++]; }
  is(v) { return this.toks[this.pos].v === v; }
  expect(v) { const t = this.next(); if (t.v !== v) throw new Error(`expected ${v} got ${t.v} at ${this.pos}`); return t; }
  finishNode(type, children) {
    const n = { type, children, id: this.count++ };
    if ((n.id & 7) === 0) this.hooks[n.id % this.hooks.length](n, this.host);
    return n;
  }
  parseProgram() { const body = []; while (this.peek().t !== 'eof') body.push(this.parseStatement()); return this.finishNode('Program', body); }
  parseStatement() {
    const t = this.peek();
    if (t.v === 'let') return this.parseLet();
    if (t.v === 'if') return this.parseIf();
    if (t.v === 'while') return this.parseWhile();
    if (t.v === 'function') return this.parseFunction();
    if (t.v === 'return') return this.parseReturn();
    if (t.v === '{') return this.parseBlock();
    const e = this.parseExpression(); this.expect(';'); return this.finishNode('ExprStmt', [e]);
  }
  parseLet() { this.next(); const name = this.next(); this.expect('='); const e = this.parseExpression(); this.expect(';'); return this.finishNode('Let', [name, e]); }
  parseIf() { this.next(); this.expect('('); const c = this.parseExpression(); this.expect(')'); const a = this.parseStatement(); let b = null; if (this.is('else')) { this.next(); b = this.parseStatement(); } return this.finishNode('If', [c, a, b]); }
  parseWhile() { this.next(); this.expect('('); const c = this.parseExpression(); this.expect(')'); return this.finishNode('While', [c, this.parseStatement()]); }
  parseFunction() { this.next(); const name = this.next(); const params = this.parseParams(); return this.finishNode('Function', [name, params, this.parseBlock()]); }
  parseParams() { this.expect('('); const ps = []; while (!this.is(')')) { ps.push(this.next()); if (this.is(',')) this.next(); } this.next(); return ps; }
  parseReturn() { this.next(); const e = this.parseExpression(); this.expect(';'); return this.finishNode('Return', [e]); }
  parseBlock() { this.expect('{'); const body = []; while (!this.is('}')) body.push(this.parseStatement()); this.next(); return this.finishNode('Block', body); }
  parseExpression() { return this.parseConditional(); }
  parseConditional() {
    const c = this.parseLogicalOr();
    if (!this.is('?')) return c;
    this.next(); const a = this.parseConditional(); this.expect(':'); const b = this.parseConditional();
    return this.finishNode('Conditional', [c, a, b]);
  }
  parseLogicalOr() { let l = this.parseLogicalAnd(); while (this.is('||')) { this.next(); l = this.finishNode('Or', [l, this.parseLogicalAnd()]); } return l; }
  parseLogicalAnd() { let l = this.parseEquality(); while (this.is('&&')) { this.next(); l = this.finishNode('And', [l, this.parseEquality()]); } return l; }
  parseEquality() { let l = this.parseRelational(); while (this.is('===')) { this.next(); l = this.finishNode('Eq', [l, this.parseRelational()]); } return l; }
  parseRelational() { let l = this.parseAdditive(); while (this.is('<')) { this.next(); l = this.finishNode('Lt', [l, this.parseAdditive()]); } return l; }
  parseAdditive() { let l = this.parseMultiplicative(); while (this.is('+') || this.is('-')) { const op = this.next().v; l = this.finishNode(op, [l, this.parseMultiplicative()]); } return l; }
  parseMultiplicative() { let l = this.parseUnary(); while (this.is('*') || this.is('/')) { const op = this.next().v; l = this.finishNode(op, [l, this.parseUnary()]); } return l; }
  parseUnary() { if (this.is('!')) { this.next(); return this.finishNode('Not', [this.parseUnary()]); } return this.parsePostfix(); }
  parsePostfix() {
    let e = this.parsePrimary();
    for (;;) {
      if (this.is('(')) e = this.parseArguments(e);
      else if (this.is('.')) { this.next(); e = this.finishNode('Member', [e, this.next()]); }
      else if (this.is('[')) { this.next(); const i = this.parseExpression(); this.expect(']'); e = this.finishNode('Index', [e, i]); }
      else return e;
    }
  }
  parseArguments(callee) {
    this.next(); const args = [];
    while (!this.is(')')) { args.push(this.parseExpression()); if (this.is(',')) this.next(); }
    this.next(); return this.finishNode('Call', [callee, args]);
  }
  parsePrimary() {
    const t = this.next();
    if (t.v === '(') { const e = this.parseExpression(); this.expect(')'); return this.finishNode('Paren', [e]); }
    if (t.t === 'id') return this.finishNode('Ident', null);
    if (t.t === 'num') return this.finishNode('Num', null);
    throw new Error('unexpected ' + t.v + ' at ' + this.pos);
  }
}

function main() {
  const seed = arg('seed', 1);
  const dirIdx = process.argv.indexOf('--project');
  const dir = dirIdx > 0 ? process.argv[dirIdx + 1] : path.join(__dirname, '..', 'work', 'projects', 'parser');
  const hooks = makeProject(dir, { seed: seed + 100, packages: 20, filesPerPackage: 2, appFiles: 10, fnsPerFile: 10, walkShare: 0 });
  const src = genSource(arg('kb', 4096), rng(seed));
  const rounds = arg('rounds', 4);
  let nodes = 0;
  for (let r = 0; r < rounds; r++) {
    const p = new Parser(tokenize(src), hooks);
    p.parseProgram();
    nodes += p.count;
  }
  console.log(`parser: ${rounds} rounds over ${src.length} bytes, ${nodes} nodes`);
}

main();
