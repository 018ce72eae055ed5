import type { AnalyzedToken } from '../ast.js';
import { ANALYZER_NAMES, analyzeWith, type AnalyzerName } from '../text/analyzer.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, optional, readEnum, readScalar, type JsonObject } from '../dsl/json-reader.js';

/** Parameters shared by the full-text clauses, parsed once. */
export interface FullTextInput {
  readonly text: string;
  readonly tokens: readonly AnalyzedToken[];
  readonly zeroTermsQuery: 'none' | 'all';
}

export function readAnalyzer(value: unknown, path: string): AnalyzerName {
  return readEnum(value, path, ANALYZER_NAMES);
}

/** `query` (string, number or boolean, as ES coerces), analysed with `analyzer` (standard by default). */
export function readFullText(object: JsonObject, path: string, textKey = 'query'): FullTextInput {
  const raw = object[textKey];
  if (raw === undefined) throw dslError(child(path, textKey), `${textKey} is required`);
  const text = String(readScalar(raw, child(path, textKey)));
  const analyzer = optional(object, 'analyzer', path, readAnalyzer) ?? 'standard';
  return {
    text,
    tokens: analyzeWith(analyzer, text),
    zeroTermsQuery: optional(object, 'zero_terms_query', path, (value, at) => readEnum(value, at, ['none', 'all'])) ?? 'none',
  };
}
