/** The Elasticsearch bodies that describe indices (log types): `_cat/indices`, `_stats`, `_resolve/index`, health. */
import type { IndexInfo } from './es-indices.js';
import { searchErrors } from './search-errors.js';

const CAT_PARAMS = new Set(['format', 'h', 'health', 'pretty', 'expand_wildcards', 's', 'bytes', 'v', 'help', 'local', 'master_timeout']);

/** `_cat/indices?format=json[&h=…][&health=…]` rows. */
export function catIndices(indices: readonly IndexInfo[], params: Readonly<Record<string, unknown>>): Record<string, string>[] {
  const unknown = Object.keys(params).find((key) => !CAT_PARAMS.has(key));
  if (unknown !== undefined) throw searchErrors.unrecognizedCatParameter(unknown);
  if (params.health !== undefined && params.health !== 'green') return [];
  const columns = typeof params.h === 'string' ? params.h.split(',').map((c) => c.trim()) : null;
  return indices.map((i) => {
    const row: Record<string, string> = {
      health: 'green',
      status: 'open',
      index: i.name,
      uuid: i.name,
      pri: '1',
      rep: '0',
      'docs.count': String(i.docCount),
      'docs.deleted': '0',
      'store.size': `${(i.sizeBytes / 1024).toFixed(1)}kb`,
      'pri.store.size': `${(i.sizeBytes / 1024).toFixed(1)}kb`,
    };
    return columns === null ? row : Object.fromEntries(columns.map((c) => [c, row[c] ?? '']));
  });
}

function statsOf(docCount: number, sizeBytes: number): Record<string, unknown> {
  const shard = { docs: { count: docCount, deleted: 0 }, store: { size_in_bytes: sizeBytes }, segments: { count: 1 } };
  return { primaries: shard, total: shard };
}

/** `/{index}/_stats`. */
export function indexStats(indices: readonly IndexInfo[]): Record<string, unknown> {
  const docs = indices.reduce((sum, i) => sum + i.docCount, 0);
  const bytes = indices.reduce((sum, i) => sum + i.sizeBytes, 0);
  return {
    _shards: { total: indices.length, successful: indices.length, failed: 0 },
    _all: statsOf(docs, bytes),
    indices: Object.fromEntries(indices.map((i) => [i.name, { uuid: i.name, ...statsOf(i.docCount, i.sizeBytes) }])),
  };
}

export function resolveIndex(indices: readonly IndexInfo[]): Record<string, unknown> {
  return { indices: indices.map((i) => ({ name: i.name, attributes: ['open'] })), aliases: [], data_streams: [] };
}

export const CLUSTER_HEALTH = {
  cluster_name: 'logward',
  status: 'green',
  timed_out: false,
  number_of_nodes: 1,
  number_of_data_nodes: 1,
  active_primary_shards: 1,
  active_shards: 1,
  relocating_shards: 0,
  initializing_shards: 0,
  unassigned_shards: 0,
  delayed_unassigned_shards: 0,
  number_of_pending_tasks: 0,
  number_of_in_flight_fetch: 0,
  task_max_waiting_in_queue_millis: 0,
  active_shards_percent_as_number: 100,
} as const;
