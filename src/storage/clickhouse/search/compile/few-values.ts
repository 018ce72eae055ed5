/**
 * Field-less tests on the columns of few values (host, level, thread: FEW_VALUES_FIELDS), which the all-fields index
 * leaves out (decision 0193): their tokens were most of its entries, repeated on every log. The catalog lists each
 * account's values, so a word is the values holding it, tested on the column's dictionary (`f_host IN (…)`), and a
 * column none of whose values can match is not read at all. A column whose values are not all listed (too many, or
 * a catalog at its cap) is tested value by value.
 */
import { analyzeTerms } from '../../../../query/index.js';
import { FEW_VALUES_FIELDS, type HotField } from '../../log-table-schema.js';
import { sqlString } from '../../sql-literals.js';
import type { FieldRef } from '../fields/field-access.js';
import type { CompileContext } from './compile-context.js';
import { hasTokenSql } from './token-tests.js';

/** A string value as one text field, tested as the analyzer reads it whatever its characters. */
const textValue = (column: string): FieldRef => ({
  name: '*',
  shape: 'text',
  column,
  kinds: ['string'],
  inArrays: false,
  plainText: false,
});

/**
 * Rows where a column of few values holds a value `matches` accepts, or `scan` (the same test on the column's value,
 * a SQL condition over a FieldRef) where the values are not all listed; null when no column can match.
 */
function fewValuesSql(context: CompileContext, matches: (value: string) => boolean, scan: (field: FieldRef) => string): string | null {
  const tests = FEW_VALUES_FIELDS.flatMap((field: HotField) => {
    const values = context.catalog.valuesOf(field.name);
    if (values === null) return [scan(textValue(field.column))];
    const matching = values.filter(matches);
    // ifNull: a log without the field must not make a NOT around the test NULL (it holds no such value).
    return matching.length === 0 ? [] : [`ifNull(${field.column} IN (${matching.map(sqlString).join(', ')}), 0)`];
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
 * Rows where a column of few values passes `test` (a condition over one text value: a pattern, a fuzzy or prefix
 * match): evaluated by the engine over the listed values, a constant list it computes once per statement.
 */
export function fewValuesTestSql(context: CompileContext, test: (field: FieldRef) => string): string | null {
  const tests = FEW_VALUES_FIELDS.flatMap((field) => {
    const values = context.catalog.valuesOf(field.name);
    if (values === null) return [test(textValue(field.column))];
    if (values.length === 0) return [];
    return [`has(arrayFilter(v -> ${test(textValue('v'))}, [${values.map(sqlString).join(', ')}]), ${field.column})`];
  });
  return tests.length === 0 ? null : tests.length === 1 ? (tests[0] ?? null) : `(${tests.join(' OR ')})`;
}
