/**
 * A table's active parts as a search finds them: what answers kept per part (a part never changes) are checked
 * against. The table's identity goes with them: a table made again reuses part names.
 */
import { sqlString } from '../sql-literals.js';

/** `groupArray` of the table's active part names, as a scalar subquery. */
export function activePartsSql(table: string): string {
  return `(SELECT groupArray(name) ${activePartsFrom(table)})`;
}

/** FROM and WHERE of the table's active parts in system.parts. */
export function activePartsFrom(table: string): string {
  return `FROM system.parts WHERE database = currentDatabase() AND table = ${sqlString(table)} AND active`;
}

/** The table's UUID as a string, as a scalar subquery. */
export function tableUuidSql(table: string): string {
  return `(SELECT toString(any(uuid)) FROM system.tables WHERE database = currentDatabase() AND name = ${sqlString(table)})`;
}

export const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : null;
