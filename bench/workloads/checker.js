// A type-checker-like recursive walk over a large synthetic AST.
//
// The shape of the work is what matters for the benchmark: a dispatcher
// (checkNode) calls one function per node kind, which calls checkNode again
// for its children and small helpers (symbol lookup, assignability, type
// creation). Recursion over a deeply nested tree gives deep stacks (hundreds
// of frames) and many distinct call paths, like `tsc` does on a real project.
//
// Lint-rule-like plugins from a generated project (lib/project.js) run on a
// share of the nodes; some of them walk the children themselves, so plugin
// frames sit in the middle of the stacks too.
//
//   node checker.js [--nodes N] [--passes P] [--seed S] [--project DIR]
'use strict';

const path = require('path');
const { makeProject, rng } = require('./lib/project');

function arg(name, dflt) {
  const i = process.argv.indexOf('--' + name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

const KINDS = [
  'SourceFile', 'Block', 'FunctionDecl', 'ClassDecl', 'MethodDecl', 'VarStmt', 'IfStmt',
  'ForStmt', 'WhileStmt', 'ReturnStmt', 'SwitchStmt', 'CaseClause', 'TryStmt',
  'ExprStmt', 'BinaryExpr', 'CallExpr', 'PropertyAccess', 'ElementAccess', 'ArrowFunction',
  'ObjectLiteral', 'ArrayLiteral', 'Conditional', 'NewExpr', 'TemplateExpr', 'Identifier',
  'NumericLiteral', 'StringLiteral', 'TypeReference', 'UnionType', 'InterfaceDecl',
];
const LEAVES = ['Identifier', 'NumericLiteral', 'StringLiteral'];
const RULE_SHARE = 0.3;

// Builds the tree iteratively (no recursion over input-controlled depth here;
// the checker below recurses on purpose, that is the workload). Depth is
// skewed: most subtrees are shallow, a few chains go very deep.
function buildAst(total, random) {
  const root = { kind: 'SourceFile', children: [], id: 0, rule: -1, types: null };
  const open = [{ node: root, depth: 0 }];
  let count = 1;
  while (count < total && open.length) {
    const pick = random() < 0.7 ? open.length - 1 : Math.floor(random() * open.length);
    const { node, depth } = open[pick];
    let kind;
    if (depth > 2 && random() < 0.25) kind = LEAVES[Math.floor(random() * LEAVES.length)];
    else kind = KINDS[1 + Math.floor(Math.pow(random(), 1.6) * (KINDS.length - 1))];
    const rule = random() < RULE_SHARE ? Math.floor(random() * 1e9) : -1;
    const child = { kind, children: [], id: count++, rule, types: null };
    node.children.push(child);
    if (node.children.length > 6 || random() < 0.05) open.splice(pick, 1);
    if (LEAVES.indexOf(kind) < 0 && depth < 180) open.push({ node: child, depth: depth + 1 });
  }
  return root;
}

class Checker {
  constructor(rules) {
    this.rules = rules;
    // what the plugins may call back into
    this.host = {
      walk: (node) => {
        if (!node.types) node.types = this.walkChildren(node);
        return node.types.length;
      },
    };
    this.symbols = new Map();
    this.types = new Map();
    this.diagnostics = 0;
    this.typeCount = 0;
  }
  createType(flags, name) {
    const key = flags + ':' + name;
    let t = this.types.get(key);
    if (!t) {
      t = { id: this.typeCount++, flags, name, members: null };
      this.types.set(key, t);
    }
    return t;
  }
  resolveSymbol(node) {
    let s = this.symbols.get(node.id % 4096);
    if (!s) {
      s = { name: 'sym' + (node.id % 4096), decl: node };
      this.symbols.set(node.id % 4096, s);
    }
    return s;
  }
  isAssignable(a, b) {
    if (a === b) return true;
    let h = (a.id * 31 + b.id) | 0;
    for (let i = 0; i < 12; i++) h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
    return (h & 3) !== 0;
  }
  getUnion(types) {
    let name = '';
    for (const t of types) name += '|' + t.name;
    return this.createType(64, name.length > 60 ? name.slice(0, 60) : name);
  }
  // A node with a rule runs it first; the rule may walk the children itself
  // (through host.walk), otherwise they are walked here.
  checkChildren(node) {
    if (node.rule < 0) return this.walkChildren(node);
    this.rules[node.rule % this.rules.length](node, this.host);
    const ts = node.types || this.walkChildren(node);
    node.types = null;
    return ts;
  }
  walkChildren(node) {
    const out = [];
    for (const c of node.children) out.push(this.checkNode(c));
    return out;
  }
  checkNode(node) {
    switch (node.kind) {
      case 'SourceFile': return this.checkSourceFile(node);
      case 'Block': return this.checkBlock(node);
      case 'FunctionDecl': return this.checkFunctionDecl(node);
      case 'ClassDecl': return this.checkClassDecl(node);
      case 'MethodDecl': return this.checkMethodDecl(node);
      case 'VarStmt': return this.checkVarStmt(node);
      case 'IfStmt': return this.checkIfStmt(node);
      case 'ForStmt': return this.checkForStmt(node);
      case 'WhileStmt': return this.checkWhileStmt(node);
      case 'ReturnStmt': return this.checkReturnStmt(node);
      case 'SwitchStmt': return this.checkSwitchStmt(node);
      case 'CaseClause': return this.checkCaseClause(node);
      case 'TryStmt': return this.checkTryStmt(node);
      case 'ExprStmt': return this.checkExprStmt(node);
      case 'BinaryExpr': return this.checkBinaryExpr(node);
      case 'CallExpr': return this.checkCallExpr(node);
      case 'PropertyAccess': return this.checkPropertyAccess(node);
      case 'ElementAccess': return this.checkElementAccess(node);
      case 'ArrowFunction': return this.checkArrowFunction(node);
      case 'ObjectLiteral': return this.checkObjectLiteral(node);
      case 'ArrayLiteral': return this.checkArrayLiteral(node);
      case 'Conditional': return this.checkConditional(node);
      case 'NewExpr': return this.checkNewExpr(node);
      case 'TemplateExpr': return this.checkTemplateExpr(node);
      case 'Identifier': return this.checkIdentifier(node);
      case 'NumericLiteral': return this.createType(8, 'number');
      case 'StringLiteral': return this.createType(4, 'string');
      case 'TypeReference': return this.checkTypeReference(node);
      case 'UnionType': return this.checkUnionType(node);
      case 'InterfaceDecl': return this.checkInterfaceDecl(node);
    }
    throw new Error('unknown kind ' + node.kind);
  }
  checkSourceFile(n) { this.checkChildren(n); return this.createType(0, 'void'); }
  checkBlock(n) { const ts = this.checkChildren(n); return ts.length ? ts[ts.length - 1] : this.createType(0, 'void'); }
  checkFunctionDecl(n) { this.resolveSymbol(n); const ts = this.checkChildren(n); return this.createType(16, 'fn' + ts.length); }
  checkClassDecl(n) { const s = this.resolveSymbol(n); const ts = this.checkChildren(n); s.members = ts; return this.createType(32, s.name); }
  checkMethodDecl(n) { const ts = this.checkChildren(n); return this.getUnion(ts); }
  checkVarStmt(n) {
    const ts = this.checkChildren(n);
    const declared = this.createType(1, 'any');
    for (const t of ts) if (!this.isAssignable(t, declared)) this.diagnostics++;
    return declared;
  }
  checkIfStmt(n) { return this.getUnion(this.checkChildren(n)); }
  checkForStmt(n) { this.checkChildren(n); return this.createType(0, 'void'); }
  checkWhileStmt(n) { this.checkChildren(n); return this.createType(0, 'void'); }
  checkReturnStmt(n) { return this.getUnion(this.checkChildren(n)); }
  checkSwitchStmt(n) { return this.getUnion(this.checkChildren(n)); }
  checkCaseClause(n) { const ts = this.checkChildren(n); return ts[0] || this.createType(0, 'void'); }
  checkTryStmt(n) { try { return this.getUnion(this.checkChildren(n)); } finally { this.diagnostics += 0; } }
  checkExprStmt(n) { const ts = this.checkChildren(n); return ts[0] || this.createType(0, 'void'); }
  checkBinaryExpr(n) {
    const ts = this.checkChildren(n);
    for (let i = 1; i < ts.length; i++) if (!this.isAssignable(ts[i - 1], ts[i])) this.diagnostics++;
    return ts[0] || this.createType(8, 'number');
  }
  checkCallExpr(n) {
    const s = this.resolveSymbol(n);
    const ts = this.checkChildren(n);
    return this.instantiateSignature(s, ts);
  }
  instantiateSignature(s, args) {
    let name = s.name + '(';
    for (const a of args) name += a.name.length + ',';
    return this.createType(128, name);
  }
  checkPropertyAccess(n) { const ts = this.checkChildren(n); return this.getPropertyOfType(ts[0] || this.createType(1, 'any'), n.id); }
  getPropertyOfType(t, id) { return this.createType(t.flags | 256, t.name.slice(0, 20) + '.' + (id % 97)); }
  checkElementAccess(n) { const ts = this.checkChildren(n); return this.getUnion(ts); }
  checkArrowFunction(n) { const ts = this.checkChildren(n); return this.createType(16, '=>' + ts.length); }
  checkObjectLiteral(n) { const ts = this.checkChildren(n); const t = this.createType(512, 'obj' + ts.length); t.members = ts; return t; }
  checkArrayLiteral(n) { const ts = this.checkChildren(n); return this.createType(1024, this.getUnion(ts).name + '[]'); }
  checkConditional(n) { return this.getUnion(this.checkChildren(n)); }
  checkNewExpr(n) { this.resolveSymbol(n); return this.getUnion(this.checkChildren(n)); }
  checkTemplateExpr(n) { this.checkChildren(n); return this.createType(4, 'string'); }
  checkIdentifier(n) { const s = this.resolveSymbol(n); return this.createType(2048, s.name); }
  checkTypeReference(n) { this.resolveSymbol(n); return this.getUnion(this.checkChildren(n)); }
  checkUnionType(n) { return this.getUnion(this.checkChildren(n)); }
  checkInterfaceDecl(n) { const s = this.resolveSymbol(n); s.members = this.checkChildren(n); return this.createType(32, 'I' + s.name); }
}

function main() {
  const random = rng(arg('seed', 1));
  const dirIdx = process.argv.indexOf('--project');
  const dir = dirIdx > 0 ? process.argv[dirIdx + 1] : path.join(__dirname, '..', 'work', 'projects', 'checker');
  const rules = makeProject(dir, { seed: arg('seed', 1), packages: 60, filesPerPackage: 4, appFiles: 40, fnsPerFile: 14 });
  const ast = buildAst(arg('nodes', 200000), random);
  const passes = arg('passes', 20);
  let diagnostics = 0, types = 0;
  for (let p = 0; p < passes; p++) {
    const c = new Checker(rules);
    c.checkNode(ast);
    diagnostics += c.diagnostics;
    types += c.typeCount;
  }
  console.log(`checker: ${passes} passes, ${diagnostics} diagnostics, ${types} types`);
}

main();
