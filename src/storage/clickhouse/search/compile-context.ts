import type { engineTokens, resolveMinimumShouldMatch } from '../../../query/index.js';
import type { FieldCatalog } from './field-access.js';

/** The pure helpers of src/query the compiler needs (injected so the compiler stays a plain function). */
export interface QueryHelpers {
  readonly engineTokens: typeof engineTokens;
  readonly resolveMinimumShouldMatch: typeof resolveMinimumShouldMatch;
}

/**
 * State of one compilation. Relevance needs document frequencies that only the data knows: leaves register
 * the predicate whose frequency they need and get a placeholder, replaced once a stats query has run.
 * Placeholders are delimited by U+0001, which sqlString always escapes, so no literal can contain one.
 */
export class CompileContext {
  readonly statPredicates: string[] = [];
  /** Text fields whose average token count the length norm needs (SQL of the string value). */
  readonly lengthFields: string[] = [];

  constructor(
    readonly catalog: FieldCatalog,
    readonly helpers: QueryHelpers,
  ) {}

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

export interface ScoreStats {
  readonly docCount: number;
  readonly docFrequencies: readonly number[];
  readonly averageLengths: readonly number[];
}

/** BM25 idf as Lucene computes it. */
export function bm25Idf(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

/** Replaces the placeholders with numbers (1 and the identity norm when no stats were gathered). */
export function fillScorePlaceholders(sql: string, stats: ScoreStats | null): string {
  return sql
    .replace(IDF_PLACEHOLDER, (_m, i: string) => {
      if (stats === null) return '1';
      const idf = bm25Idf(stats.docCount, stats.docFrequencies[Number(i)] ?? 0);
      return String(Math.max(idf, 0));
    })
    .replace(AVGDL_PLACEHOLDER, (_m, i: string) => String(Math.max(stats?.averageLengths[Number(i)] ?? 1, 1)));
}
