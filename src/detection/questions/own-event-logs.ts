import type { QueryAst } from '../../query/index.js';

/** A kind's event logs: their type and the fields only they carry. */
export interface OwnEventLogs {
  readonly type: string;
  readonly fields: readonly string[];
}

/** Does any string in the AST (a field name, a value) equal `name`, or name a field under it (`name.x`)? */
function mentions(node: unknown, names: ReadonlySet<string>): boolean {
  if (typeof node === 'string') return names.has(node) || names.has(node.split('.')[0] ?? node);
  if (Array.isArray(node)) return node.some((item) => mentions(item, names));
  if (node !== null && typeof node === 'object') return Object.values(node).some((value) => mentions(value, names));
  return false;
}

/**
 * The log types a condition must not count: the service's own event logs (alert events …), unless the condition
 * asks for them by name — their type (`type:logward-alert`) or a field only they carry (`_exists_:service-alert`).
 * Without this, a rule matching everything would count its own event logs and keep itself firing.
 */
export function excludedEventLogTypes(condition: QueryAst, own: readonly OwnEventLogs[]): string[] {
  return own.filter((logs) => !mentions(condition, new Set([logs.type, ...logs.fields]))).map((logs) => logs.type);
}
