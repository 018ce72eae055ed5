import type { FieldValue, LogDocument } from './log-store.js';

type Nested = { [key: string]: FieldValue | Nested };

/** `_source` rebuilt from the flattened fields when ingest gave none: dotted names become nested objects. */
export function buildSource(doc: LogDocument): string {
  const root: Nested = { '@timestamp': new Date(doc.timestampMs).toISOString(), type: doc.type };
  if (doc.message !== undefined) root.message = doc.message;
  for (const [name, value] of Object.entries(doc.fields)) {
    const parts = name.split('.');
    let node: Nested = root;
    for (let i = 0; i < parts.length - 1; i += 1) {
      const part = parts[i] ?? '';
      const next = node[part];
      if (next === undefined || next === null || typeof next !== 'object' || Array.isArray(next)) {
        // A scalar already sits where an object is needed: keep the dotted name rather than lose a value.
        if (next !== undefined) {
          node = root;
          parts.splice(0, parts.length, name);
          break;
        }
        const created: Nested = {};
        node[part] = created;
        node = created;
      } else {
        node = next as Nested;
      }
    }
    node[parts[parts.length - 1] ?? name] = value;
  }
  return JSON.stringify(root);
}
