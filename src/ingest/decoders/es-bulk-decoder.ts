import { ingestErrors } from '../ingest-errors.js';
import type { RawLog } from '../normalise/normalise-log.js';
import { MAX_LINE_BYTES } from './ndjson-decoder.js';
import { isBlank, splitLines } from './split-lines.js';

export type BulkAction = 'index' | 'create' | 'update' | 'delete';

/** An Elasticsearch item error, as `items[].<action>.error` shows it. */
export interface BulkItemError {
  readonly type: string;
  readonly reason: string;
  readonly status: number;
}

export interface BulkItem {
  readonly action: BulkAction;
  readonly index: string;
  /** The document to store; absent when `error` is set. */
  readonly log?: RawLog;
  readonly error?: BulkItemError;
}

const ACTIONS: readonly BulkAction[] = ['index', 'create', 'update', 'delete'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A broken action line makes Elasticsearch refuse the whole request; so do we (400, JSON error). */
function parseAction(text: string, lineNumber: number): { action: BulkAction; meta: Record<string, unknown> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ingestErrors.malformedBulkAction(lineNumber, 'a JSON object');
  }
  const keys = isRecord(parsed) ? Object.keys(parsed) : [];
  const action = ACTIONS.find((name) => name === keys[0]);
  if (!isRecord(parsed) || keys.length !== 1 || action === undefined) {
    throw ingestErrors.malformedBulkAction(lineNumber, 'one of [create, delete, index, update]');
  }
  const meta = parsed[action];
  return { action, meta: isRecord(meta) ? meta : {} };
}

/**
 * Decodes an Elasticsearch `_bulk` body. `index` and `create` store the document (`_type` and a client
 * `_id` are tolerated; Logward always generates its own id); `update` and `delete` are answered per item
 * with an error, since logs are immutable.
 */
export function decodeEsBulk(body: Buffer, pathIndex: string | undefined): BulkItem[] {
  const items: BulkItem[] = [];
  const lines = splitLines(body);
  let lineNumber = 0;
  for (let next = lines.next(); !next.done; next = lines.next()) {
    lineNumber += 1;
    const actionText = next.value.toString('utf8');
    if (isBlank(actionText)) continue;
    const { action, meta } = parseAction(actionText, lineNumber);
    const metaIndex = typeof meta._index === 'string' && meta._index !== '' ? meta._index : undefined;
    const index = metaIndex ?? pathIndex;
    if (action === 'delete') {
      items.push({
        action,
        index: index ?? '',
        error: { type: 'illegal_argument_exception', reason: 'delete is not supported: logs are immutable', status: 400 },
      });
      continue;
    }
    const source = lines.next();
    lineNumber += 1;
    if (source.done === true) throw ingestErrors.unterminatedBulk(lineNumber);
    if (action === 'update') {
      items.push({
        action,
        index: index ?? '',
        error: { type: 'illegal_argument_exception', reason: 'update is not supported: logs are immutable', status: 400 },
      });
      continue;
    }
    if (index === undefined) {
      items.push({
        action,
        index: '',
        error: { type: 'action_request_validation_exception', reason: 'Validation Failed: 1: index is missing;', status: 400 },
      });
      continue;
    }
    if (source.value.length > MAX_LINE_BYTES) {
      items.push({
        action,
        index,
        error: { type: 'document_parsing_exception', reason: `document is larger than ${MAX_LINE_BYTES} bytes`, status: 400 },
      });
      continue;
    }
    let document: unknown;
    try {
      document = JSON.parse(source.value.toString('utf8'));
    } catch {
      document = undefined;
    }
    if (!isRecord(document)) {
      items.push({
        action,
        index,
        error: {
          type: 'document_parsing_exception',
          reason: `[${lineNumber}:1] failed to parse: the document is not a JSON object`,
          status: 400,
        },
      });
      continue;
    }
    items.push({ action, index, log: { fields: document, sizeBytes: source.value.length } });
  }
  return items;
}
