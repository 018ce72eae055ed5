/**
 * Makes the word counts (decision 0197) in the background: for each account holding many logs in a part, how many
 * of them each common word matches per block of the part's rows, counted by the same compiled condition a search of the word runs,
 * in the background lane (a search pauses it). A part never changes, so its counts hold until a merge or a mutation
 * replaces it; then the new part is counted and the old part's counts are deleted.
 */
import type { Logger } from '../../../../shared/logger.js';
import type { SearchCatalogField } from '../../field-catalog.js';
import { sqlNumber, sqlString, sqlUInt32 } from '../../sql-literals.js';
import type { ClickHouseTransport } from '../../transport.js';
import { CompileContext, type QueryHelpers } from '../compile/compile-context.js';
import { compileQuery } from '../compile/query-compiler.js';
import { FieldCatalog } from '../fields/field-access.js';
import { answeringRun, type StatementAnswerCaches } from '../statement-answers.js';
import type { PrioritisedRuns, Run } from '../statement-priority.js';
import { ACTIVE_PARTS_COLUMNS, activePartsFrom, activePartsOf, type ActivePart } from '../table-parts.js';
import { wordQuery } from './counted-word.js';
import { frequentWords } from './frequent-words.js';
import { COMPLETE_SQL, completionRow, type WordCountRow } from './word-count-rows.js';
import { WORD_COUNT_BLOCK_ROWS } from '../../log-table-schema.js';

export interface WordCountLimits {
  /** An account's logs in a part below which a search counts its words itself (cheaply enough). */
  readonly minAccountLogs: number;
  /** The share of those logs a word must be held by to be counted ahead. */
  readonly minShare: number;
  /** Words counted per field, account and part, the most common first. */
  readonly maxWords: number;
  /**
   * How old a part must be to be counted: younger ones are mostly merged again soon (the engine merges parts of like
   * size as they come), and counting them would be wasted.
   */
  readonly minPartAgeMs: number;
}

export const DEFAULT_WORD_COUNT_LIMITS: WordCountLimits = {
  minAccountLogs: 1_048_576,
  minShare: 0.2,
  maxWords: 8,
  minPartAgeMs: 5 * 60_000,
};

export interface WordCountBuilderDeps {
  readonly transport: Pick<ClickHouseTransport, 'insertJsonEachRow' | 'exec'>;
  readonly runs: PrioritisedRuns;
  readonly logsTable: string;
  readonly countsTable: string;
  readonly readCatalog: (accountIds: readonly number[]) => Promise<ReadonlyMap<number, readonly SearchCatalogField[]>>;
  readonly helpers: QueryHelpers;
  readonly caches: StatementAnswerCaches;
  readonly logger: Logger;
  readonly limits?: WordCountLimits;
  /** Told of each account whose part's counts were completed (what the searches keep of the counts is read again). */
  readonly onCounted?: (account: number) => void;
  /** The engine's clock, which dates its parts (not the app's: a test or bench may set that one back). */
  readonly engineNow: () => number;
}

export interface WordCountPass {
  /** Accounts' parts counted in this pass. */
  readonly counted: number;
  /** Parts whose counts were deleted (merged away). */
  readonly forgotten: number;
}

export interface WordCountBuilder {
  /** Counts every account's part that is due, then deletes the counts of parts no longer active. One pass at a time. */
  build(signal?: AbortSignal): Promise<WordCountPass>;
}

/** A count of one test reads no column but the test's: PREWHERE only adds its step (decision 0195). */
const ONE_TEST = { optimize_move_to_prewhere: 0 } as const;

/**
 * Days a part's blocks are cut at, at most: a part spanning more keeps its oldest days in blocks that may cross
 * midnight, whose share of a window of whole days is then counted on the logs.
 */
const MAX_DAYS = 1024;

/** Rows per insert: each is one engine block, all or nothing (chdb-notes pitfall 6). */
const ROWS_PER_INSERT = 50_000;

export function createWordCountBuilder(deps: WordCountBuilderDeps): WordCountBuilder {
  const { logsTable, countsTable } = deps;
  const limits = deps.limits ?? DEFAULT_WORD_COUNT_LIMITS;
  let running: Promise<WordCountPass> | null = null;
  /** The accounts holding enough logs of each part seen (a part never changes), by part key. */
  const accountsOfPart = new Map<string, readonly { readonly account: number; readonly logs: number }[]>();

  async function pass(run: Run, signal: AbortSignal | undefined): Promise<WordCountPass> {
    const [listed] = await run(`SELECT ${ACTIVE_PARTS_COLUMNS} ${activePartsFrom(logsTable)}`);
    const active = activePartsOf(listed) ?? [];
    const settled = deps.engineNow() - limits.minPartAgeMs;
    const big = active.filter((part) => part.rows >= limits.minAccountLogs && part.madeAtMs <= settled);
    let counted = 0;
    for (const { part, account, logs } of await due(run, big)) {
      if (signal?.aborted === true) break;
      await countPart(run, part, account, logs);
      counted += 1;
    }
    const keys = new Set(active.map((part) => part.key));
    for (const key of accountsOfPart.keys()) if (!keys.has(key)) accountsOfPart.delete(key);
    return { counted, forgotten: await forget(run, keys) };
  }

  /** The (part, account) pairs with enough logs whose counts are not complete under the current rules. */
  async function due(run: Run, parts: readonly ActivePart[]): Promise<{ part: ActivePart; account: number; logs: number }[]> {
    if (parts.length === 0) return [];
    const unseen = parts.filter((part) => !accountsOfPart.has(part.key));
    const [accounts, done] = await Promise.all([
      unseen.length === 0
        ? Promise.resolve([])
        : run(
            `SELECT _part AS p, account, count() AS n FROM ${logsTable} WHERE _part IN (${unseen.map((part) => sqlString(part.name)).join(', ')}) ` +
              `GROUP BY p, account HAVING n >= ${sqlUInt32(limits.minAccountLogs)} ORDER BY n DESC`,
          ),
      run(
        `SELECT part, account FROM ${countsTable} WHERE field = '' AND word = '' AND ${COMPLETE_SQL} ` +
          `AND part IN (${parts.map((part) => sqlString(part.key)).join(', ')})`,
      ),
    ]);
    for (const part of unseen)
      accountsOfPart.set(
        part.key,
        accounts.filter((row) => String(row.p) === part.name).map((row) => ({ account: Number(row.account), logs: Number(row.n) })),
      );
    const complete = new Set(done.map((row) => `${String(row.part)}\u0000${Number(row.account)}`));
    return parts.flatMap((part) =>
      (accountsOfPart.get(part.key) ?? [])
        .filter(({ account }) => !complete.has(`${part.key}\u0000${account}`))
        .map((entry) => ({ part, ...entry })),
    );
  }

  async function countPart(background: Run, part: ActivePart, account: number, logs: number): Promise<void> {
    const catalogs = await deps.readCatalog([account]);
    const context = new CompileContext(new FieldCatalog([catalogs.get(account) ?? []]), deps.helpers, 'any', new Map());
    const run = answeringRun({
      table: logsTable,
      scopeBounds: `account = ${sqlUInt32(account)}`,
      run: background,
      pending: context.pending,
      caches: deps.caches,
    });
    const words = await frequentWords({
      table: logsTable,
      part: part.name,
      account,
      minLogs: Math.ceil(limits.minShare * logs),
      maxWords: limits.maxWords,
      run: background,
    });
    const inPart = `_part = ${sqlString(part.name)} AND account = ${sqlUInt32(account)}`;
    const blockSql = await blockKeySql(background, inPart);
    // The account's rows and timestamps of each block, read once; the words' counts then read no column of their own.
    const blocks = new Map(
      (
        await background(
          `SELECT ${blockSql} AS b, min(_part_offset) AS first, max(_part_offset) AS last, ` +
            `toUnixTimestamp64Milli(min(ts)) AS lo, toUnixTimestamp64Milli(max(ts)) AS hi FROM ${logsTable} WHERE ${inPart} GROUP BY b`,
        )
      ).map((row) => [
        Number(row.b),
        { first_row: Number(row.first), last_row: Number(row.last), min_ts: Number(row.lo), max_ts: Number(row.hi) },
      ]),
    );
    const rows: WordCountRow[] = [];
    for (const [field, list] of words) {
      for (const word of list) {
        const { where } = compileQuery(context, wordQuery(field, word));
        const counted = await run(
          `SELECT ${blockSql} AS b, count() AS n FROM ${logsTable} WHERE ${inPart} AND (${where}) GROUP BY b`,
          ONE_TEST,
        );
        for (const row of counted) {
          const block = Number(row.b);
          const span = blocks.get(block);
          if (span !== undefined) rows.push({ account, field, word, part: part.key, block, ...span, logs: Number(row.n), complete: 0 });
        }
        rows.push(completionRow(account, part.key, field, word));
      }
    }
    // What an earlier pass left of this part before it could mark it complete would be counted twice.
    await deps.transport.exec(`DELETE FROM ${countsTable} WHERE part = ${sqlString(part.key)} AND account = ${sqlUInt32(account)}`, {
      lightweight_deletes_sync: 2,
    });
    // The completion row goes last: until it is written, no search reads the part's counts.
    rows.push(completionRow(account, part.key));
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const lines = rows.slice(i, i + ROWS_PER_INSERT).map((row) => JSON.stringify(row));
      await deps.transport.insertJsonEachRow(countsTable, Buffer.from(lines.join('\n')));
    }
    deps.onCounted?.(account);
    deps.logger.debug({ part: part.name, account, words: rows.length }, 'word counts written');
  }

  /**
   * The block of a row of the account's in the part, as SQL: its run of WORD_COUNT_BLOCK_ROWS rows, cut where a UTC
   * day starts (the account's rows are in timestamp order: each day is a run of offsets, found once).
   */
  async function blockKeySql(run: Run, inPart: string): Promise<string> {
    const days = await run(`SELECT toDate32(ts) AS d, min(_part_offset) AS first FROM ${logsTable} WHERE ${inPart} GROUP BY d ORDER BY d`);
    const starts = days
      .slice(1)
      .slice(-(MAX_DAYS - 1))
      .map((row) => `(_part_offset >= ${sqlNumber(Number(row.first))})`);
    return `intDiv(_part_offset, ${WORD_COUNT_BLOCK_ROWS}) * ${MAX_DAYS} + ${starts.length === 0 ? '0' : starts.join(' + ')}`;
  }

  /** Deletes the counts of parts no longer active; how many parts they were. */
  async function forget(run: Run, keys: ReadonlySet<string>): Promise<number> {
    const stored = await run(`SELECT DISTINCT part FROM ${countsTable}`);
    const stale = stored.map((row) => String(row.part)).filter((part) => !keys.has(part));
    if (stale.length > 0) await deps.transport.exec(`DELETE FROM ${countsTable} WHERE part IN (${stale.map(sqlString).join(', ')})`);
    return stale.length;
  }

  return {
    build(signal) {
      running ??= deps
        .runs({ background: true }, (run) => pass(run, signal))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}
