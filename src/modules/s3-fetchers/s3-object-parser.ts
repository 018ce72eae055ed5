import { gunzipSync } from 'node:zlib';

/** One log parsed from an object: its fields and the bytes it took in the (decompressed) object. */
export interface ParsedLog {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly sizeBytes: number;
}

/** Why an object cannot be read; the object is skipped and the reason reported on the fetcher. */
export class UnreadableObject extends Error {}

const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A CloudTrail record's `eventTime` is when it happened: it becomes the log's time unless the record has its own. */
function withEventTime(record: Record<string, unknown>): Record<string, unknown> {
  if (typeof record['eventTime'] !== 'string' || '@timestamp' in record) return record;
  return { '@timestamp': record['eventTime'], ...record };
}

/** Decompresses a gzip object (by its magic bytes, whatever its name says), refusing one past `maxBytes`. */
export function decompress(bytes: Uint8Array, maxBytes: number): Buffer {
  if (!isGzip(bytes)) {
    if (bytes.byteLength > maxBytes) throw new UnreadableObject(`object is over ${maxBytes} bytes`);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new UnreadableObject(`object decompresses to over ${maxBytes} bytes`);
    throw new UnreadableObject(`object is not valid gzip (${code ?? 'corrupt'})`);
  }
}

/**
 * The logs of an object's text: a CloudTrail-style document (`{"Records":[…]}`) gives one log per record; otherwise
 * each non-empty line is a log, its fields when it is a JSON object, else the line as `message` (ELB, VPC flow,
 * S3 access and CloudFront logs are such lines).
 */
export function parseLogs(text: string): ParsedLog[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') && trimmed.includes('"Records"')) {
    try {
      const document: unknown = JSON.parse(trimmed);
      if (isRecord(document) && Array.isArray(document['Records'])) {
        return document['Records']
          .filter(isRecord)
          .map((record) => ({ fields: withEventTime(record), sizeBytes: Buffer.byteLength(JSON.stringify(record)) }));
      }
    } catch {
      // Not one document: JSON lines that happen to mention Records.
    }
  }
  const logs: ParsedLog[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') continue;
    const sizeBytes = Buffer.byteLength(line);
    if (line.trimStart().startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(line);
        if (isRecord(parsed)) {
          logs.push({ fields: parsed, sizeBytes });
          continue;
        }
      } catch {
        // A line that only looks like JSON is kept as text.
      }
    }
    logs.push({ fields: { message: line }, sizeBytes });
  }
  return logs;
}

/** Decompresses and parses one object. Throws UnreadableObject for an object no retry can read. */
export function parseObject(bytes: Uint8Array, maxBytes: number): ParsedLog[] {
  const data = decompress(bytes, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new UnreadableObject('object is neither gzip nor UTF-8 text');
  }
  return parseLogs(text);
}
