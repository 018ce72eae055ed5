import type { Severity } from '../../shared/severity.js';

/** What notifications of a firing need, frozen at firing time (the rule may change or go). */
export interface FiringPayload {
  /** Unique per firing (a GUID): receivers de-duplicate on it. */
  readonly eventId: string;
  readonly description: string;
  readonly threshold: number;
  readonly emails: readonly string[];
  /** One e-mail to all recipients. */
  readonly sendToAll?: boolean;
  readonly endpointIds: readonly number[];
  readonly suppressNotificationsMinutes: number;
}

/**
 * pending → logged (its event log is written) → notified, suppressed, or failed (a target refused or could not be
 * reached after its retries: never reported as notified).
 */
export type NotificationState = 'pending' | 'logged' | 'notified' | 'suppressed' | 'failed';

/** A recorded firing: one rule of one kind, one group, one window. */
export interface FiringRecord {
  readonly id: string;
  /** kind + rule + window end + group: the idempotency key of a firing. */
  readonly firingKey: string;
  readonly kind: string;
  readonly ruleId: number;
  readonly accountId: number;
  /** The rule's title at firing time. */
  readonly title: string;
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

export function firingKeyOf(kind: string, ruleId: number, windowEndMs: number, groupKey: string): string {
  return `${kind}:${ruleId}:${windowEndMs}:${groupKey}`;
}
