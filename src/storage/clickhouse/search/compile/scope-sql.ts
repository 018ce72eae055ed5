import { MS_PER_DAY } from '../../../../shared/clock.js';
import type { SearchScope } from '../../../log-store.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery } from './query-compiler.js';
import { DAY_COUNTS } from '../../log-table-schema.js';
import { sqlString, sqlTimestampMs, sqlUInt32 } from '../../sql-literals.js';
import { wildcardToRe2 } from '../text-sql.js';

function typeGlobSql(glob: string): string {
  return glob.includes('*') ? `match(type, ${sqlString(wildcardToRe2(glob.replace(/[?\\]/g, '\\$&')))})` : `type = ${sqlString(glob)}`;
}

const DATE32_MIN_MS = Date.UTC(1900, 0, 1);
const DATE32_MAX_MS = Date.UTC(2299, 11, 31);

/** How the scope's time bounds are written: on `ts`, or on its UTC day (whole days only). */
type Bound = (op: '>=' | '<', ms: number) => string;

const onTimestamp: Bound = (op, ms) => `ts ${op} ${sqlTimestampMs(ms)}`;
const onDay: Bound = (op, ms) => `${DAY_COUNTS.day} ${op} toDate32(${sqlString(new Date(ms).toISOString().slice(0, 10))})`;

function whereSql(scope: SearchScope, receivedAtMostMs: number | null, bound: Bound): string {
  if (scope.accounts.length === 0) return '0';
  const accounts = scope.accounts.map((a) => `(account = ${sqlUInt32(a.accountId)} AND ${bound('>=', a.fromMs)})`).join(' OR ');
  const parts = [`(${accounts})`];
  if (scope.toMs !== null) parts.push(bound('<', scope.toMs));
  if (scope.types !== null) {
    parts.push(`(${scope.types.include.map(typeGlobSql).join(' OR ')})`);
    if (scope.types.exclude.length > 0) parts.push(`NOT (${scope.types.exclude.map(typeGlobSql).join(' OR ')})`);
  }
  if (receivedAtMostMs !== null) parts.push(`received_at <= ${sqlTimestampMs(receivedAtMostMs)}`);
  return parts.join(' AND ');
}

/**
 * The WHERE prefix of every search statement: the accounts the scope resolver authorised, each from its own
 * oldest visible `@timestamp`, the window's end, the selected log types, the scroll snapshot, and the
 * principal's filter. Written once here; the compiler appends the query's own predicate after it with AND.
 */
export function scopeWhereSql(context: CompileContext, scope: SearchScope, receivedAtMostMs: number | null): string {
  const where = whereSql(scope, receivedAtMostMs, onTimestamp);
  // The principal's filter is part of the scope, never a filter applied to results afterwards (decision 0301).
  return scope.filter === null || where === '0' ? where : `${where} AND (${compileQuery(context, scope.filter).where})`;
}

/** The scope's accounts, window and types alone: what the primary key can estimate the logs of. */
export function scopeBoundsSql(scope: SearchScope): string {
  return whereSql(scope, null, onTimestamp);
}

/**
 * The same scope on UTC days, which the day-counts projection can answer, or null when it is not whole days
 * (a bound inside a day, no end, a scroll snapshot). Only for statements that projection serves: elsewhere the
 * engine would compute the day of every row instead of comparing `ts`.
 */
export function wholeDaysScopeSql(scope: SearchScope, receivedAtMostMs: number | null): string | null {
  // Inside toDate32's range (that of DateTime64 too), where it neither saturates nor wraps.
  const wholeDay = (ms: number): boolean => Number.isSafeInteger(ms) && ms % MS_PER_DAY === 0 && ms >= DATE32_MIN_MS && ms <= DATE32_MAX_MS;
  // The day-counts projection holds counts of everything: it cannot answer a filtered scope.
  if (
    scope.filter !== null ||
    receivedAtMostMs !== null ||
    scope.toMs === null ||
    !wholeDay(scope.toMs) ||
    !scope.accounts.every((a) => wholeDay(a.fromMs))
  )
    return null;
  return whereSql(scope, null, onDay);
}
