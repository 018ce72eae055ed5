/**
 * The one definition of the log tables. Single-node DDL (chDB or one server) and cluster DDL
 * (replicated + distributed) are both rendered from it by ddl.ts; docs/log-schema.md explains it
 * for the query compiler.
 */

/** Kind of a JSON value as it is stored: where it lives depends on this, never on the catalog. */
export type StoredKind = 'string' | 'number' | 'boolean';

export interface HotField {
  /** Field name as it appears in the log (`status`, `duration_ms`). */
  readonly name: string;
  /** Column holding the field's values of `kind`; values of another kind go to the maps. */
  readonly column: string;
  readonly kind: 'string' | 'number';
  readonly sqlType: string;
}

/** The mapped hot fields: the common keys of nginx, application and syslog logs (bench data, real shippers). */
export const HOT_FIELDS: readonly HotField[] = [
  lowCardinality('host'),
  lowCardinality('level'),
  lowCardinality('severity'),
  lowCardinality('facility'),
  lowCardinality('program'),
  lowCardinality('logger'),
  lowCardinality('thread'),
  lowCardinality('method'),
  plainString('path'),
  plainString('client_ip'),
  plainString('user_agent'),
  plainString('request_id'),
  number('status'),
  number('bytes'),
  number('duration_ms'),
];

function lowCardinality(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'string', sqlType: 'LowCardinality(Nullable(String))' };
}
function plainString(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'string', sqlType: 'Nullable(String) CODEC(ZSTD(1))' };
}
function number(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'number', sqlType: 'Nullable(Float64) CODEC(ZSTD(1))' };
}

/** The long tail: one Map per stored kind, so any number of distinct keys costs no new files (chdb-notes pitfall 9). */
export const MAP_COLUMNS = {
  string: 'str',
  number: 'num',
  boolean: 'bool',
  /** Arrays of primitives, every element as its JSON text without quotes (`"a"` → a, `1.5` → 1.5, `true` → true). */
  array: 'arr',
} as const;

export interface ColumnDefinition {
  readonly name: string;
  readonly sqlType: string;
}

export const LOG_COLUMNS: readonly ColumnDefinition[] = [
  { name: 'account', sqlType: 'UInt32' },
  { name: 'ts', sqlType: 'DateTime64(3, \'UTC\') CODEC(Delta, ZSTD(1))' },
  { name: 'id', sqlType: 'String CODEC(ZSTD(1))' },
  { name: 'received_at', sqlType: 'DateTime64(3, \'UTC\') CODEC(Delta, ZSTD(1))' },
  { name: 'type', sqlType: 'LowCardinality(String)' },
  { name: 'message', sqlType: 'String CODEC(ZSTD(1))' },
  { name: 'size_bytes', sqlType: 'UInt32 CODEC(ZSTD(1))' },
  { name: 'retention_days', sqlType: 'UInt16 CODEC(ZSTD(1))' },
  ...HOT_FIELDS.map((field) => ({ name: field.column, sqlType: field.sqlType })),
  { name: MAP_COLUMNS.string, sqlType: 'Map(LowCardinality(String), Nullable(String)) CODEC(ZSTD(1))' },
  { name: MAP_COLUMNS.number, sqlType: 'Map(LowCardinality(String), Nullable(Float64)) CODEC(ZSTD(1))' },
  { name: MAP_COLUMNS.boolean, sqlType: 'Map(LowCardinality(String), Nullable(Bool)) CODEC(ZSTD(1))' },
  { name: MAP_COLUMNS.array, sqlType: 'Map(LowCardinality(String), Array(String)) CODEC(ZSTD(1))' },
  // `_source` exactly as ingest built it; read back only for the hits of a page.
  { name: 'source', sqlType: 'String CODEC(ZSTD(3))' },
];

export interface IndexDefinition {
  readonly name: string;
  readonly expression: string;
  readonly type: string;
  readonly granularity: number;
}

export const LOG_INDEXES: readonly IndexDefinition[] = [
  // Expression index, never `preprocessor=`: the preprocessor gives plan-dependent wrong results (chdb-notes §5).
  { name: 'message_text', expression: 'lower(message)', type: 'text(tokenizer = splitByNonAlpha)', granularity: 1 },
  { name: 'request_id_bloom', expression: 'f_request_id', type: 'bloom_filter(0.01)', granularity: 4 },
];

export const LOG_TABLE = {
  name: 'logs',
  orderBy: '(account, ts)',
  ttl: 'toDateTime(ts) + toIntervalDay(retention_days) DELETE',
  settings: {
    // Without a window, insert_deduplication_token deduplicates nothing on a non-replicated table.
    non_replicated_deduplication_window: 1000,
    merge_with_ttl_timeout: 3600,
  },
} as const;

/** The per-account field catalog: one row per (account, field, type, array-ness) the first time it is seen. */
export const FIELD_TABLE = {
  name: 'log_fields',
  columns: [
    { name: 'account', sqlType: 'UInt32' },
    { name: 'name', sqlType: 'String' },
    { name: 'type', sqlType: 'LowCardinality(String)' },
    { name: 'in_array', sqlType: 'UInt8' },
    { name: 'first_seen', sqlType: 'Int64' },
  ],
  orderBy: '(account, name, type, in_array)',
} as const satisfies { name: string; columns: readonly ColumnDefinition[]; orderBy: string };

/** Names of the tables a store uses; in a cluster the writers and readers use the distributed ones. */
export interface TableNames {
  readonly logs: string;
  readonly fields: string;
}

export const DEFAULT_TABLE_NAMES: TableNames = { logs: LOG_TABLE.name, fields: FIELD_TABLE.name };
