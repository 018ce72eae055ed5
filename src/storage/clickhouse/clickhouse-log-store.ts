/**
 * The LogStore port on ClickHouse, whatever the transport: append as raw JSONEachRow with a dedup
 * token, the field catalog, retention and account deletion. Search is compiled against the same
 * schema (docs/log-schema.md).
 */
import type { AppError } from '../../shared/app-error.js';
import { monotonicNow, systemClock, type Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import {
  retentionFloorMs,
  type AccountLogStats,
  type EncodedLogs,
  type EncodeOptions,
  type LogDocument,
  type LogEncoder,
  type LogStore,
  type StatementObserver,
} from '../log-store.js';
import { clickhouseErrors } from './clickhouse-errors.js';
import { clusterDdl, singleNodeDdl } from './ddl.js';
import { upgradeLogTable } from './schema-upgrade.js';
import type { CatalogBatch } from './field-catalog.js';
import { CLUSTER_TABLES, CLUSTER_TABLES_FOUND_SQL, clusterLayout, SINGLE_SERVER_LAYOUT, type StoreLayout } from './store-layout.js';
import { createLogTableState, type LogTableInsert, type LogTableRestore } from './log-table-state.js';
import { encodeLogRow, MESSAGE_CATALOG_NAME, type FieldTypeSink } from './row-encoder.js';
import { createRowsBuffer, joinChunks } from './rows-buffer.js';
import { sqlUInt32 } from './sql-literals.js';
import { queryHelpers } from './search/compile/query-helpers.js';
import { createSearchExecutor } from './search/search-executor.js';
import { createGroupMeasureExecutor } from './search/group-measure-executor.js';
import type { WordCountLimits } from './search/word-counts/word-count-builder.js';
import { createLookupSets } from './search/lookup-sets.js';
import { createStatementAdmission } from './search/statement-priority.js';
import type { ClickHouseTransport } from './transport.js';
import type { SharedAdmission } from '../shared-admission.js';
import type { SearchRules } from './search/rules/search-rules.js';

export interface ClickHouseLogStoreDeps {
  readonly transport: ClickHouseTransport;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This process makes every insert into the tables (the embedded engine owns its directory). */
  readonly soleWriter?: boolean;
  /** Which accounts' parts and words the word counts hold (decision 0197); the defaults where absent. */
  readonly wordCountLimits?: WordCountLimits;
  /** The clock of the engine, which dates its parts (the system's where absent; the app's may be set back). */
  readonly engineClock?: Clock;
  /** The search speed rules it applies (all where absent). */
  readonly searchRules?: SearchRules;
  /** The ClickHouse cluster to make and use replicated and distributed tables on (decision 0723); one server where absent. */
  readonly cluster?: string;
  /** Told of every statement the store admits, by lane (the process's /metrics). */
  readonly statements?: StatementObserver;
  /** The cluster's other processes on the same engine, whose statements the admission counts (decision 0740). */
  readonly sharedAdmission?: SharedAdmission;
}

/** One insert stays well inside one engine block, so it is all-or-nothing (chdb-notes pitfall 6). */
const MAX_ROWS_PER_INSERT = 100_000;
const MAX_RETENTION_DAYS = 65_535;

/** The LogStore port, and the door for a bulk load that does not go through append (log-table-state.ts onRestore). */
export interface ClickHouseLogStore extends LogStore {
  restore(restore: LogTableRestore): Promise<void>;
}

/** Creates the tables if needed and returns the store. */
export async function createClickHouseLogStore(deps: ClickHouseLogStoreDeps): Promise<ClickHouseLogStore> {
  const { clock, logger } = deps;
  const layout: StoreLayout = deps.cluster === undefined ? SINGLE_SERVER_LAYOUT : clusterLayout(deps.cluster);
  const { tables } = layout;
  const transport = withInsertSettings(deps.transport, layout);
  if (layout.cluster === null) {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
  } else {
    // The database the URL (or the server's default) names: the tables are made in it on every server.
    // Skipped where the server asked has them all: an ON CLUSTER statement waits for every server (up to
    // distributed_ddl_task_timeout), so a process would not start while one server of the cluster is down.
    const [current] = await transport.query<{ db: string; found: number }>(CLUSTER_TABLES_FOUND_SQL);
    if (Number(current?.found ?? 0) < CLUSTER_TABLES.length)
      for (const statement of clusterDdl({ cluster: layout.cluster, database: current?.db ?? 'default' })) await transport.exec(statement);
  }
  await upgradeLogTable(transport, layout);
  const admission = createStatementAdmission(transport, deps.statements, deps.sharedAdmission);
  const { runs } = admission;
  // Every write, delete and bulk load of the logs table goes through its doors (decision 0624).
  const state = createLogTableState({
    transport,
    layout,
    clock,
    logger,
    runs,
    helpers: queryHelpers,
    soleWriter: deps.soleWriter === true,
    engineNow: () => (deps.engineClock ?? systemClock).now(),
    monotonicNow,
    ...(deps.wordCountLimits === undefined ? {} : { wordCountLimits: deps.wordCountLimits }),
  });
  const { reads } = state;
  // Whole operations in flight (an append is several engine calls): close() waits for them, not just the last call.
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;
  function tracked<T>(operation: () => Promise<T>): Promise<T> {
    if (closing) return Promise.reject(clickhouseErrors.shuttingDown());
    const promise = operation();
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  function unavailable(action: string, cause: unknown): AppError {
    logger.error({ err: cause, action }, 'log store operation failed');
    return clickhouseErrors.operationFailed(action, cause);
  }

  /** What an EncodedLogs of this store holds; the caller only ever sees the row count. */
  interface Encoded {
    /** Chunks whose concatenation is the JSONEachRow payload. */
    readonly rows: readonly Buffer[];
    readonly rowCount: number;
    readonly catalog: CatalogBatch;
  }
  const encodedByHandle = new WeakMap<EncodedLogs, Encoded>();

  /** An encoder for these accounts, whose catalogs are loaded first (the sinks decide what is new). */
  async function openEncoder(accountIds: readonly number[], options: EncodeOptions): Promise<LogEncoder> {
    await reads.encoderCatalog.load([...new Set(accountIds)]);
    const batch = reads.encoderCatalog.newBatch();
    const nowMs = clock.now();
    // Per account once per encoder, not per log: retention, its floor and the catalog sink.
    const perAccount = new Map<number, { days: number; floor: number; sink: FieldTypeSink }>();
    const rows = createRowsBuffer();
    let finished = false;
    return {
      add(doc) {
        if (finished) throw clickhouseErrors.encoderFinished();
        let account = perAccount.get(doc.accountId);
        if (account === undefined) {
          const days = Math.min(MAX_RETENTION_DAYS, Math.max(1, Math.trunc(options.retentionDaysOf(doc.accountId))));
          account = { days, floor: retentionFloorMs(days, nowMs), sink: batch.sinkFor(doc.accountId, doc.receivedAtMs) };
          perAccount.set(doc.accountId, account);
        }
        // Already past retention: never stored (the TTL would also drop it, but only by the engine's clock).
        if (doc.timestampMs < account.floor) return;
        rows.push(encodeLogRow(doc, account.days, account.sink));
      },
      finish() {
        finished = true;
        const handle: EncodedLogs = { rowCount: rows.rowCount };
        encodedByHandle.set(handle, { rows: rows.chunks(), rowCount: rows.rowCount, catalog: batch });
        return handle;
      },
    };
  }

  async function encodeDocuments(docs: readonly LogDocument[], options: EncodeOptions): Promise<EncodedLogs> {
    const encoder = await openEncoder(
      docs.map((doc) => doc.accountId),
      options,
    );
    for (const doc of docs) encoder.add(doc);
    return encoder.finish();
  }

  const NEWLINE = Buffer.from('\n');

  /** Whole encoded pieces per insert, each insert within MAX_ROWS_PER_INSERT unless one piece alone is larger. */
  function insertGroups(pieces: readonly Encoded[]): Encoded[][] {
    const groups: Encoded[][] = [];
    let current: Encoded[] = [];
    let rows = 0;
    for (const piece of pieces) {
      if (piece.rowCount === 0) continue;
      if (current.length > 0 && rows + piece.rowCount > MAX_ROWS_PER_INSERT) {
        groups.push(current);
        current = [];
        rows = 0;
      }
      current.push(piece);
      rows += piece.rowCount;
    }
    if (current.length > 0) groups.push(current);
    return groups;
  }

  async function writeEncoded(handles: readonly EncodedLogs[], token: string): Promise<void> {
    const pieces = handles.map((handle) => {
      const piece = encodedByHandle.get(handle);
      if (piece === undefined) throw clickhouseErrors.foreignEncodedLogs();
      return piece;
    });
    const groups = insertGroups(pieces);
    const inserts: LogTableInsert[] = groups.map((group, i) => ({
      // One copy of the whole insert, whatever the number of pieces and chunks.
      rows: () => joinChunks(group.flatMap((piece, j) => (j === 0 ? [...piece.rows] : [NEWLINE, ...piece.rows]))),
      dedupToken: groups.length === 1 ? token : `${token}#${i}`,
    }));
    await state.onWrite({ catalog: pieces.map((piece) => piece.catalog), inserts });
  }

  async function deleteExpired(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void> {
    for (const [accountId, days] of retentionDaysByAccount)
      await state.onDelete({ kind: 'before', accountId, beforeMs: retentionFloorMs(days, nowMs) });
  }

  const readSearchCatalog = reads.searchCatalog;
  // An engine-side Set lives on the server that made it; the shards of a distributed statement would not find it.
  const lookupSets = layout.partsHere ? createLookupSets(transport) : undefined;
  const caches = reads.answers;
  const search = createSearchExecutor({
    transport,
    table: tables.logs,
    readCatalog: readSearchCatalog,
    helpers: queryHelpers,
    runs,
    ...(lookupSets === undefined ? {} : { lookupSets }),
    ...caches,
    ...(reads.wordCounts === null ? {} : { wordCounts: reads.wordCounts }),
    ...(deps.searchRules === undefined ? {} : { rules: deps.searchRules }),
  });
  const measureGroups = createGroupMeasureExecutor({
    table: tables.logs,
    readCatalog: readSearchCatalog,
    helpers: queryHelpers,
    runs,
    ...(lookupSets === undefined ? {} : { lookupSets }),
    ...caches,
    ...(deps.searchRules === undefined ? {} : { rules: deps.searchRules }),
  });
  return {
    search: (query) => tracked(() => search(query)),
    measureGroups: (query) => tracked(() => measureGroups(query)),
    append(documents, options) {
      if (documents.length === 0) return Promise.resolve();
      return tracked(async () => {
        try {
          const pieces: EncodedLogs[] = [];
          for (let i = 0; i < documents.length; i += MAX_ROWS_PER_INSERT)
            pieces.push(await encodeDocuments(documents.slice(i, i + MAX_ROWS_PER_INSERT), options));
          await writeEncoded(pieces, options.dedupToken);
        } catch (error) {
          throw unavailable('store the logs', error);
        }
      });
    },
    async openEncoder(accountIds, options) {
      try {
        return await openEncoder(accountIds, options);
      } catch (error) {
        throw unavailable('read the field catalog', error);
      }
    },
    write(batches, options) {
      if (batches.every((batch) => batch.rowCount === 0)) return Promise.resolve();
      return tracked(async () => {
        try {
          await writeEncoded(batches, options.dedupToken);
        } catch (error) {
          throw unavailable('store the logs', error);
        }
      });
    },
    async fieldCatalog(accountIds) {
      try {
        // The search compiler also learns from a `message` entry and from the values (field-catalog.ts); callers see
        // fields only.
        const read = await reads.catalog(accountIds);
        return new Map(
          [...read].map(([account, fields]) => [
            account,
            fields
              .filter((field) => field.name !== MESSAGE_CATALOG_NAME)
              .map(({ name, type, conflictingTypes, inArrays, plainText }) => ({ name, type, conflictingTypes, inArrays, plainText })),
          ]),
        );
      } catch (error) {
        throw unavailable('read the field catalog', error);
      }
    },
    async accountStats(accountIds) {
      const stats = new Map<number, AccountLogStats>();
      for (const id of accountIds) stats.set(id, { logCount: 0, newestReceivedAtMs: undefined });
      if (accountIds.length === 0) return stats;
      const rows = await transport
        .query<{ account: number; logs: number; newest: number }>(
          `SELECT account, count() AS logs, toUnixTimestamp64Milli(max(received_at)) AS newest FROM ${tables.logs}` +
            ` WHERE account IN (${accountIds.map(sqlUInt32).join(', ')}) GROUP BY account`,
        )
        .catch((error: unknown) => {
          throw unavailable('count the logs', error);
        });
      for (const row of rows) stats.set(row.account, { logCount: row.logs, newestReceivedAtMs: row.newest });
      return stats;
    },
    enforceRetention(retentionDaysByAccount, nowMs) {
      return tracked(async () => {
        try {
          await deleteExpired(retentionDaysByAccount, nowMs);
        } catch (error) {
          throw unavailable('delete expired logs', error);
        }
      });
    },
    countCommonWords(signal) {
      return tracked(async () => {
        try {
          return await state.countWords(signal);
        } catch (error) {
          throw unavailable('count the common words', error);
        }
      });
    },
    deleteAccount(accountId) {
      return tracked(async () => {
        try {
          await state.onDelete({ kind: 'account', accountId });
        } catch (error) {
          throw unavailable("delete the account's logs", error);
        }
      });
    },
    restore(restore) {
      return tracked(async () => {
        try {
          await state.onRestore(restore);
        } catch (error) {
          throw unavailable('restore the logs', error);
        }
      });
    },
    statementLoad: () => admission.load(),
    async engineMemoryBytes(boundMs) {
      try {
        return await transport.memoryTracking(boundMs);
      } catch {
        // A scrape must not fail for it: the caller reports the read as missing.
        return undefined;
      }
    },
    ping() {
      return transport.ping();
    },
    async close() {
      closing = true;
      await Promise.allSettled([...inFlight]);
      await transport.close();
    },
  };
}

/** The transport with the layout's settings on every insert (the logs and the catalogs alike). */
function withInsertSettings(transport: ClickHouseTransport, layout: StoreLayout): ClickHouseTransport {
  if (Object.keys(layout.insertSettings).length === 0) return transport;
  return {
    ...transport,
    insertJsonEachRow: (table, rows, settings) => transport.insertJsonEachRow(table, rows, { ...layout.insertSettings, ...settings }),
  };
}
