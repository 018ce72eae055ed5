import { parseSearchRequest } from '../../query/index.js';
import type { LogSearcher, SearchCursor } from '../../storage/log-store.js';

/** A warning or error log, as the learning job reads it. */
export interface WarningLog {
  readonly timestampMs: number;
  readonly type: string;
  readonly level: string;
  readonly message: string;
}

export interface WarningPage {
  readonly logs: readonly WarningLog[];
  /** Where the next page starts; null when this page was empty. */
  readonly cursor: SearchCursor | null;
  /** Logs the page held, those without a message included: fewer than asked means the window is read. */
  readonly fetched: number;
}

/** Reads a page of an account's warning and error logs stamped in [fromMs, toMs), in time order, after `cursor`. */
export type ReadWarnings = (input: {
  accountId: number;
  fromMs: number;
  toMs: number;
  cursor: SearchCursor | null;
  limit: number;
}) => Promise<WarningPage>;

/** Level values read as warnings or worse (syslog severities, log4j, Python, Go, Node loggers), in the cases loggers write them. */
const LEVELS = ['warn', 'warning', 'error', 'err', 'fatal', 'critical', 'crit', 'severe', 'alert', 'emerg', 'emergency', 'panic'];
const LEVEL_VALUES = LEVELS.flatMap((level) => [level, level.toUpperCase(), level[0]!.toUpperCase() + level.slice(1)]);

/** The level a log states, normalised to `error` or `warning` (the insight's tag). */
export function normalisedLevel(level: string): 'error' | 'warning' {
  return /^warn/i.test(level) ? 'warning' : 'error';
}

/**
 * Reads through the log store's own search, in the background lane (decision 0205's way for alerts): the ingest path
 * does nothing for insights, the job pays for its reads and yields the engine to interactive searches.
 */
export function createWarningLogReader(logs: Pick<LogSearcher, 'search'>): ReadWarnings {
  return async ({ accountId, fromMs, toMs, cursor, limit }) => {
    const request = parseSearchRequest(
      {
        query: { bool: { should: [{ terms: { level: LEVEL_VALUES } }, { terms: { severity: LEVEL_VALUES } }], minimum_should_match: 1 } },
        size: limit,
        sort: [{ '@timestamp': 'asc' }],
        _source: ['message', 'level', 'severity', '@timestamp'],
      },
      { now: toMs, profile: 'elasticsearch' },
    );
    const result = await logs.search({
      scope: { accounts: [{ accountId, fromMs }], toMs, types: null, filter: null },
      request,
      receivedAtMostMs: null,
      after: cursor,
      background: true,
    });
    const page: WarningLog[] = [];
    for (const hit of result.hits) {
      const source = hit.source ?? {};
      const message = source.message;
      if (typeof message !== 'string' || message === '') continue;
      const level = typeof source.level === 'string' ? source.level : typeof source.severity === 'string' ? source.severity : 'error';
      const stamp = source['@timestamp'];
      const timestampMs = typeof stamp === 'string' ? Date.parse(stamp) : typeof stamp === 'number' ? stamp : Number.NaN;
      page.push({ timestampMs: Number.isFinite(timestampMs) ? timestampMs : fromMs, type: hit.type, level, message });
    }
    return { logs: page, cursor: result.lastCursor, fetched: result.hits.length };
  };
}
