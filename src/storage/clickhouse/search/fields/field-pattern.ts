/**
 * A field pattern (`*`, `actor.*`) read as one field: every value of every matching field, straight from the
 * maps' keys and values (`arrayExists((k, v) -> …, mapKeys(str), mapValues(str))`) plus the matching hot and
 * core columns. One expression per kind instead of one per field keeps `query_string` over all fields small.
 */
import { HOT_FIELDS, MAP_COLUMNS } from '../../log-table-schema.js';
import { sqlString } from '../../sql-literals.js';
import { wildcardToRe2 } from '../text-sql.js';

export interface FieldPattern {
  readonly glob: string;
  /** Every matching field but `message` (field-less queries test `message` on its own index, decision 0136). */
  readonly withoutMessage?: boolean;
}

function globRegex(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

function keyTest(glob: string, key: string): string {
  return glob === '*' ? '1' : `match(${key}, ${sqlString(wildcardToRe2(glob.replace(/[?\\]/g, '\\$&')))})`;
}

/** Core and hot columns holding string values of fields the pattern matches. */
function stringColumns(glob: string, withoutMessage = false): string[] {
  const re = globRegex(glob);
  const columns = HOT_FIELDS.filter((f) => f.kind === 'string' && re.test(f.name)).map((f) => f.column);
  if (re.test('message') && !withoutMessage) columns.push('message');
  return columns;
}

/** True when the pattern's string values include `message` (its column is read). */
export const patternReadsMessage = (pattern: FieldPattern): boolean =>
  stringColumns(pattern.glob, pattern.withoutMessage).includes('message');

function numberColumns(glob: string): string[] {
  const re = globRegex(glob);
  return HOT_FIELDS.filter((f) => f.kind === 'number' && re.test(f.name)).map((f) => f.column);
}

export function patternStrings(pattern: FieldPattern, test: (value: string) => string): string[] {
  const parts = stringColumns(pattern.glob, pattern.withoutMessage).map((column) => `ifNull(${test(column)}, 0)`);
  parts.push(
    `arrayExists((k, v) -> ${keyTest(pattern.glob, 'k')} AND ifNull(${test('v')}, 0), mapKeys(${MAP_COLUMNS.string}), mapValues(${MAP_COLUMNS.string}))`,
  );
  parts.push(
    `arrayExists((k, vs) -> ${keyTest(pattern.glob, 'k')} AND arrayExists(x -> ifNull(${test('x')}, 0), vs), mapKeys(${MAP_COLUMNS.array}), mapValues(${MAP_COLUMNS.array}))`,
  );
  return parts;
}

export function patternNumbers(pattern: FieldPattern, test: (value: string) => string): string[] {
  const parts = numberColumns(pattern.glob).map((column) => `ifNull(${test(column)}, 0)`);
  parts.push(
    `arrayExists((k, v) -> ${keyTest(pattern.glob, 'k')} AND ifNull(${test('v')}, 0), mapKeys(${MAP_COLUMNS.number}), mapValues(${MAP_COLUMNS.number}))`,
  );
  return parts;
}

/** Any field under the pattern holds a value. */
export function patternExists(pattern: FieldPattern): string {
  const columns = [
    ...stringColumns(pattern.glob).map((c) => (c === 'message' ? `message != ''` : `${c} IS NOT NULL`)),
    ...numberColumns(pattern.glob).map((c) => `${c} IS NOT NULL`),
  ];
  const maps = [MAP_COLUMNS.string, MAP_COLUMNS.number, MAP_COLUMNS.boolean, MAP_COLUMNS.array].map(
    (m) => `arrayExists(k -> ${keyTest(pattern.glob, 'k')}, mapKeys(${m}))`,
  );
  return `(${[...columns, ...maps].join(' OR ')})`;
}
