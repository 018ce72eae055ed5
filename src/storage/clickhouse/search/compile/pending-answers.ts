/**
 * What a compiled statement asks of the engine before it can run (decision 0731): which listed values of a column
 * of few values pass a test (few-values.ts), which dictionary tokens a pattern matches (token-dictionary.ts). The
 * compiler records each question here, typed, and writes only its key into the SQL; the statement renderer
 * (../statement-answers.ts) answers the questions it finds by key and writes each answer in place of its key —
 * nothing reads a question back out of SQL text. One registry serves every compilation of a search, so a question
 * asked twice (in the plain- and other-row forms of a predicate) has one key and one answer, and two compilations
 * that ask the same questions write the same SQL.
 */
import type { TokenIndex } from '../fields/field-access.js';

/** A few-values question (few-values.ts): which listed values pass the test, and the columns that list them. */
export interface FewValuesLookup {
  /** Per column, its listed values. */
  readonly columns: Readonly<Record<string, readonly string[]>>;
  /** `arrayFilter(v -> <test>, [values])` over every listed value, plain ones tested on the engine's tokens. */
  readonly matching: readonly string[];
}

/**
 * A token-dictionary question (token-dictionary.ts): the tokens of `index` that `tokenTest` accepts, and the test of
 * every token.
 */
export interface DictionaryLookup {
  readonly index: TokenIndex;
  readonly tokenTest: string;
  readonly scan: string;
}

export type PendingAnswer =
  | { readonly kind: 'few-values'; readonly lookup: FewValuesLookup }
  | { readonly kind: 'token-dictionary'; readonly lookup: DictionaryLookup };

/** A pending answer with the key its statement holds it by. */
export type KeyedAnswer<K extends PendingAnswer['kind'] = PendingAnswer['kind']> = Extract<PendingAnswer, { kind: K }> & {
  readonly key: string;
};

/** U+0001 and U+0002: sqlString escapes every control character, so no literal can contain them. */
const MARK = String.fromCharCode(1);
const SEP = String.fromCharCode(2);
/** The keys' own words: absent-tokens.ts leaves the few-values ones out of a statement's message side. */
const KEY_WORD: Readonly<Record<PendingAnswer['kind'], string>> = { 'few-values': 'few', 'token-dictionary': 'dict' };
export const FEW_VALUES_KEY = new RegExp(`${MARK}few${SEP}\\d+${MARK}`, 'g');

export class PendingAnswers {
  private readonly keys = new Map<string, string>();
  private readonly answers: KeyedAnswer[] = [];

  /** The key of `answer` in SQL: the same for the same question. */
  add(answer: PendingAnswer): string {
    const content = JSON.stringify(answer);
    const known = this.keys.get(content);
    if (known !== undefined) return known;
    const key = `${MARK}${KEY_WORD[answer.kind]}${SEP}${this.answers.length}${MARK}`;
    this.keys.set(content, key);
    this.answers.push({ ...answer, key });
    return key;
  }

  /**
   * The questions of `kind` a statement holds (its SQL holds their keys), in the order the statement holds them: the
   * order a dictionary read lists its tests in.
   */
  in<K extends PendingAnswer['kind']>(sql: string, kind: K): KeyedAnswer<K>[] {
    return this.answers
      .filter((answer): answer is KeyedAnswer<K> => answer.kind === kind && sql.includes(answer.key))
      .sort((a, b) => sql.indexOf(a.key) - sql.indexOf(b.key));
  }
}

/** `sql` with each key written as its answer (a function replacer: an answer may hold `$`). */
export function writtenAnswers(sql: string, written: ReadonlyMap<string, string>): string {
  let out = sql;
  for (const [key, answer] of written) out = out.replaceAll(key, () => answer);
  return out;
}
