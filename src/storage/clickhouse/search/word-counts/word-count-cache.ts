/**
 * The word counts (decision 0197) a search reads, kept in memory: which words an account has counts of, and for each
 * word asked the counted blocks of its complete parts. A part never changes, so what was read of it stays true;
 * what is read again after `ttlMs` (or after this process's builder completes an account's part) is what other
 * processes counted since. A search of a word not counted reads nothing.
 */
import { sqlString, sqlUInt32 } from '../../sql-literals.js';
import type { Run } from '../statement-priority.js';
import { createLruCache } from '../table-parts.js';
import type { CountedField } from './counted-word.js';
import { COMPLETE_SQL, WORD_COUNT_RULES } from './word-count-rows.js';

/** One part's counted blocks of a word for an account: the account's rows and timestamps in each, and its matches. */
export interface PartWordCounts {
  readonly firstRow: Float64Array;
  readonly lastRow: Float64Array;
  readonly minTs: Float64Array;
  readonly maxTs: Float64Array;
  readonly logs: Float64Array;
}

/** The word counts as a search reads them: it cannot make the cache forget (only the derived-state owner can). */
export interface WordCountReads {
  /** The counts of `word` for `account`, by part key (complete parts only); null when the account has none of it. */
  countsOf(run: Run, account: number, field: CountedField, word: string): Promise<ReadonlyMap<string, PartWordCounts> | null>;
}

export interface WordCountCache extends WordCountReads {
  /** What is known of the account is read again on its next search. */
  forget(account: number): void;
}

/** Words whose counts are kept at once (the least recently asked are read again when asked). */
const CACHED_WORDS = 512;

interface Dated<T> {
  readonly value: T;
  readonly readAt: number;
}

const keyOf = (...parts: readonly (string | number)[]): string => parts.join('\u0000');

export function createWordCountCache(deps: {
  readonly countsTable: string;
  readonly now: () => number;
  readonly ttlMs: number;
}): WordCountCache {
  const table = deps.countsTable;
  const counted = new Map<number, Dated<ReadonlySet<string>>>();
  const words = createLruCache<Dated<ReadonlyMap<string, PartWordCounts>>>(CACHED_WORDS);
  /** Per account, bumped by forget(): what was read before is not kept. */
  const epochs = new Map<number, number>();
  const fresh = (read: { readonly readAt: number } | undefined): boolean => read !== undefined && deps.now() - read.readAt <= deps.ttlMs;

  async function countedWords(run: Run, account: number): Promise<ReadonlySet<string>> {
    const known = counted.get(account);
    if (fresh(known) && known !== undefined) return known.value;
    const epoch = epochs.get(account) ?? 0;
    const readAt = deps.now();
    const rows = await run(
      `SELECT DISTINCT field, word FROM ${table} WHERE account = ${sqlUInt32(account)} AND field != '' AND ${COMPLETE_SQL}`,
    );
    const value = new Set(rows.map((row) => keyOf(String(row.field), String(row.word))));
    if ((epochs.get(account) ?? 0) === epoch) counted.set(account, { value, readAt });
    return value;
  }

  async function read(run: Run, account: number, field: CountedField, word: string): Promise<ReadonlyMap<string, PartWordCounts>> {
    const rows = await run(
      `SELECT part, field, first_row, last_row, toUnixTimestamp64Milli(min_ts) AS lo, toUnixTimestamp64Milli(max_ts) AS hi, logs, complete ` +
        `FROM ${table} ` +
        `WHERE account = ${sqlUInt32(account)} AND ((field = '' AND word = '') OR (field = ${sqlString(field)} AND word = ${sqlString(word)})) ` +
        'ORDER BY part, first_row',
    );
    // A part's counts are read when both its completion rows are there: the part's (written last) and the word's.
    const marks = new Map<string, number>();
    const byPart = new Map<string, { first: number; last: number; lo: number; hi: number; n: number }[]>();
    for (const row of rows) {
      const part = String(row.part);
      if (Number(row.complete) === 1) {
        if (Number(row.logs) === WORD_COUNT_RULES) marks.set(part, (marks.get(part) ?? 0) | (String(row.field) === '' ? 1 : 2));
        continue;
      }
      const blocks = byPart.get(part) ?? [];
      blocks.push({
        first: Number(row.first_row),
        last: Number(row.last_row),
        lo: Number(row.lo),
        hi: Number(row.hi),
        n: Number(row.logs),
      });
      byPart.set(part, blocks);
    }
    const counts = new Map<string, PartWordCounts>();
    for (const [part, mark] of marks) {
      if (mark !== 3) continue;
      const blocks = byPart.get(part) ?? [];
      counts.set(part, {
        firstRow: Float64Array.from(blocks, (b) => b.first),
        lastRow: Float64Array.from(blocks, (b) => b.last),
        minTs: Float64Array.from(blocks, (b) => b.lo),
        maxTs: Float64Array.from(blocks, (b) => b.hi),
        logs: Float64Array.from(blocks, (b) => b.n),
      });
    }
    return counts;
  }

  return {
    async countsOf(run, account, field, word) {
      if (!(await countedWords(run, account)).has(keyOf(field, word))) return null;
      const key = keyOf(account, epochs.get(account) ?? 0, field, word);
      const known = words.get(key);
      if (fresh(known) && known !== undefined) return known.value;
      const readAt = deps.now();
      const value = await read(run, account, field, word);
      words.set(key, { value, readAt });
      return value;
    },
    forget(account) {
      counted.delete(account);
      epochs.set(account, (epochs.get(account) ?? 0) + 1);
    },
  };
}
