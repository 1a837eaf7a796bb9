// The identity that makes two call frames one function in info's counts and
// the merged graph (--merge-by location): name, URL, line and column, and a
// script without a URL (eval, new Function) told apart by its id, as
// DevTools does (docs/scope.md). Shared by info-check.js and info-json-check.js.
'use strict';
const hasScript = cf => !(cf.scriptId === undefined || cf.scriptId === 0 || cf.scriptId === '0' || cf.scriptId === '');
const frameKey = cf => [cf.functionName || '', cf.url || (hasScript(cf) ? `\u0002${cf.scriptId}` : ''),
  cf.lineNumber ?? -1, cf.columnNumber ?? -1, hasScript(cf)].join('\u0001');
module.exports = { hasScript, frameKey };
