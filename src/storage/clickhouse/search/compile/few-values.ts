/**
 * Field-less tests on the columns of few values (host, level, thread: FEW_VALUES_FIELDS), which the all-fields index
 * leaves out (decision 0193): their tokens were most of its entries, repeated on every log. The catalog lists each
 * account's values, so a word is the values holding it, tested on the column's dictionary (`f_host IN (…)`), and a
 * column none of whose values can match is not read at all. A column whose values are not all listed (too many, or
 * a catalog at its cap) is tested value by value.
 */
import { analyzeTerms, isIndexExactText } from '../../../../query/index.js';
import { FEW_VALUES_FIELDS, type HotField } from '../../log-table-schema.js';
import { sqlString } from '../../sql-literals.js';
import type { FieldRef } from '../fields/field-access.js';
import type { CompileContext } from './compile-context.js';
import { FEW_VALUES_KEY, type FewValuesLookup } from './pending-answers.js';
import { hasPhraseSql, hasTokenSql } from './token-tests.js';

/** A string value as one text field, tested as the analyzer reads it whatever its characters. */
const textValue = (column: string): FieldRef => ({
  name: '*',
  shape: 'text',
  column,
  kinds: ['string'],
  inArrays: false,
  plainText: false,
});

/** Rows whose `column` holds one of `values`; ifNull: a log without the field must not make a NOT around it NULL. */
const listedValuesSql = (column: string, values: readonly string[]): string =>
  `ifNull(${column} IN (${values.map(sqlString).join(', ')}), 0)`;
const LITERAL = String.raw`'(?:[^'\\]|\\.)*'`;
/** What listedValuesSql writes, on any of the columns of few values. */
const LISTED_VALUES_TEST = new RegExp(
  String.raw`ifNull\((?:${FEW_VALUES_FIELDS.map((f) => f.column).join('|')}) IN \(${LITERAL}(?:, ${LITERAL})*\), 0\)`,
  'g',
);

/**
 * Rows where a column of few values holds a value `matches` accepts, or `scan` (the same test on the column's value,
 * a SQL condition over a FieldRef) where the values are not all listed; null when no column can match.
 */
function fewValuesSql(context: CompileContext, matches: (value: string) => boolean, scan: (field: FieldRef) => string): string | null {
  const tests = FEW_VALUES_FIELDS.flatMap((field: HotField) => {
    const values = context.catalog.valuesOf(field.name);
    if (values === null) return [scan(textValue(field.column))];
    const matching = values.filter(matches);
    return matching.length === 0 ? [] : [listedValuesSql(field.column, matching)];
  });
  return tests.length === 0 ? null : tests.length === 1 ? (tests[0] ?? null) : `(${tests.join(' OR ')})`;
}

/** Rows where a column of few values holds the analyzer term `term` as a token (exact). */
export function fewValuesWordSql(context: CompileContext, term: string): string | null {
  return fewValuesSql(
    context,
    (value) => analyzeTerms(value).includes(term),
    (field) => hasTokenSql(field, field.column ?? "''", term),
  );
}

/** True when `terms` are adjacent, in order, among `tokens`. */
function holdsSequence(tokens: readonly string[], terms: readonly string[]): boolean {
  for (let start = 0; start + terms.length <= tokens.length; start += 1)
    if (terms.every((term, offset) => tokens[start + offset] === term)) return true;
  return false;
}

/**
 * Rows where a column of few values holds the analyzer terms `terms` adjacent (a phrase of slop 0): the pair index
 * leaves these columns out (decision 0196), as fields_text does their tokens.
 */
export function fewValuesPhraseSql(context: CompileContext, terms: readonly string[]): string | null {
  return fewValuesSql(
    context,
    (value) => holdsSequence(analyzeTerms(value), terms),
    (field) => hasPhraseSql(field, field.column ?? "''", terms, false),
  );
}

/**
 * A superset of the rows where a column of few values holds `piece` (an index token of a query term) in some token:
 * for pre-filters, which an exact test follows.
 */
export function fewValuesPieceSql(context: CompileContext, piece: string): string | null {
  return fewValuesSql(
    context,
    (value) => value.toLowerCase().includes(piece),
    (field) => `positionCaseInsensitive(ifNull(${field.column ?? "''"}, ''), ${sqlString(piece)}) > 0`,
  );
}

/**
 * The tests of listed values as a compiled statement holds them (listedValuesSql's, a pending answer's key): where a
 * statement's field-less tests are left out to count the rows of its `message` side alone (absent-tokens.ts).
 */
export const FEW_VALUES_TESTS: readonly RegExp[] = [LISTED_VALUES_TEST, FEW_VALUES_KEY];

/**
 * Rows where a column of few values passes `test` (a condition over one text value: a pattern, a fuzzy or prefix
 * match), which only the engine can evaluate: a pending answer (pending-answers.ts) until the executor has asked it
 * once which listed values pass (../few-value-answers.ts), so that a column none of them matches is not read. Values of plain text are tested
 * on the engine's tokens: the analyzer's pattern, with its Unicode classes, costs milliseconds to compile per call.
 */
export function fewValuesTestSql(context: CompileContext, test: (field: FieldRef) => string): string | null {
  const scans: string[] = [];
  const columns: Record<string, readonly string[]> = {};
  for (const field of FEW_VALUES_FIELDS) {
    const values = context.catalog.valuesOf(field.name);
    if (values === null) scans.push(test(textValue(field.column)));
    else if (values.length > 0) columns[field.column] = values;
  }
  const all = [...new Set(Object.values(columns).flat())];
  const plain = all.filter((value) => isIndexExactText(value));
  const other = all.filter((value) => !isIndexExactText(value));
  const matching = [
    ...(plain.length === 0
      ? []
      : [`arrayFilter(v -> ${test({ ...textValue('v'), plainText: true })}, [${plain.map(sqlString).join(', ')}])`]),
    ...(other.length === 0 ? [] : [`arrayFilter(v -> ${test(textValue('v'))}, [${other.map(sqlString).join(', ')}])`]),
  ];
  const tests = [...scans, ...(all.length === 0 ? [] : [context.pending.add({ kind: 'few-values', lookup: { columns, matching } })])];
  return tests.length === 0 ? null : tests.length === 1 ? (tests[0] ?? null) : `(${tests.join(' OR ')})`;
}

/** The pending answer's condition once the engine listed the values that pass (null: it could not answer). */
export function fewValuesAnsweredSql(lookup: FewValuesLookup, passing: ReadonlySet<string> | null): string {
  const tests = Object.entries(lookup.columns).flatMap(([column, values]) => {
    if (passing === null) return lookup.matching.map((matching) => `has(${matching}, ${column})`);
    const kept = values.filter((value) => passing.has(value));
    return kept.length === 0 ? [] : [`ifNull(${column} IN (${kept.map(sqlString).join(', ')}), 0)`];
  });
  return tests.length === 0 ? '0' : `(${tests.join(' OR ')})`;
}
