import type { Severity } from '../notifications/index.js';

/** What notifications of a firing need, frozen at firing time (the alert may change or go). */
export interface FiringPayload {
  readonly eventId: string;
  readonly description: string;
  readonly threshold: number;
  readonly emails: readonly string[];
  /** `sendToAll`: one e-mail to all recipients. */
  readonly sendToAll?: boolean;
  readonly endpointIds: readonly number[];
  readonly suppressNotificationsMinutes: number;
}

/** pending → logged (its event log is written) → notified or suppressed. */
export type NotificationState = 'pending' | 'logged' | 'notified' | 'suppressed';

export interface TriggeredAlert {
  readonly id: string;
  /** alert id + window end + group: the idempotency key of a firing. */
  readonly firingKey: string;
  readonly alertId: number;
  readonly accountId: number;
  readonly name: string;
  readonly severity: Severity;
  readonly tags: readonly string[];
  readonly groupKey: string;
  readonly groupValues: Readonly<Record<string, string>>;
  readonly value: number;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly eventDateMs: number;
  readonly payload: FiringPayload;
  readonly notificationState: NotificationState;
  /** The event-log batch it was given to (null until then). */
  readonly eventLogBatch: string | null;
}

export function firingKeyOf(alertId: number, windowEndMs: number, groupKey: string): string {
  return `${alertId}:${windowEndMs}:${groupKey}`;
}
