/**
 * The LogStore port on ClickHouse, whatever the transport: append as raw JSONEachRow with a dedup
 * token, the field catalog, retention and account deletion. Search is compiled against the same
 * schema (docs/log-schema.md).
 */
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { retentionFloorMs, type AccountLogStats, type AppendOptions, type LogDocument, type LogStore } from '../log-store.js';
import { singleNodeDdl } from './ddl.js';
import { upgradeLogTable } from './schema-upgrade.js';
import { catalogDeleteSql, createFieldCatalogCache } from './field-catalog.js';
import { DEFAULT_TABLE_NAMES } from './log-table-schema.js';
import { encodeLogRow, MESSAGE_CATALOG_NAME, type FieldTypeSink } from './row-encoder.js';
import { createRowsBuffer } from './rows-buffer.js';
import { sqlUInt32 } from './sql-literals.js';
import { createCatalogReadCache } from './search/catalog-read-cache.js';
import { queryHelpers } from './search/query-helpers.js';
import { createSearchExecutor } from './search/search-executor.js';
import type { ClickHouseTransport } from './transport.js';

export interface ClickHouseLogStoreDeps {
  readonly transport: ClickHouseTransport;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** One insert stays well inside one engine block, so it is all-or-nothing (chdb-notes pitfall 6). */
const MAX_ROWS_PER_INSERT = 100_000;
const MAX_RETENTION_DAYS = 65_535;
// Deletions wait for the rows to be gone: the caller then reports them deleted.
const DELETE_SETTINGS = { mutations_sync: 2, lightweight_deletes_sync: 2 } as const;

/** Creates the tables if needed and returns the store. */
export async function createClickHouseLogStore(deps: ClickHouseLogStoreDeps): Promise<LogStore> {
  const { transport, clock, logger } = deps;
  const tables = DEFAULT_TABLE_NAMES;
  for (const statement of singleNodeDdl()) await transport.exec(statement);
  await upgradeLogTable(transport);
  const catalog = createFieldCatalogCache(transport, tables.fields);
  const searchCatalog = createCatalogReadCache((ids) => catalog.read(ids), clock);
  // Whole operations in flight (an append is several engine calls): close() waits for them, not just the last call.
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;
  function tracked<T>(operation: () => Promise<T>): Promise<T> {
    if (closing) return Promise.reject(new AppError('unavailable', 'The log store is shutting down.', { retryAfterSeconds: 5 }));
    const promise = operation();
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  function unavailable(action: string, cause: unknown): AppError {
    logger.error({ err: cause, action }, 'log store operation failed');
    return new AppError('unavailable', `The log store could not ${action}; retry later.`, { cause, retryAfterSeconds: 5 });
  }

  async function insertChunk(docs: readonly LogDocument[], options: AppendOptions, token: string): Promise<void> {
    const batch = catalog.newBatch();
    const nowMs = clock.now();
    // Per account once per chunk, not per log: retention, its floor and the catalog sink.
    const perAccount = new Map<number, { days: number; floor: number; sink: FieldTypeSink }>();
    // Sized for typical rows so the buffer rarely grows (each growth copies it).
    const rows = createRowsBuffer(Math.max(1 << 16, docs.length * 512));
    for (const doc of docs) {
      let account = perAccount.get(doc.accountId);
      if (account === undefined) {
        const days = Math.min(MAX_RETENTION_DAYS, Math.max(1, Math.trunc(options.retentionDaysOf(doc.accountId))));
        account = { days, floor: retentionFloorMs(days, nowMs), sink: batch.sinkFor(doc.accountId, doc.receivedAtMs) };
        perAccount.set(doc.accountId, account);
      }
      // Already past retention: never stored (the TTL would also drop it, but only by the engine's clock).
      if (doc.timestampMs < account.floor) continue;
      rows.push(encodeLogRow(doc, account.days, account.sink));
    }
    if (rows.rowCount === 0) return;
    // Catalog first: a stored log never has a field the catalog does not list.
    await catalog.persist(batch);
    searchCatalog.invalidate(new Set(docs.map((doc) => doc.accountId)));
    await transport.insertJsonEachRow(tables.logs, rows.bytes(), { insert_deduplication_token: token });
  }

  async function deleteExpired(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void> {
    for (const [accountId, days] of retentionDaysByAccount) {
      const floor = retentionFloorMs(days, nowMs);
      // Lightweight DELETE masks the rows at once; parts are rewritten by later merges.
      await transport.exec(
        `DELETE FROM ${tables.logs} WHERE account = ${sqlUInt32(accountId)} AND ts < fromUnixTimestamp64Milli(${Math.trunc(floor)})`,
        DELETE_SETTINGS,
      );
    }
  }

  const search = createSearchExecutor({ transport, table: tables.logs, readCatalog: (ids) => searchCatalog.read(ids), helpers: queryHelpers });

  return {
    search: (query) => tracked(() => search(query)),
    append(documents, options) {
      if (documents.length === 0) return Promise.resolve();
      return tracked(async () => {
        try {
          await catalog.load([...new Set(documents.map((doc) => doc.accountId))]);
          const chunks = Math.ceil(documents.length / MAX_ROWS_PER_INSERT);
          for (let i = 0; i < chunks; i += 1) {
            const chunk = documents.slice(i * MAX_ROWS_PER_INSERT, (i + 1) * MAX_ROWS_PER_INSERT);
            await insertChunk(chunk, options, chunks === 1 ? options.dedupToken : `${options.dedupToken}#${i}`);
          }
        } catch (error) {
          throw unavailable('store the logs', error);
        }
      });
    },
    async fieldCatalog(accountIds) {
      try {
        // The search compiler also learns from a `message` entry (field-catalog.ts); callers see fields only.
        const read = await catalog.read(accountIds);
        return new Map([...read].map(([account, fields]) => [account, fields.filter((field) => field.name !== MESSAGE_CATALOG_NAME)]));
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
    deleteAccount(accountId) {
      return tracked(async () => {
        try {
          await transport.exec(`DELETE FROM ${tables.logs} WHERE account = ${sqlUInt32(accountId)}`, DELETE_SETTINGS);
          await transport.exec(catalogDeleteSql(tables.fields, accountId), DELETE_SETTINGS);
        } catch (error) {
          throw unavailable('delete the account\'s logs', error);
        }
        catalog.forget(accountId);
        searchCatalog.invalidate([accountId]);
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
