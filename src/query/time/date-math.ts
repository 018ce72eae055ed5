import { isEpochSecondFormat, parseDate } from './date-format.js';
import { fromLocal, toLocal, type LocalFields } from './time-zone.js';

/**
 * Elasticsearch date math: an anchor (`now`, or a date followed by `||`) then any number of `+N<unit>`,
 * `-N<unit>` and `/<unit>` (rounding) operations; units `y M w d h H m s`. Rounding goes down, or — for the
 * bounds ES rounds up (`gt`, `lte`, a date_range `to`… as the caller says) — to the last millisecond of the unit.
 * Calendar units are applied on the wall clock of `timeZone` (so `now/d` is local midnight). `now` is a parameter:
 * this module never reads the clock.
 */

export interface DateMathOptions {
  readonly now: number;
  readonly roundUp: boolean;
  readonly format: string | null;
  readonly timeZone: string | null;
}

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

const OPERATION = /^([+-])(\d+)?([yMwdhHms])|^\/([yMwdhHms])/;

const UNITS: Readonly<Record<string, Unit>> = { y: 'y', M: 'M', w: 'w', d: 'd', h: 'h', H: 'h', m: 'm', s: 's' };

function normalizeUnit(unit: string): Unit {
  return UNITS[unit] ?? 's';
}

function add(epochMs: number, amount: number, unit: Unit, timeZone: string | null): number {
  switch (unit) {
    case 's':
      return epochMs + amount * 1000;
    case 'm':
      return epochMs + amount * 60_000;
    case 'h':
      return epochMs + amount * 3_600_000;
    default: {
      const local = toLocal(epochMs, timeZone);
      const shifted: LocalFields =
        unit === 'y'
          ? { ...local, year: local.year + amount }
          : unit === 'M'
            ? { ...local, month: local.month + amount }
            : { ...local, day: local.day + amount * (unit === 'w' ? 7 : 1) };
      return fromLocal(shifted, timeZone);
    }
  }
}

function roundDown(epochMs: number, unit: Unit, timeZone: string | null): number {
  const local = toLocal(epochMs, timeZone);
  const zero = { ...local, millisecond: 0 };
  switch (unit) {
    case 's':
      return fromLocal(zero, timeZone);
    case 'm':
      return fromLocal({ ...zero, second: 0 }, timeZone);
    case 'h':
      return fromLocal({ ...zero, second: 0, minute: 0 }, timeZone);
    case 'd':
      return fromLocal({ ...zero, second: 0, minute: 0, hour: 0 }, timeZone);
    case 'w': {
      // ISO weeks start on Monday.
      const weekday = (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7;
      return fromLocal({ ...zero, second: 0, minute: 0, hour: 0, day: local.day - weekday }, timeZone);
    }
    case 'M':
      return fromLocal({ ...zero, second: 0, minute: 0, hour: 0, day: 1 }, timeZone);
    case 'y':
      return fromLocal({ ...zero, second: 0, minute: 0, hour: 0, day: 1, month: 1 }, timeZone);
  }
}

function round(epochMs: number, unit: Unit, up: boolean, timeZone: string | null): number {
  const down = roundDown(epochMs, unit, timeZone);
  return up ? add(down, 1, unit, timeZone) - 1 : down;
}

/** Applies the operations in `expression` to `anchor`; null when they do not parse. */
function applyOperations(anchor: number, expression: string, options: DateMathOptions): number | null {
  let value = anchor;
  let rest = expression;
  while (rest !== '') {
    const match = OPERATION.exec(rest);
    if (match === null) return null;
    if (match[4] !== undefined) {
      value = round(value, normalizeUnit(match[4]), options.roundUp, options.timeZone);
    } else {
      const amount = Number(match[2] ?? '1') * (match[1] === '-' ? -1 : 1);
      value = add(value, amount, normalizeUnit(match[3] ?? 's'), options.timeZone);
    }
    rest = rest.slice(match[0].length);
  }
  return value;
}

/** A date (string with date math, or number per format) in epoch ms, or null when it is not a date. */
export function resolveDateMath(value: string | number, options: DateMathOptions): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Math.trunc(isEpochSecondFormat(options.format) ? value * 1000 : value);
  }
  const text = value.trim();
  if (text.startsWith('now')) return applyOperations(options.now, text.slice(3), options);
  const anchorEnd = text.indexOf('||');
  // `format` may itself contain `||` alternatives, but a value's `||` is always followed by math or nothing.
  if (anchorEnd >= 0 && /^\|\|([+\-/].*)?$/.test(text.slice(anchorEnd))) {
    const anchor = parseDate(text.slice(0, anchorEnd), options.format, options.timeZone);
    return anchor === null ? null : applyOperations(anchor, text.slice(anchorEnd + 2), options);
  }
  return parseDate(text, options.format, options.timeZone, options.roundUp);
}
