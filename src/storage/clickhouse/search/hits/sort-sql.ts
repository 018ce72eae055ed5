/**
 * `sort` and `search_after`: ORDER BY terms over the same field addressing as queries, the values each hit
 * reports in `sort`, and the keyset condition of `search_after` (also what scroll pages with).
 */
import type { SortClause } from '../../../../query/index.js';
import { clickhouseErrors } from '../../clickhouse-errors.js';
import type { SortValue } from '../../../log-store.js';
import { sqlNumber, sqlString, sqlTimestampMs } from '../../sql-literals.js';
import { dateMsOf, scalarOf, type FieldCatalog } from '../fields/field-access.js';

export interface SortKey {
  /** Expression selected as `__s<i>` and ordered by. */
  readonly expression: string;
  readonly descending: boolean;
  readonly nullsFirst: boolean;
  readonly numeric: boolean;
}

export interface SortPlan {
  /** The request's keys (`_score` descending when none), then newest first as a hidden tie-breaker. */
  readonly keys: readonly SortKey[];
  /** How many leading keys the request asked for: hits report these in `sort`, `search_after` gives these. */
  readonly visible: number;
}

const TS_MS = 'toUnixTimestamp64Milli(ts)';
const NEWEST_FIRST: SortKey = { expression: TS_MS, descending: true, nullsFirst: false, numeric: true };

/** `@timestamp` keys order and compare on the `ts` column itself, so the engine reads the sort key in order. */
export const isTimestampKey = (key: SortKey): boolean => key.expression === TS_MS;

/** The sort of a request: ES default (score) when none is given; ties go to the newest log, then to `id`. */
export function sortPlan(catalog: FieldCatalog, sort: readonly SortClause[]): SortPlan {
  const keys = sortKeys(catalog, sort);
  const hasTs = keys.some((key) => key.expression === NEWEST_FIRST.expression);
  return { keys: hasTs ? keys : [...keys, NEWEST_FIRST], visible: sort.length };
}

/**
 * The plan of the default sort (relevance) when every match scores the same: its tie-breakers alone, newest
 * first, which the engine reads in primary-key order instead of ranking every match.
 */
export function equalScoresPlan(): SortPlan {
  return { keys: [NEWEST_FIRST], visible: 0 };
}

function sortKeys(catalog: FieldCatalog, sort: readonly SortClause[]): SortKey[] {
  if (sort.length === 0) return [{ expression: '_score', descending: true, nullsFirst: false, numeric: true }];
  return sort.map((clause) => {
    if (clause.kind === 'score') return { expression: '_score', descending: clause.order === 'desc', nullsFirst: false, numeric: true };
    // Index order: ids lead with the receive time and a per-process counter (storage/log-ids.ts), so their
    // bytes sort as the logs arrived; unlike a row's place in its part, merges never change it (scroll keysets).
    if (clause.kind === 'doc')
      return { expression: 'hex(tryBase64URLDecode(id))', descending: clause.order === 'desc', nullsFirst: false, numeric: false };
    const field = catalog.resolve(clause.field);
    const descending = clause.order === 'desc';
    const nullsFirst = clause.missing === '_first';
    if (field.shape === 'date') return { expression: dateMsOf(field) ?? 'NULL', descending, nullsFirst, numeric: true };
    if (field.shape === 'number') return { expression: scalarOf(field, 'number') ?? 'NULL', descending, nullsFirst, numeric: true };
    if (field.shape === 'boolean')
      return { expression: `toUInt8(${scalarOf(field, 'boolean') ?? 'NULL'})`, descending, nullsFirst, numeric: true };
    if (field.shape === 'unmapped') return { expression: 'NULL', descending, nullsFirst, numeric: false };
    return { expression: scalarOf(field, 'string') ?? 'NULL', descending, nullsFirst, numeric: false };
  });
}

export function usesScore(keys: readonly SortKey[]): boolean {
  return keys.some((key) => key.expression === '_score');
}

/** The page's rows lie at or beyond the bound that timestampBoundSql found. */
export function withinTimestampBoundSql(keys: readonly SortKey[], boundMs: number): string {
  const descending = keys[0]?.descending ?? true;
  return `ts ${descending ? '>=' : '<='} ${sqlTimestampMs(boundMs)}`;
}

/** ORDER BY with the hidden tie-breaker `id`, so pages never overlap. */
export function orderBySql(keys: readonly SortKey[]): string {
  const terms = keys.map((key, i) =>
    isTimestampKey(key)
      ? `ts ${key.descending ? 'DESC' : 'ASC'}`
      : `__s${i} ${key.descending ? 'DESC' : 'ASC'} NULLS ${key.nullsFirst ? 'FIRST' : 'LAST'}`,
  );
  terms.push('id ASC');
  return terms.join(', ');
}

function literalFor(key: SortKey, value: SortValue, path: string): string {
  if (value === null) return 'NULL';
  if (key.numeric) {
    const n = typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : Number(value);
    if (!Number.isFinite(n)) throw clickhouseErrors.notANumberForSort(path);
    return sqlNumber(n);
  }
  return sqlString(String(value));
}

/**
 * Rows strictly after `values` in the sort order (ES `search_after`); with `afterId` the hidden id tie-breaker
 * takes part too (scroll's keyset).
 */
export function searchAfterSql(allKeys: readonly SortKey[], values: readonly SortValue[], afterId: string | null): string {
  const keys = allKeys.slice(0, values.length);
  if (values.length !== keys.length || values.length === 0) {
    throw clickhouseErrors.searchAfterLength(values.length, keys.length);
  }
  // Each key by its own expression, not its `__s<i>` alias: statements that select only keys (timestampPage's, the
  // bound's, counts) define no alias, and the engine refused the condition (UNKNOWN_IDENTIFIER `__s1`). Scores are
  // only ever selected as `_score` beside the condition.
  const columns = keys.map((key, i) => (isTimestampKey(key) ? 'ts' : key.expression === '_score' ? `__s${i}` : `(${key.expression})`));
  const literals = keys.map((key, i) => {
    const literal = literalFor(key, values[i] ?? null, `search_after[${i}]`);
    return isTimestampKey(key) && literal !== 'NULL' ? sqlTimestampMs(Number(literal)) : literal;
  });
  const alternatives: string[] = [];
  for (let i = 0; i <= keys.length; i += 1) {
    const equal = columns.slice(0, i).map((c, j) => (literals[j] === 'NULL' ? `${c} IS NULL` : `${c} = ${literals[j] ?? 'NULL'}`));
    if (i < keys.length) {
      const key = keys[i];
      const literal = literals[i] ?? 'NULL';
      if (key === undefined) continue;
      const column = columns[i] ?? '';
      if (literal === 'NULL') {
        // Past the missing values: only more missing ones follow (they sort last).
        continue;
      }
      const beyond = `${column} ${key.descending ? '<' : '>'} ${literal}`;
      alternatives.push([...equal, key.nullsFirst ? beyond : `(${beyond} OR ${column} IS NULL)`].join(' AND '));
    } else if (afterId !== null) {
      alternatives.push([...equal, `id > ${sqlString(afterId)}`].join(' AND '));
    }
  }
  return alternatives.length === 0 ? '0' : `(${alternatives.map((a) => `(${a})`).join(' OR ')})`;
}
