/**
 * Where the store's statements go: one server (or chDB) runs them on its tables; a ClickHouse cluster (decision 0723)
 * reads and inserts through the Distributed tables, and sends every mutation to the replicated local tables ON
 * CLUSTER (a Distributed table takes no DELETE, ALTER or OPTIMIZE). docs/log-schema.md lists each statement kind.
 */
import { localTableOf } from './ddl.js';
import { DEFAULT_TABLE_NAMES, FIELD_TABLE, LOG_TABLE, VALUE_TABLE, type TableNames } from './log-table-schema.js';
import { sqlIdentifier, sqlString } from './sql-literals.js';
import type { QuerySettings } from './transport.js';

export interface StoreLayout {
  /** The cluster name, null on one server. */
  readonly cluster: string | null;
  readonly tables: TableNames;
  /** What a mutation of `table` (DELETE, ALTER … ADD/MATERIALIZE) names: the table, or its local tables ON CLUSTER. */
  mutationTarget(table: string): string;
  /** The table whose parts, columns and indexes the system tables describe (the local one in a cluster). */
  partsTable(table: string): string;
  /** Settings of every insert. */
  readonly insertSettings: QuerySettings;
  /**
   * Whether this server holds the parts of `logs`: the answers read from parts (text-index dictionaries, absent
   * words, word counts) and engine-side lookup sets exist only then.
   */
  readonly partsHere: boolean;
}

export const SINGLE_SERVER_LAYOUT: StoreLayout = {
  cluster: null,
  tables: DEFAULT_TABLE_NAMES,
  mutationTarget: (table) => sqlIdentifier(table),
  partsTable: (table) => table,
  insertSettings: {},
  partsHere: true,
};

/**
 * The layout of a cluster. Inserts are foreground (`distributed_foreground_insert`): the insert returns once every
 * shard's replica has written its rows, so an acknowledged batch is on the shards, not in this server's queue of
 * pending Distributed sends (lost with its disk, and not yet visible to searches).
 */
export function clusterLayout(cluster: string): StoreLayout {
  const name = sqlIdentifier(cluster);
  return {
    cluster,
    // The word counts describe one server's parts: a cluster has none (search falls back to counting).
    tables: { ...DEFAULT_TABLE_NAMES, wordCounts: null },
    mutationTarget: (table) => `${sqlIdentifier(localTableOf(table))} ON CLUSTER ${name}`,
    partsTable: localTableOf,
    insertSettings: { distributed_foreground_insert: 1 },
    partsHere: false,
  };
}

/** The tables clusterDdl makes: the Distributed ones and their local tables. */
export const CLUSTER_TABLES: readonly string[] = [LOG_TABLE, FIELD_TABLE, VALUE_TABLE].flatMap((table) => [
  table.name,
  localTableOf(table.name),
]);

/** The connection's database (`db`) and how many of CLUSTER_TABLES it holds on the server asked (`found`). */
export const CLUSTER_TABLES_FOUND_SQL =
  `SELECT currentDatabase() AS db, (SELECT count() FROM system.tables WHERE database = currentDatabase() ` +
  `AND name IN (${CLUSTER_TABLES.map(sqlString).join(', ')})) AS found`;
