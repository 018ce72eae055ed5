/**
 * A table's active parts as a search finds them: what answers kept per part (a part never changes) are checked
 * against. A part is known by its name and its creation time: a table made again reuses part names, and chDB's
 * tables have no UUID to tell them apart.
 */
import { sqlString } from '../sql-literals.js';

export interface ActivePart {
  readonly name: string;
  /** The name with the part's creation time: what answers are kept under. */
  readonly key: string;
  readonly rows: number;
  /** When the engine wrote the part (its clock), in epoch ms. */
  readonly madeAtMs: number;
}

/** Aggregates over system.parts (activePartsFrom) naming the active parts: read back with activePartsOf. */
export const ACTIVE_PARTS_COLUMNS =
  'groupArray(name) AS parts, groupArray(toString(toUnixTimestamp(modification_time))) AS made, groupArray(rows) AS part_rows';

/** A part's key (ActivePart.key) as system.parts gives it: its name and creation time. */
export const PART_KEY_SQL = "concat(name, '@', toString(toUnixTimestamp(modification_time)))";

/** The name in a part key. */
export const partNameOfKey = (key: string): string => key.slice(0, key.lastIndexOf('@') === -1 ? key.length : key.lastIndexOf('@'));

/** FROM and WHERE of the table's active parts in system.parts. */
export function activePartsFrom(table: string): string {
  return `FROM system.parts WHERE database = currentDatabase() AND table = ${sqlString(table)} AND active`;
}

export const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : null;

const numbersOf = (value: unknown): number[] | null => (Array.isArray(value) ? value.map((v: unknown) => Number(v)) : null);

/**
 * The parts ACTIVE_PARTS_COLUMNS listed; null when it listed none: an empty table or one whose parts are not here
 * (a distributed table's are on its shards), where no answer can be read from the parts.
 */
export function activePartsOf(row: Readonly<Record<string, unknown>> | undefined): ActivePart[] | null {
  const names = stringsOf(row?.parts);
  const made = stringsOf(row?.made);
  const rows = numbersOf(row?.part_rows);
  if (
    names === null ||
    made === null ||
    rows === null ||
    names.length === 0 ||
    names.length !== made.length ||
    rows.length !== names.length
  )
    return null;
  return names.map((name, i) => ({ name, key: `${name}@${made[i] ?? ''}`, rows: rows[i] ?? 0, madeAtMs: Number(made[i] ?? 0) * 1000 }));
}

/** A bounded map that forgets the least recently used keys first. */
export interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function createLruCache<V>(maxKeys: number): LruCache<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxKeys) break;
        entries.delete(oldest);
      }
    },
  };
}

/** What was read from each part (by part key), per question; the least recently asked questions are forgotten. */
export type PartAnswerCache<T> = LruCache<Map<string, T>>;

export function createPartAnswerCache<T>(maxQuestions: number): PartAnswerCache<T> {
  return createLruCache<Map<string, T>>(maxQuestions);
}
