import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { TriggeredAlert } from './triggered-alert.js';
import { triggeredAlertRepository } from './triggered-alert-repository.js';
import type { TriggeredAlertsRequest, TriggeredAlertsResponse } from './triggered-alert-wire.js';

const DEFAULT_PAGE_SIZE = 25;

function toWire(firing: TriggeredAlert): TriggeredAlertsResponse['results'][number] {
  return {
    alertId: firing.alertId,
    name: firing.name,
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

export function createTriggeredAlertService(deps: { readonly db: ControlPlaneDb }) {
  return {
    async search(accountId: number, request: TriggeredAlertsRequest): Promise<TriggeredAlertsResponse> {
      const from = request.from ?? 0;
      const size = request.size ?? DEFAULT_PAGE_SIZE;
      const { total, results } = await triggeredAlertRepository.search(deps.db, {
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
