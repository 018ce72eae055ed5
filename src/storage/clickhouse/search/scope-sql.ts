import type { SearchScope } from '../../log-store.js';
import { sqlString, sqlTimestampMs, sqlUInt32 } from '../sql-literals.js';
import { wildcardToRe2 } from './text-sql.js';

function typeGlobSql(glob: string): string {
  return glob.includes('*') ? `match(type, ${sqlString(wildcardToRe2(glob.replace(/[?\\]/g, '\\$&')))})` : `type = ${sqlString(glob)}`;
}

/**
 * The WHERE prefix of every search statement: the accounts the scope resolver authorised, each from its own
 * oldest visible `@timestamp`, the window's end, the selected log types, and the scroll snapshot. Written
 * once here; the compiler appends the query's own predicate after it with AND.
 */
export function scopeWhereSql(scope: SearchScope, receivedAtMostMs: number | null): string {
  if (scope.accounts.length === 0) return '0';
  const accounts = scope.accounts
    .map((a) => `(account = ${sqlUInt32(a.accountId)} AND ts >= ${sqlTimestampMs(a.fromMs)})`)
    .join(' OR ');
  const parts = [`(${accounts})`];
  if (scope.toMs !== null) parts.push(`ts < ${sqlTimestampMs(scope.toMs)}`);
  if (scope.types !== null) {
    parts.push(`(${scope.types.include.map(typeGlobSql).join(' OR ')})`);
    if (scope.types.exclude.length > 0) parts.push(`NOT (${scope.types.exclude.map(typeGlobSql).join(' OR ')})`);
  }
  if (receivedAtMostMs !== null) parts.push(`received_at <= ${sqlTimestampMs(receivedAtMostMs)}`);
  return parts.join(' AND ');
}
