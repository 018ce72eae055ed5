import { dslError } from './dsl-error.js';

/** A JSON object as parsed from the wire. */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

export function expectObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw dslError(path, `expected an object but found ${describe(value)}`);
  return value;
}

export function expectArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) throw dslError(path, `expected an array but found ${describe(value)}`);
  return value;
}

/** An array, or a single value taken as a one-element array (ES accepts both in most list places). */
export function arrayOrSingle(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Rejects keys outside `allowed` (a typo is an error, not a silently ignored key). */
export function rejectUnknownKeys(object: JsonObject, allowed: ReadonlySet<string>, path: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.has(key)) throw dslError(path, `unknown key "${key}"`);
  }
}

/** `{ "<name>": <body> }` with exactly one key, as clause wrappers and field shorthands are written. */
export function singleEntry(value: unknown, path: string, what: string): [string, unknown] {
  const object = expectObject(value, path);
  const entries = Object.entries(object);
  const first = entries[0];
  if (first === undefined) throw dslError(path, `expected one ${what} but found none`);
  if (entries.length > 1) throw dslError(path, `expected one ${what} but found [${entries.map(([key]) => key).join(', ')}]`);
  return first;
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw dslError(path, `expected a string but found ${describe(value)}`);
  return value;
}

/** A number, or a string holding one (ES coerces numeric strings in most numeric parameters). */
export function readNumber(value: unknown, path: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  throw dslError(path, `expected a number but found ${describe(value)}`);
}

export function readInteger(value: unknown, path: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  const number = readNumber(value, path);
  if (!Number.isInteger(number)) throw dslError(path, `expected an integer but found ${describe(value)}`);
  if (number < min) throw dslError(path, `must be at least ${min} but was ${number}`);
  if (number > max) throw dslError(path, `must be at most ${max} but was ${number}`);
  return number;
}

/** A boolean, or `"true"`/`"false"` as ES accepts. */
export function readBoolean(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw dslError(path, `expected a boolean but found ${describe(value)}`);
}

/** A term value: string, number or boolean. */
export function readScalar(value: unknown, path: string): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw dslError(path, `expected a string, number or boolean but found ${describe(value)}`);
}

export function readEnum<const T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  const text = readString(value, path).toLowerCase();
  const found = allowed.find((candidate) => candidate === text);
  if (found === undefined) throw dslError(path, `expected one of [${allowed.join(', ')}] but found ${describe(value)}`);
  return found;
}

export function optional<T>(object: JsonObject, key: string, path: string, read: (value: unknown, path: string) => T): T | undefined {
  const value = object[key];
  return value === undefined ? undefined : read(value, child(path, key));
}
