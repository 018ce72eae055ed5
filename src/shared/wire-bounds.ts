import { Type, type TInteger, type TNumber } from '@sinclair/typebox';

/**
 * The ranges every number at the API's edge is held to (decision 0611). A number the domain multiplies, adds to a
 * clock or writes into a BIGINT column must be finite and well inside what a double holds exactly, or it is
 * stored fine and breaks every later read (a mute until 1e308 seconds turned event searches into 500s).
 */

/** The latest instant an epoch field takes: 2200-01-01T00:00:00Z. The earliest is the epoch itself. */
export const EPOCH_MS_MAX = Date.UTC(2200, 0, 1);
export const EPOCH_SECONDS_MAX = EPOCH_MS_MAX / 1000;

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Longest alert or security-rule window: a week (Logz.io offers up to a day; Sigma correlations may ask more). */
export const WINDOW_MINUTES_MAX = 7 * 24 * 60;
/** Longest notification suppression: 30 days. */
export const SUPPRESS_MINUTES_MAX = 30 * 24 * 60;
/** Longest retention, and so the farthest day a search may shift back: a century (millisecond arithmetic stays exact). */
export const RETENTION_DAYS_MAX = 36_500;
/** Thresholds and other measured values: the integers a double holds exactly. */
export const MEASURE_MAX = Number.MAX_SAFE_INTEGER;

interface Options {
  readonly description?: string;
  readonly default?: number;
}

/** Epoch milliseconds, 1970 to 2200. */
export const EpochMillis = (options: Options): TInteger => Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, ...options });

/** Epoch seconds, 1970 to 2200; fractions allowed (Logz.io's security API sends them). */
export const EpochSeconds = (options: Options): TNumber => Type.Number({ minimum: 0, maximum: EPOCH_SECONDS_MAX, ...options });

/** A count, an offset or a length of time in whole units, from `minimum` (default 0) to `maximum`. */
export const Count = (maximum: number, options: Options & { readonly minimum?: number }): TInteger =>
  Type.Integer({ minimum: 0, maximum, ...options });

/** A stored row's id: any int32 (an id outside it names nothing and is refused rather than looked up). */
export const RowId = (options: Options & { readonly minimum?: number }): TInteger =>
  Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX, ...options });

/** A threshold or other measured value compared with counts and aggregates: any double that is an exact integer away. */
export const Measure = (options: Options): TNumber => Type.Number({ minimum: -MEASURE_MAX, maximum: MEASURE_MAX, ...options });
