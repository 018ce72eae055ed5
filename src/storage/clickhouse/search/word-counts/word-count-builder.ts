/**
 * Makes the word counts (decision 0197) in the background: for each account holding many logs in a part, how many
 * of them each common word matches per UTC hour, counted by the same compiled condition a search of the word runs,
 * in the background lane (a search pauses it). A part never changes, so its counts hold until a merge or a mutation
 * replaces it; then the new part is counted and the old part's counts are deleted.
 */
import type { Logger } from '../../../../shared/logger.js';
import type { SearchCatalogField } from '../../field-catalog.js';
import { sqlString, sqlTimestampMs, sqlUInt32 } from '../../sql-literals.js';
import type { ClickHouseTransport } from '../../transport.js';
import { CompileContext, type QueryHelpers } from '../compile/compile-context.js';
import { compileQuery } from '../compile/query-compiler.js';
import { FieldCatalog } from '../fields/field-access.js';
import { answeringRun, type StatementAnswerCaches } from '../statement-answers.js';
import type { PrioritisedRuns, Run } from '../statement-priority.js';
import { ACTIVE_PARTS_COLUMNS, activePartsFrom, activePartsOf, type ActivePart } from '../table-parts.js';
import { wordQuery } from './counted-word.js';
import type { CountedWords } from './counted-words.js';
import { frequentWords } from './frequent-words.js';
import { COMPLETE_SQL, completionRow, COUNTED_HOURS, type WordCountRow } from './word-count-rows.js';

export interface WordCountLimits {
  /** An account's logs in a part below which a search counts its words itself (cheaply enough). */
  readonly minAccountLogs: number;
  /** The share of those logs a word must be held by to be counted ahead. */
  readonly minShare: number;
  /** Words counted per field, account and part, the most common first. */
  readonly maxWords: number;
}

export const DEFAULT_WORD_COUNT_LIMITS: WordCountLimits = { minAccountLogs: 262_144, minShare: 0.05, maxWords: 256 };

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
  /** Told of each account whose part's counts were completed (the searches' list of counted words). */
  readonly words?: CountedWords;
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

/** Rows per insert: each is one engine block, all or nothing (chdb-notes pitfall 6). */
const ROWS_PER_INSERT = 50_000;

export function createWordCountBuilder(deps: WordCountBuilderDeps): WordCountBuilder {
  const { logsTable, countsTable } = deps;
  const limits = deps.limits ?? DEFAULT_WORD_COUNT_LIMITS;
  let running: Promise<WordCountPass> | null = null;

  async function pass(run: Run, signal: AbortSignal | undefined): Promise<WordCountPass> {
    const [listed] = await run(`SELECT ${ACTIVE_PARTS_COLUMNS} ${activePartsFrom(logsTable)}`);
    const active = activePartsOf(listed) ?? [];
    const big = active.filter((part) => part.rows >= limits.minAccountLogs);
    let counted = 0;
    for (const { part, account, logs } of await due(run, big)) {
      if (signal?.aborted === true) break;
      await countPart(run, part, account, logs);
      counted += 1;
    }
    return { counted, forgotten: await forget(run, active) };
  }

  /** The (part, account) pairs with enough logs whose counts are not complete under the current rules. */
  async function due(run: Run, parts: readonly ActivePart[]): Promise<{ part: ActivePart; account: number; logs: number }[]> {
    if (parts.length === 0) return [];
    const byName = new Map(parts.map((part) => [part.name, part]));
    const [accounts, done] = await Promise.all([
      run(
        `SELECT _part AS p, account, count() AS n FROM ${logsTable} WHERE _part IN (${parts.map((part) => sqlString(part.name)).join(', ')}) ` +
          `GROUP BY p, account HAVING n >= ${sqlUInt32(limits.minAccountLogs)} ORDER BY n DESC`,
      ),
      run(
        `SELECT part, account FROM ${countsTable} WHERE field = '' AND word = '' AND ${COMPLETE_SQL} ` +
          `AND part IN (${parts.map((part) => sqlString(part.key)).join(', ')})`,
      ),
    ]);
    const complete = new Set(done.map((row) => `${String(row.part)}\u0000${Number(row.account)}`));
    return accounts.flatMap((row) => {
      const part = byName.get(String(row.p));
      const account = Number(row.account);
      return part === undefined || complete.has(`${part.key}\u0000${account}`) ? [] : [{ part, account, logs: Number(row.n) }];
    });
  }

  async function countPart(background: Run, part: ActivePart, account: number, logs: number): Promise<void> {
    const catalogs = await deps.readCatalog([account]);
    const context = new CompileContext(new FieldCatalog([catalogs.get(account) ?? []]), deps.helpers, 'any', new Map());
    const run = answeringRun({ table: logsTable, scopeBounds: `account = ${sqlUInt32(account)}`, run: background, caches: deps.caches });
    const words = await frequentWords({
      table: logsTable,
      part: part.name,
      account,
      minLogs: Math.ceil(limits.minShare * logs),
      maxWords: limits.maxWords,
      run: background,
    });
    const rows: WordCountRow[] = [];
    const inPart =
      `_part = ${sqlString(part.name)} AND account = ${sqlUInt32(account)} ` +
      `AND ts >= ${sqlTimestampMs(COUNTED_HOURS.fromMs)} AND ts < ${sqlTimestampMs(COUNTED_HOURS.toMs)}`;
    for (const [field, list] of words) {
      for (const word of list) {
        const { where } = compileQuery(context, wordQuery(field, word));
        const hours = await run(
          `SELECT toUInt32(toStartOfHour(ts)) AS hour, count() AS n FROM ${logsTable} WHERE ${inPart} AND (${where}) GROUP BY hour`,
        );
        for (const row of hours)
          rows.push({ account, field, word, part: part.key, hour: Number(row.hour), logs: Number(row.n), complete: 0 });
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
    deps.words?.forget(account);
    deps.logger.debug({ part: part.name, account, words: rows.length }, 'word counts written');
  }

  /** Deletes the counts of parts no longer active; how many parts they were. */
  async function forget(run: Run, active: readonly ActivePart[]): Promise<number> {
    const keys = new Set(active.map((part) => part.key));
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
