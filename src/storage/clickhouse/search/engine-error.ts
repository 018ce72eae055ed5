import { isAppError, type AppError } from '../../../shared/app-error.js';
import { clickhouseErrors } from '../clickhouse-errors.js';
import type { StatementOutcome } from '../../engine-stats.js';
import { isStatementCancelled } from '../transport.js';

const TIMEOUT_CODES = new Set([159, 160, 209]);
const RESOURCE_CODES = new Set([241, 158, 396, 307]);

function engineCode(error: unknown): number | null {
  if (error === null || typeof error !== 'object') return null;
  const direct = (error as { clickhouseCode?: unknown }).clickhouseCode;
  if (typeof direct === 'number') return direct;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^\d+$/.test(code)) return Number(code);
  const match = /Code: (\d+)/.exec(error instanceof Error ? error.message : '');
  return match === null ? null : Number(match[1]);
}

/** How a statement that failed ended, for /metrics: stopped by its asker, stopped by the engine's time limit, or failed. */
export function failedStatementOutcome(error: unknown): Exclude<StatementOutcome, 'ok'> {
  if (isStatementCancelled(error)) return 'cancelled';
  const code = engineCode(error);
  return code !== null && TIMEOUT_CODES.has(code) ? 'timed_out' : 'error';
}

/**
 * An engine failure as the client sees it: never the SQL or the engine's text (they would leak the schema and
 * other tenants' field names), a timeout as 503 and anything else as Logz.io's 400 `Query has failed`.
 */
export function toSearchError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isStatementCancelled(error)) return clickhouseErrors.searchCancelled();
  const transportCode = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (transportCode === 'CHDB_CONNECTION' || transportCode === 'ECONNREFUSED' || transportCode === 'ECONNRESET') {
    return clickhouseErrors.engineUnreachable(error);
  }
  const code = engineCode(error);
  if (code !== null && TIMEOUT_CODES.has(code)) {
    return clickhouseErrors.searchTimedOut(error);
  }
  if (code !== null && RESOURCE_CODES.has(code)) {
    return clickhouseErrors.searchTooExpensive(error);
  }
  return clickhouseErrors.searchFailed(error);
}
