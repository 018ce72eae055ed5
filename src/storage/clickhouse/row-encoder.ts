/**
 * LogDocument → one JSONEachRow line of the `logs` table, built as text: the engine parses it, and
 * string building is several times faster than objects + JSON.stringify per row. The placement rules
 * are those of field-sql.ts / docs/log-schema.md.
 */
import type { FieldValue, LogDocument } from '../log-store.js';
import { observationBit, typeOfPrimitive, type ObservedType } from './field-types.js';
import { HOT_FIELDS, MAP_COLUMNS, type HotField } from './log-table-schema.js';

const HOT_BY_NAME: ReadonlyMap<string, HotField> = new Map(HOT_FIELDS.map((field) => [field.name, field]));

/** Receives each (field, type, array-ness) the encoder meets; decides itself whether it is new. */
export interface FieldTypeSink {
  seen(name: string, type: ObservedType, inArray: boolean, bit: number): void;
}

function arrayElementText(element: string | number | boolean): string {
  return typeof element === 'string' ? element : String(element);
}

/** JSONEachRow line (no trailing newline) for one document. */
export function encodeLogRow(doc: LogDocument, retentionDays: number, sink: FieldTypeSink): string {
  let hot = '';
  let str = '';
  let num = '';
  let bool = '';
  let arr = '';
  const fields = doc.fields;
  for (const name in fields) {
    const value: FieldValue | undefined = fields[name];
    if (value === null || value === undefined) continue;
    const key = JSON.stringify(name);
    if (Array.isArray(value)) {
      let elements = '';
      let type: ObservedType | undefined;
      for (const element of value as readonly (string | number | boolean | null)[]) {
        if (element === null) continue;
        type ??= typeOfPrimitive(element);
        elements += (elements === '' ? '' : ',') + JSON.stringify(arrayElementText(element));
      }
      if (type === undefined) continue;
      sink.seen(name, type, true, observationBit(type, true));
      arr += `${arr === '' ? '' : ','}${key}:[${elements}]`;
      continue;
    }
    const scalar = value as string | number | boolean;
    const type = typeOfPrimitive(scalar);
    sink.seen(name, type, false, observationBit(type, false));
    const hotField = HOT_BY_NAME.get(name);
    if (typeof scalar === 'string') {
      const text = JSON.stringify(scalar);
      if (hotField?.kind === 'string') hot += `,"${hotField.column}":${text}`;
      else str += `${str === '' ? '' : ','}${key}:${text}`;
    } else if (typeof scalar === 'number') {
      if (hotField?.kind === 'number') hot += `,"${hotField.column}":${scalar}`;
      else num += `${num === '' ? '' : ','}${key}:${scalar}`;
    } else {
      bool += `${bool === '' ? '' : ','}${key}:${scalar}`;
    }
  }
  const source = doc.source ?? buildSource(doc);
  return (
    `{"account":${doc.accountId},"ts":${Math.trunc(doc.timestampMs)},"id":${JSON.stringify(doc.id)}` +
    `,"received_at":${Math.trunc(doc.receivedAtMs)},"type":${JSON.stringify(doc.type)}` +
    `,"message":${JSON.stringify(doc.message ?? '')},"size_bytes":${Math.max(0, Math.trunc(doc.sizeBytes))}` +
    `,"retention_days":${retentionDays}${hot}` +
    `,"${MAP_COLUMNS.string}":{${str}},"${MAP_COLUMNS.number}":{${num}},"${MAP_COLUMNS.boolean}":{${bool}},"${MAP_COLUMNS.array}":{${arr}}` +
    `,"source":${JSON.stringify(source)}}`
  );
}

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
