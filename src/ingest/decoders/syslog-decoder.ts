import { parseTimestamp } from '../normalise/parse-timestamp.js';
import type { RawLog } from '../normalise/normalise-log.js';

/** A decoded syslog line or JSON datagram, with the credentials it carries. */
export interface SyslogEntry {
  readonly token: string | undefined;
  /** `[type=…]` or a `type` structured-data parameter, else `syslog`; undefined for JSON (its own `type` applies). */
  readonly type: string | undefined;
  readonly log: RawLog;
}

const SEVERITIES = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'];
const FACILITIES = [
  'kern',
  'user',
  'mail',
  'daemon',
  'auth',
  'syslog',
  'lpr',
  'news',
  'uucp',
  'cron',
  'authpriv',
  'ftp',
  'ntp',
  'security',
  'console',
  'solaris-cron',
  'local0',
  'local1',
  'local2',
  'local3',
  'local4',
  'local5',
  'local6',
  'local7',
];

const SYSLOG_TYPE = 'syslog';
const TOKEN_PREFIX = /^\[([^\]\s=]{1,256})\]\s*/;
const PRI = /^<(\d{1,3})>/;
const RFC3164_DATE = /^([A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)\s+/;
const TAG = /^([^\s:[\]]{1,64})(?:\[([^\]]{1,32})\])?:\s?/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nil = (value: string | undefined): string | undefined => (value === undefined || value === '-' || value === '' ? undefined : value);
const pidValue = (pid: string): string | number => (/^\d{1,10}$/.test(pid) ? Number(pid) : pid);

/** Reads `[id k="v" …][…]` (and Logz.io's `[type=syslog]`); returns the params and the rest of the line. */
function parseStructuredData(text: string): { params: Map<string, Map<string, string>>; rest: string } | undefined {
  const params = new Map<string, Map<string, string>>();
  let at = 0;
  while (text[at] === '[') {
    const close = findElementEnd(text, at);
    if (close === -1) return undefined;
    const body = text.slice(at + 1, close);
    const space = body.indexOf(' ');
    const id = space === -1 ? body : body.slice(0, space);
    const element = new Map<string, string>();
    const equals = id.indexOf('=');
    if (equals > 0) element.set(id.slice(0, equals), id.slice(equals + 1).replace(/^"|"$/g, ''));
    const paramPattern = /([^\s=]+)="((?:[^"\\]|\\.)*)"/g;
    for (const match of (space === -1 ? '' : body.slice(space + 1)).matchAll(paramPattern)) {
      element.set(match[1] ?? '', (match[2] ?? '').replace(/\\(["\\\]])/g, '$1'));
    }
    params.set(equals > 0 ? '' : id, element);
    at = close + 1;
  }
  return { params, rest: text.slice(at) };
}

function findElementEnd(text: string, open: number): number {
  let quoted = false;
  for (let i = open + 1; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') i += 1;
    else if (char === '"') quoted = !quoted;
    else if (char === ']' && !quoted) return i;
  }
  return -1;
}

function priorityFields(pri: number): Record<string, unknown> {
  return { severity: SEVERITIES[pri % 8], facility: FACILITIES[Math.floor(pri / 8)] ?? String(Math.floor(pri / 8)) };
}

/** RFC 5424 and Logz.io's variant: `<pri>ver ts host app procid msgid SD msg`. */
function parse5424(
  text: string,
  base: Record<string, unknown>,
  receivedAtMs: number,
): { fields: Record<string, unknown>; ts: number | undefined; sd: Map<string, Map<string, string>> } {
  const parts = text.split(' ');
  const [, ts, host, app, procid, msgid] = parts;
  const afterHeader = parts.slice(6).join(' ');
  const sd = afterHeader.startsWith('[') ? parseStructuredData(afterHeader) : undefined;
  const rest = sd?.rest ?? (afterHeader.startsWith('- ') || afterHeader === '-' ? afterHeader.slice(1) : afterHeader);
  const fields: Record<string, unknown> = { ...base };
  if (nil(host) !== undefined) fields.host = host;
  if (nil(app) !== undefined) fields.program = app;
  if (nil(procid) !== undefined) fields.pid = pidValue(procid ?? '');
  if (nil(msgid) !== undefined) fields.msgid = msgid;
  for (const [id, element] of sd?.params ?? []) {
    for (const [name, value] of element) if (name !== 'token' && name !== 'type' && id !== '') fields[`sd.${id}.${name}`] = value;
  }
  fields.message = rest.replace(/^\uFEFF/, '').trim();
  return { fields, ts: nil(ts) === undefined ? undefined : parseTimestamp(ts, receivedAtMs), sd: sd?.params ?? new Map() };
}

/** RFC 3164: `<pri>Mmm dd hh:mm:ss host tag[pid]: msg` (also with an RFC 3339 date, as rsyslog forwards). */
function parse3164(
  text: string,
  base: Record<string, unknown>,
  receivedAtMs: number,
): { fields: Record<string, unknown>; ts: number | undefined } {
  let rest = text;
  let ts: number | undefined;
  const classic = RFC3164_DATE.exec(rest);
  if (classic !== null) {
    ts = parseTimestamp(classic[1], receivedAtMs);
    rest = rest.slice(classic[0].length);
  } else {
    const firstWord = rest.split(' ', 1)[0] ?? '';
    const iso = parseTimestamp(firstWord, receivedAtMs);
    if (iso !== undefined && firstWord.includes('T')) {
      ts = iso;
      rest = rest.slice(firstWord.length).trimStart();
    }
  }
  const fields: Record<string, unknown> = { ...base };
  // A host comes before the tag, unless the sender left it out (the first word is then `tag:`).
  const host = /^(\S+)\s+/.exec(rest);
  if (ts !== undefined && host !== null && !TAG.test(rest)) {
    fields.host = host[1];
    rest = rest.slice(host[0].length);
  }
  const tag = TAG.exec(rest);
  if (tag !== null) {
    fields.program = tag[1];
    if (tag[2] !== undefined) fields.pid = pidValue(tag[2]);
    rest = rest.slice(tag[0].length);
  }
  fields.message = rest.trim();
  return { fields, ts };
}

function decodeJsonDatagram(text: string): SyslogEntry | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { token, ...fields } = parsed;
  return { token: typeof token === 'string' ? token : undefined, type: undefined, log: { fields, sizeBytes: Buffer.byteLength(text) } };
}

/**
 * Decodes one syslog message (Logz.io's `[TOKEN] <pri>…` format, RFC 5424, RFC 3164) or a JSON datagram
 * with a `token` field (logzio-nodejs over UDP). Returns undefined for an empty line.
 */
export function decodeSyslog(line: string, receivedAtMs: number): SyslogEntry | undefined {
  let text = line.replace(/[\r\n\0]+$/, '');
  if (text.trim() === '') return undefined;
  const sizeBytes = Buffer.byteLength(text);
  if (text.trimStart().startsWith('{')) {
    const json = decodeJsonDatagram(text.trim());
    if (json !== undefined) return json;
  }
  let token: string | undefined;
  const prefix = TOKEN_PREFIX.exec(text);
  if (prefix !== null && PRI.test(text.slice(prefix[0].length))) {
    token = prefix[1];
    text = text.slice(prefix[0].length);
  }
  const pri = PRI.exec(text);
  if (pri === null) return { token, type: SYSLOG_TYPE, log: { fields: { message: text.trim() }, sizeBytes } };
  const priority = Number(pri[1]);
  const base = priority <= 191 ? priorityFields(priority) : {};
  const body = text.slice(pri[0].length);
  if (/^\d{1,2} /.test(body)) {
    const parsed = parse5424(body, base, receivedAtMs);
    let type: string | undefined;
    for (const element of parsed.sd.values()) {
      token ??= element.get('token');
      type ??= element.get('type');
    }
    return {
      token,
      type: type ?? SYSLOG_TYPE,
      log: { fields: parsed.fields, sizeBytes, ...(parsed.ts === undefined ? {} : { timestampMs: parsed.ts }) },
    };
  }
  const parsed = parse3164(body, base, receivedAtMs);
  return {
    token,
    type: SYSLOG_TYPE,
    log: { fields: parsed.fields, sizeBytes, ...(parsed.ts === undefined ? {} : { timestampMs: parsed.ts }) },
  };
}
