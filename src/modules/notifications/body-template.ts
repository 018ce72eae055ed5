import type { JsonValue } from './endpoint-types.js';
import type { NotificationMessage } from './notification-message.js';

/**
 * Custom-webhook placeholders (Logz.io's names). A string that is exactly one placeholder takes the
 * value's JSON type (samples stay an array); placeholders inside longer strings are interpolated.
 */
export function placeholderValues(message: NotificationMessage): Readonly<Record<string, JsonValue>> {
  return {
    alert_title: message.source.title,
    alert_description: message.description,
    alert_severity: message.severity,
    alert_definition_id: message.source.id,
    alert_event_id: message.eventId,
    alert_tags: [...message.tags],
    alert_group_by: { ...message.groupBy },
    alert_value: message.value,
    alert_threshold: message.threshold,
    alert_timeframe_start: new Date(message.windowStartMs).toISOString(),
    alert_timeframe_end: new Date(message.windowEndMs).toISOString(),
    alert_timeframe_start_epoch_millis: message.windowStartMs,
    alert_timeframe_end_epoch_millis: message.windowEndMs,
    alert_event_date: new Date(message.eventDateMs).toISOString(),
    alert_event_samples: message.samples as unknown as JsonValue,
    alert_is_test: message.isTest,
  };
}

const WHOLE = /^\{\{\s*([a-z_]+)\s*\}\}$/;
const INNER = /\{\{\s*([a-z_]+)\s*\}\}/g;

function asText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function renderString(text: string, values: Readonly<Record<string, JsonValue>>): JsonValue {
  const whole = WHOLE.exec(text);
  if (whole?.[1] !== undefined && whole[1] in values) return values[whole[1]] ?? null;
  return text.replace(INNER, (match, name: string) => (name in values ? asText(values[name] ?? null) : match));
}

/** Renders a body template; unknown placeholders are left as written so a typo shows in the receiver. */
export function renderBodyTemplate(template: JsonValue, message: NotificationMessage): JsonValue {
  const values = placeholderValues(message);
  const walk = (node: JsonValue): JsonValue => {
    if (typeof node === 'string') return renderString(node, values);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node as Record<string, JsonValue>).map(([key, value]) => [key, walk(value)]));
    }
    return node;
  };
  return walk(template);
}

/** `k=v,k2=v2` → header map; the custom type stores headers in this Logz.io form. */
export function parseHeaderString(headers: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of headers.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) continue;
    result[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return result;
}

/** Whether every comma-separated part is a `key=value` pair with a header-safe key. */
export function isValidHeaderString(headers: string): boolean {
  return headers
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .every((part) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+=/.test(part));
}
