/**
 * Discover's question of which fields hold a value among the matching logs of the range (web/src/discover/
 * discover-data.ts `presentFields`): `size` 0, no total, one `exists` filter per catalog field. bench:search's rows
 * ask it of every field of each data set, as Discover does before its first page is in (rule field-presence,
 * decision 0785), through the Elasticsearch API (Discover's own route needs a session; /v1/search always counts).
 */

/** The body of the question for `query` (a query_string, '' for every log) over [fromMs, toMs). */
export function fieldPresenceBody(query: string, fields: readonly string[], fromMs: number, toMs: number): Record<string, unknown> {
  const range = { range: { '@timestamp': { gte: fromMs, lt: toMs, format: 'epoch_millis' } } };
  const must = query === '' ? [] : [{ query_string: { query, default_operator: 'AND', analyze_wildcard: true } }];
  const filters = Object.fromEntries(fields.map((field, i) => [String(i), { exists: { field } }]));
  return { query: { bool: { must, filter: [range] } }, size: 0, track_total_hits: false, aggs: { present: { filters: { filters } } } };
}

/** The synthetic set's fields (bench:ingest's generator), its objects, a field no log holds and the message. */
export const SYNTHETIC_PRESENCE_FIELDS: readonly string[] = [
  'message',
  'host',
  'duration_ms',
  'status',
  'bytes',
  'method',
  'path',
  'protocol',
  'client_ip',
  'user_agent',
  'level',
  'logger',
  'thread',
  'request_id',
  'user_id',
  'event',
  'user.id',
  'order.amount',
  'order.currency',
  'order.items',
  'geo.country',
  'user',
  'order',
  'geo',
  'no_such_field',
];

/**
 * The real set's fields (real-logs/real-log-generator.ts, as a sample of it catalogues them: about 75, as many as
 * Discover asks about on real logs), two of its objects, a field no log holds and the message.
 */
export const REAL_PRESENCE_FIELDS: readonly string[] = [
  'message',
  ...['host', 'env', 'service', 'tags', 'client_ip', 'request_id', 'status', 'bytes', 'trace_id', 'stream'],
  ...['kubernetes.namespace_name', 'kubernetes.pod_name', 'kubernetes.container_name', 'kubernetes.container_image'],
  ...['kubernetes.host', 'kubernetes.labels.app', 'kubernetes.labels.pod-template-hash', 'kubernetes.labels.team'],
  ...['cloud.region', 'cloud.availability_zone', 'method', 'path', 'protocol', 'referrer', 'user_agent', 'duration_ms'],
  ...['level', 'pid', 'log.file.path', 'log.offset', 'agent.type', 'agent.version', 'program', 'logzio_codec', 'logger'],
  ...['severity', 'facility', 'component', 'node', 'forwarded_for', 'block_id', 'state', 'flag', 'span_id', 'thread'],
  ...['host.name', 'host.hostname', 'host.architecture', 'host.os.family', 'host.os.version', 'ecs.version', 'device.id'],
  ...['device.model', 'device.os_version', 'app_version', 'log_file', 'name', 'user', 'tid', 'tag', 'userId', 'PROGRAM'],
  ...['PRIORITY', 'MESSAGE', 'ISODATE', 'HOST', 'PID', 'FACILITY', 'event_type', 'port', 'time', 'hostname', 'msg'],
  ...['instance_id', 'alert'],
  ...['kubernetes', 'cloud', 'no_such_field'],
];
