import nodemailer from 'nodemailer';
import type { DeliveryOutcome } from './http-delivery.js';
import { summaryOf, type NotificationMessage } from './notification-message.js';

export interface EmailSender {
  /** One message to these recipients. */
  send(to: readonly string[], message: NotificationMessage): Promise<DeliveryOutcome>;
  close(): void;
}

function textOf(message: NotificationMessage): string {
  if (message.image !== undefined)
    return [
      summaryOf(message),
      '',
      message.description,
      '',
      `Image: ${message.image.url}`,
      `Open in Logward: ${message.image.linkUrl}`,
    ].join('\n');
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

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

/** A message with an image (a snapshot) shows it in the mail and attaches it, so it reads offline too. */
function imageParts(message: NotificationMessage): { html?: string; attachments?: { filename: string; content: Buffer; cid: string }[] } {
  const image = message.image;
  if (image === undefined) return {};
  const cid = `snapshot-${message.eventId}@logward`;
  const paragraphs = message.description
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return {
    html:
      `<h2>${escapeHtml(summaryOf(message))}</h2>${paragraphs}` +
      `<p><a href="${escapeHtml(image.linkUrl)}"><img src="cid:${cid}" alt="${escapeHtml(summaryOf(message))}" style="max-width:100%"></a></p>` +
      `<p><a href="${escapeHtml(image.linkUrl)}">Open in Logward</a> · <a href="${escapeHtml(image.url)}">Image</a></p>`,
    attachments: [{ filename: image.fileName, content: Buffer.from(image.png), cid }],
  };
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
        await transport.sendMail({ from, to: [...to], subject: summaryOf(message), text: textOf(message), ...imageParts(message) });
        return { delivered: true, attempts: 1, httpStatus: null, error: null };
      } catch (error) {
        const code = (error as { responseCode?: unknown; code?: unknown }).responseCode ?? (error as { code?: unknown }).code;
        return { delivered: false, attempts: 1, httpStatus: null, error: `SMTP ${code === undefined ? 'error' : String(code)}` };
      }
    },
    close: () => transport.close(),
  };
}
