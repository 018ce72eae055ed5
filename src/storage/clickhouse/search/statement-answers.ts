/**
 * What a compiled statement asks of the engine before it can run: the values of the columns of few values that pass
 * a pattern, the dictionary tokens a pattern matches (questions the compiler recorded, typed, in the search's
 * PendingAnswers and wrote into the statement by key: compile/pending-answers.ts), and whether a word is in any part
 * at all. Each is answered by a rewriter that writes the answer into the statement; a search, and anything else that
 * counts as a search does (word counts, word-counts/), runs its statements through all three.
 */
import type { QuerySettings } from '../transport.js';
import { absentTokenAnswers, type AbsentTokenState } from './absent-tokens.js';
import { dictionaryAnswers, type TokenDictionaryCache } from './dictionary-answers.js';
import { fewValueAnswers, type FewValueAnswerCache } from './few-value-answers.js';
import type { Run } from './statement-priority.js';
import { answeredSql } from './compile/token-dictionary.js';
import { fewValuesAnsweredSql } from './compile/few-values.js';
import { writtenAnswers, type KeyedAnswer, type PendingAnswer, type PendingAnswers } from './compile/pending-answers.js';
import { ALL_SEARCH_RULES_ON, type SearchRules } from './rules/search-rules.js';

/** What the rewriters keep between statements: the store's, so every search shares what any of them learned. */
export interface StatementAnswerCaches {
  readonly tokenDictionaries: TokenDictionaryCache;
  readonly fewValues: FewValueAnswerCache;
  readonly absentTokens: AbsentTokenState;
  /**
   * False where the table's parts are on other servers (a Distributed table, decision 0723): the dictionary and
   * absent-word answers, read from this server's system.parts and mergeTreeTextIndex, are off — every pattern is
   * tested on the rows and every word test stays, which is always right.
   */
  readonly partsHere?: boolean;
}

export interface AnsweringRunDeps {
  readonly table: string;
  /** The scope's accounts and window (scope-sql.ts scopeBoundsSql): whether reading a dictionary is worth it. */
  readonly scopeBounds: string;
  /** Runs a statement as written; the rewriters' own questions go through it too. */
  readonly run: Run;
  /** The questions the statements' compilation recorded (the CompileContext's): answered by key. */
  readonly pending: PendingAnswers;
  readonly caches: StatementAnswerCaches;
  /** The speed rules applied (all where absent): absent-words, token-dictionaries, few-value-answers. */
  readonly rules?: SearchRules;
}

/** Each question of `kind` written as the test that needs no answer (rule switched off). */
function unanswered<K extends PendingAnswer['kind']>(pending: PendingAnswers, kind: K, plain: (answer: KeyedAnswer<K>) => string) {
  return (sql: string): string => writtenAnswers(sql, new Map(pending.in(sql, kind).map((answer) => [answer.key, plain(answer)])));
}

/** A statement runner that writes every answer into a statement before running it. */
export function answeringRun(deps: AnsweringRunDeps): Run {
  const { table, run, caches, pending } = deps;
  const ask: Run = (sql, settings) => run(sql, settings);
  const rules = deps.rules ?? ALL_SEARCH_RULES_ON;
  const withFewValues = rules.on('few-value-answers')
    ? fewValueAnswers(ask, caches.fewValues, pending)
    : (sql: string) => Promise.resolve(unanswered(pending, 'few-values', ({ lookup }) => fewValuesAnsweredSql(lookup, null))(sql));
  // A Distributed table's parts are on other servers: nothing is answered from parts (decision 0723).
  if (caches.partsHere === false)
    return async (sql: string, settings?: QuerySettings) => run(withoutDictionaries(pending)(await withFewValues(sql)), settings);
  const withDictionaries = rules.on('token-dictionaries')
    ? dictionaryAnswers({ table, scopeBounds: deps.scopeBounds, run: ask, cache: caches.tokenDictionaries, pending })
    : (sql: string) => Promise.resolve(unanswered(pending, 'token-dictionary', ({ lookup }) => answeredSql(lookup, null))(sql));
  const withoutAbsentWords = rules.on('absent-words')
    ? absentTokenAnswers({ table, run: ask, state: caches.absentTokens })
    : (sql: string) => Promise.resolve(sql);
  return async (sql: string, settings?: QuerySettings) =>
    run(await withoutAbsentWords(await withDictionaries(await withFewValues(sql))), settings);
}

/** Each dictionary question as the test of every token (what dictionaryAnswers writes where it cannot answer). */
export function withoutDictionaries(pending: PendingAnswers): (sql: string) => string {
  return unanswered(pending, 'token-dictionary', ({ lookup }) => `(${lookup.scan})`);
}
