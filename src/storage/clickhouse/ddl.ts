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

/**
 * Statements creating the cluster tables. Writes and reads go to the distributed `logs` / `log_fields` / `log_values`;
 * deletions go to the local tables ON CLUSTER (a Distributed table takes no DELETE).
 * Rows are spread by a hash of `id`, so one busy account does not load one shard.
 */
export function clusterDdl(options: ClusterDdlOptions): readonly string[] {
  const cluster = sqlIdentifier(options.cluster);
  const database = sqlIdentifier(options.database);
  const prefix = options.keeperPathPrefix ?? '/clickhouse/tables/{shard}';
  const replicated = (table: string) => `ReplicatedMergeTree(${sqlString(`${prefix}/${options.database}/${table}`)}, '{replica}')`;
  const logsLocal = `${LOG_TABLE.name}${LOCAL_SUFFIX}`;
  const { non_replicated_deduplication_window: _unused, ...replicatedSettings } = LOG_TABLE.settings;
  return [
    `CREATE DATABASE IF NOT EXISTS ${database} ON CLUSTER ${cluster}`,
    `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(logsLocal)} ON CLUSTER ${cluster} (\n${columnsAndIndexes(LOG_COLUMNS, true)}\n)` +
      `\nENGINE = ${replicated(logsLocal)}\nORDER BY ${LOG_TABLE.orderBy}\nTTL ${LOG_TABLE.ttl}${tableSettings(replicatedSettings)}`,
    `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(LOG_TABLE.name)} ON CLUSTER ${cluster} AS ${database}.${sqlIdentifier(logsLocal)}` +
      `\nENGINE = Distributed(${cluster}, ${database}, ${sqlIdentifier(logsLocal)}, sipHash64(id))`,
    ...[FIELD_TABLE, VALUE_TABLE].flatMap((catalog) => {
      const local = `${catalog.name}${LOCAL_SUFFIX}`;
      return [
        `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(local)} ON CLUSTER ${cluster} (\n${columnsAndIndexes(catalog.columns, false)}\n)` +
          `\nENGINE = ${replicated(local)}\nORDER BY ${catalog.orderBy}`,
        `CREATE TABLE IF NOT EXISTS ${database}.${sqlIdentifier(catalog.name)} ON CLUSTER ${cluster} AS ${database}.${sqlIdentifier(local)}` +
          `\nENGINE = Distributed(${cluster}, ${database}, ${sqlIdentifier(local)}, account)`,
      ];
    }),
  ];
}
