import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { discoverLink } from './discover-link.js';
import { insightErrors } from './insight-errors.js';
import { LOOK_BACK_MS } from './insight-learning.js';
import { insightRepository, type InsightRecord } from './insight-repository.js';
import type { InsightPage, InsightResponse, ListInsightsBody } from './insight-wire.js';

/** A template becomes a LOGCEPTION insight once seen this often: it keeps recurring. */
export const MIN_RECURRENCES = 3;
/** SPEC.md: `total` is 0..500. */
const MAX_TOTAL = 500;
const DEFAULT_WINDOW_MS = 15 * 60_000;

const sortKeys = {
  FIRST_OCCURRENCE: (insight: InsightRecord) => insight.firstOccurrence,
  LAST_OCCURRENCE: (insight: InsightRecord) => insight.lastOccurrence,
  COUNT: (insight: InsightRecord) => insight.count,
} as const;

function toWire(insight: InsightRecord, startDate: number, endDate: number): InsightResponse {
  return {
    insightId: insight.insightId,
    insightType: insight.insightType,
    tagName: insight.tagName,
    description: insight.description,
    links: insight.links.join(' '),
    additionalData: insight.additionalData as Record<string, Record<string, unknown>>,
    firstOccurrence: insight.firstOccurrence,
    lastOccurrence: insight.lastOccurrence,
    count: insight.count,
    logTypes: [...insight.logTypes],
    kibanaLink: discoverLink(insight.query, startDate, endDate),
    insightTitle: insight.title,
  };
}

export type InsightService = ReturnType<typeof createInsightService>;

export function createInsightService(deps: { readonly db: ControlPlaneDb; readonly clock: Clock }) {
  return {
    /** `POST /v1/insights/list`: insights that occurred in the window (start clamped to the 6-month look-back). */
    async list(accountId: number, body: ListInsightsBody): Promise<InsightPage> {
      const now = deps.clock.now();
      const endDate = body.endDate ?? now;
      const requestedStart = body.startDate ?? endDate - DEFAULT_WINDOW_MS;
      if (requestedStart > endDate) throw insightErrors.windowReversed(requestedStart, endDate);
      // Older insights are forgotten: an earlier start reads the same as the look-back's.
      const startDate = Math.max(requestedStart, now - LOOK_BACK_MS);
      const from = body.from ?? 0;
      const size = body.size ?? 10;
      const types = new Set(body.insightTypes ?? ['PUBLIC_CI', 'LOGCEPTION']);
      const tags =
        body.tagNames === undefined || body.tagNames.length === 0 ? null : new Set(body.tagNames.map((tag) => tag.toLowerCase()));
      const logTypes = body.logTypes === undefined || body.logTypes.length === 0 ? null : new Set(body.logTypes);
      const search = body.search?.trim().toLowerCase() ?? '';
      const key = sortKeys[body.sortBy ?? 'COUNT'];
      const direction = body.asc === true ? 1 : -1;

      const found = (await insightRepository.inWindow(deps.db, accountId, startDate, endDate))
        .filter((insight) => insight.insightType === 'PUBLIC_CI' || insight.count >= MIN_RECURRENCES)
        .filter((insight) => types.has(insight.insightType))
        .filter((insight) => tags === null || tags.has(insight.tagName.toLowerCase()))
        .filter((insight) => logTypes === null || insight.logTypes.some((type) => logTypes.has(type)))
        .filter((insight) => body.onlyNew !== true || insight.firstOccurrence >= startDate)
        .filter((insight) => search === '' || insight.title.toLowerCase().includes(search))
        .sort((a, b) => direction * (key(a) - key(b)) || a.insightId.localeCompare(b.insightId))
        .slice(0, MAX_TOTAL);
      return {
        pageSize: size,
        from,
        total: found.length,
        results: found.slice(from, from + size).map((insight) => toWire(insight, startDate, endDate)),
      };
    },
  };
}
