/**
 * Where a field's values live and how SQL reaches them: the contract between the store (which writes
 * by these rules, row-encoder.ts) and the query compiler (which reads by them). docs/log-schema.md
 * explains it with examples; change both together.
 */
import type { CatalogField, CatalogFieldType } from '../log-store.js';
import { HOT_FIELDS, MAP_COLUMNS, type HotField, type StoredKind } from './log-table-schema.js';
import { sqlString } from './sql-literals.js';

const HOT_BY_NAME: ReadonlyMap<string, HotField> = new Map(HOT_FIELDS.map((field) => [field.name, field]));

/** Core fields have their own columns and are never in the maps. */
export const CORE_FIELD_SQL: Readonly<Record<string, string>> = {
  '@timestamp': 'ts',
  _id: 'id',
  type: 'type',
  message: 'message',
};

/** The hot column holding `name`'s values of `kind`, if it has one. */
export function hotColumnOf(name: string, kind: StoredKind): string | undefined {
  const hot = HOT_BY_NAME.get(name);
  return hot !== undefined && hot.kind === kind ? hot.column : undefined;
}

/**
 * SQL for the scalar values of kind `kind` of field `name` (NULL in rows without such a value):
 * a hot column or a map lookup (maps have Nullable values, so a missing key reads NULL).
 */
export function scalarSql(name: string, kind: StoredKind): string {
  return hotColumnOf(name, kind) ?? `${MAP_COLUMNS[kind]}[${sqlString(name)}]`;
}

/** SQL for the array values of `name`: Array(String), empty when the row has none. */
export function arraySql(name: string): string {
  return `${MAP_COLUMNS.array}[${sqlString(name)}]`;
}

/** The stored kind of each catalog type: text, keyword and date values are strings. */
export function storedKindOf(type: CatalogFieldType): StoredKind | undefined {
  switch (type) {
    case 'text':
    case 'keyword':
    case 'date':
      return 'string';
    case 'long':
    case 'double':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return undefined;
  }
}

/** Every stored kind a catalog field's values can have (its type plus its conflicts). */
export function storedKindsOf(field: CatalogField): readonly StoredKind[] {
  const kinds = new Set<StoredKind>();
  for (const type of [field.type, ...field.conflictingTypes]) {
    const kind = storedKindOf(type);
    if (kind !== undefined) kinds.add(kind);
  }
  return [...kinds];
}

/** `exists` for a field: true when any of its stored places holds a value. */
export function existsSql(field: CatalogField): string {
  const parts = storedKindsOf(field).map((kind) => `${scalarSql(field.name, kind)} IS NOT NULL`);
  if (field.inArrays) parts.push(`notEmpty(${arraySql(field.name)})`);
  return parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
}

/**
 * A value as text whatever its stored kind, for `.keyword` term matching across conflicts.
 * Numbers render as ClickHouse prints Float64 (`500`, `1.5`), booleans as `true`/`false`.
 */
export function keywordSql(name: string, kinds: readonly StoredKind[]): string {
  const parts = kinds.map((kind) => {
    const expr = scalarSql(name, kind);
    if (kind === 'string') return expr;
    if (kind === 'boolean') return `if(${expr} IS NULL, NULL, if(${expr}, 'true', 'false'))`;
    return `toString(${expr})`;
  });
  if (parts.length === 0) return 'NULL';
  return parts.length === 1 ? (parts[0] ?? 'NULL') : `coalesce(${parts.join(', ')})`;
}

/** Epoch-ms of a date field (strings parsed best-effort, numbers taken as epoch ms), NULL if unparseable. */
export function dateMsSql(name: string): string {
  return `toUnixTimestamp64Milli(parseDateTime64BestEffortOrNull(${scalarSql(name, 'string')}, 3, 'UTC'))`;
}
