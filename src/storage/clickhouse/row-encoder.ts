/**
 * LogDocument → one JSONEachRow line of the `logs` table, built as text: the engine parses it, and
 * string building is several times faster than objects + JSON.stringify per row. The placement rules
 * are those of field-sql.ts / docs/log-schema.md.
 */
import { isIndexExactText } from '../../query/index.js';
import { buildSource } from '../build-source.js';
import type { FieldValue, LogDocument } from '../log-store.js';
import { NONPLAIN_BIT, observationBit, typeOfPrimitive, type ObservedType } from './field-types.js';
import { fieldPairs, mayHoldPair } from './field-pairs.js';
import {
  FIELD_PAIRS_COLUMN,
  FIELDS_PLAIN_COLUMN,
  HOT_FIELDS,
  MAP_COLUMNS,
  MESSAGE_PLAIN_COLUMN,
  type HotField,
} from './log-table-schema.js';

/** Per field name: its quoted JSON key and, for hot fields, the column it goes to. Names repeat endlessly. */
interface FieldSlot {
  readonly key: string;
  readonly hotString: string | undefined;
  readonly hotNumber: string | undefined;
  /** Its string values go to the value catalog (HotField.fewValues). */
  readonly fewValues: boolean;
}

const HOT_BY_NAME: ReadonlyMap<string, HotField> = new Map(HOT_FIELDS.map((field) => [field.name, field]));
const MAX_CACHED_SLOTS = 50_000;
const slots = new Map<string, FieldSlot>();

function slotOf(name: string): FieldSlot {
  let slot = slots.get(name);
  if (slot === undefined) {
    const hot = HOT_BY_NAME.get(name);
    slot = {
      key: JSON.stringify(name),
      hotString: hot?.kind === 'string' ? `,"${hot.column}":` : undefined,
      hotNumber: hot?.kind === 'number' ? `,"${hot.column}":` : undefined,
      fewValues: hot?.fewValues === true,
    };
    // Bounded: an account sending endless distinct names must not grow this without limit.
    if (slots.size < MAX_CACHED_SLOTS) slots.set(name, slot);
  }
  return slot;
}

/** The catalog name under which a message that is not plain text is recorded (fields never hold `message`). */
export const MESSAGE_CATALOG_NAME = 'message';

/** Receives each (field, type, array-ness) the encoder meets; decides itself whether it is new. */
export interface FieldTypeSink {
  seen(name: string, type: ObservedType, inArray: boolean, bit: number): void;
  /** A string value of a column of few values (FEW_VALUES_FIELDS), for the value catalog. */
  valueSeen(name: string, value: string): void;
}

/**
 * What can only be in a string value that is not plain text: a non-ASCII character (a lone surrogate is one too) or
 * `,`/`;` between digits. A value over 254 characters is checked on its own (a long token run). Tested on each raw
 * value as the encoder meets it: one test over the encoded JSON of all of them had to flatten the concatenated string
 * first and was a fifth of encoding's CPU (decision 0198).
 */
const MAYBE_NOT_PLAIN = /[\u0080-\uffff]|\d[,;]\d/;
const LONGEST_PLAIN_WITHOUT_CHECK = 254;
/** True when a string value may not be plain text (MAYBE_NOT_PLAIN, or too long to tell): it is then checked exactly. */
function mayNotBePlain(value: string): boolean {
  return value.length > LONGEST_PLAIN_WITHOUT_CHECK || MAYBE_NOT_PLAIN.test(value);
}

/**
 * Records a field holding a value that is not plain (a string, isIndexExactText; a number, isPlainNumber); false,
 * what the row's flag becomes. A function of the module, not a closure made on every call: tsx, which runs the
 * service, wraps each closure it creates in a naming helper that defines a property on it, 8 % of encoding's CPU.
 */
function recordNonPlainField(name: string, sink: FieldTypeSink): false {
  sink.seen(name, 'nonplain', false, NONPLAIN_BIT);
  return false;
}

/** Records each string value that is not plain text (the slow path of encodeLogRow, rarely taken); true when all are. */
function recordNonPlain(fields: LogDocument['fields'], sink: FieldTypeSink): boolean {
  let plain = true;
  for (const name in fields) {
    const value = fields[name];
    if (typeof value === 'string') {
      if (!isIndexExactText(value)) plain = recordNonPlainField(name, sink);
    } else if (Array.isArray(value)) {
      for (const element of value) if (typeof element === 'string' && !isIndexExactText(element)) plain = recordNonPlainField(name, sink);
    }
  }
  return plain;
}

/**
 * True when the engine prints the number as one token that is the number itself (`500`, `12.5`): the all-fields
 * index then holds it as a field-less query for that value expects. A negative number prints as `-3`, whose token is
 * `3`, which would find `3` where Elasticsearch compares values; exponents split likewise. Such rows get the exact
 * check (fields_plain = 0); the bounds are the engine's and JavaScript's switches to exponents, with room to spare.
 */
export function isPlainNumber(value: number): boolean {
  return value >= 0 && !Object.is(value, -0) && value < 1e15 && (value === 0 || value >= 1e-4);
}

function arrayElementText(element: string | number | boolean): string {
  return typeof element === 'string' ? element : String(element);
}

/**
 * JSONEachRow line (no trailing newline) for one document. `source` is written only when ingest gave
 * one or the columns cannot rebuild it exactly; otherwise `_source` is rebuilt on read
 * (source-of-row.ts), which takes a third off the disk (docs/decisions/0121).
 */
export function encodeLogRow(doc: LogDocument, retentionDays: number, sink: FieldTypeSink): string {
  let hot = '';
  let str = '';
  let num = '';
  let bool = '';
  let arr = '';
  // Arrays are stored as text: one holding numbers or booleans needs its `_source` kept to stay exact.
  let keepSource = false;
  // Some string value may not be plain (mayNotBePlain): then each is checked.
  let suspect = false;
  let plainNumbers = true;
  // The string values that may hold a pair of words (field-pairs.ts): few logs have any.
  let paired: string[] | undefined;
  const fields = doc.fields;
  for (const name in fields) {
    const value: FieldValue | undefined = fields[name];
    if (value === null || value === undefined) continue;
    const slot = slotOf(name);
    if (typeof value === 'string') {
      const type = typeOfPrimitive(value);
      sink.seen(name, type, false, observationBit(type, false));
      if (!suspect && mayNotBePlain(value)) suspect = true;
      // The columns of few values are answered from their listed values, phrases too (decision 0196).
      if (slot.fewValues) sink.valueSeen(name, value);
      else if (mayHoldPair(value)) (paired ??= []).push(value);
      if (slot.hotString !== undefined) hot += slot.hotString + JSON.stringify(value);
      else str += (str === '' ? '' : ',') + slot.key + ':' + JSON.stringify(value);
    } else if (typeof value === 'number') {
      const type: ObservedType = Number.isInteger(value) ? 'long' : 'double';
      sink.seen(name, type, false, observationBit(type, false));
      if (!isPlainNumber(value)) plainNumbers = recordNonPlainField(name, sink);
      if (slot.hotNumber !== undefined) hot += slot.hotNumber + value;
      else num += (num === '' ? '' : ',') + slot.key + ':' + value;
    } else if (typeof value === 'boolean') {
      sink.seen(name, 'boolean', false, observationBit('boolean', false));
      bool += (bool === '' ? '' : ',') + slot.key + ':' + value;
    } else {
      let elements = '';
      let type: ObservedType | undefined;
      for (const element of value) {
        if (element === null) continue;
        type ??= typeOfPrimitive(element);
        if (typeof element !== 'string') keepSource = true;
        else {
          if (!suspect && mayNotBePlain(element)) suspect = true;
          if (mayHoldPair(element)) (paired ??= []).push(element);
        }
        if (typeof element === 'number' && !isPlainNumber(element)) plainNumbers = recordNonPlainField(name, sink);
        elements += (elements === '' ? '' : ',') + JSON.stringify(arrayElementText(element));
      }
      if (type === undefined) continue;
      sink.seen(name, type, true, observationBit(type, true));
      arr += (arr === '' ? '' : ',') + slot.key + ':[' + elements + ']';
    }
  }
  // Almost every log is plain text throughout: the exact check runs only when some value may not be.
  const plainStrings = !suspect || recordNonPlain(fields, sink);
  const plainFields = plainStrings && plainNumbers;
  const source = doc.source ?? (keepSource ? buildSource(doc) : undefined);
  const plainMessage = isIndexExactText(doc.message ?? '');
  // Written for every row, [] included: a row without the key would make the engine compute the column's DEFAULT.
  const pairs = plainFields && paired !== undefined ? fieldPairs(paired, plainMessage ? (doc.message ?? '') : null) : [];
  if (!plainMessage) sink.seen(MESSAGE_CATALOG_NAME, 'nonplain', false, NONPLAIN_BIT);
  return (
    `{"account":${doc.accountId},"ts":${Math.trunc(doc.timestampMs)},"id":${JSON.stringify(doc.id)}` +
    `,"received_at":${Math.trunc(doc.receivedAtMs)},"type":${JSON.stringify(doc.type)}` +
    `,"message":${JSON.stringify(doc.message ?? '')},"${MESSAGE_PLAIN_COLUMN}":${plainMessage ? 1 : 0},"${FIELDS_PLAIN_COLUMN}":${plainFields ? 1 : 0}` +
    `,"${FIELD_PAIRS_COLUMN}":${pairs.length === 0 ? '[]' : JSON.stringify(pairs)},"size_bytes":${Math.max(0, Math.trunc(doc.sizeBytes))}` +
    `,"retention_days":${retentionDays}${hot}` +
    // Empty maps are left out (the column default is an empty map): the engine then parses ~12% faster.
    (str === '' ? '' : `,"${MAP_COLUMNS.string}":{${str}}`) +
    (num === '' ? '' : `,"${MAP_COLUMNS.number}":{${num}}`) +
    (bool === '' ? '' : `,"${MAP_COLUMNS.boolean}":{${bool}}`) +
    (arr === '' ? '' : `,"${MAP_COLUMNS.array}":{${arr}}`) +
    (source === undefined ? '}' : `,"source":${JSON.stringify(source)}}`)
  );
}

export { buildSource };
