import type { QueryAst, RangeBound } from '../ast.js';
import { resolveDateMath } from '../date-math.js';
import { dslError } from '../dsl-error.js';
import { child, describe, expectObject, optional, readBoolean, readEnum, readString, rejectUnknownKeys } from '../json-reader.js';
import type { ClauseContext } from '../parse-options.js';
import { isValidTimeZone } from '../time-zone.js';
import { COMMON_KEYS, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['gt', 'gte', 'lt', 'lte', 'from', 'to', 'include_lower', 'include_upper', 'format', 'time_zone', 'relation']);

export function readTimeZone(value: unknown, path: string): string {
  const zone = readString(value, path);
  if (!isValidTimeZone(zone)) throw dslError(path, `unknown time zone [${zone}]`);
  return zone;
}

interface BoundInput {
  readonly value: unknown;
  readonly path: string;
  readonly inclusive: boolean;
  /** ES rounds `gt` and `lte` up (to the last ms of the rounding unit), `gte` and `lt` down. */
  readonly roundUp: boolean;
}

/** Resolves a bound every way it can be read; the compiler picks the reading the field's type needs. */
export function readRangeBound(input: BoundInput, now: number, format: string | null, timeZone: string | null): RangeBound | null {
  const { value, path } = input;
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) {
    throw dslError(path, `expected a number, a string or null but found ${describe(value)}`);
  }
  const numeric = typeof value === 'number' ? value : value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
  return {
    inclusive: input.inclusive,
    original: value,
    number: numeric,
    epochMs: resolveDateMath(value, { now, roundUp: input.roundUp, format, timeZone }),
  };
}

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
