import type { QueryAst } from '../ast.js';
import { child, expectObject, optional, readBoolean, readEnum, readString, rejectUnknownKeys } from '../dsl/json-reader.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, fieldClause, keys, readBoost } from './common.js';
import { readRangeBound, readTimeZone, type BoundInput } from '../dsl/range-bound.js';

const ALLOWED = keys(COMMON_KEYS, [
  'gt',
  'gte',
  'lt',
  'lte',
  'from',
  'to',
  'include_lower',
  'include_upper',
  'format',
  'time_zone',
  'relation',
]);

/** `range: {f: {gte, lt, format, time_zone}}` — also the legacy from/to/include_lower/include_upper form. */
export function parseRange(body: unknown, path: string, context: ClauseContext): QueryAst {
  const clause = fieldClause(body, path);
  const object = expectObject(clause.value, clause.path);
  rejectUnknownKeys(object, ALLOWED, clause.path);
  const at = (key: string): string => child(clause.path, key);
  const format = optional(object, 'format', clause.path, readString) ?? null;
  const timeZone = optional(object, 'time_zone', clause.path, readTimeZone) ?? null;
  optional(object, 'relation', clause.path, (value, p) => readEnum(value, p, ['intersects', 'contains', 'within']));
  const includeLower = optional(object, 'include_lower', clause.path, readBoolean) ?? true;
  const includeUpper = optional(object, 'include_upper', clause.path, readBoolean) ?? true;
  const lowerInput: BoundInput | null =
    object.gte !== undefined
      ? { value: object.gte, path: at('gte'), inclusive: true, roundUp: false }
      : object.gt !== undefined
        ? { value: object.gt, path: at('gt'), inclusive: false, roundUp: true }
        : object.from !== undefined
          ? { value: object.from, path: at('from'), inclusive: includeLower, roundUp: !includeLower }
          : null;
  const upperInput: BoundInput | null =
    object.lte !== undefined
      ? { value: object.lte, path: at('lte'), inclusive: true, roundUp: true }
      : object.lt !== undefined
        ? { value: object.lt, path: at('lt'), inclusive: false, roundUp: false }
        : object.to !== undefined
          ? { value: object.to, path: at('to'), inclusive: includeUpper, roundUp: includeUpper }
          : null;
  const now = context.options.now;
  return {
    kind: 'range',
    field: clause.field,
    lower: lowerInput === null ? null : readRangeBound(lowerInput, now, format, timeZone),
    upper: upperInput === null ? null : readRangeBound(upperInput, now, format, timeZone),
    format,
    timeZone,
    boost: readBoost(object, clause.path),
  };
}
