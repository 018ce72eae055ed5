/**
 * The tests of the columns of few values that only the engine can evaluate (compile/few-values.ts: patterns, fuzzy
 * terms), answered once per search over the listed values and written into its statements as the values that pass:
 * a column none of them passes is then not read at all, where the test over every row read it whole.
 */
import { createLruCache, stringsOf, type LruCache } from './table-parts.js';
import { fewValuesAnsweredSql } from './compile/few-values.js';
import { writtenAnswers, type FewValuesLookup, type PendingAnswers } from './compile/pending-answers.js';

type Run = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/** Answers kept across searches, by question (its values and its test), whose answer never changes. */
export type FewValueAnswerCache = LruCache<string>;

const CACHED_ANSWERS = 256;

export function createFewValueAnswerCache(): FewValueAnswerCache {
  return createLruCache<string>(CACHED_ANSWERS);
}

/**
 * The statement rewriter of one search: each few-values question of `pending` whose key a statement holds is written
 * as its answer; where the engine refuses the question, each test stays over its column.
 */
export function fewValueAnswers(run: Run, cache: FewValueAnswerCache, pending: PendingAnswers): (sql: string) => Promise<string> {
  const answers = new Map<string, Promise<string>>();
  const answer = (lookup: FewValuesLookup): Promise<string> => {
    const question = JSON.stringify(lookup);
    const known = cache.get(question);
    if (known !== undefined) return Promise.resolve(known);
    if (lookup.matching.length === 0) return Promise.resolve(fewValuesAnsweredSql(lookup, new Set()));
    return run(`SELECT ${lookup.matching.map((matching, i) => `${matching} AS __v${i}`).join(', ')}`).then(
      ([row]) => {
        const written = fewValuesAnsweredSql(lookup, new Set(lookup.matching.flatMap((_, i) => stringsOf(row?.[`__v${i}`]) ?? [])));
        cache.set(question, written);
        return written;
      },
      () => fewValuesAnsweredSql(lookup, null),
    );
  };
  return async (sql) => {
    const found = pending.in(sql, 'few-values');
    if (found.length === 0) return sql;
    for (const { key, lookup } of found) if (!answers.has(key)) answers.set(key, answer(lookup));
    const written = new Map<string, string>();
    for (const { key } of found) written.set(key, (await answers.get(key)) ?? '0');
    return writtenAnswers(sql, written);
  };
}
