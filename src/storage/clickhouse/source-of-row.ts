/**
 * `_source` of a stored log: the `source` column when ingest kept one, else rebuilt from the columns
 * (core columns, hot fields, the kind maps) with dotted names nested again. Search selects
 * SOURCE_SELECT_SQL for its hits and passes each row here.
 */
import type { FieldValue, LogDocument } from '../log-store.js';
import { HOT_FIELDS, MAP_COLUMNS } from './log-table-schema.js';
import { buildSource } from './row-encoder.js';

export const SOURCE_SELECT_SQL = [
  'toUnixTimestamp64Milli(ts) AS _ts_ms',
  'type',
  'message',
  'source',
  ...HOT_FIELDS.map((field) => field.column),
  MAP_COLUMNS.string,
  MAP_COLUMNS.number,
  MAP_COLUMNS.boolean,
  MAP_COLUMNS.array,
].join(', ');

/** A row selected with SOURCE_SELECT_SQL (JSON output, 64-bit integers unquoted). */
export interface StoredSourceRow {
  readonly _ts_ms: number;
  readonly type: string;
  readonly message: string;
  readonly source: string;
  readonly str: Readonly<Record<string, string | null>>;
  readonly num: Readonly<Record<string, number | null>>;
  readonly bool: Readonly<Record<string, boolean | null>>;
  readonly arr: Readonly<Record<string, readonly string[]>>;
  readonly [hotColumn: string]: unknown;
}

export function sourceOfRow(row: StoredSourceRow): string {
  if (row.source !== '') return row.source;
  const fields: Record<string, FieldValue> = {};
  for (const field of HOT_FIELDS) {
    const value = row[field.column];
    if (value !== null && value !== undefined) fields[field.name] = value as FieldValue;
  }
  for (const map of [row.str, row.num, row.bool]) {
    for (const [name, value] of Object.entries(map)) if (value !== null) fields[name] = value;
  }
  // Array elements were stored as text; numbers and booleans come back as text too.
  for (const [name, elements] of Object.entries(row.arr)) fields[name] = elements;
  const doc: LogDocument = {
    id: '',
    accountId: 0,
    timestampMs: row._ts_ms,
    receivedAtMs: row._ts_ms,
    type: row.type,
    message: row.message === '' ? undefined : row.message,
    fields,
    sizeBytes: 0,
  };
  return buildSource(doc);
}
