import nodemailer from 'nodemailer';
import type { DeliveryOutcome } from './http-delivery.js';
import { summaryOf, type NotificationMessage } from './notification-message.js';

export interface EmailSender {
  /** One message to these recipients. */
  send(to: readonly string[], message: NotificationMessage): Promise<DeliveryOutcome>;
  close(): void;
}

function textOf(message: NotificationMessage): string {
  const lines = [
    summaryOf(message),
    '',
    message.description,
    '',
    `Severity: ${message.severity}`,
    `Value: ${message.value} (threshold ${message.threshold})`,
    `Window: ${new Date(message.windowStartMs).toISOString()} – ${new Date(message.windowEndMs).toISOString()}`,
  ];
  for (const [field, value] of Object.entries(message.groupBy)) lines.push(`${field}: ${value}`);
  if (message.tags.length > 0) lines.push(`Tags: ${message.tags.join(', ')}`);
  if (message.samples.length > 0) {
    lines.push('', 'Sample logs:');
    for (const sample of message.samples) lines.push(JSON.stringify(sample));
  }
  return lines.join('\n');
}

/** E-mail through the SMTP server of `LOGWARD_SMTP_URL`; without one every e-mail is recorded as failed. */
export function createEmailSender(smtpUrl: string | undefined, from: string, timeoutMs: number): EmailSender {
  if (smtpUrl === undefined) {
    return {
      send: async () => ({ delivered: false, attempts: 0, httpStatus: null, error: 'no SMTP server configured (LOGWARD_SMTP_URL)' }),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(to, message) {
      try {
        await transport.sendMail({ from, to: [...to], subject: summaryOf(message), text: textOf(message) });
        return { delivered: true, attempts: 1, httpStatus: null, error: null };
      } catch (error) {
        const code = (error as { responseCode?: unknown; code?: unknown }).responseCode ?? (error as { code?: unknown }).code;
        return { delivered: false, attempts: 1, httpStatus: null, error: `SMTP ${code === undefined ? 'error' : String(code)}` };
      }
    },
    close: () => transport.close(),
  };
}
