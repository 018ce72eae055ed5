/**
 * One log's own content, before a shipper wraps it: a loghub line re-filled (its template with new values, its
 * header columns as fields, the values a log platform's parsing pulls out of it as fields too), or an access line
 * built from a real request with a new client, path and timing.
 */
import { combinedTime, type AccessRequest } from './access-corpus.js';
import type { LoghubSystem, TemplateLine } from './loghub-corpus.js';
import type { Refiller } from './value-refill.js';

export interface SourceEvent {
  message: string;
  /** The level as the application wrote it (`INFO`, `W`, `notice`…), when it writes one. */
  level: string | undefined;
  /** A failure line (an incident's kind of line). */
  failure: boolean;
  readonly fields: Record<string, unknown>;
}

/** Header columns that become fields, per system, and their field names. */
const HEADER_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  HDFS: { Component: 'logger', Pid: 'pid' },
  OpenSSH: { Pid: 'pid' },
  Linux: { Component: 'program', PID: 'pid' },
  Android: { Pid: 'pid', Tid: 'tid', Component: 'tag' },
  BGL: { Label: 'alert', Node: 'node', Type: 'event_type', Component: 'component' },
  HPC: { Node: 'node', Component: 'component', State: 'state', Flag: 'flag' },
  Thunderbird: { Label: 'alert', User: 'node', Component: 'program', PID: 'pid' },
  Mac: { Component: 'program', PID: 'pid' },
  Windows: { Component: 'component' },
  OpenStack: { Logrecord: 'log_file', Pid: 'pid', Component: 'logger' },
  Hadoop: { Process: 'thread', Component: 'logger' },
  Spark: { Component: 'logger' },
  Zookeeper: { Node: 'thread', Component: 'logger' },
  HealthApp: { Component: 'component', Pid: 'pid' },
  Proxifier: { Program: 'program' },
  Apache: {},
};
const NUMERIC_HEADERS = new Set(['pid', 'tid', 'flag']);
/** Systems whose `Level` column holds something else (Linux: the host name). */
const NO_LEVEL = new Set(['Linux']);

/** Values a log platform's parsing would pull out of a line, found by the template's text before the variable. */
const SLOT_FIELDS: readonly { readonly before: RegExp; readonly field: string; readonly value?: RegExp; readonly number?: true }[] = [
  { before: /blk_$/, field: 'block_id' },
  { before: /\[instance: $/, field: 'instance_id' },
  { before: /(?:\buser|\bfor|logname=|ruser=|user=)\s?$/i, field: 'user', value: /^[A-Za-z_][\w.-]{0,31}$/ },
  { before: /status:? $/, field: 'status', number: true },
  { before: /len:? $/, field: 'bytes', number: true },
  { before: /port $/, field: 'port', number: true },
];
const ADDRESS = /^\/?(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})/;
const STATUS = /status:? $/;

/**
 * A line of `system` re-filled: `line` from its sample (an incident's failure line, or any); `forcedIp` is the
 * incident's client, which every address variable of its lines takes.
 */
export function loghubEvent(system: LoghubSystem, line: TemplateLine, refiller: Refiller, forcedIp: string | undefined): SourceEvent {
  const fields: Record<string, unknown> = {};
  let message = line.unfitted ? refiller.renew(line.parts[0] ?? '') : (line.parts[0] ?? '');
  for (let i = 0; i < line.slots.length; i += 1) {
    const before = line.parts[i] ?? '';
    // A status stays what the server answered; every other variable is renewed.
    let value = STATUS.test(before) ? (line.slots[i] ?? '') : refiller.value(line.slots[i] ?? '', system.name);
    const address = ADDRESS.exec(value);
    if (address !== null) {
      if (forcedIp !== undefined) value = value.replace(address[1] ?? '', forcedIp);
      fields.client_ip ??= forcedIp ?? address[1];
    }
    for (const slot of SLOT_FIELDS) {
      if (fields[slot.field] !== undefined || !slot.before.test(before)) continue;
      if (slot.number === true) {
        if (/^\d+$/.test(value)) fields[slot.field] = Number(value);
      } else if (slot.value === undefined || slot.value.test(value))
        fields[slot.field] = slot.field === 'block_id' ? `blk_${value}` : value;
    }
    message += value + (line.parts[i + 1] ?? '');
  }
  const names = HEADER_FIELDS[system.name] ?? {};
  for (const column in line.header) {
    const field = names[column];
    const value = line.header[column];
    if (field === undefined || value === undefined || value === '-') continue;
    fields[field] = NUMERIC_HEADERS.has(field) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return { message, level: NO_LEVEL.has(system.name) ? undefined : line.header.Level, failure: line.failure, fields };
}

const API_ROUTES: readonly ((r: Refiller, word: string) => string)[] = [
  (r) => `/api/v1/orders/${r.digits(7)}`,
  (r) => `/api/v1/orders/${r.digits(7)}/items`,
  (r) => `/api/v2/users/${r.digits(6)}`,
  (r) => `/api/v2/users/${r.digits(6)}/sessions`,
  (r, word) => `/api/v1/search?q=${word}&page=${1 + r.int(5)}`,
  (r) => `/api/v1/cart/${r.hex(24, 'cart')}`,
  (r) => `/api/v1/products/SKU-${r.digits(6)}`,
  (r) => `/api/v1/payments/${r.hex(8, 'payment')}-${r.hex(4, 'payment')}/capture`,
  () => '/healthz',
  () => '/metrics',
];
const API_STATUSES: readonly (readonly [number, number])[] = [
  [200, 0.8],
  [201, 0.05],
  [204, 0.03],
  [400, 0.03],
  [401, 0.02],
  [404, 0.03],
  [429, 0.01],
  [500, 0.015],
  [502, 0.01],
  [503, 0.005],
];
const INCIDENT_STATUSES = [502, 503, 504, 500];
const BROWSER_VERSION = /\b(?:Chrome|Firefox|Version|Safari|Edge?|OPR|MSIE|bot|curl|Wget)\/([\d.]+)/;

function weighted<T>(items: readonly (readonly [T, number])[], random: number): T {
  let r = random;
  for (const [item, weight] of items) if ((r -= weight) < 0) return item;
  return (items[items.length - 1] as readonly [T, number])[0];
}

export interface AccessContext {
  readonly service: string;
  /** The ingress controller's format (Kubernetes services) rather than Apache's combined one. */
  readonly ingress: boolean;
  readonly ms: number;
  readonly random: () => number;
  readonly incident: { readonly ip: string; readonly path: string } | undefined;
  readonly traceId: string | undefined;
  readonly upstream: string;
}

/** An access log: a real request's path, agent and referrer, with a new client, size and timing. */
export function accessEvent(
  requests: readonly AccessRequest[],
  words: readonly string[],
  refiller: Refiller,
  context: AccessContext,
): SourceEvent {
  const { random, incident } = context;
  const request = requests[refiller.int(requests.length)] as AccessRequest;
  const api = context.service === 'api-gateway';
  const word = words[refiller.int(words.length)] ?? 'logs';
  let path = api ? (API_ROUTES[refiller.int(API_ROUTES.length)] as (r: Refiller, w: string) => string)(refiller, word) : request.path;
  if (!api && random() < 0.3) path += `${path.includes('?') ? '&' : '?'}utm_source=${word}&sid=${refiller.hex(12, 'sid')}`;
  let status = api ? weighted(API_STATUSES, random()) : request.status;
  const method = api
    ? weighted<string>(
        [
          ['GET', 0.7],
          ['POST', 0.2],
          ['PUT', 0.05],
          ['DELETE', 0.05],
        ],
        random(),
      )
    : request.method;
  if (incident !== undefined) {
    path = incident.path;
    status = INCIDENT_STATUSES[refiller.int(INCIDENT_STATUSES.length)] ?? 503;
  }
  const ip = incident?.ip ?? refiller.ip('access');
  const bytes = status >= 500 ? 150 + refiller.int(400) : Math.round(request.bytes * (0.7 + random() * 0.6));
  const durationMs = Math.round(Math.exp(3.2 + 1.1 * gaussian(random)) * (incident === undefined ? 1 : 20) * 100) / 100;
  const userAgent =
    random() < 0.4
      ? request.userAgent.replace(BROWSER_VERSION, (found, version: string) => found.replace(version, refiller.renewDigits(version)))
      : request.userAgent;
  const requestId = refiller.freshHex(32);
  const fields: Record<string, unknown> = {
    client_ip: ip,
    method,
    path,
    protocol: request.protocol,
    status,
    bytes,
    referrer: request.referrer,
    user_agent: userAgent,
    duration_ms: durationMs,
    request_id: requestId,
  };
  if (context.traceId !== undefined) fields.trace_id = context.traceId;
  if (random() < 0.3) fields.forwarded_for = [ip, refiller.ip('cdn')];
  const head = `${ip} - - [${combinedTime(context.ms)}] "${method} ${path} ${request.protocol}" ${status} ${bytes} "${request.referrer}" "${userAgent}"`;
  const message = context.ingress
    ? `${head} ${200 + refiller.int(900)} ${(durationMs / 1000).toFixed(3)} [${context.service}-80] [] ${context.upstream} ${bytes} ${(durationMs / 1000).toFixed(3)} ${status} ${requestId}`
    : head;
  return { message, level: undefined, failure: status >= 500, fields };
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
