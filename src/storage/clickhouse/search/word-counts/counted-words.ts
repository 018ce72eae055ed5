/**
 * Which words each account has counts of (decision 0197), kept in memory: a search of any other word — most
 * searches — does not look the counts up at all. The list is read again by the first search after `ttlMs`, and after
 * this process's builder completes an account's part; a word counted by another process is found within `ttlMs`.
 */
import { sqlUInt32 } from '../../sql-literals.js';
import type { Run } from '../statement-priority.js';
import type { CountedField } from './counted-word.js';
import { COMPLETE_SQL } from './word-count-rows.js';

export interface CountedWords {
  /** True when `account` has counts of `word` on `field` in some part (complete or not: the lookup decides). */
  has(run: Run, account: number, field: CountedField, word: string): Promise<boolean>;
  /** The account's list is read again on its next search. */
  forget(account: number): void;
}

interface Listed {
  readonly words: ReadonlySet<string>;
  readonly readAt: number;
}

const keyOf = (field: string, word: string): string => `${field}\u0000${word}`;

export function createCountedWords(deps: {
  readonly countsTable: string;
  readonly now: () => number;
  readonly ttlMs: number;
}): CountedWords {
  const listed = new Map<number, Listed>();
  const reading = new Map<number, Promise<Listed>>();

  function read(run: Run, account: number): Promise<Listed> {
    const pending = reading.get(account);
    if (pending !== undefined) return pending;
    const readAt = deps.now();
    const promise = run(
      `SELECT DISTINCT field, word FROM ${deps.countsTable} WHERE account = ${sqlUInt32(account)} AND field != '' AND ${COMPLETE_SQL}`,
    )
      .then((rows) => {
        const fresh = { words: new Set(rows.map((row) => keyOf(String(row.field), String(row.word)))), readAt };
        // A forget() while reading asks for a list read after it.
        if (reading.get(account) === promise) listed.set(account, fresh);
        return fresh;
      })
      .finally(() => {
        if (reading.get(account) === promise) reading.delete(account);
      });
    reading.set(account, promise);
    return promise;
  }

  return {
    async has(run, account, field, word) {
      const known = listed.get(account);
      const current = known === undefined || deps.now() - known.readAt > deps.ttlMs ? await read(run, account) : known;
      return current.words.has(keyOf(field, word));
    },
    forget(account) {
      listed.delete(account);
      reading.delete(account);
    },
  };
}
