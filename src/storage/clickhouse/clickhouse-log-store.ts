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
} from '../log-store.js';
import { clickhouseErrors } from './clickhouse-errors.js';
import { clusterDdl, singleNodeDdl } from './ddl.js';
import { upgradeLogTable } from './schema-upgrade.js';
import { catalogDeleteSql, createFieldCatalogCache, type CatalogBatch } from './field-catalog.js';
import { CLUSTER_TABLES, CLUSTER_TABLES_FOUND_SQL, clusterLayout, SINGLE_SERVER_LAYOUT, type StoreLayout } from './store-layout.js';
import { encodeLogRow, MESSAGE_CATALOG_NAME, type FieldTypeSink } from './row-encoder.js';
import { createRowsBuffer, joinChunks } from './rows-buffer.js';
import { sqlUInt32 } from './sql-literals.js';
import { createCatalogReadCache } from './search/fields/catalog-read-cache.js';
import { queryHelpers } from './search/compile/query-helpers.js';
import { createSearchExecutor } from './search/search-executor.js';
import { createGroupMeasureExecutor } from './search/group-measure-executor.js';
import { createTokenDictionaryCache } from './search/dictionary-answers.js';
import { createAbsentTokenState, writeEnded, writeStarted } from './search/absent-tokens.js';
import { createFewValueAnswerCache } from './search/few-value-answers.js';
import type { StatementAnswerCaches } from './search/statement-answers.js';
import { createWordCountBuilder, type WordCountLimits } from './search/word-counts/word-count-builder.js';
import { createWordCountCache } from './search/word-counts/word-count-cache.js';
import { createLookupSets } from './search/lookup-sets.js';
import { createPrioritisedRuns } from './search/statement-priority.js';
import type { ClickHouseTransport } from './transport.js';
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
}

/** How long a search trusts what it read of the word counts (another process may have counted more since). */
const WORD_COUNTS_TTL_MS = 30_000;
/** One insert stays well inside one engine block, so it is all-or-nothing (chdb-notes pitfall 6). */
const MAX_ROWS_PER_INSERT = 100_000;
const MAX_RETENTION_DAYS = 65_535;
// Deletions wait for the rows to be gone: the caller then reports them deleted.
const DELETE_SETTINGS = { mutations_sync: 2, lightweight_deletes_sync: 2 } as const;

/** Creates the tables if needed and returns the store. */
export async function createClickHouseLogStore(deps: ClickHouseLogStoreDeps): Promise<LogStore> {
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
  const catalog = createFieldCatalogCache(transport, tables.fields, tables.values);
  const searchCatalog = createCatalogReadCache((ids) => catalog.read(ids), clock);
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
    await catalog.load([...new Set(accountIds)]);
    const batch = catalog.newBatch();
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
    // Catalog first: a stored log never has a field the catalog does not list.
    const accountsWithNewFields = new Set<number>();
    for (const piece of pieces) {
      for (const row of [...piece.catalog.rows, ...piece.catalog.valueRows]) accountsWithNewFields.add(row.account);
      await catalog.persist(piece.catalog);
    }
    // Only new fields and values change what searches compile against.
    if (accountsWithNewFields.size > 0) searchCatalog.invalidate(accountsWithNewFields);
    const groups = insertGroups(pieces);
    for (const [i, group] of groups.entries()) {
      // One copy of the whole insert, whatever the number of pieces and chunks.
      const chunks = group.flatMap((piece, j) => (j === 0 ? [...piece.rows] : [NEWLINE, ...piece.rows]));
      await writing(() =>
        transport.insertJsonEachRow(tables.logs, joinChunks(chunks), {
          insert_deduplication_token: groups.length === 1 ? token : `${token}#${i}`,
        }),
      );
    }
  }

  /** A write into the logs table (an insert, a DELETE), reported to what keeps answers between writes. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    writeStarted(absentTokens);
    try {
      return await write();
    } finally {
      writeEnded(absentTokens);
    }
  }

  async function deleteExpired(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void> {
    for (const [accountId, days] of retentionDaysByAccount) {
      const floor = retentionFloorMs(days, nowMs);
      // Lightweight DELETE masks the rows at once; parts are rewritten by later merges.
      await writing(() =>
        transport.exec(
          `DELETE FROM ${layout.mutationTarget(tables.logs)} WHERE account = ${sqlUInt32(accountId)} AND ts < fromUnixTimestamp64Milli(${Math.trunc(floor)})`,
          DELETE_SETTINGS,
        ),
      );
    }
  }

  const runs = createPrioritisedRuns(transport);
  const readSearchCatalog = (ids: readonly number[]) => searchCatalog.read(ids);
  // An engine-side Set lives on the server that made it; the shards of a distributed statement would not find it.
  const lookupSets = layout.partsHere ? createLookupSets(transport) : undefined;
  const caches: StatementAnswerCaches = {
    tokenDictionaries: createTokenDictionaryCache(),
    fewValues: createFewValueAnswerCache(),
    absentTokens: createAbsentTokenState(deps.soleWriter === true),
    partsHere: layout.partsHere,
  };
  const { absentTokens } = caches;
  const wordCountsTable = tables.wordCounts;
  const wordCountCache =
    wordCountsTable === null ? null : createWordCountCache({ countsTable: wordCountsTable, now: monotonicNow, ttlMs: WORD_COUNTS_TTL_MS });
  const search = createSearchExecutor({
    transport,
    table: tables.logs,
    readCatalog: readSearchCatalog,
    helpers: queryHelpers,
    runs,
    ...(lookupSets === undefined ? {} : { lookupSets }),
    ...caches,
    ...(wordCountCache === null ? {} : { wordCounts: wordCountCache }),
    ...(deps.searchRules === undefined ? {} : { rules: deps.searchRules }),
  });
  const measureGroups = createGroupMeasureExecutor({
    table: tables.logs,
    readCatalog: readSearchCatalog,
    helpers: queryHelpers,
    runs,
    ...(lookupSets === undefined ? {} : { lookupSets }),
    ...caches,
  });
  const wordCounts =
    wordCountsTable === null
      ? null
      : createWordCountBuilder({
          transport,
          runs,
          logsTable: tables.logs,
          countsTable: wordCountsTable,
          readCatalog: readSearchCatalog,
          helpers: queryHelpers,
          caches,
          logger,
          engineNow: () => (deps.engineClock ?? systemClock).now(),
          ...(wordCountCache === null ? {} : { cache: wordCountCache }),
          ...(deps.wordCountLimits === undefined ? {} : { limits: deps.wordCountLimits }),
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
        const read = await catalog.read(accountIds);
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
          return (await wordCounts?.build(signal)) ?? { counted: 0, forgotten: 0 };
        } catch (error) {
          throw unavailable('count the common words', error);
        }
      });
    },
    deleteAccount(accountId) {
      return tracked(async () => {
        try {
          const target = (table: string) => layout.mutationTarget(table);
          await writing(() =>
            transport.exec(`DELETE FROM ${target(tables.logs)} WHERE account = ${sqlUInt32(accountId)}`, DELETE_SETTINGS),
          );
          await transport.exec(catalogDeleteSql(target(tables.fields), accountId), DELETE_SETTINGS);
          await transport.exec(catalogDeleteSql(target(tables.values), accountId), DELETE_SETTINGS);
          if (wordCountsTable !== null) await transport.exec(catalogDeleteSql(target(wordCountsTable), accountId), DELETE_SETTINGS);
        } catch (error) {
          throw unavailable("delete the account's logs", error);
        }
        catalog.forget(accountId);
        searchCatalog.invalidate([accountId]);
        wordCountCache?.forget(accountId);
      });
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
