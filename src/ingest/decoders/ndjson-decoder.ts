import type { RawLog } from '../normalise/normalise-log.js';
import { isBlank, splitLines } from './split-lines.js';

/** Logz.io's per-line limit. */
export const MAX_LINE_BYTES = 500_000;

/** The counts of Logz.io's 400 answer. */
export interface LineCounts {
  malformedLines: number;
  successfulLines: number;
  oversizedLines: number;
  emptyLogLines: number;
}

export interface DecodedBulk {
  readonly logs: RawLog[];
  readonly counts: LineCounts;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One line → its logs, or undefined when malformed. A line opening with `{` must be a JSON object; a line
 * opening with `[` that parses is an array of logs, otherwise (like `[INFO] started`) plain text; any other
 * line is plain text kept as `{message}`. See docs/decisions/0141-listener-line-rules.md.
 */
function decodeLine(text: string, sizeBytes: number): RawLog | RawLog[] | undefined {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return isRecord(parsed) ? { fields: parsed, sizeBytes } : undefined;
    } catch {
      return undefined;
    }
  }
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return [{ fields: { message: text }, sizeBytes }];
    }
    if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
    const per = Math.max(1, Math.round(sizeBytes / parsed.length));
    return parsed.map((item: unknown) => ({
      fields: isRecord(item) ? item : { message: typeof item === 'string' ? item : JSON.stringify(item) },
      sizeBytes: per,
    }));
  }
  return [{ fields: { message: text }, sizeBytes }];
}

export function emptyLineCounts(): LineCounts {
  return { malformedLines: 0, successfulLines: 0, oversizedLines: 0, emptyLogLines: 0 };
}

/** Decodes a Logz.io HTTP bulk body (NDJSON, with or without a trailing newline). */
export function decodeNdjson(body: Buffer): DecodedBulk {
  const counts = emptyLineCounts();
  return { logs: [...ndjsonLogs(body, counts)], counts };
}

/**
 * The logs of a Logz.io HTTP bulk body one at a time, counting the lines into `counts` as it goes: ingest
 * stores each log before decoding the next, so no request holds all its parsed lines at once (decision 0130).
 */
export function* ndjsonLogs(body: Buffer, counts: LineCounts): Generator<RawLog> {
  for (const line of splitLines(body)) {
    if (line.length > MAX_LINE_BYTES) {
      counts.oversizedLines += 1;
      continue;
    }
    const text = line.toString('utf8');
    if (isBlank(text)) {
      counts.emptyLogLines += 1;
      continue;
    }
    const decoded = decodeLine(text, line.length);
    if (decoded === undefined) {
      counts.malformedLines += 1;
      continue;
    }
    counts.successfulLines += 1;
    // One object per line is the rule; an array line holds several logs.
    if (Array.isArray(decoded)) yield* decoded;
    else yield decoded;
  }
}
