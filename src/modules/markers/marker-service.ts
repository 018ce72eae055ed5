import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { OwnLog } from '../own-logs/index.js';
import type { Marker } from './marker-wire.js';

/** The log type of deployment markers: search `type:deployment-marker` to list them. */
export const MARKER_LOG_TYPE = 'deployment-marker';

export interface MarkerServiceDeps {
  readonly clock: Clock;
  /** The writer of the service's own logs (OwnLogWriter.append). */
  readonly appendLogs: (logs: readonly OwnLog[], dedupToken: string) => Promise<void>;
}

export type MarkerService = ReturnType<typeof createMarkerService>;

/** Deployment markers are logs of the account, so they are searched and drawn like any other log. */
export function createMarkerService(deps: MarkerServiceDeps) {
  return {
    async create(accountId: number, markers: readonly Marker[]): Promise<void> {
      const now = deps.clock.now();
      const logs: OwnLog[] = markers.map((marker) => {
        const fields: Record<string, string> = { title: marker.title, description: marker.description, tag: marker.tag ?? 'OTHER' };
        for (const [key, value] of Object.entries(marker.metadata ?? {})) fields[`metadata.${key}`] = value;
        return {
          accountId,
          timestampMs: marker.timestamp ?? now,
          type: MARKER_LOG_TYPE,
          message: marker.title,
          fields,
          idKey: randomUUID(),
        };
      });
      await deps.appendLogs(logs, `markers:${randomUUID()}`);
    },
  };
}
