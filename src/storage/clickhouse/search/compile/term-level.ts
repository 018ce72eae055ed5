/**
 * Term-level queries (term, terms, range, exists, prefix, wildcard, regexp, fuzzy, ids) on one concrete field.
 * Keyword semantics compare whole values; on a `text` field they compare tokens, as Elasticsearch does.
 */
import { editsFor, type QueryAst, type RangeBound, type TermValue } from '../../../../query/index.js';
import { sqlNumber, sqlString, sqlTimestampMs } from '../../sql-literals.js';
import { anyNumber, anyOf, anyString, arrayOf, dateMsOf, scalarOf, type FieldRef } from '../fields/field-access.js';
import { luceneRegexToRe2, matchSql, wildcardToRe2 } from '../text-sql.js';
import type { PendingAnswers } from './pending-answers.js';
import { dictionaryPatternSql } from './token-dictionary.js';
import { hasTokenSql, valueTokensSql } from './token-tests.js';

type Of<K extends QueryAst['kind']> = Extract<QueryAst, { kind: K }>;

const asNumber = (value: TermValue): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

const asBoolean = (value: TermValue): boolean | null => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return null;
};

/** Epoch ms of a term value on a date field (ISO text or epoch millis). */
function asDateMs(value: TermValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  if (/^-?\d+$/.test(value)) return Number(value);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Does any value of `field` equal `value` (ES term semantics)? */
export function termSql(field: FieldRef, value: TermValue, caseInsensitive: boolean): string {
  const text = String(value);
  const parts: string[] = [];
  if (field.shape === 'text') {
    // Tokens are lower case: an upper-case term value never equals one (unless case-insensitive).
    const term = caseInsensitive ? text.toLowerCase() : text;
    if (term === term.toLowerCase()) parts.push(...anyString(field, (x) => hasTokenSql(field, x, term), true));
    const n = field.pattern === undefined ? null : asNumber(value);
    if (n !== null) parts.push(...anyNumber(field, (x) => `${x} = ${sqlNumber(n)}`));
  } else if (field.column === 'ts') {
    const ms = asDateMs(value);
    if (ms !== null) parts.push(`ts = ${sqlTimestampMs(ms)}`);
  } else {
    parts.push(
      ...anyString(field, (x) => (caseInsensitive ? `lower(${x}) = ${sqlString(text.toLowerCase())}` : `${x} = ${sqlString(text)}`)),
    );
    const n = asNumber(value);
    if (n !== null) parts.push(...anyNumber(field, (x) => `${x} = ${sqlNumber(n)}`));
    const b = asBoolean(value);
    const bool = scalarOf(field, 'boolean');
    if (b !== null && bool !== null) parts.push(`ifNull(${bool} = ${b ? 'true' : 'false'}, 0)`);
    if (field.shape === 'date') {
      const ms = asDateMs(value);
      const dateMs = dateMsOf(field);
      if (ms !== null && dateMs !== null && typeof value !== 'number') parts.push(`ifNull(${dateMs} = ${sqlNumber(ms)}, 0)`);
    }
  }
  return anyOf(parts);
}

export function termsSql(field: FieldRef, values: readonly TermValue[]): string {
  return anyOf(values.map((value) => termSql(field, value, false)).filter((sql) => sql !== '0'));
}

function boundTest(x: string, bound: RangeBound, literal: string, lower: boolean): string {
  const op = lower ? (bound.inclusive ? '>=' : '>') : bound.inclusive ? '<=' : '<';
  return `${x} ${op} ${literal}`;
}

function rangeWith(x: string, query: Of<'range'>, literal: (bound: RangeBound) => string | null): string | null {
  const tests: string[] = [];
  for (const [bound, lower] of [
    [query.lower, true],
    [query.upper, false],
  ] as const) {
    if (bound === null) continue;
    const value = literal(bound);
    if (value === null) return null;
    tests.push(boundTest(x, bound, value, lower));
  }
  return tests.length === 0 ? `${x} IS NOT NULL` : tests.join(' AND ');
}

const dateLiteral = (bound: RangeBound): number | null => bound.epochMs ?? bound.number;

export function rangeSql(field: FieldRef, query: Of<'range'>): string {
  if (field.column === 'ts') {
    const tests: string[] = [];
    for (const [bound, lower] of [
      [query.lower, true],
      [query.upper, false],
    ] as const) {
      if (bound === null) continue;
      const ms = dateLiteral(bound);
      if (ms === null) return '0';
      tests.push(boundTest('ts', bound, sqlTimestampMs(ms), lower));
    }
    return tests.length === 0 ? '1' : `(${tests.join(' AND ')})`;
  }
  const parts: string[] = [];
  if (field.shape === 'date') {
    const dateMs = dateMsOf(field);
    const test =
      dateMs === null
        ? null
        : rangeWith(dateMs, query, (b) => {
            const ms = dateLiteral(b);
            return ms === null ? null : sqlNumber(ms);
          });
    if (test !== null) parts.push(`ifNull(${test}, 0)`);
    return anyOf(parts);
  }
  const numeric = (b: RangeBound): string | null => (b.number === null ? null : sqlNumber(b.number));
  parts.push(...anyNumber(field, (x) => rangeWith(x, query, numeric) ?? '0'));
  if (field.shape === 'number') {
    // A conflicting string value that reads as a number is compared as one, as ES coerces it.
    parts.push(...anyString(field, (x) => rangeWith(`toFloat64OrNull(${x})`, query, numeric) ?? '0'));
  } else if (field.shape === 'text') {
    // Analysed terms are lower case; bounds compare the same way (what a lowercase normalizer gives in ES).
    parts.push(...anyString(field, (x) => rangeWith(`lower(${x})`, query, (b) => sqlString(String(b.original).toLowerCase())) ?? '0'));
  } else {
    parts.push(...anyString(field, (x) => rangeWith(x, query, (b) => sqlString(String(b.original))) ?? '0'));
  }
  return anyOf(parts);
}

export function existsSql(field: FieldRef): string {
  if (field.column === 'message') return `message != ''`;
  if (field.column !== null) return '1';
  const parts = field.kinds.flatMap((kind) => {
    const scalar = scalarOf(field, kind);
    return scalar === null ? [] : [`${scalar} IS NOT NULL`];
  });
  const array = arrayOf(field);
  if (array !== null) parts.push(`notEmpty(${array})`);
  return anyOf(parts);
}

/** A test on every token of a text value (through its index's dictionary where it has one), or on the whole value of any other field. */
function patternTest(pending: PendingAnswers, field: FieldRef, test: (value: string) => string): string {
  if (field.shape !== 'text') return anyOf(anyString(field, test));
  const scan = anyOf(anyString(field, (x) => `arrayExists(w -> ${test('w')}, ${valueTokensSql(field, x)})`));
  return field.tokenIndex === undefined ? scan : dictionaryPatternSql(pending, field.tokenIndex, test, scan);
}

export function prefixSql(pending: PendingAnswers, field: FieldRef, prefix: string, caseInsensitive: boolean): string {
  if (caseInsensitive) return patternTest(pending, field, (x) => `startsWith(lower(${x}), ${sqlString(prefix.toLowerCase())})`);
  return patternTest(pending, field, (x) => `startsWith(${x}, ${sqlString(prefix)})`);
}

export function wildcardSql(pending: PendingAnswers, field: FieldRef, query: Of<'wildcard'>): string {
  const pattern = query.normalize && field.shape === 'text' ? query.pattern.toLowerCase() : query.pattern;
  const re = wildcardToRe2(pattern);
  return patternTest(pending, field, (x) => matchSql(x, query.caseInsensitive ? `(?i)${re}` : re));
}

export function regexpSql(pending: PendingAnswers, field: FieldRef, query: Of<'regexp'>): string {
  const pattern = query.normalize && field.shape === 'text' ? query.pattern.toLowerCase() : query.pattern;
  const re = luceneRegexToRe2(pattern, query.flags);
  return patternTest(pending, field, (x) => matchSql(x, query.caseInsensitive ? `(?i)${re}` : re));
}

/** One token (or whole keyword value) within `edits` of `term`, keeping the first `prefixLength` characters. */
export function fuzzyTest(value: string, term: string, edits: number, prefixLength: number): string {
  const prefix = [...term].slice(0, prefixLength).join('');
  const close = `editDistanceUTF8(${value}, ${sqlString(term)}) <= ${sqlNumber(edits)}`;
  return prefix === '' ? close : `(startsWith(${value}, ${sqlString(prefix)}) AND ${close})`;
}

export function fuzzySql(pending: PendingAnswers, field: FieldRef, query: Of<'fuzzy'>): string {
  const term = query.normalize && field.shape === 'text' ? query.value.toLowerCase() : query.value;
  const edits = editsFor(query.fuzziness, [...term].length);
  return patternTest(pending, field, (x) => fuzzyTest(x, term, edits, query.prefixLength));
}

/** Both fields hold one equal scalar: strings whole (lower-cased when asked), numbers numerically. */
export function fieldEqualsSql(a: FieldRef, b: FieldRef, caseInsensitive: boolean): string {
  const parts: string[] = [];
  const stringA = scalarOf(a, 'string');
  const stringB = scalarOf(b, 'string');
  if (stringA !== null && stringB !== null)
    parts.push(caseInsensitive ? `ifNull(lower(${stringA}) = lower(${stringB}), 0)` : `ifNull(${stringA} = ${stringB}, 0)`);
  const numberA = scalarOf(a, 'number');
  const numberB = scalarOf(b, 'number');
  if (numberA !== null && numberB !== null) parts.push(`ifNull(${numberA} = ${numberB}, 0)`);
  return anyOf(parts);
}

export function idsSql(values: readonly string[]): string {
  if (values.length === 0) return '0';
  return `id IN (${values.map(sqlString).join(', ')})`;
}
