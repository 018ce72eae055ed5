import type { FieldValue } from '../../storage/log-store.js';

type Primitive = string | number | boolean | null;

/** Deeper nesting is kept as JSON text: recursion stays bounded whatever a sender nests. */
const MAX_DEPTH = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '[unserialisable]';
  }
}

function addValue(out: Record<string, FieldValue>, key: string, value: Primitive): void {
  const existing = out[key];
  if (existing === undefined) out[key] = value;
  else if (Array.isArray(existing)) out[key] = [...(existing as readonly Primitive[]), value];
  else out[key] = [existing as Primitive, value];
}

interface Walk {
  readonly out: Record<string, FieldValue>;
  /** Set when the dotted names cannot be nested back into the same document. */
  lossy: boolean;
}

function walk(state: Walk, prefix: string, value: unknown, depth: number, inArray: boolean): void {
  const { out } = state;
  if (value === undefined) return;
  if (depth > MAX_DEPTH) {
    state.lossy = true;
    addValue(out, prefix, asText(value));
    return;
  }
  if (Array.isArray(value)) {
    // Elasticsearch indexes an array of objects as one array per leaf path; we do the same.
    if (!inArray && value.every((item) => !isPlainObject(item) && !Array.isArray(item))) {
      out[prefix] = value.map((item) => (typeof item === 'number' && !Number.isFinite(item) ? null : (item as Primitive)));
      return;
    }
    state.lossy = true;
    for (const item of value) walk(state, prefix, item, depth + 1, true);
    return;
  }
  if (isPlainObject(value)) {
    for (const key in value) {
      if (key === '' || !Object.hasOwn(value, key)) continue;
      if (key.includes('.')) state.lossy = true;
      walk(state, prefix === '' ? key : `${prefix}.${key}`, value[key], depth + 1, inArray);
    }
    return;
  }
  if (prefix === '') return;
  const primitive: Primitive =
    typeof value === 'string' || typeof value === 'boolean' || value === null ? value : typeof value === 'number' ? value : String(value);
  if (inArray) addValue(out, prefix, primitive);
  else out[prefix] = primitive;
}

export interface FlattenedFields {
  readonly fields: Record<string, FieldValue>;
  /** True when nesting the dotted names again would not give the log back (dotted keys, arrays of objects). */
  readonly lossy: boolean;
}

/** Nested objects become dotted names (`user.id`); arrays keep primitives only. */
export function flattenFields(source: Readonly<Record<string, unknown>>): FlattenedFields {
  return flattenFieldsExcept(source, NONE, []);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * flattenFields of `source` without the top-level keys in `skip`, then of `extras` (name, value) in order: the same
 * as flattening a copy with those keys removed and the extras added, without making the copy.
 */
export function flattenFieldsExcept(
  source: Readonly<Record<string, unknown>>,
  skip: ReadonlySet<string>,
  extras: readonly (readonly [string, unknown])[],
): FlattenedFields {
  const state: Walk = { out: {}, lossy: false };
  for (const key in source) {
    if (key === '' || skip.has(key) || !Object.hasOwn(source, key)) continue;
    if (key.includes('.')) state.lossy = true;
    walk(state, key, source[key], 1, false);
  }
  for (const [key, value] of extras) {
    if (key.includes('.')) state.lossy = true;
    walk(state, key, value, 1, false);
  }
  return { fields: state.out, lossy: state.lossy };
}
