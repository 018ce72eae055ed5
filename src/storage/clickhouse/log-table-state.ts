/**
 * The one owner of everything derived from the logs table (issue 47, decision 0624): the field and value catalogs
 * (the `log_fields` and `log_field_values` side tables and their caches), the catalog as search reads it, the write
 * generations and part listings the absent-word answers reuse, the per-part answers of token patterns, the answers of
 * the columns of few values, and the word counts (their side table, its builder and cache).
 *
 * Every change of the logs table goes through one of three doors, and each door brings every derived state back in
 * step with the table before it returns. Nothing else can reach a cache to change it: readers get `reads`, whose
 * types have no invalidating method; what they add to a cache (an answer read from a part, which never changes) is
 * memoised knowledge, not a change of the table. The doors:
 *
 * - `onWrite`: logs encoded by this store (append, the ingest pipeline's batches). Their catalog rows are persisted
 *   first (a stored log never has a field the catalog does not list), then the inserts run inside one write span.
 * - `onDelete`: rows of an account that past a time (retention), or all of an account's logs (account deletion,
 *   which also deletes its catalog and word-count rows). The DELETE runs inside a write span.
 * - `onRestore`: a bulk load that does not go through `onWrite` (INSERT … SELECT from an archive, a copy of another
 *   store's tables). Contract: the load writes the logs table's rows and their catalog rows (`log_fields`,
 *   `log_field_values`, in this schema's layout, as a copy of the tables holds them) of the accounts named; it
 *   runs inside a write span, and afterwards every in-process state of those accounts is dropped and read again
 *   from the tables. A log whose fields are not in the catalog rows is stored but not found by a field query.
 *   Restoring archived logs through append (the archive lane's path) needs no door of its own: it is `onWrite`.
 */
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import {
  catalogDeleteSql,
  createFieldCatalogCache,
  type CatalogBatch,
  type FieldCatalogCache,
  type SearchCatalogField,
} from './field-catalog.js';
import type { TableNames } from './log-table-schema.js';
import type { StoreLayout } from './store-layout.js';
import { sqlUInt32 } from './sql-literals.js';
import type { ClickHouseTransport, QuerySettings } from './transport.js';
import { createAbsentTokenState, type TableWrites } from './search/absent-tokens.js';
import type { QueryHelpers } from './search/compile/compile-context.js';
import { createTokenDictionaryCache } from './search/dictionary-answers.js';
import { createFewValueAnswerCache } from './search/few-value-answers.js';
import { createCatalogReadCache } from './search/fields/catalog-read-cache.js';
import type { StatementAnswerCaches } from './search/statement-answers.js';
import type { PrioritisedRuns } from './search/statement-priority.js';
import { createWordCountBuilder, type WordCountBuilder, type WordCountLimits } from './search/word-counts/word-count-builder.js';
import { createWordCountCache, type WordCountReads } from './search/word-counts/word-count-cache.js';

type Catalogs = ReadonlyMap<number, readonly SearchCatalogField[]>;

/** One insert into the logs table: its JSONEachRow payload (made when it runs: one in memory at a time) and token. */
export interface LogTableInsert {
  readonly rows: () => Buffer;
  readonly dedupToken: string;
}

/** Logs encoded by this store: the catalog rows they bring and the inserts that store them. */
export interface LogTableWrite {
  readonly catalog: readonly CatalogBatch[];
  readonly inserts: readonly LogTableInsert[];
}

/** Rows deleted from the logs table: an account's older than an instant (retention), or all of an account's. */
export type LogTableDeletion =
  | { readonly kind: 'before'; readonly accountId: number; readonly beforeMs: number }
  | { readonly kind: 'account'; readonly accountId: number };

/** A bulk load that does not go through onWrite (see the module's comment for its contract). */
export interface LogTableRestore {
  /** Every account whose rows (and catalog rows) the load writes. */
  readonly accountIds: readonly number[];
  /** Writes the rows; it is given the tables' names. */
  readonly load: (tables: TableNames) => Promise<void>;
}

/** What searches, encoders and the word-count pass read; none of it can make a cache forget or the table's writes move. */
export interface LogTableReads {
  /** The catalogs an encoder needs first (loaded once per account per process) and a batch for what it finds new. */
  readonly encoderCatalog: Pick<FieldCatalogCache, 'load' | 'newBatch'>;
  /** The catalog as callers see it (read from the side tables). */
  readonly catalog: (accountIds: readonly number[]) => Promise<Catalogs>;
  /** The catalog as search compiles against it (kept a few seconds). */
  readonly searchCatalog: (accountIds: readonly number[]) => Promise<Catalogs>;
  /** The per-part answers of statements (token patterns, columns of few values, absent words, part listings). */
  readonly answers: StatementAnswerCaches;
  /** The word counts as searches read them; null where the store keeps none. */
  readonly wordCounts: WordCountReads | null;
}

export interface LogTableState {
  readonly reads: LogTableReads;
  /** Counts the words of the parts that are due (decision 0197); nothing where the store keeps no word counts. */
  readonly countWords: (signal?: AbortSignal) => Promise<{ counted: number; forgotten: number }>;
  onWrite(write: LogTableWrite): Promise<void>;
  onDelete(deletion: LogTableDeletion): Promise<void>;
  onRestore(restore: LogTableRestore): Promise<void>;
}

export interface LogTableStateDeps {
  readonly transport: ClickHouseTransport;
  /** Where statements go: one server, or a cluster's Distributed and local tables (store-layout.ts). */
  readonly layout: StoreLayout;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly runs: PrioritisedRuns;
  readonly helpers: QueryHelpers;
  /** This process makes every write into the tables: a part listing made with no write since stays the table's. */
  readonly soleWriter: boolean;
  readonly wordCountLimits?: WordCountLimits;
  readonly engineNow: () => number;
  /** The monotonic clock the word counts' time to live is measured on. */
  readonly monotonicNow: () => number;
}

/** How long a search trusts what it read of the word counts (another process may have counted more since). */
const WORD_COUNTS_TTL_MS = 30_000;
// Deletions wait for the rows to be gone: the caller then reports them deleted.
const DELETE_SETTINGS: QuerySettings = { mutations_sync: 2, lightweight_deletes_sync: 2 };

export function createLogTableState(deps: LogTableStateDeps): LogTableState {
  const { transport, layout } = deps;
  const { tables } = layout;
  const target = (table: string): string => layout.mutationTarget(table);
  const catalog = createFieldCatalogCache(transport, tables.fields, tables.values);
  const searchCatalog = createCatalogReadCache((ids) => catalog.read(ids), deps.clock);
  // The write generations: only the doors below move them (the absent-word answers read them).
  const writes: TableWrites = { generation: 0, inFlight: 0 };
  const answers: StatementAnswerCaches = {
    tokenDictionaries: createTokenDictionaryCache(),
    fewValues: createFewValueAnswerCache(),
    absentTokens: createAbsentTokenState(deps.soleWriter ? writes : null),
    partsHere: layout.partsHere,
  };
  const wordCountCache =
    tables.wordCounts === null
      ? null
      : createWordCountCache({ countsTable: tables.wordCounts, now: deps.monotonicNow, ttlMs: WORD_COUNTS_TTL_MS });
  const readSearchCatalog = (ids: readonly number[]): Promise<Catalogs> => searchCatalog.read(ids);
  const wordCountBuilder: WordCountBuilder | null =
    tables.wordCounts === null
      ? null
      : createWordCountBuilder({
          transport,
          runs: deps.runs,
          logsTable: tables.logs,
          countsTable: tables.wordCounts,
          readCatalog: readSearchCatalog,
          helpers: deps.helpers,
          caches: answers,
          logger: deps.logger,
          engineNow: deps.engineNow,
          ...(wordCountCache === null ? {} : { onCounted: (account: number) => wordCountCache.forget(account) }),
          ...(deps.wordCountLimits === undefined ? {} : { limits: deps.wordCountLimits }),
        });

  /** A write into the logs table: the generation moves when it starts and when it ends, whatever its outcome. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    writes.generation += 1;
    writes.inFlight += 1;
    try {
      return await write();
    } finally {
      writes.generation += 1;
      writes.inFlight -= 1;
    }
  }

  /** Every in-process state of these accounts is read again from the tables. */
  function forgetAccounts(accountIds: readonly number[]): void {
    for (const id of accountIds) {
      catalog.forget(id);
      wordCountCache?.forget(id);
    }
    searchCatalog.invalidate(accountIds);
  }

  return {
    reads: {
      encoderCatalog: { load: (ids) => catalog.load(ids), newBatch: () => catalog.newBatch() },
      catalog: (ids) => catalog.read(ids),
      searchCatalog: readSearchCatalog,
      answers,
      wordCounts:
        wordCountCache === null ? null : { countsOf: (run, account, field, word) => wordCountCache.countsOf(run, account, field, word) },
    },
    countWords: async (signal) => (await wordCountBuilder?.build(signal)) ?? { counted: 0, forgotten: 0 },

    async onWrite(write) {
      // Catalog first: a stored log never has a field the catalog does not list.
      const accountsWithNewFields = new Set<number>();
      for (const batch of write.catalog) {
        for (const row of [...batch.rows, ...batch.valueRows]) accountsWithNewFields.add(row.account);
        await catalog.persist(batch);
      }
      // Only new fields and values change what searches compile against.
      if (accountsWithNewFields.size > 0) searchCatalog.invalidate([...accountsWithNewFields]);
      if (write.inserts.length === 0) return;
      await writing(async () => {
        for (const insert of write.inserts)
          await transport.insertJsonEachRow(tables.logs, insert.rows(), { insert_deduplication_token: insert.dedupToken });
      });
    },

    async onDelete(deletion) {
      const account = `account = ${sqlUInt32(deletion.accountId)}`;
      if (deletion.kind === 'before') {
        // Lightweight DELETE masks the rows at once; parts are rewritten by later merges. The catalog keeps the
        // fields (a superset is right); the parts the DELETE rewrites are new parts to every per-part answer.
        await writing(() =>
          transport.exec(
            `DELETE FROM ${target(tables.logs)} WHERE ${account} AND ts < fromUnixTimestamp64Milli(${Math.trunc(deletion.beforeMs)})`,
            DELETE_SETTINGS,
          ),
        );
        wordCountCache?.forget(deletion.accountId);
        return;
      }
      try {
        await writing(() => transport.exec(`DELETE FROM ${target(tables.logs)} WHERE ${account}`, DELETE_SETTINGS));
        await transport.exec(catalogDeleteSql(target(tables.fields), deletion.accountId), DELETE_SETTINGS);
        await transport.exec(catalogDeleteSql(target(tables.values), deletion.accountId), DELETE_SETTINGS);
        if (tables.wordCounts !== null)
          await transport.exec(catalogDeleteSql(target(tables.wordCounts), deletion.accountId), DELETE_SETTINGS);
      } finally {
        // Even a deletion that failed half-way may have deleted some: read everything again.
        forgetAccounts([deletion.accountId]);
      }
    },

    async onRestore(restore) {
      try {
        await writing(() => restore.load(tables));
      } finally {
        forgetAccounts(restore.accountIds);
      }
    },
  };
}
