import { firingRepository, type FiringRecord } from '../../../detection/index.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { ALERT_KIND } from '../definition/alert.js';
import type { TriggeredAlertsRequest, TriggeredAlertsResponse } from '../routes/triggered-alert-wire.js';

const DEFAULT_PAGE_SIZE = 25;

function toWire(firing: FiringRecord): TriggeredAlertsResponse['results'][number] {
  return {
    alertId: firing.ruleId,
    name: firing.title,
    eventDate: firing.eventDateMs / 1000,
    severity: firing.severity,
    alertEventId: firing.payload.eventId,
    tags: [...firing.tags],
    groupBy: { ...firing.groupValues },
    value: firing.value,
    threshold: firing.payload.threshold,
    alertWindowStartDate: firing.windowStartMs / 1000,
    alertWindowEndDate: firing.windowEndMs / 1000,
    notificationState: firing.notificationState,
  };
}

/** Triggered alerts: the detection engine's firings of kind `alert`. */
export function createTriggeredAlertService(deps: { readonly db: ControlPlaneDb }) {
  return {
    async search(accountId: number, request: TriggeredAlertsRequest): Promise<TriggeredAlertsResponse> {
      const from = request.from ?? 0;
      const size = request.size ?? DEFAULT_PAGE_SIZE;
      const { total, results } = await firingRepository.search(deps.db, {
        kind: ALERT_KIND,
        accountId,
        search: request.search,
        severities: request.severities ?? [],
        tags: request.tags ?? [],
        sortBy: request.sortBy ?? 'DATE',
        descending: (request.sortOrder ?? 'DESC') === 'DESC',
        from,
        size,
      });
      return { pageSize: results.length, from, total, results: results.map(toWire) };
    },
  };
}

export type TriggeredAlertService = ReturnType<typeof createTriggeredAlertService>;
