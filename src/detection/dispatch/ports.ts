import type { Severity } from '../../shared/severity.js';
import type { FieldValue } from '../../storage/log-store.js';

/** What a notification says (the notifications module's NotificationMessage). */
export interface DetectionNotice {
  readonly eventId: string;
  readonly source: { readonly kind: string; readonly id: number | null; readonly title: string };
  readonly description: string;
  readonly severity: Severity;
  readonly tags: readonly string[];
  readonly groupBy: Readonly<Record<string, string>>;
  readonly value: number;
  readonly threshold: number;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly eventDateMs: number;
  readonly samples: readonly Readonly<Record<string, unknown>>[];
  readonly isTest: boolean;
}

/** What became of one target's delivery (after its retries). */
export interface DeliveryReport {
  readonly channel: string;
  readonly target: string;
  readonly outcome: { readonly delivered: boolean; readonly httpStatus: number | null; readonly error: string | null };
}

/**
 * Sends a notice to e-mail recipients and endpoints; a target already served for `sourceKey` is not served again.
 * Answers the outcome of each target it tried.
 */
export type Notify = (input: {
  readonly accountId: number;
  readonly sourceKey: string;
  readonly message: DetectionNotice;
  readonly emails: readonly string[];
  readonly emailAllAtOnce: boolean;
  readonly endpointIds: readonly number[];
  readonly signal: AbortSignal;
}) => Promise<readonly DeliveryReport[]>;

/** An event log the service writes into an account's logs. */
export interface EventLog {
  readonly accountId: number;
  readonly timestampMs: number;
  readonly type: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** Same key, same log id: a log written again is the same log. */
  readonly idKey: string;
}

/** Writes event logs in one store insert under `dedupToken` (the same token again is stored once). */
export type WriteEventLogs = (logs: readonly EventLog[], dedupToken: string) => Promise<void>;
