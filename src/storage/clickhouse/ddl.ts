/**
 * DDL rendered from log-table-schema.ts: single-node (chDB, one server) and cluster (ReplicatedMergeTree
 * per shard under a Distributed table, both ON CLUSTER). Same columns, indexes, TTL and ordering.
 */
import {
  FIELD_TABLE,
  LOG_COLUMNS,
  LOG_INDEXES,
  LOG_PROJECTIONS,
  LOG_TABLE,
  VALUE_TABLE,
  WORD_COUNT_TABLE,
  type ColumnDefinition,
} from './log-table-schema.js';
import { sqlIdentifier, sqlString } from './sql-literals.js';

function columnsAndIndexes(columns: readonly ColumnDefinition[], withIndexes: boolean): string {
  const lines = columns.map((column) => `  ${sqlIdentifier(column.name)} ${column.sqlType}`);
  if (withIndexes) {
    for (const index of LOG_INDEXES) {
      lines.push(`  INDEX ${sqlIdentifier(index.name)} ${index.expression} TYPE ${index.type} GRANULARITY ${index.granularity}`);
    }
    for (const projection of LOG_PROJECTIONS) lines.push(`  PROJECTION ${sqlIdentifier(projection.name)} (${projection.query})`);
  }
  return lines.join(',\n');
}

function tableSettings(settings: Readonly<Record<string, number | string>>): string {
  const entries = Object.entries(settings);
  const value = (v: number | string): string => (typeof v === 'string' ? sqlString(v) : String(v));
  return entries.length === 0 ? '' : `\nSETTINGS ${entries.map(([name, v]) => `${name} = ${value(v)}`).join(', ')}`;
}

/** Statements creating the tables on one node (idempotent). */
export function singleNodeDdl(): readonly string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(LOG_TABLE.name)} (\n${columnsAndIndexes(LOG_COLUMNS, true)}\n)` +
      `\nENGINE = MergeTree\nORDER BY ${LOG_TABLE.orderBy}\nTTL ${LOG_TABLE.ttl}${tableSettings(LOG_TABLE.settings)}`,
    ...[FIELD_TABLE, VALUE_TABLE, WORD_COUNT_TABLE].map(
      (catalog) =>
        `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(catalog.name)} (\n${columnsAndIndexes(catalog.columns, false)}\n)` +
        `\nENGINE = MergeTree\nORDER BY ${catalog.orderBy}`,
    ),
  ];
}

export interface ClusterDdlOptions {
  readonly cluster: string;
  readonly database: string;
  /** ZooKeeper/Keeper path prefix; `{shard}` and `{replica}` come from each server's macros. */
  readonly keeperPathPrefix?: string;
}

/** Local table suffix in a cluster; the distributed table keeps the plain name so queries are identical. */
export const LOCAL_SUFFIX = '_local';

/** The local (replicated, per shard) table under a distributed one. */
export const localTableOf = (table: string): string => `${table}${LOCAL_SUFFIX}`;

/**
 * How each table is spread over the shards (decision 0723). The logs by a hash of `id`: one busy account loads every
 * shard, not one, and a retried batch (the same ids, the same insert_deduplication_token) splits onto the same shards
 * the same way, so each shard's replicas drop the copy (a random key would send other rows under the same token
 * and lose them). The catalogs by account: small, and an account's rows stay together.
 */
export const SHARDING_KEYS = {
  logs: 'sipHash64(id)',
  catalogs: 'account',
} as const;

/**
 * Statements creating the cluster tables, all ON CLUSTER and idempotent, in order (a distributed table names its
 * local one). Writes and reads go to the distributed `logs` / `log_fields` / `log_values`; mutations (DELETE,
 * MATERIALIZE, ADD INDEX) go to the local tables ON CLUSTER: a Distributed table takes none (clusterStatements).
 * No word-count table: its rows describe one node's parts, which a cluster's searches do not see (decision 0723).
 */
export function clusterDdl(options: ClusterDdlOptions): readonly string[] {
  const cluster = sqlIdentifier(options.cluster);
  const database = sqlIdentifier(options.database);
  const prefix = options.keeperPathPrefix ?? '/clickhouse/tables/{shard}';
  // {uuid} is not used: with it a table dropped and made again gets a new Keeper path, which operators of
  // ON CLUSTER setups (Ordinary or Atomic databases alike) read less easily than database/table.
  const replicated = (table: string) => `ReplicatedMergeTree(${sqlString(`${prefix}/${options.database}/${table}`)}, '{replica}')`;
  const logsLocal = localTableOf(LOG_TABLE.name);
  // Replicated tables deduplicate by replicated_deduplication_window (Keeper); the non-replicated setting is refused.
  const { non_replicated_deduplication_window: _unused, ...replicatedSettings } = LOG_TABLE.settings;
  const distributed = (table: string, local: string, key: string) =>
    `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(table)} ON CLUSTER ${cluster} AS ${database}.${sqlIdentifier(local)}` +
    `\nENGINE = Distributed(${cluster}, ${database}, ${sqlIdentifier(local)}, ${key})`;
  return [
    `CREATE DATABASE IF NOT EXISTS ${database} ON CLUSTER ${cluster}`,
    `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(logsLocal)} ON CLUSTER ${cluster} (\n${columnsAndIndexes(LOG_COLUMNS, true)}\n)` +
      `\nENGINE = ${replicated(logsLocal)}\nORDER BY ${LOG_TABLE.orderBy}\nTTL ${LOG_TABLE.ttl}${tableSettings(replicatedSettings)}`,
    distributed(LOG_TABLE.name, logsLocal, SHARDING_KEYS.logs),
    ...[FIELD_TABLE, VALUE_TABLE].flatMap((catalog) => {
      const local = localTableOf(catalog.name);
      return [
        `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(local)} ON CLUSTER ${cluster} (\n${columnsAndIndexes(catalog.columns, false)}\n)` +
          `\nENGINE = ${replicated(local)}\nORDER BY ${catalog.orderBy}`,
        distributed(catalog.name, local, SHARDING_KEYS.catalogs),
      ];
    }),
  ];
}
