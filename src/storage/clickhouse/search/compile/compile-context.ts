import type { indexTokens, isIndexExactText, LookupMembers, resolveMinimumShouldMatch } from '../../../../query/index.js';
import type { FieldCatalog } from '../fields/field-access.js';
import { PendingAnswers } from './pending-answers.js';
import { factsOf, type PredicateFact, type PredicateFacts } from './predicate-facts.js';

/** The pure helpers of src/query the compiler needs (injected so the compiler stays a plain function). */
export interface QueryHelpers {
  readonly indexTokens: typeof indexTokens;
  readonly isIndexExactText: typeof isIndexExactText;
  readonly resolveMinimumShouldMatch: typeof resolveMinimumShouldMatch;
}

/**
 * State of one compilation. Relevance needs document frequencies that only the data knows: leaves register
 * the predicate whose frequency they need and get a placeholder, replaced once a stats query has run.
 * Placeholders are delimited by U+0001, which sqlString always escapes, so no literal can contain one.
 */
/**
 * Rows a compiled predicate is meant for: on `message_plain` rows the text index decides a word alone
 * (query/text/index-tokens.ts); on the others an exact check follows it; `any` compiles both, each on its rows.
 */
export type TextRows = 'plain' | 'other' | 'any';
/** Rows a field-less predicate is meant for: `plain` where `fields_plain = 1` (the fields' index decides alone). */
export type FieldRows = 'plain' | 'any';

export class CompileContext {
  readonly statPredicates: string[] = [];
  /** Text fields whose average token count the length norm needs (SQL of the string value). */
  readonly lengthFields: string[] = [];

  constructor(
    readonly catalog: FieldCatalog,
    readonly helpers: QueryHelpers,
    readonly textRows: TextRows = 'any',
    /** Engine Set tables holding the values of big lookup lists (search/lookup-sets.ts); others are inlined. */
    readonly lookupTables: ReadonlyMap<LookupMembers, string> = new Map(),
    readonly fieldRows: FieldRows = 'any',
    /** The questions the statements ask of the engine (pending-answers.ts): one registry for a search's compilations. */
    readonly pending: PendingAnswers = new PendingAnswers(),
  ) {}

  /** Open noting scopes (innermost last); null entries pause noting for tests that only score. */
  private readonly noting: (Set<PredicateFact> | null)[] = [];

  /** Records a fact of the test being written into the open noting scopes, up to a pause (a test that only scores). */
  note(fact: PredicateFact): void {
    for (let i = this.noting.length - 1; i >= 0; i -= 1) {
      const seen = this.noting[i];
      if (seen === null || seen === undefined) return;
      seen.add(fact);
    }
  }

  /** What `compile` writes and the facts of the tests it wrote into a WHERE (predicate-facts.ts). */
  noted<T>(compile: () => T): { readonly value: T; readonly facts: PredicateFacts } {
    const seen = new Set<PredicateFact>();
    this.noting.push(seen);
    try {
      return { value: compile(), facts: factsOf(seen) };
    } finally {
      this.noting.pop();
    }
  }

  /** `compile` of a test that only scores: its facts are not the predicate's. */
  scoreOnly<T>(compile: () => T): T {
    this.noting.push(null);
    try {
      return compile();
    } finally {
      this.noting.pop();
    }
  }

  /** Placeholder for the idf of the documents matching `predicate`. */
  idf(predicate: string): string {
    let index = this.statPredicates.indexOf(predicate);
    if (index === -1) {
      index = this.statPredicates.length;
      this.statPredicates.push(predicate);
    }
    return `${MARK}idf:${index}${MARK}`;
  }

  /** Placeholder for the average token count of a text value. */
  averageLength(value: string): string {
    let index = this.lengthFields.indexOf(value);
    if (index === -1) {
      index = this.lengthFields.length;
      this.lengthFields.push(value);
    }
    return `${MARK}avgdl:${index}${MARK}`;
  }
}

/** U+0001: sqlString escapes every control character, so no literal can contain it. */
const MARK = String.fromCharCode(1);
const IDF_PLACEHOLDER = new RegExp(`${MARK}idf:(\\d+)${MARK}`, 'g');
const AVGDL_PLACEHOLDER = new RegExp(`${MARK}avgdl:(\\d+)${MARK}`, 'g');

/** Placeholders as constants (idf 1, identity length norm): for statements that do not rank. */
export function withoutScoreStats(sql: string): string {
  return sql.replace(IDF_PLACEHOLDER, '1').replace(AVGDL_PLACEHOLDER, '1');
}

/** Rows read to estimate a text field's average token count (BM25 length norm). */
const LENGTH_SAMPLE_ROWS = 10_000;

/** The document count and every document frequency, each a count of its own over the scope. */
function statCountsSql(context: CompileContext, table: string, scope: string): string[] {
  // In WHERE the engine answers a word from its text index, where a countIf over the scope would test every log
  // (a phrase in 3M logs: 1.4 s against 0.2 s).
  return [scope, ...context.statPredicates.map((p) => `${scope} AND ${p}`)].map((where) => `(SELECT count() FROM ${table} WHERE ${where})`);
}

/** Average token counts of the length-normed text values, from a sample. */
function lengthsSql(context: CompileContext, table: string, scope: string): string[] {
  return context.lengthFields.map(
    (value) =>
      `(SELECT greatest(ifNull(avg(length(splitByNonAlpha(lower(__v)))), 1), 1) FROM (SELECT ${value} AS __v FROM ${table} WHERE ${scope} AND ${value} IS NOT NULL LIMIT ${LENGTH_SAMPLE_ROWS}))`,
  );
}

/** Lucene's BM25 idf: ln(1 + (N - df + 0.5) / (df + 0.5)). */
const idfSql = (n: string, df: string): string => `greatest(log(1 + (${n} - ${df} + 0.5) / (${df} + 0.5)), 0)`;

/**
 * Placeholders as SQL over scalar subqueries of one WITH clause: the document count and every document
 * frequency in scope, average token counts from a sample. The statement ranks in one round trip.
 */
export function withScoreStats(sql: string, context: CompileContext, table: string, scope: string): string {
  const stats = context.statPredicates.length > 0 ? [`(SELECT tuple(${statCountsSql(context, table, scope).join(', ')})) AS __stats`] : [];
  const lengths = lengthsSql(context, table, scope).map((sample, i) => `${sample} AS __avgdl${i}`);
  const filled = sql
    .replace(IDF_PLACEHOLDER, (_m, i: string) => idfSql('tupleElement(__stats, 1)', `tupleElement(__stats, ${Number(i) + 2})`))
    .replace(AVGDL_PLACEHOLDER, (_m, i: string) => `__avgdl${Number(i)}`);
  const withs = [...stats, ...lengths];
  return withs.length === 0 ? filled : `WITH ${withs.join(', ')} ${filled}`;
}

/**
 * The statistics as one statement of their own, and the placeholders filled with what it answered: statements
 * filled from one answer rank alike (the length sample differs from one reading to the next).
 */
export async function scoreLiterals(
  context: CompileContext,
  table: string,
  scope: string,
  run: (sql: string) => Promise<readonly Record<string, unknown>[]>,
): Promise<(sql: string) => string> {
  const counts = statCountsSql(context, table, scope);
  const columns = [...counts, ...lengthsSql(context, table, scope)];
  const [row] = await run(`SELECT ${columns.map((column, i) => `${column} AS __v${i}`).join(', ')}`);
  const value = (i: number): string => {
    const v = Number(row?.[`__v${i}`]);
    if (!Number.isFinite(v)) throw new Error(`score statistic ${i} is not a number`);
    return String(v);
  };
  return (sql) =>
    sql
      .replace(IDF_PLACEHOLDER, (_m, i: string) => idfSql(value(0), value(Number(i) + 1)))
      .replace(AVGDL_PLACEHOLDER, (_m, i: string) => value(counts.length + Number(i)));
}
