import type { RangeBound } from '../ast.js';
import { resolveDateMath } from '../time/date-math.js';
import { isValidTimeZone } from '../time/time-zone.js';
import { dslError } from './dsl-error.js';
import { describe, readString } from './json-reader.js';

export function readTimeZone(value: unknown, path: string): string {
  const zone = readString(value, path);
  if (!isValidTimeZone(zone)) throw dslError(path, `unknown time zone [${zone}]`);
  return zone;
}

export interface BoundInput {
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
