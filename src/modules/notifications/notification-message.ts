import type { Severity } from '../../shared/severity.js';

/** What a notification is about: an alert, a security rule … (`id` null for a test message). */
export interface NotificationSource {
  readonly kind: string;
  readonly id: number | null;
  readonly title: string;
}

/** A picture a notification carries (a snapshot): its link everywhere, the image itself in e-mail. */
export interface NotificationImage {
  /** Where the image is served (an unguessable link). */
  readonly url: string;
  /** What the image shows, opened in the web app. */
  readonly linkUrl: string;
  readonly png: Uint8Array;
  readonly fileName: string;
}

/** What a notification says, whatever carries it (e-mail, Slack, PagerDuty, a custom webhook …). */
export interface NotificationMessage {
  /** Unique per firing (a GUID); PagerDuty and Opsgenie de-duplicate on it. */
  readonly eventId: string;
  readonly source: NotificationSource;
  readonly description: string;
  readonly severity: Severity;
  readonly tags: readonly string[];
  /** Group field → value of the group that fired; empty when the alert has no groupBy. */
  readonly groupBy: Readonly<Record<string, string>>;
  /** The aggregated value that crossed the threshold. */
  readonly value: number;
  readonly threshold: number;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly eventDateMs: number;
  /** Matching logs when the alert asks for samples; otherwise empty. */
  readonly samples: readonly Readonly<Record<string, unknown>>[];
  /** True for the message `?test=true` sends. */
  readonly isTest: boolean;
  /** The one-line summary, when the alert form (severity, value) does not fit what is sent (a snapshot). */
  readonly headline?: string;
  readonly image?: NotificationImage;
}

/** One line summary used as subject, Slack text and incident title. */
export function summaryOf(message: NotificationMessage): string {
  if (message.headline !== undefined) return message.headline;
  const group = Object.entries(message.groupBy)
    .map(([field, value]) => `${field}=${value}`)
    .join(', ');
  return `[${message.severity}] ${message.source.title}${group === '' ? '' : ` (${group})`}: value ${message.value}`;
}

export function testMessage(title: string, nowMs: number, eventId: string): NotificationMessage {
  return {
    eventId,
    source: { kind: 'test', id: null, title: `Test message from Logward: ${title}` },
    description: 'This is a test notification sent while configuring the endpoint.',
    severity: 'INFO',
    tags: [],
    groupBy: {},
    value: 0,
    threshold: 0,
    windowStartMs: nowMs,
    windowEndMs: nowMs,
    eventDateMs: nowMs,
    samples: [],
    isTest: true,
  };
}
