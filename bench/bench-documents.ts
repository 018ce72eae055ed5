/**
 * NDJSON lines → LogDocuments for the raw-store part of the benchmark, the way ingest normalises them
 * (timestamp, type, message, nested objects flattened to dotted names). The end-to-end part goes
 * through the real listener instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLogIdGenerator } from '../src/storage/log-ids.js';
import type { FieldValue, LogDocument } from '../src/storage/log-store.js';

const nextId = createLogIdGenerator();

function flattenInto(target: Record<string, FieldValue>, prefix: string, object: Record<string, unknown>, skipCore: boolean): void {
  for (const key in object) {
    if (skipCore && (key === '@timestamp' || key === 'type' || key === 'message')) continue;
    const value = object[key];
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (value === null || typeof value !== 'object') target[name] = value as FieldValue;
    else if (Array.isArray(value)) target[name] = value.filter((element) => element === null || typeof element !== 'object') as FieldValue;
    else flattenInto(target, name, value as Record<string, unknown>, false);
  }
}

export function documentOf(line: string, accountId: number, receivedAtMs: number): LogDocument {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  const timestamp = parsed['@timestamp'];
  const fields: Record<string, FieldValue> = {};
  flattenInto(fields, '', parsed, true);
  return {
    id: nextId(receivedAtMs),
    accountId,
    timestampMs: typeof timestamp === 'string' ? Date.parse(timestamp) : receivedAtMs,
    receivedAtMs,
    type: typeof parsed.type === 'string' ? parsed.type : 'http-bulk',
    message: typeof parsed.message === 'string' ? parsed.message : undefined,
    fields,
    sizeBytes: line.length,
  };
}

/** One CSV record (RFC 4180 quoting) split into its fields. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields;
}

const LOGHUB_SKIP = new Set(['LineId', 'EventId', 'EventTemplate', 'Content']);

/**
 * Real logs from the shared datasets as NDJSON lines, stamped inside the bench window: Apache access
 * lines as `{message}`, loghub's parsed samples with their header columns as fields.
 */
export function datasetLines(datasetsDir: string, startMs: number): string[] {
  const lines: string[] = [];
  const stamp = () => new Date(startMs + lines.length * 1000).toISOString();
  const apache = path.join(datasetsDir, 'elastic-examples', 'apache_logs');
  if (fs.existsSync(apache)) {
    for (const text of fs.readFileSync(apache, 'utf8').split('\n')) {
      if (text.trim() !== '') lines.push(JSON.stringify({ '@timestamp': stamp(), type: 'apache', message: text }));
    }
  }
  const loghub = path.join(datasetsDir, 'loghub');
  for (const system of fs.existsSync(loghub) ? fs.readdirSync(loghub).sort() : []) {
    const file = path.join(loghub, system, `${system}_2k.log_structured.csv`);
    if (!fs.existsSync(file)) continue;
    const [header = '', ...records] = fs.readFileSync(file, 'utf8').split(/\r?\n/);
    const names = csvFields(header);
    for (const record of records) {
      if (record.trim() === '') continue;
      const values = csvFields(record);
      const doc: Record<string, string> = { '@timestamp': stamp(), type: `loghub-${system.toLowerCase()}` };
      names.forEach((name, i) => {
        if (!LOGHUB_SKIP.has(name) && values[i] !== undefined && values[i] !== '') doc[name.toLowerCase()] = values[i] ?? '';
      });
      doc.message = values[names.indexOf('Content')] ?? '';
      lines.push(JSON.stringify(doc));
    }
  }
  return lines;
}
