import { createLogIdGenerator } from '../../storage/log-ids.js';
import type { FieldValue, LogDocument } from '../../storage/log-store.js';
import { flattenFieldsExcept } from './flatten-fields.js';
import { parseTimestamp, TIMESTAMP_FIELDS } from './parse-timestamp.js';

/** A decoded log before normalisation: its fields as sent, and what the transport already knows. */
export interface RawLog {
  readonly fields: Readonly<Record<string, unknown>>;
  /** Bytes of the log as received (uncompressed); feeds usage, the daily cap and `LogSize`. */
  readonly sizeBytes: number;
  /** Time the transport itself carries (the syslog header), preferred over the fields. */
  readonly timestampMs?: number;
}

export interface NormaliseContext {
  readonly accountId: number;
  readonly docSizeSetting: boolean;
  /** The listener's `type` (query parameter, Elasticsearch index, syslog `[type=…]`); a log's own `type` wins. */
  readonly defaultType: string | undefined;
  /** An Elasticsearch index: wins over the log's own `type`, which is kept as a field. */
  readonly indexType?: string | undefined;
  readonly receivedAtMs: number;
}

export const DEFAULT_LOG_TYPE = 'http-bulk';
// Time-led ids compress in the store where random UUIDs cost ~0.05 of the raw bytes (decision 0123).
const nextLogId = createLogIdGenerator();
const MAX_TYPE_LENGTH = 100;
const OTHER_TIMESTAMP_FIELDS = TIMESTAMP_FIELDS.filter((name) => name !== '@timestamp');
const CORE_KEYS: ReadonlySet<string> = new Set(['@timestamp', 'message', 'type']);

/** The first readable time among the timestamp fields after `@timestamp` (read by the caller). */
function otherTimestamp(fields: Readonly<Record<string, unknown>>, receivedAtMs: number): number | undefined {
  for (const name of OTHER_TIMESTAMP_FIELDS) {
    const value = fields[name];
    if (value === undefined) continue;
    const parsed = parseTimestamp(value, receivedAtMs);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function ownType(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_TYPE_LENGTH);
}

function restOf(all: Readonly<Record<string, unknown>>, extras: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const { '@timestamp': _timestamp, message: _message, type: _type, ...rest } = all;
  const source: Record<string, unknown> = rest;
  for (const [key, value] of extras) source[key] = value;
  return source;
}

function sourceText(
  rest: Record<string, unknown>,
  timestampMs: number,
  type: string,
  message: string | undefined,
  logSize: number | undefined,
): string {
  // A document written to an Elasticsearch index keeps its own `type` field (decision 0184).
  const document: Record<string, unknown> = { '@timestamp': new Date(timestampMs).toISOString(), type, ...rest };
  if (message !== undefined) document.message = message;
  if (logSize !== undefined) document.LogSize = logSize;
  try {
    return JSON.stringify(document);
  } catch {
    return JSON.stringify({ '@timestamp': document['@timestamp'], type, message });
  }
}

/** One decoded log → the stored document (`@timestamp`, message, type, account, flattened fields, `_id`). */
export function normaliseLog(raw: RawLog, context: NormaliseContext): LogDocument {
  const all = raw.fields;
  const atTimestamp = all['@timestamp'];
  const message = all.message;
  const type = all.type;
  const atMs = atTimestamp === undefined ? undefined : parseTimestamp(atTimestamp, context.receivedAtMs);
  const timestampMs = raw.timestampMs ?? atMs ?? otherTimestamp(all, context.receivedAtMs) ?? context.receivedAtMs;

  // What is left of the log besides `@timestamp`, message and type, plus these under other names.
  const extras: (readonly [string, unknown])[] = [];
  // An `@timestamp` we could not read is kept under another name, so the sender can still see it.
  if (atTimestamp !== undefined && atMs === undefined) extras.push(['@timestamp_raw', atTimestamp]);
  let text: string | undefined;
  // syslog-ng's elasticsearch-http() default template sends only `MESSAGE`: it is the message then.
  if (message === undefined && typeof all.MESSAGE === 'string') text = all.MESSAGE;
  else if (typeof message === 'string') text = message;
  else if (typeof message === 'number' || typeof message === 'boolean') text = String(message);
  else if (message !== undefined && message !== null) extras.push(['message', message]);
  const logType = ownType(type);
  if (context.indexType !== undefined) {
    if (type !== undefined) extras.push(['type', type]);
  } else if (type !== undefined && logType === undefined) extras.push(['type_raw', type]);

  const flattened = flattenFieldsExcept(all, CORE_KEYS, extras);
  const fields: Record<string, FieldValue> = flattened.fields;
  if (context.docSizeSetting) fields.LogSize = raw.sizeBytes;
  const finalType = context.indexType ?? logType ?? context.defaultType ?? DEFAULT_LOG_TYPE;
  return {
    id: nextLogId(context.receivedAtMs),
    accountId: context.accountId,
    timestampMs,
    receivedAtMs: context.receivedAtMs,
    type: finalType,
    message: text,
    fields,
    sizeBytes: raw.sizeBytes,
    // Only when the store could not rebuild `_source` from the dotted fields: it doubles the disk.
    ...(flattened.lossy
      ? { source: sourceText(restOf(all, extras), timestampMs, finalType, text, context.docSizeSetting ? raw.sizeBytes : undefined) }
      : {}),
  };
}
