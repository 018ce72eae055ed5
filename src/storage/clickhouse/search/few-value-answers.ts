/**
 * The tests of the columns of few values that only the engine can evaluate (compile/few-values.ts: patterns, fuzzy
 * terms), answered once per search over the listed values and written into its statements as the values that pass:
 * a column none of them passes is then not read at all, where the test over every row read it whole.
 */
import { createLruCache, stringsOf, type LruCache } from './table-parts.js';
import { FEW_VALUES_PLACEHOLDER, fewValuesAnsweredSql, fewValuesLookupOf } from './compile/few-values.js';

type Run = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/** Answers kept across searches: a placeholder names its values and its test, so its answer never changes. */
export type FewValueAnswerCache = LruCache<string>;

const CACHED_ANSWERS = 256;

export function createFewValueAnswerCache(): FewValueAnswerCache {
  return createLruCache<string>(CACHED_ANSWERS);
}

/** The statement rewriter of one search; where the engine refuses the question, each test stays over its column. */
export function fewValueAnswers(run: Run, cache: FewValueAnswerCache): (sql: string) => Promise<string> {
  const answers = new Map<string, Promise<string>>();
  const answer = (placeholder: string): Promise<string> => {
    const known = cache.get(placeholder);
    if (known !== undefined) return Promise.resolve(known);
    const lookup = fewValuesLookupOf(placeholder);
    if (lookup.matching.length === 0) return Promise.resolve(fewValuesAnsweredSql(lookup, new Set()));
    return run(`SELECT ${lookup.matching.map((matching, i) => `${matching} AS __v${i}`).join(', ')}`).then(
      ([row]) => {
        const written = fewValuesAnsweredSql(lookup, new Set(lookup.matching.flatMap((_, i) => stringsOf(row?.[`__v${i}`]) ?? [])));
        cache.set(placeholder, written);
        return written;
      },
      () => fewValuesAnsweredSql(lookup, null),
    );
  };
  return async (sql) => {
    const found = [...new Set(sql.match(FEW_VALUES_PLACEHOLDER) ?? [])];
    if (found.length === 0) return sql;
    for (const placeholder of found) if (!answers.has(placeholder)) answers.set(placeholder, answer(placeholder));
    const written = new Map<string, string>();
    for (const placeholder of found) written.set(placeholder, (await answers.get(placeholder)) ?? '0');
    return sql.replace(FEW_VALUES_PLACEHOLDER, (placeholder) => written.get(placeholder) ?? '0');
  };
}
