// Prints the table of trace events the Performance panel draws, with the
// name and category DevTools gives each, from DevTools' own trace engine
// (@paulirish/trace_engine): the rows of `kinds` in src/import/trace_tasks.c.
//   node devtools-kinds.mjs
import * as Trace from './node_modules/@paulirish/trace_engine/models/trace/trace.js';

globalThis.DOMRect ??= class {};
// i18n records in node: {i18nId, values}; `x` marks untranslated words
const text = (name) => {
  let s = typeof name === 'string' ? name : name.i18nId;
  for (const [k, v] of Object.entries(name.values ?? {})) s = s.replace(`{${k}}`, String(v));
  return s.replace(/`/g, '');
};
// synthetic entries the engine makes itself, not events of a trace
const synthetic = new Set(['ProfileCall', 'JSSample']);
const rows = [];
for (const event of Trace.Helpers.Trace.VISIBLE_TRACE_EVENT_TYPES) {
  const style = Trace.Styles.getEventStyle(event);
  if (synthetic.has(event) || !style) continue;
  rows.push([event, text(style.title), style.category.name]);
}
// byte order, for bsearch with strcmp
rows.sort((a, b) => (Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0]))));
for (const [event, label, category] of rows)
  console.log(`\t{ ${JSON.stringify(event)}, ${JSON.stringify(label)}, ${JSON.stringify(category)} },`);
